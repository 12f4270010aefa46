import 'reflect-metadata';
import { runService } from '@sixa/service';
import { startWorkService } from './app.module';
import { loadConfig } from './config';

runService('work', loadConfig, startWorkService);

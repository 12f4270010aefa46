import 'reflect-metadata';
import { runService } from '@sixa/service';
import { startCrmService } from './app.module';
import { loadConfig } from './config';

runService('crm', loadConfig, startCrmService);

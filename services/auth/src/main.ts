import 'reflect-metadata';
import { runService } from '@sixa/service';
import { startAuthService } from './app.module';
import { loadConfig } from './config';

runService('auth', loadConfig, startAuthService);

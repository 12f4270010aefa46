import 'reflect-metadata';
import { runService } from '@sixa/service';
import { startSettingsService } from './app.module';
import { loadConfig } from './config';

runService('settings', loadConfig, startSettingsService);

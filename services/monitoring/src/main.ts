import 'reflect-metadata';
import { runService } from '@sixa/service';
import { startMonitoringService } from './app.module';
import { loadConfig } from './config';

runService('monitoring', loadConfig, startMonitoringService);

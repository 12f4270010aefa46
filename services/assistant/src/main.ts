import 'reflect-metadata';
import { runService } from '@sixa/service';
import { startAssistantService } from './app.module';
import { loadConfig } from './config';

runService('assistant', loadConfig, startAssistantService);

import 'reflect-metadata';
import { runService } from '@sixa/service';
import { startDocumentsService } from './app.module';
import { loadConfig } from './config';

runService('documents', loadConfig, startDocumentsService);

import 'reflect-metadata';
import { runService } from '@sixa/service';
import { startIntegrationsService } from './app.module';
import { loadConfig } from './config';

runService('integrations', loadConfig, startIntegrationsService);

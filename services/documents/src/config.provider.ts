import { ConfigRef } from '@sixa/service';
import type { DocumentsConfig } from './config';

export class DocumentsConfigRef extends ConfigRef<DocumentsConfig> {}

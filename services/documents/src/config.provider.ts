import { Injectable } from '@nestjs/common';
import type { DocumentsConfig } from './config';

@Injectable()
export class DocumentsConfigRef {
  constructor(readonly value: DocumentsConfig) {}
}

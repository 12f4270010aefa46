import { Module } from '@nestjs/common';
import type { DocumentsConfig } from '../config';
import { DocumentsConfigRef } from '../config.provider';
import { ConversionController } from './conversion.controller';
import { ConversionService } from './conversion.service';
import { Converter } from './converter';
import { GotenbergConverter } from './gotenberg.converter';
import { LocalConverter } from './local.converter';

/** The largest PDF returned, whatever the source (a small zip can unpack into a huge document). */
export function maxOutputBytes(config: DocumentsConfig): number {
  return Math.max(64 * 1024 * 1024, 4 * config.convertMaxBytes);
}

/**
 * The service's body limit: a file of CONVERT_MAX_BYTES in base64 (4 bytes for every 3) and 1 MiB
 * more. That is above the gateway's DOCUMENT_BODY_LIMIT_BYTES (14 MiB for the 13.4 MiB of a 10 MiB
 * file), so whatever the gateway lets through arrives whole, and a file over CONVERT_MAX_BYTES gets
 * this service's 413 naming the sizes rather than a connection closed mid-body.
 */
export function convertBodyLimitBytes(config: Pick<DocumentsConfig, 'convertMaxBytes'>): number {
  return Math.ceil(config.convertMaxBytes / 3) * 4 + 1024 * 1024;
}

/** Gotenberg when GOTENBERG_URL is set (docker compose, k8s); otherwise the machine's LibreOffice and Chromium. */
export function converterFor(config: DocumentsConfig): Converter {
  return config.gotenbergUrl
    ? new GotenbergConverter(config.gotenbergUrl, maxOutputBytes(config))
    : new LocalConverter({
        sofficePath: config.sofficePath,
        chromiumPath: config.chromiumPath,
        tmpDir: config.convertTmpDir,
        maxOutputBytes: maxOutputBytes(config),
      });
}

@Module({
  controllers: [ConversionController],
  providers: [
    { provide: Converter, inject: [DocumentsConfigRef], useFactory: (c: DocumentsConfigRef) => converterFor(c.value) },
    ConversionService,
  ],
  // Documents are printed to PDF (for signature) by the same converter, queue and time limit.
  exports: [ConversionService],
})
export class ConversionModule {}

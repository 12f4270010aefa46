import { Injectable } from '@nestjs/common';
import { documentPageHtml } from '@sixa/contracts';
import { ConversionError } from '../conversion/conversion.errors';
import { ConversionService } from '../conversion/conversion.service';
import { finishDocumentPdf, type DocumentForPdf } from './signing-pdf';

/**
 * Prints a document to the PDF its signers read and sign: its content on the page the Content tab
 * shows (documentPageHtml: the same safe-HTML rules and style sheet, and nothing fetched), made a PDF
 * by the service's converter (Chromium here, Gotenberg in containers) in its queue and under its time
 * limit, then named and footed by finishDocumentPdf.
 */
@Injectable()
export class DocumentPrinter {
  constructor(private readonly conversion: ConversionService) {}

  /**
   * `failure` starts the detail of an error when the PDF cannot be made (the converter busy or
   * missing: 503, too slow: 504), saying what did not happen because of it.
   */
  async print(doc: DocumentForPdf, at: Date, failure: string, hangUp?: AbortSignal): Promise<Uint8Array> {
    const html = documentPageHtml(doc.content, { print: { title: doc.title } });
    let printed: Buffer;
    try {
      printed = await this.conversion.htmlToPdf(html, { document: doc.id, purpose: 'document pdf' }, hangUp);
    } catch (e) {
      if (e instanceof ConversionError)
        throw new ConversionError(
          e.code,
          `${failure}: the PDF of the document could not be made. ${e.detail}`,
          e.retryAfterSeconds,
        );
      throw e;
    }
    return finishDocumentPdf(printed, doc, at);
  }
}

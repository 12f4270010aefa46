import { contextError } from '@sixa/observability';

/** Every way a conversion can fail, in the domain's words; each given its kind (and so its HTTP status) once, below. */
export enum ConversionErrorCode {
  /** file_content is not base64. */
  NotBase64 = 'NOT_BASE64',
  /** The bytes are not what source_format says (a "docx" that is no zip, an "html" that is not UTF-8 text). */
  WrongFormat = 'WRONG_FORMAT',
  FileTooLarge = 'FILE_TOO_LARGE',
  /** The converter read the file and could not make a PDF of it (a damaged document). */
  NotConvertible = 'NOT_CONVERTIBLE',
  /** The file links to outside content and this machine cannot keep the converter off the network. */
  ExternalContent = 'EXTERNAL_CONTENT',
  /** LibreOffice or Chromium is not installed here. */
  ConverterMissing = 'CONVERTER_MISSING',
  /** Every conversion slot is taken and the queue is full. */
  ConverterBusy = 'CONVERTER_BUSY',
  /** Gotenberg did not answer. */
  ConverterUnreachable = 'CONVERTER_UNREACHABLE',
  TimedOut = 'TIMED_OUT',
  /** The caller closed the connection: the conversion was stopped (nobody receives this answer). */
  CallerGone = 'CALLER_GONE',
}

export class ConversionError extends contextError<ConversionErrorCode>({
  [ConversionErrorCode.NotBase64]: 'invalid',
  [ConversionErrorCode.WrongFormat]: 'invalid',
  [ConversionErrorCode.FileTooLarge]: 'too_large',
  [ConversionErrorCode.NotConvertible]: 'invalid',
  [ConversionErrorCode.ExternalContent]: 'invalid',
  [ConversionErrorCode.ConverterMissing]: 'unavailable',
  [ConversionErrorCode.ConverterBusy]: 'unavailable',
  [ConversionErrorCode.ConverterUnreachable]: 'unavailable',
  [ConversionErrorCode.TimedOut]: 'timed_out',
  [ConversionErrorCode.CallerGone]: 'timed_out',
}) {}

import { DomainError, type DomainErrorKind } from '@sixa/observability';

/** Every way a conversion can fail, in the domain's words; mapped to a kind (and so to HTTP) below, once. */
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

function kindOf(code: ConversionErrorCode): DomainErrorKind {
  switch (code) {
    case ConversionErrorCode.NotBase64:
    case ConversionErrorCode.WrongFormat:
    case ConversionErrorCode.NotConvertible:
    case ConversionErrorCode.ExternalContent:
      return 'invalid';
    case ConversionErrorCode.FileTooLarge:
      return 'too_large';
    case ConversionErrorCode.ConverterMissing:
    case ConversionErrorCode.ConverterBusy:
    case ConversionErrorCode.ConverterUnreachable:
      return 'unavailable';
    case ConversionErrorCode.TimedOut:
    case ConversionErrorCode.CallerGone:
      return 'timed_out';
    default: {
      const unknown: never = code;
      throw new Error(`unmapped conversion error ${String(unknown)}`);
    }
  }
}

export class ConversionError extends DomainError {
  declare readonly code: ConversionErrorCode;

  constructor(code: ConversionErrorCode, detail: string, retryAfterSeconds?: number) {
    super(kindOf(code), code, detail, retryAfterSeconds);
  }
}

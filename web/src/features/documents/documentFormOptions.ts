import {
  DOCUMENT_ACCESS_LEVELS,
  DOCUMENT_FILE_FORMATS,
  DOCUMENT_TYPES,
  type DocumentCategory,
} from '@sixa/contracts/browser';
import { ACCESS_LEVEL_LABEL, DOCUMENT_TYPE_LABEL } from './documentLabels';

export const TYPE_OPTIONS = DOCUMENT_TYPES.map((type) => ({ value: type, label: DOCUMENT_TYPE_LABEL[type] }));
export const FORMAT_OPTIONS = DOCUMENT_FILE_FORMATS.map((format) => ({ value: format, label: format.toUpperCase() }));
export const ACCESS_OPTIONS = DOCUMENT_ACCESS_LEVELS.map((level) => ({
  value: level,
  label: ACCESS_LEVEL_LABEL[level],
}));

export const categoryOptions = (categories: readonly DocumentCategory[]) =>
  categories.map((category) => ({ value: category.id, label: category.name }));

/** Monospace for template and document content (placeholders and markup line up). */
export const CONTENT_STYLE = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' } as const;

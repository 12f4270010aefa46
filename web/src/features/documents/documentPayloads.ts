import {
  SIGNING_DEADLINE_DAYS_DEFAULT,
  SIGNING_DEADLINE_DAYS_MAX,
  type ConvertSourceFormat,
  type Document,
  type DocumentAccessLevel,
  type DocumentFileFormat,
  type DocumentSigner,
  type DocumentStatus,
  type DocumentTemplate,
  type DocumentType,
  type SigningOrder,
  type TemplateVariables,
} from '@sixa/contracts/browser';
import type { DocumentBody, DocumentUpdateBody, SendForSignatureBody, TemplateBody } from './documentsApi';

/** Spec: variables and tags are typed with commas; entries are trimmed and empty ones dropped (each kept once). */
export function splitList(text: string | undefined): string[] {
  return [
    ...new Set(
      (text ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    ),
  ];
}

const filled = (value: string | undefined | null) => Boolean(value && value.trim());

/** The placeholders a content uses (`{{name}}`, `{{#if name}}`), each once: a hint in the template form. */
export function placeholdersIn(content: string | undefined): string[] {
  const names: string[] = [];
  for (const match of (content ?? '').matchAll(/\{\{\s*(?:[#^]\s*(?:if|unless)\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g)) {
    if (!names.includes(match[1])) names.push(match[1]);
  }
  return names;
}

// ---------------------------------------------------------------------------------------------
// Templates

export interface TemplateFormValues {
  title?: string;
  description?: string;
  type?: DocumentType;
  category_id?: string | null;
  content?: string;
  variables?: string;
  tags?: string;
  file_format?: DocumentFileFormat;
  access_level?: DocumentAccessLevel;
}

export const NEW_TEMPLATE: TemplateFormValues = {
  title: '',
  description: '',
  type: 'custom',
  category_id: null,
  content: '',
  variables: '',
  tags: '',
  file_format: 'pdf',
  access_level: 'team',
};

/** Spec: Create is disabled unless title and content are filled. */
export const canSubmitTemplate = (values: TemplateFormValues | undefined) =>
  filled(values?.title) && filled(values?.content);

export function buildTemplateBody(values: TemplateFormValues): TemplateBody {
  return {
    title: (values.title ?? '').trim(),
    description: (values.description ?? '').trim(),
    type: values.type ?? 'custom',
    category_id: values.category_id ?? null,
    content: values.content ?? '',
    variables: splitList(values.variables),
    tags: splitList(values.tags),
    file_format: values.file_format ?? 'pdf',
    access_level: values.access_level ?? 'team',
  };
}

/** "customer_name" -> "Customer name": a variable's field label. */
export function variableLabel(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Plausible values for the template Preview, guessed from each variable's name. */
export function sampleValues(variables: readonly string[], today = new Date()): TemplateVariables {
  const date = today.toISOString().slice(0, 10);
  const values: TemplateVariables = {};
  for (const name of variables) {
    const n = name.toLowerCase();
    if (/date|until|deadline|_on$|_at$/.test(n)) values[name] = date;
    else if (/email/.test(n)) values[name] = 'jane.doe@example.com';
    else if (/phone/.test(n)) values[name] = '+1 555 0100';
    else if (/amount|total|price|salary|fee|cost/.test(n)) values[name] = '1,250.00';
    else if (/number|_no$|_id$/.test(n)) values[name] = '2026-0001';
    else if (/years|months|days|count|qty|quantity/.test(n)) values[name] = 3;
    else if (/company|organization|organisation|customer$|client$/.test(n)) values[name] = 'Acme Corporation';
    else if (/name|rep|contact|candidate|signer/.test(n)) values[name] = 'Jane Doe';
    else if (/position|title|role/.test(n)) values[name] = 'Account Executive';
    else if (/address/.test(n)) values[name] = '1 Market Street, San Francisco';
    else values[name] = `Sample ${variableLabel(name).toLowerCase()}`;
  }
  return values;
}

// ---------------------------------------------------------------------------------------------
// Documents

export interface DocumentFormValues {
  template_id?: string | null;
  /** The template's placeholders, by name. */
  variables?: Record<string, string | undefined>;
  title?: string;
  description?: string;
  type?: DocumentType;
  category_id?: string | null;
  content?: string;
  file_format?: DocumentFileFormat;
  access_level?: DocumentAccessLevel;
  signature_required?: boolean;
  status?: 'draft' | 'active';
  tags?: string;
}

export const NEW_DOCUMENT: DocumentFormValues = {
  template_id: null,
  variables: {},
  title: '',
  description: '',
  type: 'custom',
  category_id: null,
  content: '',
  file_format: 'pdf',
  access_level: 'private',
  signature_required: false,
  status: 'draft',
  tags: '',
};

/** The form opened from a template's 'Use Template': its fields, its category and type, a field per variable. */
export function documentFromTemplate(template: DocumentTemplate): DocumentFormValues {
  return {
    ...NEW_DOCUMENT,
    template_id: template.id,
    variables: Object.fromEntries(template.variables.map((name) => [name, ''])),
    title: template.title,
    description: template.description,
    type: template.type,
    category_id: template.category_id,
    file_format: template.file_format,
    access_level: template.access_level,
    tags: template.tags.join(', '),
  };
}

/**
 * Spec: Create is disabled unless title and content are filled. From a template the server renders
 * the content: then every one of its variables needs a value instead (the server refuses a missing one).
 */
export function canSubmitDocument(values: DocumentFormValues | undefined, template: DocumentTemplate | null): boolean {
  if (!filled(values?.title)) return false;
  if (template) return template.variables.every((name) => filled(values?.variables?.[name]));
  return filled(values?.content);
}

export function buildDocumentBody(values: DocumentFormValues, template: DocumentTemplate | null): DocumentBody {
  const common = {
    title: (values.title ?? '').trim(),
    description: (values.description ?? '').trim(),
    type: values.type ?? 'custom',
    category_id: values.category_id ?? null,
    file_format: values.file_format ?? 'pdf',
    access_level: values.access_level ?? 'private',
    signature_required: Boolean(values.signature_required),
    status: values.status ?? 'draft',
    tags: splitList(values.tags),
  };
  if (!template) return { ...common, content: values.content ?? '' };
  const variables: TemplateVariables = {};
  for (const name of template.variables) variables[name] = (values.variables?.[name] ?? '').trim();
  return { ...common, template_id: template.id, variables };
}

export function documentFormValues(document: Document): DocumentFormValues {
  return {
    title: document.title,
    description: document.description,
    type: document.type,
    category_id: document.category_id,
    content: document.content,
    file_format: document.file_format,
    access_level: document.access_level,
    signature_required: document.signature_required,
    status: document.status === 'active' ? 'active' : 'draft',
  };
}

/** The edit: only what changed (a new content makes the next version; the same content must not). */
export function buildDocumentUpdate(document: Document, values: DocumentFormValues): DocumentUpdateBody {
  const body: DocumentUpdateBody = { category_id: values.category_id ?? null };
  const title = (values.title ?? '').trim();
  if (title !== document.title) body.title = title;
  const description = (values.description ?? '').trim();
  if (description !== document.description) body.description = description;
  if (values.type && values.type !== document.type) body.type = values.type;
  if (values.content !== undefined && values.content !== document.content) body.content = values.content;
  if (values.file_format && values.file_format !== document.file_format) body.file_format = values.file_format;
  if (values.access_level && values.access_level !== document.access_level) body.access_level = values.access_level;
  if (Boolean(values.signature_required) !== document.signature_required)
    body.signature_required = Boolean(values.signature_required);
  if (values.status && values.status !== document.status) body.status = values.status;
  return body;
}

/** Content and fields can change only while a document is a draft or active (contracts' DOCUMENT_EDITABLE_STATUSES). */
export const isEditable = (status: DocumentStatus) => status === 'draft' || status === 'active';

/** Spec: 'Send for Signature' only when signature_required is true and the status is active. */
export const canSendForSignature = (document: Pick<Document, 'signature_required' | 'status'>) =>
  document.signature_required && document.status === 'active';

// ---------------------------------------------------------------------------------------------
// Send for signature

export interface SendFormValues {
  signers?: Array<Partial<DocumentSigner>>;
  signing_order?: SigningOrder;
  email_subject?: string;
  email_message?: string;
  send_reminders?: boolean;
  expires_in_days?: number | null;
}

export function sendFormValues(document: Document): SendFormValues {
  return {
    signers: document.signers.length
      ? document.signers.map(({ name, email, role }) => ({ name, email, role }))
      : [{ name: '', email: '', role: 'signer' }],
    signing_order: 'sequential',
    email_subject: `Please sign: ${document.title}`,
    email_message: `Please review and sign "${document.title}".`,
    send_reminders: true,
    expires_in_days: SIGNING_DEADLINE_DAYS_DEFAULT,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function canSend(values: SendFormValues | undefined): boolean {
  const signers = values?.signers ?? [];
  const days = values?.expires_in_days;
  return (
    signers.length > 0 &&
    signers.every((signer) => filled(signer?.name) && EMAIL.test((signer?.email ?? '').trim())) &&
    (days === undefined || days === null || (Number.isInteger(days) && days >= 1 && days <= SIGNING_DEADLINE_DAYS_MAX))
  );
}

export function buildSendBody(document: Document, values: SendFormValues): SendForSignatureBody {
  return {
    document_id: document.id,
    signers: (values.signers ?? []).map((signer) => ({
      name: (signer.name ?? '').trim(),
      email: (signer.email ?? '').trim(),
      role: (signer.role ?? '').trim() || 'signer',
    })),
    email_subject: (values.email_subject ?? '').trim(),
    email_message: (values.email_message ?? '').trim(),
    send_reminders: values.send_reminders ?? true,
    signing_order: values.signing_order ?? 'sequential',
    expires_in_days: values.expires_in_days ?? SIGNING_DEADLINE_DAYS_DEFAULT,
  };
}

// ---------------------------------------------------------------------------------------------
// Convert

/** Spec: the file types the Convert File modal takes. */
export const CONVERT_EXTENSIONS = ['.docx', '.xlsx', '.html', '.txt'] as const;
export const CONVERT_ACCEPT = CONVERT_EXTENSIONS.join(',');

/** The source format a file name's extension says, or null when it is not one the service converts. */
export function sourceFormatOf(fileName: string): ConvertSourceFormat | null {
  const ext = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return ext === 'docx' || ext === 'xlsx' || ext === 'html' || ext === 'txt' ? ext : null;
}

/** Spec: the title defaults to the file name up to its first dot ("Q3 report.final.docx" -> "Q3 report"). */
export function defaultTitle(fileName: string): string {
  const base = fileName.split('.')[0].trim();
  return base || fileName.replace(/\.[^.]*$/, '').replace(/^\./, '') || 'document';
}

/** Spec: the result is downloaded as 'converted_' followed by the title (as a .pdf). */
export const convertedFileName = (title: string) => `converted_${title.trim() || 'document'}.pdf`;

/** A file's bytes as base64 (without the `data:` prefix). */
export function readFileBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

export function base64Bytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A safe file name for a document's PDF download ("NDA: Contoso" -> "NDA- Contoso.pdf"). */
export function pdfFileName(title: string, suffix = ''): string {
  const base = title.replace(/[\\/:*?"<>|]+/g, '-').trim() || 'document';
  return `${base}${suffix}.pdf`;
}

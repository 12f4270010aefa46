import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type {
  ConversionResult,
  ConvertDocumentDto,
  CreateDocumentDto,
  CreateDocumentTemplateDto,
  Document,
  DocumentAuditTrail,
  DocumentCategoryWithCounts,
  DocumentsSampleDataResult,
  DocumentStatus,
  DocumentTemplate,
  DocumentVerification,
  DocumentVersion,
  SendForSignatureDto,
  SignerLink,
  TemplatePreview,
  TemplateVariables,
  UpdateDocumentDto,
  UpdateDocumentTemplateDto,
} from '@sixa/contracts/browser';
import { api } from '../../shared/api';
import { alertError } from '../../shared/apiError';
import { editRequest, type RecordEdit } from '../../shared/revision';
import { saveAsFile } from '../../shared/files';

/**
 * Texts shown when the server gives no detail. The spec only logs Document Center failures; as on the
 * other screens, a failed load shows its reason with a Retry, a failed save its reason in the form.
 */
export const DOCUMENT_ERRORS = {
  templates: 'Could not load templates.',
  documents: 'Could not load documents.',
  categories: 'Could not load categories.',
  document: 'Could not load this document.',
  versions: 'Could not load the versions.',
  auditTrail: 'Could not load the audit trail.',
  createTemplate: 'Error creating template',
  preview: 'Could not preview this template.',
  createDocument: 'Error creating document',
  updateDocument: 'Error updating document',
  sampleData: 'Error initializing sample data. Please try again.',
  convert: 'Error converting the file. Please try again.',
  send: 'Error sending the document for signature.',
  download: 'Could not download the PDF.',
  verify: 'Could not verify this PDF.',
} as const;

export const DOCUMENT_SUCCESS = {
  sampleData: 'Sample data initialized successfully!',
} as const;

/** Templates are cards: one page as large as the server gives (200), the total from X-Total-Count. */
export const TEMPLATES_LIMIT = 200;
/** Rows per page of the documents table (paged on the server). */
export const DOCUMENTS_PAGE_SIZE = 20;

export interface ListPage<T> {
  items: T[];
  /** Everything matching the filters (header X-Total-Count). */
  total: number;
}

export interface TemplateListArgs {
  category_id?: string;
}

export interface DocumentListArgs {
  category_id?: string;
  status?: DocumentStatus;
  /** 1-based page of DOCUMENTS_PAGE_SIZE rows. */
  page: number;
}

/** POST /document-templates: what the Create Template form sends. */
export type TemplateBody = Required<
  Pick<
    CreateDocumentTemplateDto,
    'title' | 'description' | 'type' | 'content' | 'variables' | 'file_format' | 'access_level' | 'tags' | 'category_id'
  >
>;

/** POST /documents: from raw content, or from a template with its variables. */
export type DocumentBody = Required<
  Pick<
    CreateDocumentDto,
    'title' | 'description' | 'type' | 'file_format' | 'access_level' | 'signature_required' | 'category_id'
  >
> &
  Pick<CreateDocumentDto, 'content' | 'template_id' | 'variables' | 'tags' | 'status'>;

/** PUT /documents/{id}: the fields the Edit form changes (the revision it was opened on goes as If-Match). */
export type DocumentUpdateBody = Pick<
  UpdateDocumentDto,
  'title' | 'description' | 'type' | 'content' | 'file_format' | 'access_level' | 'signature_required' | 'status'
> &
  Required<Pick<UpdateDocumentDto, 'category_id'>>;

/** POST /documents/{id}/send-for-signature: every field set (the spec's, plus order and expiry). */
export type SendForSignatureBody = Required<SendForSignatureDto>;

export type PdfKind = 'signed' | 'sent';

export type { SignerLink };

const TEMPLATES = { type: 'DocumentTemplate', id: 'LIST' } as const;
const DOCUMENTS = { type: 'Document', id: 'LIST' } as const;
const CATEGORIES = { type: 'DocumentCategory', id: 'LIST' } as const;

const documentPath = (id: string) => `/documents/${encodeURIComponent(id)}`;
const templatePath = (id: string) => `/document-templates/${encodeURIComponent(id)}`;

function pageOf<T>(items: T[], meta: unknown): ListPage<T> {
  const header = (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('X-Total-Count');
  const total = Number(header ?? Number.NaN);
  return { items, total: Number.isFinite(total) ? total : items.length };
}

function documentParams({ category_id, status, page }: DocumentListArgs) {
  const params: Record<string, string | number> = {
    limit: DOCUMENTS_PAGE_SIZE,
    offset: (Math.max(page, 1) - 1) * DOCUMENTS_PAGE_SIZE,
  };
  if (category_id) params.category_id = category_id;
  if (status) params.status = status;
  return params;
}

export const documentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTemplates: build.query<ListPage<DocumentTemplate>, TemplateListArgs>({
      query: ({ category_id }) => ({
        url: '/document-templates',
        params: { limit: TEMPLATES_LIMIT, ...(category_id ? { category_id } : {}) },
      }),
      transformResponse: (items: DocumentTemplate[], meta) => pageOf(items, meta),
      providesTags: (data) => [
        ...(data?.items ?? []).map(({ id }) => ({ type: 'DocumentTemplate' as const, id })),
        TEMPLATES,
      ],
    }),
    getDocuments: build.query<ListPage<Document>, DocumentListArgs>({
      query: (args) => ({ url: '/documents', params: documentParams(args) }),
      transformResponse: (items: Document[], meta) => pageOf(items, meta),
      providesTags: (data) => [...(data?.items ?? []).map(({ id }) => ({ type: 'Document' as const, id })), DOCUMENTS],
    }),
    getDocument: build.query<Document, string>({
      query: (id) => documentPath(id),
      providesTags: (_data, _error, id) => [{ type: 'Document', id }],
    }),
    getDocumentVersions: build.query<DocumentVersion[], string>({
      query: (id) => `${documentPath(id)}/versions`,
      providesTags: (_data, _error, id) => [{ type: 'Document', id }],
    }),
    getAuditTrail: build.query<DocumentAuditTrail, string>({
      query: (id) => `${documentPath(id)}/audit-trail`,
      providesTags: (_data, _error, id) => [
        { type: 'SignatureRequest', id },
        { type: 'Document', id },
      ],
    }),
    getSigningLinks: build.query<SignerLink[], string>({
      query: (id) => `${documentPath(id)}/signing-links`,
      providesTags: (_data, _error, id) => [{ type: 'SignatureRequest', id }],
    }),
    getCategories: build.query<DocumentCategoryWithCounts[], void>({
      query: () => '/document-categories',
      providesTags: (data) => [
        ...(data ?? []).map(({ id }) => ({ type: 'DocumentCategory' as const, id })),
        CATEGORIES,
      ],
    }),
    createTemplate: build.mutation<DocumentTemplate, TemplateBody>({
      query: (body) => ({ url: '/document-templates', method: 'POST', body }),
      invalidatesTags: [TEMPLATES, CATEGORIES],
    }),
    updateTemplate: build.mutation<
      DocumentTemplate,
      { id: string; body: Partial<TemplateBody> & Required<Pick<UpdateDocumentTemplateDto, 'rev'>> }
    >({
      query: ({ id, body }) => ({ url: templatePath(id), method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'DocumentTemplate', id }, TEMPLATES, CATEGORIES],
    }),
    /** The template rendered with the values given (`[name]` for the others): a mutation, nothing is cached. */
    previewTemplate: build.mutation<TemplatePreview, { id: string; variables: TemplateVariables }>({
      query: ({ id, variables }) => ({ url: `${templatePath(id)}/preview`, method: 'POST', body: { variables } }),
    }),
    createDocument: build.mutation<Document, DocumentBody>({
      query: (body) => ({ url: '/documents', method: 'POST', body }),
      // A template's use is counted; the categories count documents.
      invalidatesTags: (_result, _error, body) => [
        DOCUMENTS,
        CATEGORIES,
        ...(body.template_id ? [{ type: 'DocumentTemplate' as const, id: body.template_id }] : []),
      ],
    }),
    updateDocument: build.mutation<Document, RecordEdit<DocumentUpdateBody>>({
      query: ({ id, ...edit }) => editRequest(documentPath(id), edit),
      // Its status or category may move it out of the filtered list; its counts move with it.
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Document', id }, DOCUMENTS, CATEGORIES],
    }),
    sendForSignature: build.mutation<Document, { id: string; body: SendForSignatureBody }>({
      query: ({ id, body }) => ({ url: `${documentPath(id)}/send-for-signature`, method: 'POST', body }),
      // Spec: the row is shown at once as pending_signature with docusign_status sent, then reloaded.
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        try {
          const { data: sent } = await queryFulfilled;
          for (const args of documentsApi.util.selectCachedArgsForQuery(getState(), 'getDocuments')) {
            dispatch(
              documentsApi.util.updateQueryData('getDocuments', args, (page) => {
                const index = page.items.findIndex((document) => document.id === id);
                if (index >= 0) page.items[index] = sent;
              }),
            );
          }
          dispatch(documentsApi.util.upsertQueryData('getDocument', id, sent));
        } catch {
          // shown in the form
        }
      },
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [{ type: 'Document', id }, { type: 'SignatureRequest', id }, DOCUMENTS],
    }),
    initializeDocumentSampleData: build.mutation<DocumentsSampleDataResult, void>({
      query: () => ({ url: '/documents/initialize-sample-data', method: 'POST' }),
      invalidatesTags: [TEMPLATES, DOCUMENTS, CATEGORIES],
      transformErrorResponse: alertError(DOCUMENT_ERRORS.sampleData),
    }),
    /** Base64 in, base64 PDF out; the modal shows a refusal (413, 400, 504, 503) with the server's detail. */
    convertDocument: build.mutation<ConversionResult, Required<ConvertDocumentDto>>({
      query: (body) => ({ url: '/documents/convert', method: 'POST', body }),
    }),
    /**
     * The signed PDF, or the PDF as it was sent for signature, saved as `fileName`. It is fetched with
     * the token (not a plain link) and handed to the browser here: a file has no place in the cache.
     */
    downloadDocumentPdf: build.mutation<null, { id: string; kind: PdfKind; fileName: string }>({
      query: ({ id, kind, fileName }) => ({
        url: `${documentPath(id)}/${kind === 'signed' ? 'signed-pdf' : 'pdf'}`,
        responseHandler: async (response) => {
          if (!response.ok) return response.json().catch(() => null);
          saveAsFile(await response.blob(), fileName, 'application/pdf');
          return null;
        },
      }),
      transformErrorResponse: alertError(DOCUMENT_ERRORS.download),
    }),
    verifyDocument: build.mutation<DocumentVerification, string>({
      query: (fileContent) => ({ url: '/documents/verify', method: 'POST', body: { file_content: fileContent } }),
    }),
  }),
});

export const {
  useGetTemplatesQuery,
  useGetDocumentsQuery,
  useGetDocumentQuery,
  useGetDocumentVersionsQuery,
  useGetAuditTrailQuery,
  useGetSigningLinksQuery,
  useGetCategoriesQuery,
  useCreateTemplateMutation,
  useUpdateTemplateMutation,
  usePreviewTemplateMutation,
  useCreateDocumentMutation,
  useUpdateDocumentMutation,
  useSendForSignatureMutation,
  useInitializeDocumentSampleDataMutation,
  useConvertDocumentMutation,
  useDownloadDocumentPdfMutation,
  useVerifyDocumentMutation,
} = documentsApi;

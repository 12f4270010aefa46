import type {
  Document,
  DocumentCategoryWithCounts,
  DocumentTemplate,
  SignatureEnvelope,
  User,
} from '@sixa/contracts/browser';
import { mockApi, type MockApi, type RouteHandler } from '../../../test/mockApi';

let sequence = 0;

export function buildCategory(overrides: Partial<DocumentCategoryWithCounts> = {}): DocumentCategoryWithCounts {
  sequence += 1;
  return {
    id: `category-${sequence}`,
    name: `Category ${sequence}`,
    description: '',
    color: '#1677ff',
    icon: 'file',
    created_by: 'system',
    created_at: '2026-01-10T09:00:00.000Z',
    template_count: 0,
    document_count: 0,
    ...overrides,
  };
}

export function buildTemplate(overrides: Partial<DocumentTemplate> = {}): DocumentTemplate {
  sequence += 1;
  return {
    id: `template-${sequence}`,
    etag: `0.template-${sequence}`,
    title: `Template ${sequence}`,
    description: 'A reusable document',
    type: 'contract',
    category_id: null,
    content: '<h1>Agreement with {{company_name}}</h1><p>Signed by {{contact_name}}.</p>',
    variables: ['company_name', 'contact_name'],
    file_format: 'pdf',
    access_level: 'team',
    created_by: 'admin-1',
    tags: [],
    usage_count: 0,
    created_at: '2026-01-12T09:00:00.000Z',
    updated_at: '2026-01-12T09:00:00.000Z',
    rev: 0,
    ...overrides,
  };
}

export function buildDocument(overrides: Partial<Document> = {}): Document {
  sequence += 1;
  return {
    id: `document-${sequence}`,
    etag: `0.document-${sequence}`,
    title: `Document ${sequence}`,
    description: '',
    template_id: null,
    type: 'custom',
    category_id: null,
    content: '<p>Hello</p>',
    file_format: 'pdf',
    access_level: 'team',
    signature_required: false,
    signers: [],
    created_by: 'employee-1',
    tags: [],
    status: 'draft',
    docusign_status: null,
    version: 1,
    shared: false,
    signature: null,
    quote_id: null,
    created_at: '2026-02-03T10:00:00.000Z',
    updated_at: '2026-02-03T10:00:00.000Z',
    rev: 0,
    ...overrides,
  };
}

export function buildEnvelope(overrides: Partial<SignatureEnvelope> = {}): SignatureEnvelope {
  return {
    signing_order: 'sequential',
    email_subject: 'Please sign',
    email_message: 'Please review and sign.',
    send_reminders: true,
    sent_by: 'employee-1',
    sent_at: '2026-02-04T10:00:00.000Z',
    deadline_at: '2026-02-18T10:00:00.000Z',
    completed_at: null,
    signers: [
      {
        name: 'Maria Gonzalez',
        email: 'maria@northwind.example',
        role: 'customer',
        order: 1,
        status: 'sent',
        viewed_at: null,
        signed_at: null,
        declined_at: null,
        decline_reason: null,
      },
    ],
    sent_sha256: 'a'.repeat(64),
    signed_sha256: null,
    ...overrides,
  };
}

interface BackendData {
  templates?: DocumentTemplate[];
  documents?: Document[];
  categories?: DocumentCategoryWithCounts[];
}

/**
 * The documents service's list endpoints over lists the handlers change, like the server: GET
 * /api/document-templates and /api/documents filter by category_id (and status), page with
 * limit/offset and answer the total in X-Total-Count (which mockApi cannot send). Other routes go to
 * mockApi (`api.use` adds them).
 */
export function documentsBackend(me: User, data: BackendData = {}, more: Record<string, RouteHandler> = {}) {
  let templates = [...(data.templates ?? [])];
  let documents = [...(data.documents ?? [])];
  let categories = [...(data.categories ?? [])];
  const listQueries: Array<{ path: string; params: URLSearchParams }> = [];
  const api: MockApi = mockApi({
    'GET /api/auth/me': { body: me },
    'GET /api/document-categories': () => ({ body: categories }),
    ...more,
  });
  const routed = globalThis.fetch;

  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const params = url.searchParams;
    const list = <T extends { category_id: string | null; status?: string }>(items: T[]) => {
      listQueries.push({ path: url.pathname, params });
      const matching = items.filter(
        (item) =>
          (!params.get('category_id') || item.category_id === params.get('category_id')) &&
          (!params.get('status') || item.status === params.get('status')),
      );
      const offset = Number(params.get('offset') ?? 0);
      const limit = Number(params.get('limit') ?? matching.length);
      return new Response(JSON.stringify(matching.slice(offset, offset + limit)), {
        status: 200,
        headers: { 'content-type': 'application/json', 'X-Total-Count': String(matching.length) },
      });
    };
    if (request.method === 'GET' && url.pathname === '/api/document-templates') return list(templates);
    if (request.method === 'GET' && url.pathname === '/api/documents') return list(documents);
    return routed(request);
  }) as typeof fetch;

  return {
    api,
    listQueries,
    /** The last list query to `path` ('/api/documents'), as URLSearchParams. */
    lastQuery(path: string) {
      return [...listQueries].reverse().find((query) => query.path === path)?.params;
    },
    setTemplates(next: DocumentTemplate[]) {
      templates = next;
    },
    setDocuments(next: Document[]) {
      documents = next;
    },
    setCategories(next: DocumentCategoryWithCounts[]) {
      categories = next;
    },
    get documents() {
      return documents;
    },
  };
}

import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type {
  CreateLeadDto,
  Lead,
  LeadLabel,
  LeadSource,
  LeadStats,
  LeadStatus,
  UpdateLeadDto,
} from '@sixa/contracts/browser';
import { api } from '../../shared/api';
import { alertError } from '../../shared/apiError';
import { editRequest, type RecordEdit } from '../../shared/revision';

/**
 * Texts shown when the server gives no detail. The spec only logs lead failures; a user still needs
 * to know why a save failed, so the forms show the reason inside the modal.
 */
export const LEAD_ERRORS = {
  load: 'Could not load leads.',
  create: 'Error creating lead',
  update: 'Error updating lead',
  import: 'Error importing leads',
  export: 'Error exporting leads',
} as const;

export const LEAD_SORTS = ['-created_at', 'created_at', '-score', 'score', 'name', '-name'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];

/** One page of GET /leads: server-side search, filters, sort and paging. */
export interface LeadListArgs {
  limit: number;
  offset: number;
  q?: string;
  label?: LeadLabel;
  status?: LeadStatus;
  source?: LeadSource;
  sort: LeadSort;
}

export interface LeadPage {
  items: Lead[];
  /** All leads matching the filters (header X-Total-Count). */
  total: number;
}

export type CreateLeadBody = Required<Pick<CreateLeadDto, 'name' | 'email' | 'company' | 'phone' | 'source' | 'notes'>>;
/** `score_override` only from admins: a 0-100 integer pins the score, null returns to the computed one. */
/** Sent with If-Match, the revision the editor opened: the server refuses it (409) if someone changed the lead since. */
export type UpdateLeadBody = CreateLeadBody &
  Required<Pick<UpdateLeadDto, 'status'>> &
  Pick<UpdateLeadDto, 'score_override'>;

export interface LeadImportResult {
  imported: number;
  rejected: { row: number; reason: string }[];
}

const LIST = { type: 'Lead', id: 'LIST' } as const;
const STATS = { type: 'Lead', id: 'STATS' } as const;

/** Only the parameters in use: an empty search or an unset filter is left out of the query string. */
function listParams(args: LeadListArgs): Record<string, string | number> {
  const params: Record<string, string | number> = { limit: args.limit, offset: args.offset };
  if (args.q?.trim()) params.q = args.q.trim();
  if (args.label) params.label = args.label;
  if (args.status) params.status = args.status;
  if (args.source) params.source = args.source;
  params.sort = args.sort;
  return params;
}

export const leadsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLeads: build.query<LeadPage, LeadListArgs>({
      query: (args) => ({ url: '/leads', params: listParams(args) }),
      transformResponse: (items: Lead[], meta, args) => {
        const header = Number(
          (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('X-Total-Count') ?? Number.NaN,
        );
        // Without the header (an older server) the table still pages forward while pages are full.
        const total = Number.isFinite(header)
          ? header
          : args.offset + items.length + (items.length === args.limit ? 1 : 0);
        return { items, total };
      },
      providesTags: (page) => [...(page?.items ?? []).map(({ id }) => ({ type: 'Lead' as const, id })), LIST],
    }),
    getLeadStats: build.query<LeadStats, void>({
      query: () => '/leads/stats',
      providesTags: [STATS],
    }),
    createLead: build.mutation<Lead, CreateLeadBody>({
      query: (body) => ({ url: '/leads', method: 'POST', body }),
      invalidatesTags: [LIST, STATS],
    }),
    updateLead: build.mutation<Lead, RecordEdit<UpdateLeadBody>>({
      query: ({ id, ...edit }) => editRequest(`/leads/${encodeURIComponent(id)}`, edit),
      // A new status or override moves the score, so the order of a score-sorted list and the stats.
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Lead', id }, STATS],
    }),
    importLeads: build.mutation<LeadImportResult, string>({
      query: (csv) => ({
        url: '/leads/import',
        method: 'POST',
        body: csv,
        headers: { 'content-type': 'text/csv' },
      }),
      invalidatesTags: (result) => (result && result.imported > 0 ? [LIST, STATS] : []),
    }),
    /** The CSV text (kept out of the cache: the caller resets the mutation once it is saved). */
    exportLeads: build.mutation<string, void>({
      query: () => ({
        url: '/leads/export.csv',
        responseHandler: (response) => (response.ok ? response.text() : response.json().catch(() => null)),
      }),
      transformErrorResponse: alertError(LEAD_ERRORS.export),
    }),
  }),
});

export const {
  useGetLeadsQuery,
  useGetLeadStatsQuery,
  useCreateLeadMutation,
  useUpdateLeadMutation,
  useImportLeadsMutation,
  useExportLeadsMutation,
} = leadsApi;

import type {
  CreateQuoteDto,
  ProductService,
  Quote,
  QuoteAnalyticsSummary,
  QuoteDefaults,
  QuoteDetail,
  QuoteLineItemDto,
  TaxSettings,
} from '@sixa/contracts/browser';
import { api } from '../../shared/api';
import { alertError } from '../../shared/apiError';
import { editRequest, type RecordEdit } from '../../shared/revision';

/** The spec's error catalogue (s.8); the server's detail is shown instead when it gives one. */
export const QUOTE_ERRORS = {
  load: 'Could not load quotes.',
  save: 'Error saving quote. Please try again.',
  send: 'Error sending quote. Please try again.',
  sampleData: 'Error initializing sample data. Please try again.',
} as const;

export const QUOTE_SUCCESS = {
  sent: 'Quote sent successfully!',
  sampleData: 'Sample data initialized successfully!',
} as const;

/** A line as the client sends it: every field set, after the spec's coercions. */
export type QuoteLineBody = Required<QuoteLineItemDto>;

/** POST /quotes and PUT /quotes/{id}. */
export type QuoteBody = Required<
  Pick<
    CreateQuoteDto,
    | 'title'
    | 'customer_name'
    | 'customer_email'
    | 'customer_phone'
    | 'notes'
    | 'terms_conditions'
    | 'expires_in_days'
    | 'e_signature_required'
    | 'created_by'
  >
> & {
  customer_address?: Record<string, string>;
  line_items: QuoteLineBody[];
  tax_settings: TaxSettings;
};

const LIST = { type: 'Quote', id: 'LIST' } as const;
const SUMMARY = { type: 'Quote', id: 'SUMMARY' } as const;
/** Quotes sent to a lead's address move its score; sample data adds leads. */
const LEADS = { type: 'Lead', id: 'LIST' } as const;
const LEAD_STATS = { type: 'Lead', id: 'STATS' } as const;

export const quotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getQuotes: build.query<Quote[], void>({
      query: () => '/quotes',
      providesTags: (quotes) => [...(quotes ?? []).map(({ id }) => ({ type: 'Quote' as const, id })), LIST],
    }),
    /** With the customer's link while the quote is sent or viewed, and the acceptance evidence once accepted. */
    getQuote: build.query<QuoteDetail, string>({
      query: (id) => `/quotes/${encodeURIComponent(id)}`,
      providesTags: (_quote, _error, id) => [{ type: 'Quote', id }],
    }),
    getQuoteSummary: build.query<QuoteAnalyticsSummary, void>({
      query: () => '/quotes/analytics/summary',
      providesTags: [SUMMARY],
    }),
    /** What a new quote starts from (the expiry follows Settings › System Settings); refetched at each opening. */
    getQuoteDefaults: build.query<QuoteDefaults, void>({
      query: () => '/quotes/defaults',
      keepUnusedDataFor: 0,
    }),
    getProducts: build.query<ProductService[], void>({
      query: () => '/products-services',
      providesTags: (products) => [
        ...(products ?? []).map(({ id }) => ({ type: 'ProductService' as const, id })),
        { type: 'ProductService', id: 'LIST' },
      ],
    }),
    createQuote: build.mutation<Quote, QuoteBody>({
      query: (body) => ({ url: '/quotes', method: 'POST', body }),
      invalidatesTags: [LIST, SUMMARY],
    }),
    updateQuote: build.mutation<Quote, RecordEdit<QuoteBody>>({
      query: ({ id, ...edit }) => editRequest(`/quotes/${encodeURIComponent(id)}`, edit),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Quote', id }, SUMMARY],
    }),
    /** The sent quote and the customer's link (`public_url`). */
    sendQuote: build.mutation<QuoteDetail, string>({
      query: (id) => ({ url: `/quotes/${encodeURIComponent(id)}/send`, method: 'POST' }),
      // Spec: the local list is updated, then reloaded.
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          const { data: sent } = await queryFulfilled;
          dispatch(
            quotesApi.util.updateQueryData('getQuotes', undefined, (quotes) => {
              const index = quotes.findIndex((quote) => quote.id === id);
              if (index >= 0 && sent) quotes[index] = sent;
            }),
          );
        } catch {
          // shown by the API error listener
        }
      },
      invalidatesTags: (_result, _error, id) => [{ type: 'Quote', id }, LIST, SUMMARY, LEADS, LEAD_STATS],
      transformErrorResponse: alertError(QUOTE_ERRORS.send),
    }),
    initQuoteSampleData: build.mutation<unknown, void>({
      query: () => ({ url: '/quotes/init-sample-data', method: 'POST' }),
      invalidatesTags: [LIST, SUMMARY, { type: 'ProductService', id: 'LIST' }, LEADS, LEAD_STATS],
      transformErrorResponse: alertError(QUOTE_ERRORS.sampleData),
    }),
  }),
});

export const {
  useGetQuotesQuery,
  useGetQuoteQuery,
  useGetQuoteSummaryQuery,
  useGetProductsQuery,
  useGetQuoteDefaultsQuery,
  useCreateQuoteMutation,
  useUpdateQuoteMutation,
  useSendQuoteMutation,
  useInitQuoteSampleDataMutation,
} = quotesApi;

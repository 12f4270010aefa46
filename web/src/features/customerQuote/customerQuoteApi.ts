import type { AcceptQuoteDto, CustomerQuote } from '@sixa/contracts/browser';
import { api } from '../../shared/api';

/** What the customer's link returns: the quote without its author, and their acceptance once given. */
export type PublicQuote = CustomerQuote;

/** The customer's answer; `body` carries the typed name and consent a quote requiring an e-signature needs. */
export interface AcceptArgs {
  token: string;
  body?: AcceptQuoteDto;
}

export const CUSTOMER_QUOTE_ERRORS = {
  load: 'Could not load this quote. Please try again later.',
  accept: 'Could not accept this quote. Please try again.',
  reject: 'Could not decline this quote. Please try again.',
} as const;

const path = (token: string) => `/quotes/public/${encodeURIComponent(token)}`;

/** The customer's answer replaces the loaded quote, so the page shows the new status at once. */
function storeAnswer(token: string, updated: PublicQuote) {
  return customerQuoteApi.util.updateQueryData('getPublicQuote', token, () => updated);
}

type AnswerBuilder = Parameters<Parameters<typeof api.injectEndpoints>[0]['endpoints']>[0];

/** Accept or reject: the answered quote replaces the loaded one; a refusal is shown on the page. */
function answer<Arg>(
  build: AnswerBuilder,
  action: 'accept' | 'reject',
  request: (arg: Arg) => { token: string; body?: unknown },
) {
  return build.mutation<PublicQuote, Arg>({
    query: (arg) => {
      const { token, body } = request(arg);
      return { url: `${path(token)}/${action}`, method: 'POST', body };
    },
    extraOptions: { anonymous: true },
    async onQueryStarted(arg, { dispatch, queryFulfilled }) {
      try {
        const { data } = await queryFulfilled;
        dispatch(storeAnswer(request(arg).token, data));
      } catch {
        // shown on the page
      }
    },
  });
}

/** Anonymous calls: the customer holds a link token, not a session. */
export const customerQuoteApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicQuote: build.query<PublicQuote, string>({
      query: (token) => path(token),
      extraOptions: { anonymous: true },
    }),
    acceptPublicQuote: answer(build, 'accept', (arg: AcceptArgs) => arg),
    rejectPublicQuote: answer(build, 'reject', (token: string) => ({ token })),
  }),
});

export const { useGetPublicQuoteQuery, useAcceptPublicQuoteMutation, useRejectPublicQuoteMutation } = customerQuoteApi;

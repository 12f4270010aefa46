import type { DeclineDocumentDto, SignDocumentDto, SigningSession } from '@sixa/contracts/browser';
import { api } from '../../shared/api';

/** Shown when the server gives no detail (it does for a bad link, an expired request, not your turn). */
export const SIGNING_ERRORS = {
  load: 'Could not load this signing request. Please try again later.',
  sign: 'Could not sign the document. Please try again.',
  decline: 'Could not decline the document. Please try again.',
} as const;

const path = (token: string) => `/documents/signing/${encodeURIComponent(token)}`;

/** The PDF the signer is asked to sign (public: the link's token is the signer's key). */
export const signingPdfUrl = (token: string) => `/api${path(token)}/pdf`;

/** Anonymous calls: the signer holds a link token, not a session. */
export const signingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSigningSession: build.query<SigningSession, string>({
      query: (token) => path(token),
      extraOptions: { anonymous: true },
      providesTags: (_data, _error, token) => [{ type: 'SignatureRequest', id: `token:${token}` }],
    }),
    signDocument: build.mutation<SigningSession, { token: string; body: SignDocumentDto }>({
      query: ({ token, body }) => ({ url: `${path(token)}/sign`, method: 'POST', body }),
      extraOptions: { anonymous: true },
      async onQueryStarted({ token }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(signingApi.util.upsertQueryData('getSigningSession', token, data));
        } catch {
          // shown on the page
        }
      },
      // Refused (already signed, expired, not their turn): the page reads the request again.
      invalidatesTags: (_data, error, { token }) => (error ? [{ type: 'SignatureRequest', id: `token:${token}` }] : []),
    }),
    declineDocument: build.mutation<SigningSession, { token: string } & DeclineDocumentDto>({
      query: ({ token, reason }) => ({ url: `${path(token)}/decline`, method: 'POST', body: { reason } }),
      extraOptions: { anonymous: true },
      async onQueryStarted({ token }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(signingApi.util.upsertQueryData('getSigningSession', token, data));
        } catch {
          // shown on the page
        }
      },
      invalidatesTags: (_data, error, { token }) => (error ? [{ type: 'SignatureRequest', id: `token:${token}` }] : []),
    }),
  }),
});

export const { useGetSigningSessionQuery, useSignDocumentMutation, useDeclineDocumentMutation } = signingApi;

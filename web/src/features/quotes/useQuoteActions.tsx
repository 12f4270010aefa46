import type { Quote } from '@sixa/contracts';
import { App } from 'antd';
import { useCallback } from 'react';
import { QUOTE_SUCCESS, useInitQuoteSampleDataMutation, useSendQuoteMutation } from './quotesApi';

/**
 * Send (drafts only) and Initialize Sample Data. Failures are shown by the API error listener:
 * the server's detail, or else the spec's text.
 */
export function useQuoteActions() {
  const { message } = App.useApp();
  const [sendQuote, sendState] = useSendQuoteMutation();
  const [initSampleData, { isLoading: initializing }] = useInitQuoteSampleDataMutation();

  const send = useCallback(
    async (quote: Quote) => {
      try {
        await sendQuote(quote.id).unwrap();
        message.success(QUOTE_SUCCESS.sent);
      } catch {
        // shown by the API error listener
      }
    },
    [sendQuote, message],
  );

  const initialize = useCallback(async () => {
    try {
      await initSampleData().unwrap();
      message.success(QUOTE_SUCCESS.sampleData);
    } catch {
      // shown by the API error listener
    }
  }, [initSampleData, message]);

  return {
    send,
    sendingId: sendState.isLoading ? sendState.originalArgs : undefined,
    initialize,
    initializing,
  };
}

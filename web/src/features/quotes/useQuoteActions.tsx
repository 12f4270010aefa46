import type { Quote } from '@sixa/contracts/browser';
import { Typography } from 'antd';
import { useCallback } from 'react';
import { useFeedback } from '../../theme/Feedback';
import { useCopyCustomerLink } from './QuoteCustomerLink';
import { QUOTE_SUCCESS, useInitQuoteSampleDataMutation, useSendQuoteMutation } from './quotesApi';

/**
 * Send (drafts only) and Initialize Sample Data. Failures are shown by the API error listener:
 * the server's detail, or else the spec's text. A sent quote's toast offers its customer link
 * (also in the quote's View).
 */
export function useQuoteActions() {
  const { message } = useFeedback();
  const [sendQuote, sendState] = useSendQuoteMutation();
  const [initSampleData, { isLoading: initializing }] = useInitQuoteSampleDataMutation();
  const copyLink = useCopyCustomerLink();

  const send = useCallback(
    async (quote: Quote) => {
      try {
        const { public_url: url } = await sendQuote(quote.id).unwrap();
        message.success({
          content: (
            <>
              <span>{QUOTE_SUCCESS.sent}</span>
              {url ? (
                <>
                  {' '}
                  <Typography.Link onClick={() => void copyLink(url)}>Copy customer link</Typography.Link>
                </>
              ) : null}
            </>
          ),
          duration: url ? 8 : 3,
        });
      } catch {
        // shown by the API error listener
      }
    },
    [sendQuote, message, copyLink],
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

import { useCallback } from 'react';
import { useFeedback } from '../../theme/Feedback';
import { DOCUMENT_SUCCESS, useInitializeDocumentSampleDataMutation } from './documentsApi';

/** Initialize Sample Data. A failure is shown by the API error listener: the server's detail, or the spec's text. */
export function useDocumentActions() {
  const { message } = useFeedback();
  const [initSampleData, { isLoading: initializing }] = useInitializeDocumentSampleDataMutation();

  const initialize = useCallback(async () => {
    try {
      await initSampleData().unwrap();
      message.success(DOCUMENT_SUCCESS.sampleData);
    } catch {
      // shown by the API error listener
    }
  }, [initSampleData, message]);

  return { initialize, initializing };
}

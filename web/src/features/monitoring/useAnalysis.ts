import { useCallback, useState } from 'react';
import { errorMessage } from '../../shared/apiError';
import { showErrorAlert } from '../../shared/notifier';
import { MONITORING_ERRORS, useAnalyzeMutation, type AnalysisResult } from './monitoringApi';

/** Enhanced AI Analysis: idle, running (its buttons disabled), done (spec s.4). */
export function useAnalysis() {
  const [analyze, { isLoading: running }] = useAnalyzeMutation();
  // Kept apart from the mutation's state so that a failed second run does not hide the first.
  const [last, setLast] = useState<AnalysisResult | null>(null);

  const run = useCallback(async () => {
    try {
      setLast(await analyze().unwrap());
    } catch (error) {
      console.error('AI analysis failed', error);
      showErrorAlert(errorMessage(error, MONITORING_ERRORS.analyze));
    }
  }, [analyze]);

  return { analysis: last, running, run };
}

import type { Alert } from '@sixa/contracts/browser';
import { useCallback } from 'react';
import { errorMessage } from '../../shared/apiError';
import { showErrorAlert } from '../../shared/notifier';
import { useFeedback } from '../../theme/Feedback';
import { MONITORING_ERRORS, useAcknowledgeAlertMutation, useResolveAlertMutation } from './monitoringApi';

/**
 * Acknowledge (active alerts) and Resolve (active or acknowledged). The updated alert replaces the
 * listed one; a refused transition (409) shows the server's reason.
 */
export function useAlertActions() {
  const { message } = useFeedback();
  const [acknowledgeAlert, acknowledging] = useAcknowledgeAlertMutation();
  const [resolveAlert, resolving] = useResolveAlertMutation();

  const acknowledge = useCallback(
    async (alert: Alert) => {
      try {
        await acknowledgeAlert(alert.id).unwrap();
        message.success('Alert acknowledged');
      } catch (error) {
        showErrorAlert(errorMessage(error, MONITORING_ERRORS.acknowledge));
      }
    },
    [acknowledgeAlert, message],
  );

  const resolve = useCallback(
    async (alert: Alert) => {
      try {
        await resolveAlert(alert.id).unwrap();
        message.success('Alert resolved');
      } catch (error) {
        showErrorAlert(errorMessage(error, MONITORING_ERRORS.resolve));
      }
    },
    [resolveAlert, message],
  );

  return {
    acknowledge,
    resolve,
    /** The alert whose action is under way, to show its button busy. */
    busyId: acknowledging.isLoading
      ? acknowledging.originalArgs
      : resolving.isLoading
        ? resolving.originalArgs
        : undefined,
  };
}

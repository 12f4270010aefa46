import { isRejectedWithValue, type ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { isApiError } from '../shared/apiError';
import { showErrorAlert } from '../shared/notifier';

/**
 * The one place where failed calls reach the user as an alert: every rejected call whose endpoint
 * chose `alertError(fallback)` shows the server's detail, or else that fallback. Calls the spec
 * wants only logged, or shown inside a screen (the login error box), never get here.
 */
export function startApiErrorListener(listener: ListenerMiddlewareInstance) {
  listener.startListening({
    // A 401 is not a message: the session ends and the login screen says so.
    predicate: (action) =>
      isRejectedWithValue(action) &&
      isApiError(action.payload) &&
      action.payload.notify &&
      action.payload.status !== 401,
    effect: (action) => {
      if (isRejectedWithValue(action) && isApiError(action.payload) && action.payload.message) {
        showErrorAlert(action.payload.message);
      }
    },
  });
}

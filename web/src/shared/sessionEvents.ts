import { createAction } from '@reduxjs/toolkit';

/**
 * A protected call answered 401: the token is no longer good (expired, user deactivated or
 * deleted). Declared apart from the auth slice so that the base query can raise it without an
 * import cycle.
 */
export const sessionExpired = createAction('auth/sessionExpired');

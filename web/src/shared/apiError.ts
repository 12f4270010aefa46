import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ErrorBody } from '@sixa/contracts/browser';

/**
 * What a failed call means to the user: the server's `detail`, or else the screen's fallback text
 * from the spec's error catalogue. `notify` marks errors that the API error listener shows.
 */
export interface ApiError {
  status: number | string;
  message: string;
  notify: boolean;
  /** The server's machine-readable reason, when it gives one (`PASSWORD_EXPIRED`). */
  code?: string;
}

export function serverDetail(error: FetchBaseQueryError): string | undefined {
  const data = error.data as Partial<ErrorBody> | null | undefined;
  if (data && typeof data === 'object' && typeof data.detail === 'string' && data.detail.trim()) {
    return data.detail;
  }
  return undefined;
}

/** The error body's `code`, when the server names one. */
export function serverCode(error: FetchBaseQueryError): string | undefined {
  const data = error.data as { code?: unknown } | null | undefined;
  return data && typeof data === 'object' && typeof data.code === 'string' ? data.code : undefined;
}

function toApiError(error: FetchBaseQueryError, fallback: string, notify: boolean): ApiError {
  const code = serverCode(error);
  return { status: error.status, message: serverDetail(error) ?? fallback, notify, ...(code ? { code } : {}) };
}

/** For `transformErrorResponse`: the screen shows the message itself (e.g. the login error box). */
export const describeError =
  (fallback: string) =>
  (error: FetchBaseQueryError): ApiError =>
    toApiError(error, fallback, false);

/** For `transformErrorResponse`: the API error listener shows the message as an alert. */
export const alertError =
  (fallback: string) =>
  (error: FetchBaseQueryError): ApiError =>
    toApiError(error, fallback, true);

export function isApiError(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.message === 'string' && typeof v.notify === 'boolean' && 'status' in v;
}

/** The message to show for any caught error, with the caller's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) ? error.message : fallback;
}

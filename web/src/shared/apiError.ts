import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ErrorBody } from '@sixa/contracts/browser';

/**
 * A failed call, as every endpoint rejects with it (the base query makes it from the response): the
 * server's `detail` and `code` when it gives them. The screen that shows the failure gives its own
 * fallback text (`errorMessage`, `FormError`, `LoadErrorAlert`); an endpoint whose failure is shown
 * as an alert instead chooses `alertError(fallback)`, which sets `notify` for the API error listener.
 */
export interface ApiError {
  status: number | string;
  /** The server's detail, or else the endpoint's fallback text (`alertError`); absent when neither. */
  message?: string;
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

/** The base query's error for every endpoint: what the server said, nothing shown by itself. */
export function toApiError(error: FetchBaseQueryError): ApiError {
  const detail = serverDetail(error);
  const code = serverCode(error);
  return { status: error.status, notify: false, ...(detail ? { message: detail } : {}), ...(code ? { code } : {}) };
}

/**
 * For `transformErrorResponse` where no screen shows the failure: the API error listener shows the
 * server's detail, or else `fallback`, as an alert.
 */
export const alertError =
  (fallback: string) =>
  (error: ApiError): ApiError => ({ ...error, message: error.message ?? fallback, notify: true });

export function isApiError(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (v.message === undefined || typeof v.message === 'string') && typeof v.notify === 'boolean' && 'status' in v;
}

/** The message to show for any caught error: the server's detail, or else the caller's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return (isApiError(error) ? error.message : undefined) ?? fallback;
}

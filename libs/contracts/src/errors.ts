/** Every error body the API returns. The client shows `detail`. */
export interface ErrorBody {
  detail: string;
  /** Present on 5xx answers: the id under which the server logged the failure. */
  error_id?: string;
  /** A machine-readable reason, where the client acts on it (PASSWORD_EXPIRED, RATE_LIMITED). */
  code?: string;
}

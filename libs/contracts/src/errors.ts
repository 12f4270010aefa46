/** Every error body the API returns. The client shows `detail`. */
export interface ErrorBody {
  detail: string;
  /** Present on 5xx answers: the id under which the server logged the failure. */
  error_id?: string;
}

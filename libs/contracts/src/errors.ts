/** Every error body the API returns. The client shows `detail`. */
export interface ErrorBody {
  detail: string;
  /** Present on 5xx answers: the id under which the server logged the failure. */
  error_id?: string;
  /** A machine-readable reason, where the client acts on it (PASSWORD_EXPIRED, RATE_LIMITED). */
  code?: string;
  /** On a 400 for invalid input: each problem at its field, for a form to show under that field (`detail` joins them). */
  errors?: FieldError[];
}

/** One problem with one field of a request body. */
export interface FieldError {
  /** Where in the body: `name`, `line_items[0].discount_percentage`, `rules.password_min_length`. */
  field: string;
  /** What is wrong, naming the field as a person reads it: "Line 1: discount must be between 0 and 100%". */
  detail: string;
}

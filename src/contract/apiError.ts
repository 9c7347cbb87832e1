import type { ErrorResponse } from './common';

/** A non-2xx answer of the API, carrying the server's `{ error, fields }` body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** Null when the answer was not the API's error shape (a proxy page, a crash). */
    readonly body: ErrorResponse | null,
  ) {
    super(body?.error ?? `HTTP ${status}`);
  }
}

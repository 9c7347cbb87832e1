import type { z } from 'zod';
import { ErrorResponse } from '../contract/common';

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

export interface RequestOptions<Schema extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Bearer token of the session; absent on public calls. */
  accessToken?: string | null;
  signal?: AbortSignal;
  /** The contract schema of a successful answer; the answer is checked against it. */
  schema: Schema;
}

/**
 * One call to the API. Same-origin credentials let the browser send and receive the HttpOnly refresh cookie;
 * the access token travels only in the Authorization header.
 */
export async function apiRequest<Schema extends z.ZodType>(
  path: string,
  { method = 'GET', body, accessToken, signal, schema }: RequestOptions<Schema>,
): Promise<z.infer<Schema>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;

  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
  const json: unknown = await response.json().catch(() => null);

  if (!response.ok) {
    const parsed = ErrorResponse.safeParse(json);
    throw new ApiError(response.status, parsed.success ? parsed.data : null);
  }
  return schema.parse(json);
}

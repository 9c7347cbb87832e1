import { errorText, type ErrorCode } from '../../src/contract/errorCodes';
import { fieldCodesOf } from '../../src/contract/fieldMessages';

/** The values of an error text's `{{name}}` placeholders. */
export type ErrorParams = Record<string, string | number>;

/**
 * The body of every error answer: the code of the catalogue (src/contract/errorCodes.ts), its English text, the
 * values in that text (only when it has any) and the offending request fields (a 400's field messages, with the
 * catalogue code of each the catalogue has).
 */
export interface ErrorBody {
  error: string;
  code: ErrorCode;
  params?: ErrorParams;
  fields?: Record<string, string>;
  /** The catalogue code of each field message it has (src/contract/fieldMessages.ts): the browser translates by it. */
  fieldCodes?: Record<string, string>;
  /** Data the code's own contract schema describes (409 pos.priceChanged: PriceChanged). */
  details?: unknown;
}

/** The error body of `code`: the text is the catalogue's, so server and client never word it apart. */
export function errorBody(code: ErrorCode, opts: { params?: ErrorParams; fields?: Record<string, string>; details?: unknown } = {}): ErrorBody {
  const fieldCodes = opts.fields && fieldCodesOf(opts.fields);
  return {
    error: errorText(code, opts.params),
    code,
    ...(opts.params ? { params: opts.params } : {}),
    ...(opts.fields ? { fields: opts.fields } : {}),
    ...(fieldCodes ? { fieldCodes } : {}),
    ...(opts.details !== undefined ? { details: opts.details } : {}),
  };
}

/**
 * An error that becomes an HTTP answer with its status: `new HttpError(409, 'sales.invoiceNotOpen', { params:
 * { status } })`. The message is the code's text, so logs and audit details read as the answer does.
 */
export class HttpError extends Error {
  readonly params?: ErrorParams;
  readonly fields?: Record<string, string>;
  readonly details?: unknown;
  /** Headers of the answer (429's Retry-After). */
  readonly headers?: Record<string, string>;

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    opts: { params?: ErrorParams; fields?: Record<string, string>; details?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(errorText(code, opts.params));
    this.params = opts.params;
    this.fields = opts.fields;
    this.details = opts.details;
    this.headers = opts.headers;
  }

  get body(): ErrorBody {
    return errorBody(this.code, { params: this.params, fields: this.fields, details: this.details });
  }
}

/**
 * PostgreSQL's refusal of text it cannot store: a NUL byte or a character the encoding lacks (22021, 22P05), or
 * JSON text with a lone UTF-16 surrogate (22P02 on the json types). Such text is the client's input, not a fault
 * of the server; the contract refuses it first, this catches what slips past. Drivers and Drizzle wrap the
 * database's error, so the cause is looked at too.
 */
export function isUnstorableTextError(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (e.code === '22021' || e.code === '22P05') return true;
    if (e.code === '22P02' && typeof e.message === 'string' && /\bjsonb?\b/i.test(e.message)) return true;
  }
  return false;
}

/** PostgreSQL's codes for a connection it ended or would not open: shutdown and crash (57P01-57P03), too many
 * connections (53300), no such database (3D000), refused credentials (28000, 28P01). */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', '3D000', '28000', '28P01']);
/** The socket's own failures, as Node reports them. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** pg's and pg-pool's words for a connection that ended, could not be used, or was not had in time. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect)|is not currently accepting connections/;

/**
 * The database could not be reached, or ended the connection a request was using: the request's work is not
 * done (or, when it ended during COMMIT, not known to be), and the same request may succeed in a moment. Anything
 * else from the database is a fault of the request or the code. Class 08 is SQL's "connection exception". Drivers,
 * Drizzle and Node (AggregateError of each address tried) wrap the cause, so those are looked at too.
 */
export function isDatabaseUnavailableError(error: unknown, depth = 0): boolean {
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined;
  if (!e || typeof e !== 'object' || depth > 3) return false;
  if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || SOCKET_CODES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code))) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailableError(inner, depth + 1))) return true;
  return isDatabaseUnavailableError(e.cause, depth + 1);
}

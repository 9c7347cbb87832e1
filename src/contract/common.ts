import { errorCodes } from './errorCodes';
import { roles } from './roles';
import { z } from './zod';

// The values the browser needs at start-up live in zod-free modules; every name stays importable from here.
export { messages } from './messages';
export { roles };

/** Roles of the spec (section 6). `guest` is the empty role list, never stored. */
export const Role = z.enum(roles);
export type Role = z.infer<typeof Role>;

/** Text that is stored must not carry control characters (PostgreSQL cannot even store NUL). */
// eslint-disable-next-line no-control-regex
export const noControlCharacters = /^[^\u0000-\u001f\u007f]*$/;

export const Uuid = z.uuid({ error: 'Must be an id (UUID)' });

/**
 * A save that names the version it was made from: `If-Match` carries the record's `updatedAt` as an entity tag.
 * A save over a version someone else saved meanwhile is refused (409 `records.changedMeanwhile`) instead of
 * silently overwriting it. Without the header the save applies as before (API clients that do not read first).
 */
export const VersionHeaders = z.object({ 'if-match': z.string().max(100).optional() });

/**
 * Every error answer of the API has this shape: `code` is one of the catalogue's (./errorCodes.ts), `error` its
 * English text with `params` filled in, `fields` names the offending request fields (English), `fieldCodes` their
 * messages' codes. The server always sends a code; it is optional here because the browser also builds errors of
 * this type that no answer carried.
 */
export const ErrorResponse = z.object({
  error: z.string(),
  code: z.enum(errorCodes).optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  fields: z.record(z.string(), z.string()).optional(),
  /** The code of each field message (./fieldMessages.ts) the catalogue has, by field: the browser translates by it. */
  fieldCodes: z.record(z.string(), z.string()).optional(),
  /** What the code's own schema describes (e.g. 409 pos.priceChanged carries the server's pricing). */
  details: z.unknown().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

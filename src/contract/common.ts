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

/** Every error answer of the API has this shape; `fields` names the offending request fields. */
export const ErrorResponse = z.object({
  error: z.string(),
  /** The error's code (./errorCodes.ts): what the browser translates. */
  code: z.string().optional(),
  /** The values in the code's text. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

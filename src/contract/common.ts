import { z } from './zod';

/** Roles of the spec (section 6). `guest` is the empty role list, never stored. */
export const roles = ['admin', 'staff', 'patient', 'newuser', 'enterpriseadmin', 'user', 'kiosk'] as const;
export const Role = z.enum(roles);
export type Role = z.infer<typeof Role>;

/** Text that is stored must not carry control characters (PostgreSQL cannot even store NUL). */
// eslint-disable-next-line no-control-regex
export const noControlCharacters = /^[^\u0000-\u001f\u007f]*$/;

export const Uuid = z.uuid({ error: 'Must be an id (UUID)' });

/** Every error answer of the API has this shape; `fields` names the offending request fields. */
export const ErrorResponse = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const messages = {
  invalidLogin: 'Invalid Username or Password',
  registrationExpired: 'Sorry! Registration link expired. Please reach store Admin for assistence',
  invalidCode: 'Invalid Authentication code. Please check or Resend the code',
  tokenRefreshFailed: 'Token refresh failed',
  settingsSaved: 'Selected settings changed successfully. Please check',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  tooManyCodes: 'Too many codes were requested. Please try again in an hour.',
  codeLocked: 'Too many wrong codes. Please try again tomorrow or contact the store.',
  notSignedIn: 'Please sign in.',
  forbidden: 'You do not have access to this.',
  tenantMismatch: 'The tenant of this request does not match your session.',
  notFound: 'Not found.',
  unknownPortal: 'This sign-in address is not known.',
  serverBusy: 'The server is busy. Please try again in a moment.',
} as const;

/**
 * Texts the API answers with and the browser shows (translated by key in src/i18n). Zod-free, so the browser's
 * start-up can use them without the schema library; `./common` re-exports them for the server.
 */
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

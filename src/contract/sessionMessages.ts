/**
 * Texts the browser shows beyond the contract's `messages`: failures it detects itself (the spec's wording) and
 * the server's field messages of the password flows. Views translate them (errors.* keys).
 */
export const sessionMessages = {
  tokenInvalid: 'Token is invalid or expired',
  tokenExpired: 'Token expired',
  unexpected: 'Something went wrong. Please try again.',
  codeIncorrect: 'OTP code is Incorrect',
  passwordTooShort: 'The password must have at least 12 characters',
  passwordTooLong: 'The password can be at most 128 characters',
  passwordTooCommon: 'This password is too common. Please choose another one.',
  passwordIsUserName: 'The password must not be your user name.',
  passwordTooSimple: 'The password repeats too few characters. Please choose another one.',
  resetInvalid: 'This reset request is no longer valid. Please ask for a new code.',
  fieldsInvalid: 'Please correct the highlighted fields.',
} as const;

/** Built-in message texts for sign-in; per-store email and SMS templates come with the templates area. */
export const authMessages = {
  signinCode: (code: string) => ({
    template: 'auth.signin-code',
    subject: 'Your sign-in code',
    body: `Your sign-in code is ${code}. It is valid for 10 minutes. If you did not try to sign in, please contact your store.`,
  }),
  newUserCode: (code: string) => ({
    template: 'auth.new-user-code',
    subject: 'Your registration code',
    body: `Your code to set your password is ${code}. It is valid for 10 minutes.`,
  }),
  resetCode: (code: string) => ({
    template: 'auth.password-reset-code',
    subject: 'Your password reset code',
    body: `Your code to reset your password is ${code}. It is valid for 10 minutes. If you did not ask for it, you can ignore this message.`,
  }),
  passwordChanged: () => ({
    template: 'auth.password-changed',
    subject: 'Your password was changed',
    body: 'The password of your patient portal account was changed. If this was not you, please contact your store at once.',
  }),
};

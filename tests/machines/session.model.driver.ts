/**
 * The system under test for the session's model-based tests (session.model.test.tsx): each model event driven on the
 * real auth screens, session actor and child actors against a fake API (`events`), and what the reader sees in each
 * model state (`expectVisible`), checked against the real session actor's state with its child flow's inside
 * (`realValue`).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { matchesState } from 'xstate';
import type { StateValue } from 'xstate';
import { messages } from '../../src/contract/common';
import { sessionMessages } from '../../src/machines/session.machine';
import { clearviewDowntown, janeDoe, janeLogin, newUser, newUserLogin } from '../fixtures/auth';
import { fakeApi, goTo, loadData, renderAuth, tearDown } from '../fixtures/authHarness';
import type { FakeApi, Rendered } from '../fixtures/authHarness';
import type { ModelSnapshot } from './session.model';

export const storeAddress = '/clearview/downtown';
const credentials = { username: 'patient@clearview.test', password: 'Demo-Pass-2026!' };
const nowInSeconds = () => Math.floor(Date.now() / 1000);

let api: FakeApi;
let app: Rendered | undefined;
/** A data call waiting on the refresh, and the token its retry carried. */
let dataCall: Promise<unknown> | null = null;

/** The portal look-up and the data endpoint answer at once; every session call waits for the path's event. */
function startApi() {
  api = fakeApi((call) => {
    if (call.path.startsWith('/api/portal/')) return { status: 200, body: clearviewDowntown };
    if (call.path === '/api/test/data') {
      return call.headers.get('Authorization') === 'Bearer renewed-token'
        ? { status: 200, body: { ok: true } }
        : { status: 401, body: { error: messages.notSignedIn } };
    }
    return undefined;
  });
}

function boot(path: string, stored: 'none' | 'valid' | 'expired') {
  startApi();
  localStorage.setItem('lastStore', JSON.stringify({ company: 'clearview', store: 'downtown' }));
  if (stored !== 'none') {
    sessionStorage.setItem('access_token', 'stored-token');
    sessionStorage.setItem('tenantID', janeDoe.tenantId);
    sessionStorage.setItem('expiresAt', String(nowInSeconds() + (stored === 'valid' ? 300 : -60)));
    sessionStorage.setItem('user', btoa(JSON.stringify(janeDoe)));
    sessionStorage.setItem('loginUrl', storeAddress);
  }
  app = renderAuth(path);
}

const user = () => app!.user;
const session = () => app!.session;
const button = (name: string | RegExp) => screen.findByRole('button', { name });
// A pending button says it is unavailable (src/views/ui/Button.tsx; the public pages' PageButton likewise).
const isPending = (element: HTMLElement) => element.getAttribute('aria-disabled') === 'true';

async function expectAlert(text: string) {
  await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(text));
}

async function fill(label: string, text: string) {
  const field = await screen.findByLabelText(label);
  await user().clear(field);
  await user().click(field);
  await user().paste(text);
}

async function submitCode(submit: string) {
  await fill('Authentication code', '123456');
  await user().click(await button(submit));
}

async function clickSignInSubmit() {
  await fill('User name (email)', credentials.username);
  await fill('Password', credentials.password);
  await user().click(await button('Sign in'));
}

const authAnswer = (role: unknown, codeRequired: boolean) => ({
  status: 200,
  body: { role, isauth: true, codeRequired, error: null },
});
const refused = { status: 401, body: { role: null, isauth: false, codeRequired: false, error: messages.invalidLogin } };

export type Exec = () => Promise<void>;
export const events: Record<string, Exec> = {
  'boot.noToken': async () => boot(storeAddress, 'none'),
  'boot.validToken': async () => boot('/home', 'valid'),
  'boot.validTokenAtSignInAddress': async () => boot('/admin', 'valid'),
  'boot.expiredToken': async () => boot('/home', 'expired'),

  'api.refresh.ok': async () => {
    const call = await api.reply('/api/patient/refreshtoken', {
      status: 200,
      body: { accessToken: 'renewed-token', expiresIn: 600, refreshToken: null },
    });
    expect(call.body).toEqual({ accessToken: 'stored-token' });
    if (dataCall) {
      // The waiting data call was retried once with the new token.
      await expect(dataCall).resolves.toEqual({ ok: true });
      dataCall = null;
    }
  },
  'api.refresh.refused': async () => {
    const wasSignedIn = session().getSnapshot().hasTag('signedIn');
    await api.reply('/api/patient/refreshtoken', { status: 401, body: { error: messages.tokenRefreshFailed } });
    if (dataCall) {
      await expect(dataCall).rejects.toMatchObject({ status: 401, message: messages.tokenRefreshFailed });
      dataCall = null;
    }
    await expectAlert(wasSignedIn ? messages.tokenRefreshFailed : sessionMessages.tokenExpired);
    expect(sessionStorage.getItem('access_token')).toBeNull();
  },
  'api.refresh.failed': async () => {
    await api.reply('/api/patient/refreshtoken', { status: 500 });
    await expectAlert(messages.tokenRefreshFailed);
  },
  'api.me.ok': async () => {
    const call = await api.reply('/api/patient/me', { status: 200, body: { user: janeDoe } });
    expect(call.headers.get('Authorization')).toMatch(/^Bearer (stored|renewed)-token$/);
  },
  'api.me.newUser': async () => void (await api.reply('/api/patient/me', { status: 200, body: { user: newUser } })),
  'api.me.refused': async () => {
    await api.reply('/api/patient/me', { status: 401, body: { error: messages.notSignedIn } });
    await expectAlert(sessionMessages.tokenInvalid);
  },

  'session.login': clickSignInSubmit,
  'ui.openForgotPassword': async () => {
    // The store sign-in page links here with its store; the link itself is checked in the unit tests.
    await goTo(`/ForgotPassword?store=${encodeURIComponent('clearview/downtown')}`);
  },
  'api.authCode.ok': async () => {
    const call = await api.reply('/api/patient/authcode', authAnswer(['patient'], false));
    expect(call.body).toMatchObject(credentials);
  },
  'api.authCode.codeRequired': async () => {
    const resent = session().getSnapshot().hasTag('codeStep');
    await api.reply('/api/patient/authcode', authAnswer(['patient'], true));
    await screen.findByText(
      resent ? 'Re-sent' : 'Authentication code has been sent your registered Email/Phone number. Please enter it below.',
    );
  },
  'api.authCode.newUser': async () => void (await api.reply('/api/patient/authcode', authAnswer('newuser', false))),
  'api.authCode.refused': async () => {
    await api.reply('/api/patient/authcode', refused);
    await expectAlert(messages.invalidLogin);
  },
  'signIn.codeSubmitted': async () => submitCode('Submit'),
  'signIn.codeResent': async () => user().click(await button('Resend')),
  'signIn.codeCancelled': async () => user().click(await button('Back')),
  'api.login.ok': async () => {
    const call = await api.reply('/api/patient/login', { status: 200, body: janeLogin });
    if ((call.body as { vcode?: string }).vcode) expect(call.body).toMatchObject({ vcode: '123456', isauth: true });
    await screen.findByRole('heading', { name: 'Signed in as Jane Doe' });
    expect(sessionStorage.getItem('access_token')).toBe(janeLogin.access_token);
  },
  'api.login.newUser': async () => void (await api.reply('/api/patient/login', { status: 200, body: newUserLogin })),
  'api.login.registrationExpired': async () => {
    await api.reply('/api/patient/login', { status: 403, body: { error: messages.registrationExpired } });
    await expectAlert(messages.registrationExpired);
  },
  'api.login.refused': async () => {
    await api.reply('/api/patient/login', { status: 401, body: { error: messages.invalidLogin } });
    await expectAlert(messages.invalidLogin);
  },

  'password.resetRequested': async () => {
    await fill('User name (email)', credentials.username);
    await user().click(await button('Send the code'));
  },
  'password.resetCancelled': async () => user().click(await screen.findByRole('link', { name: 'Back to sign-in' })),
  'api.forgot.ok': async () => {
    const call = await api.reply('/api/patient/forgotpassword', { status: 200, body: { sent: true } });
    expect(call.body).toEqual({ username: credentials.username, tenant: clearviewDowntown.tenantID });
    expect(call.headers.get('X-Tenant-ID')).toBe(clearviewDowntown.tenantID);
  },
  'api.forgot.failed': async () => {
    await api.reply('/api/patient/forgotpassword', { status: 429, body: { error: messages.tooManyCodes } });
    await expectAlert(messages.tooManyCodes);
  },
  'password.codeSubmitted': async () => submitCode('Submit'),
  'password.codeResent': async () => user().click(await button('Resend')),
  'api.otp.ok': async () => {
    const call = await api.reply('/api/patient/otpsubmit', { status: 200, body: { resetToken: 'grant-1' } });
    expect(call.body).toMatchObject({ vcode: '123456', tenant: clearviewDowntown.tenantID });
  },
  'api.otp.refused': async () => {
    await api.reply('/api/patient/otpsubmit', {
      status: 400,
      body: { error: messages.invalidCode, fields: { vcode: messages.invalidCode } },
    });
    await expectAlert(messages.invalidCode);
    // A refused code is cleared so the next one is typed afresh.
    await waitFor(async () => expect((await screen.findByLabelText('Authentication code')).getAttribute('value') ?? '').toBe(''));
  },
  'password.newPasswordSubmitted': async () => {
    await fill('New password', 'a-long-new-password');
    await fill('Repeat the new password', 'a-long-new-password');
    await user().click(await button('Save the password'));
  },
  'api.reset.ok': async () => {
    const call = await api.reply('/api/patient/passwordReset', { status: 200, body: { changed: true } });
    expect(call.body).toEqual({ resetToken: 'grant-1', password: 'a-long-new-password' });
  },
  'api.reset.expired': async () => {
    await api.reply('/api/patient/passwordReset', {
      status: 400,
      body: { error: sessionMessages.resetInvalid, fields: { resetToken: sessionMessages.resetInvalid } },
    });
    await expectAlert(sessionMessages.resetInvalid);
  },
  'api.reset.refused': async () => {
    await api.reply('/api/patient/passwordReset', {
      status: 400,
      body: { error: sessionMessages.passwordTooCommon, fields: { password: sessionMessages.passwordTooCommon } },
    });
    await expectAlert(sessionMessages.passwordTooCommon);
  },

  'newUser.codeRequested': async () => {
    const sent = session().getSnapshot().context.newUser?.getSnapshot().hasTag('codeSent') ?? false;
    await user().click(await button(sent ? 'Resend' : 'Click to Get OTP'));
  },
  'api.sendOtp.ok': async () => {
    const resent = (session().getSnapshot().context.newUser?.getSnapshot().context.codeSentTo ?? null) !== null;
    const call = await api.reply('/api/patient/sendotp', {
      status: 200,
      body: { user: { email: 'n******@clearview.test' }, error: null },
    });
    expect(call.headers.get('Authorization')).toMatch(/^Bearer (newuser\.restricted\.token|stored-token)$/);
    await screen.findByText(resent ? /^Re-sent/ : /^Authentication code has been sent/);
  },
  'api.sendOtp.failed': async () => {
    await api.reply('/api/patient/sendotp', { status: 429, body: { error: messages.tooManyCodes } });
    await expectAlert(messages.tooManyCodes);
  },
  'api.sendOtp.unauthorized': async () => {
    await api.reply('/api/patient/sendotp', { status: 401, body: { error: messages.notSignedIn } });
    await expectAlert(sessionMessages.tokenInvalid);
  },
  'newUser.passwordSubmitted': async () => {
    await fill('Authentication code', '123456');
    await fill('New password', 'a-long-new-password');
    await fill('Repeat the new password', 'a-long-new-password');
    await user().click(await button('Save the password'));
  },
  'api.cpassword.ok': async () => {
    const call = await api.reply('/api/patient/cpassword', { status: 200, body: janeLogin });
    expect(call.body).toEqual({ vcode: '123456', password: 'a-long-new-password' });
    await screen.findByRole('heading', { name: 'Signed in as Jane Doe' });
  },
  'api.cpassword.wrongCode': async () => {
    await api.reply('/api/patient/cpassword', {
      status: 400,
      body: { error: messages.invalidCode, fields: { vcode: messages.invalidCode } },
    });
    await expectAlert(messages.invalidCode);
    // A refused code is cleared so the next one is typed afresh.
    await waitFor(async () => expect((await screen.findByLabelText('Authentication code')).getAttribute('value') ?? '').toBe(''));
  },
  'newUser.cancel': async () => user().click(await button('Back to sign-in')),

  'session.refreshRequested': async () => {
    // A screen's data call meets a 401: the http layer asks the session for one refresh.
    dataCall = loadData();
    dataCall.catch(() => {});
    await waitFor(() => expect(api.isHeld('/api/patient/refreshtoken')).toBe(true));
  },
  'session.logout': async () => user().click(await button('Logout')),
  'logout.confirm': async () => user().click(await button('Yes')),
  'logout.cancel': async () => user().click(await button('No')),
  'logout.dispatch': async () => goTo('/logout'),
  'session.signInAddressOpened': async () => goTo('/admin'),
  'api.logout.ok': async () => {
    const auto = session().getSnapshot().matches('autoLoggingOut');
    const call = await api.reply('/api/patient/logout', { status: 200, body: { ok: true } });
    expect(call.headers.get('Authorization')).toMatch(/^Bearer /);
    // After a logout the user is back where they signed in; an automatic one stays on the sign-in address.
    await waitFor(() => expect(window.location.pathname).toBe(auto ? '/admin' : storeAddress));
    expect(sessionStorage.getItem('access_token')).toBeNull();
  },
  'api.logout.failed': async () => {
    await api.reply('/api/patient/logout', { status: 500 });
    await waitFor(() => expect(window.location.pathname).toBe(storeAddress));
  },
};

/**
 * The session's state with a running child flow's state inside it, as the model names it: the session at
 * signedOut.forgotPassword.running with its child at awaitingCode is the model's signedOut.forgotPassword.awaitingCode.
 * The child must be the one the actor system knows by its systemId.
 */
export function realValue(): StateValue {
  const snapshot = session().getSnapshot();
  const { forgotPassword, newUser } = snapshot.context;
  if (snapshot.matches({ signedOut: { forgotPassword: 'running' } }) && forgotPassword) {
    expect(session().system.get('forgotPassword')).toBe(forgotPassword);
    return { signedOut: { forgotPassword: forgotPassword.getSnapshot().value } };
  }
  if (snapshot.matches({ newUser: 'running' }) && newUser) {
    expect(session().system.get('newUser')).toBe(newUser);
    return { newUser: newUser.getSnapshot().value };
  }
  return snapshot.value;
}

/** What the reader sees in each state, and that the real session actor (and its child flow) is in the same state. */
export async function expectVisible(state: ModelSnapshot) {
  await waitFor(() => expect(matchesState(state.value, realValue())).toBe(true));
  const snapshot = session().getSnapshot();
  const busyButton = async () => waitFor(() => expect(screen.getAllByRole('button').some(isPending)).toBe(true));

  if (state.matches('checking')) {
    expect(await screen.findByRole('progressbar')).toBeTruthy();
  } else if (state.matches({ signedOut: 'idle' })) {
    if (state.context.onForgotPage) {
      await screen.findByRole('heading', { name: 'Forgot password' });
      await screen.findByLabelText('User name (email)');
    } else {
      await screen.findByLabelText('Password');
      expect(isPending(await button('Sign in'))).toBe(false);
    }
  } else if (state.matches({ signedOut: 'authorizing' }) || state.matches({ signedOut: 'signingIn' })) {
    expect(isPending(await button('Sign in'))).toBe(true);
  } else if (state.matches({ signedOut: 'awaitingCode' })) {
    await screen.findByLabelText('Authentication code');
    expect((await button('Submit')).getAttribute('aria-disabled') ?? (await button('Submit')).hasAttribute('disabled')).toBeTruthy();
  } else if (state.matches({ signedOut: 'resendingCode' }) || state.matches({ signedOut: 'signingInWithCode' })) {
    await screen.findByLabelText('Authentication code');
    await busyButton();
  } else if (state.matches({ signedOut: { forgotPassword: 'enteringEmail' } })) {
    await screen.findByRole('heading', { name: 'Forgot password' });
    expect(screen.getAllByRole('alert').length).toBeGreaterThan(0);
  } else if (state.matches({ signedOut: { forgotPassword: 'sendingRequest' } })) {
    await busyButton();
  } else if (state.matches({ signedOut: { forgotPassword: 'awaitingCode' } })) {
    await screen.findByLabelText('Authentication code');
    await button('Resend');
  } else if (state.matches({ signedOut: { forgotPassword: 'verifyingCode' } })) {
    expect(isPending(await button('Submit'))).toBe(true);
  } else if (state.matches({ signedOut: { forgotPassword: 'choosingPassword' } })) {
    await screen.findByLabelText('New password');
    expect(isPending(await button('Save the password'))).toBe(false);
  } else if (state.matches({ signedOut: { forgotPassword: 'resetting' } })) {
    expect(isPending(await button('Save the password'))).toBe(true);
  } else if (state.matches({ signedOut: { forgotPassword: 'done' } })) {
    await screen.findByText('Your password has been changed. You can sign in with it now.');
  } else if (state.matches({ newUser: 'ready' })) {
    await screen.findByRole('heading', { name: 'Set your password' });
    expect(isPending(await button('Click to Get OTP'))).toBe(false);
  } else if (state.matches({ newUser: 'sendingCode' }) || state.matches({ newUser: 'changingPassword' })) {
    await screen.findByRole('heading', { name: 'Set your password' });
    await busyButton();
  } else if (state.matches({ newUser: 'codeSent' })) {
    await screen.findByLabelText('Authentication code');
    await screen.findByLabelText('New password');
  } else if (state.matches('signedIn')) {
    // The open logout question hides the page behind it from assistive technology.
    await screen.findByRole('heading', { name: 'Signed in as Jane Doe', hidden: true });
    if (state.matches({ signedIn: { logout: 'confirming' } })) {
      expect(within(await screen.findByRole('alertdialog')).getByText('Are you sure want to exit the product?')).toBeTruthy();
    } else {
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    }
    expect(snapshot.hasTag('signedIn')).toBe(true);
  } else if (state.matches('loggingOut')) {
    await waitFor(() =>
      expect(screen.queryByText('Logging out..') ?? screen.getAllByRole('button').find(isPending)).toBeTruthy(),
    );
  } else if (state.matches('autoLoggingOut')) {
    expect(isPending(await button('Sign in'))).toBe(true);
    expect(session().getSnapshot().hasTag('signedIn')).toBe(false);
  }
}

/** After each path: the rendered app torn down, no data call left waiting. */
export function resetDriver() {
  tearDown(app);
  app = undefined;
  dataCall = null;
}

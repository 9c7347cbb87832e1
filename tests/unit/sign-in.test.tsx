import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/contract/common';
import { clearviewDowntown, janeDoe, janeLogin } from '../fixtures/auth';
import { fakeApi, renderAuth, tearDown } from '../fixtures/authHarness';
import type { Call, Rendered, Reply } from '../fixtures/authHarness';

let app: Rendered | undefined;
afterEach(() => {
  tearDown(app);
  app = undefined;
});

const authorised = { status: 200, body: { role: ['patient'], isauth: true, codeRequired: false, error: null } };

/** The demo store, with an auth-code step and login that answer as given. */
const storeApi =
  (login: Reply, authCode: Reply = authorised) =>
  (call: Call): Reply | undefined => {
    if (call.path === '/api/portal/clearview/downtown') return { status: 200, body: clearviewDowntown };
    if (call.path.startsWith('/api/portal/')) return { status: 404, body: { error: messages.unknownPortal } };
    if (call.path === '/api/patient/authcode') return authCode;
    if (call.path === '/api/patient/login') return login;
    if (call.path === '/api/patient/logout') return { status: 200, body: { ok: true } };
    return { status: 404, body: { error: messages.notFound } };
  };

async function signIn(password = 'Demo-Pass-2026!') {
  const user = app!.user;
  await user.type(await screen.findByLabelText('User name (email)'), 'patient@clearview.test');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('store sign-in (/{company}/{store})', () => {
  it('shows the store and, when the auth-code step refuses, the spec message in an alert', async () => {
    const api = fakeApi(
      storeApi(janeLogin as never, {
        status: 401,
        body: { role: null, isauth: false, codeRequired: false, error: messages.invalidLogin },
      }),
    );
    app = renderAuth('/clearview/downtown');
    // The company and the store are values: each keeps its own direction (an Arabic name on an English page, a Latin
    // one on an Arabic page).
    expect((await screen.findByText('Clearview Optical')).tagName).toBe('BDI');
    expect(screen.getByText('Downtown').tagName).toBe('BDI');
    await signIn();

    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toBe('Invalid Username or Password');
    // The refusal takes the focus, as every form's summary does.
    await waitFor(() => expect(document.activeElement).toBe(refusal));
    expect(api.calls.find((call) => call.path === '/api/patient/authcode')?.body).toEqual({
      username: 'patient@clearview.test',
      password: 'Demo-Pass-2026!',
      tenentID: clearviewDowntown.tenantID,
      locationid: clearviewDowntown.locationid,
    });
    expect(api.calls.some((call) => call.path === '/api/patient/login')).toBe(false);

    // Editing the credentials clears the refusal: it no longer describes what is typed.
    await app.user.type(screen.getByLabelText('Password'), 'x');
    await waitFor(() => expect(screen.queryByText('Invalid Username or Password')).toBeNull());
  });

  it('signs in, keeps no refresh token in session storage and remembers the store for /login', async () => {
    const api = fakeApi(storeApi({ status: 200, body: janeLogin }));
    app = renderAuth('/clearview/downtown');
    await signIn();

    expect(await screen.findByRole('heading', { name: 'Signed in as Jane Doe' })).toBeTruthy();
    const login = api.calls.find((call) => call.path === '/api/patient/login')!;
    expect(login.body).toMatchObject({ tenentID: clearviewDowntown.tenantID, locationid: clearviewDowntown.locationid });
    expect(login.headers.get('X-Tenant-ID')).toBe(clearviewDowntown.tenantID);
    expect(Object.keys(sessionStorage).sort()).toEqual(['access_token', 'expiresAt', 'loginUrl', 'tenantID', 'user']);
    expect(sessionStorage.getItem('loginUrl')).toBe('/clearview/downtown');
    expect(JSON.parse(atob(sessionStorage.getItem('user')!))).toEqual(janeDoe);
    expect(JSON.parse(localStorage.getItem('lastStore')!)).toEqual({ company: 'clearview', store: 'downtown' });
  });

  it('links "Forgot password?" to /ForgotPassword with its store', async () => {
    fakeApi(storeApi({ status: 500 }));
    app = renderAuth('/clearview/downtown');
    await app.user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(window.location.pathname + window.location.search).toBe('/ForgotPassword?store=clearview%2Fdowntown');
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeTruthy();
    expect(await screen.findByText('Clearview Optical')).toBeTruthy();
  });

  it('says so when the address is not a known store', async () => {
    fakeApi(storeApi({ status: 500 }));
    app = renderAuth('/nowhere/none');
    expect((await screen.findByRole('alert')).textContent).toBe('This sign-in address is not known.');
    expect(screen.queryByLabelText('User name (email)')).toBeNull();
  });
});

describe('/login: the last store of this browser, else a store chooser', () => {
  it('asks for the store, signs in there, and offers it again next time', async () => {
    const api = fakeApi(storeApi({ status: 200, body: janeLogin }));
    app = renderAuth('/login');
    await app.user.type(await screen.findByLabelText('Company'), 'Clearview');
    await app.user.type(screen.getByLabelText('Store'), 'downtown');
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Clearview Optical')).toBeTruthy();
    await signIn();
    // Leaving the sign-in address is the route guard's move (another part); the session is what counts here.
    await waitFor(() => expect(app!.session.getSnapshot().hasTag('signedIn')).toBe(true));
    expect(api.calls.find((call) => call.path === '/api/patient/login')?.body).toMatchObject({
      tenentID: clearviewDowntown.tenantID,
    });
    expect(sessionStorage.getItem('loginUrl')).toBe('/login');

    tearDown(undefined);
    app.session.stop();
    localStorage.setItem('lastStore', JSON.stringify({ company: 'clearview', store: 'downtown' }));
    fakeApi(storeApi({ status: 200, body: janeLogin }));
    app = renderAuth('/login');
    expect(await screen.findByText('Clearview Optical')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Change store' }));
    expect(await screen.findByLabelText('Company')).toBeTruthy();
  });
});

describe("the home page's code, fetched ahead", () => {
  it.each([
    ['/clearview/downtown', ['patient']],
    ['/Patient/login', ['patient']],
    ['/kiosk/login', ['kiosk']],
    ['/admin', ['staff']],
  ])('%s asks for the %s home once the person starts typing, and only once', async (path, roles) => {
    fakeApi(storeApi({ status: 401, body: { error: messages.invalidLogin } }));
    const preloadHome = vi.fn();
    app = renderAuth(path, { preloadHome });
    const userName = await screen.findByLabelText('User name (email)');
    // Not while the page loads: what a guest's sign-in page fetches has its own budget.
    expect(preloadHome).not.toHaveBeenCalled();
    await app.user.type(userName, 'p');
    expect(preloadHome.mock.calls).toEqual([[roles]]);
    await signIn();
    await screen.findByRole('alert');
    expect(preloadHome).toHaveBeenCalledTimes(1);
  });
});

describe('other sign-in addresses', () => {
  it('/admin sends isEnterpriseAdmin when the box is ticked and shows the expired-registration message', async () => {
    const api = fakeApi(storeApi({ status: 403, body: { error: messages.registrationExpired } }));
    app = renderAuth('/admin');
    await app.user.click(await screen.findByRole('checkbox', { name: 'Enterprise admin' }));
    await signIn();

    expect((await screen.findByRole('alert')).textContent).toBe(messages.registrationExpired);
    expect(api.calls.find((call) => call.path === '/api/patient/authcode')?.body).toMatchObject({
      isEnterpriseAdmin: true,
    });
    expect(api.calls.at(-1)?.body).toMatchObject({ isEnterpriseAdmin: true });
  });

  it('/Patient/login sends isPatient and /kiosk/login isKiosk (and offers no password reset)', async () => {
    const api = fakeApi(storeApi({ status: 401, body: { error: messages.invalidLogin } }));
    app = renderAuth('/Patient/login');
    expect(await screen.findByRole('heading', { name: 'Patient sign-in' })).toBeTruthy();
    await signIn();
    await screen.findByRole('alert');
    expect(api.calls.at(-1)?.body).toMatchObject({ isPatient: true });

    tearDown(app);
    const kioskApi = fakeApi(storeApi({ status: 401, body: { error: messages.invalidLogin } }));
    app = renderAuth('/kiosk/login');
    expect(await screen.findByRole('heading', { name: 'Kiosk sign-in' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).toBeNull();
    await signIn();
    await screen.findByRole('alert');
    expect(kioskApi.calls.at(-1)?.body).toMatchObject({ isKiosk: true });
  });

  it('the code step keeps Submit disabled until the code has 6 characters', async () => {
    fakeApi(storeApi({ status: 200, body: janeLogin }, { ...authorised, body: { ...authorised.body, codeRequired: true } }));
    app = renderAuth('/Patient/login');
    await signIn();
    const code = await screen.findByLabelText('Authentication code');
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit.hasAttribute('disabled') || submit.getAttribute('aria-disabled') === 'true').toBe(true);
    // Disabled, it says why, beside it and as its description.
    expect(document.getElementById(submit.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Enter the emailed code');
    await app.user.type(code, '123');
    await app.user.tab();
    expect(await screen.findByText('OTP code is Incorrect')).toBeTruthy();
    await app.user.type(code, '456');
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    expect(submit.hasAttribute('aria-describedby')).toBe(false);
    await app.user.click(submit);
    await waitFor(() => expect(app!.session.getSnapshot().hasTag('signedIn')).toBe(true));
  });

  it("an empty submit is refused by the form in the reader's language: 'Required' at each field and in a focused summary, nothing sent; typing clears the field's message", async () => {
    const api = fakeApi(storeApi({ status: 200, body: janeLogin }));
    app = renderAuth('/Patient/login');
    await app.user.click(await screen.findByRole('radio', { name: 'العربية' }));
    await app.user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual(['اسم المستخدم (البريد الإلكتروني): مطلوب', 'كلمة المرور: مطلوب']);
    const password = screen.getByLabelText('كلمة المرور');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.some((call) => call.path === '/api/patient/authcode')).toBe(false);
    await app.user.click(within(summary).getByRole('link', { name: 'كلمة المرور: مطلوب' }));
    expect(document.activeElement).toBe(password);
    await app.user.type(password, 'x');
    await waitFor(() => expect(password.hasAttribute('aria-invalid')).toBe(false));
  });

  it('/login: an empty store chooser is refused with a focused summary, not the browser\'s bubble', async () => {
    const api = fakeApi(storeApi({ status: 200, body: janeLogin }));
    app = renderAuth('/login');
    await app.user.click(await screen.findByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual(['Company: Required', 'Store: Required']);
    expect(api.calls.some((call) => call.path.startsWith('/api/portal/'))).toBe(false);
  });

  it('Arabic translates the screen, server messages included', async () => {
    fakeApi(storeApi({ status: 401 }, { status: 401, body: { error: messages.invalidLogin } }));
    app = renderAuth('/Patient/login');
    await app.user.click(await screen.findByRole('radio', { name: 'العربية' }));
    await app.user.type(screen.getByLabelText('اسم المستخدم (البريد الإلكتروني)'), 'patient@clearview.test');
    await app.user.type(screen.getByLabelText('كلمة المرور'), 'wrong');
    await app.user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect((await screen.findByRole('alert')).textContent).toBe('اسم المستخدم أو كلمة المرور غير صحيحة');
  });
});

describe('logout', () => {
  it('"Yes" logs out and returns to the address the user signed in from', async () => {
    const api = fakeApi(storeApi({ status: 200, body: janeLogin }));
    app = renderAuth('/clearview/downtown');
    await signIn();
    await app.user.click(await screen.findByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure want to exit the product?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByLabelText('User name (email)')).toBeTruthy();
    expect(window.location.pathname).toBe('/clearview/downtown');
    const logout = api.calls.find((call) => call.path === '/api/patient/logout');
    expect(logout?.headers.get('Authorization')).toBe(`Bearer ${janeLogin.access_token}`);
    expect(sessionStorage.getItem('access_token')).toBeNull();
  });

  it('/logout shows "Logging out.." and logs out without asking', async () => {
    const api = fakeApi((call) => {
      if (call.path === '/api/patient/me') return { status: 200, body: { user: janeDoe } };
      if (call.path === '/api/patient/logout') return undefined;
      return storeApi({ status: 200, body: janeLogin })(call);
    });
    sessionStorage.setItem('access_token', 'stored-token');
    sessionStorage.setItem('tenantID', janeDoe.tenantId);
    sessionStorage.setItem('expiresAt', String(Math.floor(Date.now() / 1000) + 300));
    sessionStorage.setItem('user', btoa(JSON.stringify(janeDoe)));
    sessionStorage.setItem('loginUrl', '/kiosk/login');
    app = renderAuth('/logout');
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Logging out..');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const logout = await api.reply('/api/patient/logout', { status: 200, body: { ok: true } });
    expect(logout.headers.get('Authorization')).toBe('Bearer stored-token');
    await waitFor(() => expect(window.location.pathname).toBe('/kiosk/login'));
    expect(sessionStorage.getItem('access_token')).toBeNull();
  });
});

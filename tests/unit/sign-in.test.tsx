import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/App';
import { createRuntime } from '../../src/app/runtime';
import type { Runtime } from '../../src/app/runtime';
import { messages } from '../../src/contract/common';
import { clearviewDowntown, janeLogin } from '../fixtures/auth';
import '../fixtures/jsdom-gaps';

interface Call {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}
type Reply = { status: number; body?: unknown };

/** Stands in for the API: `answer` sees each call as the server would; every call is recorded. */
function fakeApi(answer: (call: Call) => Reply | Promise<Reply>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const call = {
      method: init.method ?? 'GET',
      path: input,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const { status, body } = await answer(call);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

/** The storefront of the demo data, with a login that answers `loginReply`. */
const storeApi = (loginReply: Reply) => (call: Call): Reply => {
  if (call.path === '/api/portal/clearview/downtown') return { status: 200, body: clearviewDowntown };
  if (call.path === '/api/patient/login') return loginReply;
  if (call.path === '/api/patient/logout') return { status: 204 };
  return { status: 404, body: { error: messages.notFound } };
};

let runtime: Runtime;

function openApp(path: string) {
  window.history.replaceState(null, '', path);
  runtime = createRuntime({
    sessionStorage: window.sessionStorage,
    localStorage: window.localStorage,
    root: document.documentElement,
  });
  render(<App runtime={runtime} />);
  return userEvent.setup();
}

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('User name (email)'), 'patient@clearview.test');
  await user.type(screen.getByLabelText('Password'), 'Demo-Pass-2026!');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  runtime.session.stop();
  vi.unstubAllGlobals();
});

describe('store sign-in (/{company}/{store})', () => {
  it('shows the store and, on a 401, the server message in an alert', async () => {
    const calls = fakeApi(storeApi({ status: 401, body: { error: messages.invalidLogin } }));
    const user = openApp('/clearview/downtown');

    expect(await screen.findByText('Clearview Optical')).toBeTruthy();
    expect(screen.getByText('Downtown')).toBeTruthy();
    await signIn(user);

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid Username or Password');
    expect(calls.find((call) => call.path === '/api/patient/login')?.body).toEqual({
      username: 'patient@clearview.test',
      password: 'Demo-Pass-2026!',
      tenentID: clearviewDowntown.tenantID,
      locationid: clearviewDowntown.locationid,
    });
    expect(screen.queryByText(/Signed in as/)).toBeNull();
  });

  it('signs in, shows the name and store, and keeps no refresh token in session storage', async () => {
    fakeApi(storeApi({ status: 200, body: janeLogin }));
    const user = openApp('/clearview/downtown');
    await signIn(user);

    expect(await screen.findByRole('heading', { name: 'Signed in as Jane Doe' })).toBeTruthy();
    expect(screen.getByText('Downtown, Clearview Optical')).toBeTruthy();
    expect(window.location.pathname).toBe('/');
    expect(Object.keys(sessionStorage).sort()).toEqual(['access_token', 'expiresAt', 'loginUrl', 'tenantID', 'user']);
    expect(sessionStorage.getItem('access_token')).toBe(janeLogin.access_token);
  });

  it('logs out after "Yes" and returns to the address the user signed in from', async () => {
    const calls = fakeApi(storeApi({ status: 200, body: janeLogin }));
    const user = openApp('/clearview/downtown');
    await signIn(user);
    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure want to exit the product?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByLabelText('User name (email)')).toBeTruthy();
    expect(window.location.pathname).toBe('/clearview/downtown');
    const logout = calls.find((call) => call.path === '/api/patient/logout');
    expect(logout?.headers.get('Authorization')).toBe(`Bearer ${janeLogin.access_token}`);
    expect(sessionStorage.getItem('access_token')).toBeNull();
  });

  it('after a reload, shows the splash while the stored token is checked, then the user', async () => {
    let answerMe: (reply: Reply) => void = () => {};
    const me = new Promise<Reply>((resolve) => (answerMe = resolve));
    const signInApi = storeApi({ status: 200, body: janeLogin });
    const calls = fakeApi((call) => (call.path === '/api/patient/me' ? me : signInApi(call)));
    await signIn(openApp('/clearview/downtown'));
    await screen.findByRole('heading', { name: 'Signed in as Jane Doe' });
    cleanup();
    runtime.session.stop();

    openApp('/');

    expect(screen.getByRole('progressbar', { name: 'Checking your session' })).toBeTruthy();
    answerMe({ status: 200, body: { user: janeLogin.user } });
    expect(await screen.findByRole('heading', { name: 'Signed in as Jane Doe' })).toBeTruthy();
    expect(calls.at(-1)?.path).toBe('/api/patient/me');
    expect(calls.at(-1)?.headers.get('Authorization')).toBe(`Bearer ${janeLogin.access_token}`);
  });

  it('says so when the address is not a known store', async () => {
    fakeApi(() => ({ status: 404, body: { error: messages.unknownPortal } }));
    openApp('/nowhere/none');
    expect((await screen.findByRole('alert')).textContent).toBe('This sign-in address is not known.');
    expect(screen.queryByLabelText('User name (email)')).toBeNull();
  });
});

describe('other sign-in addresses', () => {
  it('/admin sends isEnterpriseAdmin when the box is ticked', async () => {
    const calls = fakeApi(storeApi({ status: 403, body: { error: messages.registrationExpired } }));
    const user = openApp('/admin');
    await user.click(await screen.findByRole('checkbox', { name: 'Enterprise admin' }));
    await signIn(user);

    expect((await screen.findByRole('alert')).textContent).toBe(messages.registrationExpired);
    expect(calls.at(-1)?.body).toMatchObject({ isEnterpriseAdmin: true });
  });

  it('Arabic turns the page right-to-left and translates it, server messages included', async () => {
    fakeApi(storeApi({ status: 401, body: { error: messages.invalidLogin } }));
    const user = openApp('/Patient/login');
    await user.click(await screen.findByRole('radio', { name: 'العربية' }));

    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    await user.type(screen.getByLabelText('اسم المستخدم (البريد الإلكتروني)'), 'patient@clearview.test');
    await user.type(screen.getByLabelText('كلمة المرور'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'إرسال' }));
    expect((await screen.findByRole('alert')).textContent).toBe('اسم المستخدم أو كلمة المرور غير صحيحة');
  });

  it('sends an unknown path to the not-found page', async () => {
    fakeApi(storeApi({ status: 500 }));
    openApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(window.location.pathname).toBe('/pages/errors/error-404');
  });
});

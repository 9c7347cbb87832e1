import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/App';
import { createRuntime } from '../../src/app/runtime';
import type { Runtime } from '../../src/app/runtime';
import { messages } from '../../src/contract/common';
import { clearviewDowntown, janeLogin } from '../fixtures/auth';
import '../fixtures/jsdom-gaps';
import { fakeApi } from '../fixtures/fakeApi';
import type { Call, Reply } from '../fixtures/fakeApi';
import { dashboard } from './records-fixtures';

let runtime: Runtime;

// Compiled once here, so that the test's waits do not include it (the app fetches these when first needed).
beforeAll(() =>
  Promise.all([
    import('../../src/contract/auth'),
    import('../../src/app/SignedInShell'),
    import('../../src/views/dashboard/DashboardPage'),
    import('../../src/i18n/locales/en.json'),
  ]),
);

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(async () => {
  cleanup();
  runtime.session.stop();
  vi.unstubAllGlobals();
  await act(() => runtime.i18n.changeLanguage('en'));
});

describe('the first page after a sign-in', () => {
  it("asks for the patient home's data as the sign-in succeeds, before the page draws, and only once", async () => {
    let signInFormShownAtTheCall: boolean | null = null;
    const api = fakeApi((call: Call): Reply => {
      if (call.path === '/api/portal/clearview/downtown') return { status: 200, body: clearviewDowntown };
      if (call.path === '/api/patient/authcode') return { status: 200, body: { role: ['patient'], isauth: true, codeRequired: false, error: null } };
      if (call.path === '/api/patient/login') return { status: 200, body: janeLogin };
      if (call.path === '/api/my/dashboard') {
        signInFormShownAtTheCall = screen.queryByLabelText('Password') !== null;
        return { status: 200, body: dashboard };
      }
      return { status: 404, body: { error: messages.notFound } };
    });
    window.history.replaceState(null, '', '/clearview/downtown');
    runtime = createRuntime({ sessionStorage: window.sessionStorage, localStorage: window.localStorage, root: document.documentElement });
    render(<App runtime={runtime} />);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('User name (email)'), 'patient@clearview.test');
    await user.type(screen.getByLabelText('Password'), 'Demo-Pass-2026!');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Hello, Jane', undefined, { timeout: 5000 })).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/dashboard/patients');
    expect(signInFormShownAtTheCall).toBe(true);
    const dashboardCalls = api.calls.filter((call) => call.path === '/api/my/dashboard');
    expect(dashboardCalls).toHaveLength(1);
    expect(dashboardCalls[0]!.headers.get('Authorization')).toBe(`Bearer ${janeLogin.access_token}`);
  });
});

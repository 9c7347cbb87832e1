/**
 * What the shell's tests share: the app started at an address with a user signed in (their session in session
 * storage, as after a sign-in), the server as far as the shell needs it, the demo roles, and the hooks that reset
 * storage and stop the app after each test. shell.test.tsx and shell-navigation.test.tsx use it.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { App } from '../../src/app/App';
import { createRuntime } from '../../src/app/runtime';
import type { Runtime } from '../../src/app/runtime';
import { writeStoredSession } from '../../src/app/storedSession';
import type { User } from '../../src/contract/auth';
import { messages } from '../../src/contract/common';
import { janeDoe } from '../fixtures/auth';
import '../fixtures/jsdom-gaps';
import { fakeApi as fakeServer, type Call, type Reply } from '../fixtures/fakeApi';

/** Every call answered at once by `answer`; the calls made are returned. */
export const fakeApi = (answer: (call: Call) => Reply | Promise<Reply>) => fakeServer(answer).calls;


/** The server as far as the shell needs it: who is signed in, saving their settings, logging out. */
function accountApi(user: User) {
  let current = user;
  return (call: Call): Reply => {
    if (call.path === '/api/patient/me') return { status: 200, body: { user: current } };
    if (call.path === '/api/patient/logout') return { status: 204 };
    if (call.path === '/api/patient/savethemesettings') {
      const { settings, shortcuts } = (call.body as { data: { settings: User['data']['settings']; shortcuts: string[] } })
        .data;
      current = { ...current, data: { ...current.data, shortcuts, settings: { ...current.data.settings, ...settings } } };
      return { status: 200, body: { user: current, message: messages.settingsSaved } };
    }
    return { status: 404, body: { error: messages.notFound } };
  };
}

export const withRoles = (role: User['role'], displayName: string): User => ({
  ...janeDoe,
  role,
  data: { ...janeDoe.data, role, displayName },
});
export const admin = withRoles(['admin'], 'Ada Admin');
export const staff = withRoles(['staff'], 'Sam Staff');
export const patient = janeDoe;
export const enterprise = withRoles(['enterpriseadmin'], 'Eli Enterprise');

/** The running app and the calls its fake server received, of the test running now. */
export const shell: { runtime: Runtime; apiCalls: Call[] } = { runtime: undefined as unknown as Runtime, apiCalls: [] };

/** A page load at `path` with `user` signed in (their session in session storage, as after a sign-in). */
export function openAs(user: User, path: string) {
  shell.apiCalls = fakeApi(accountApi(user));
  writeStoredSession(window.sessionStorage, {
    session: { accessToken: 'token', tenantId: user.tenantId, user, expiresAt: Date.now() / 1000 + 600 },
    loginUrl: '/login',
  });
  window.history.replaceState(null, '', path);
  shell.runtime = createRuntime({
    sessionStorage: window.sessionStorage,
    localStorage: window.localStorage,
    root: document.documentElement,
  });
  render(<App runtime={shell.runtime} />);
  return userEvent.setup();
}

/** The side navigation's group headings, in order. */
export async function navigationGroups() {
  const nav = await screen.findByRole('navigation', { name: 'Navigation' });
  return within(nav)
    .getAllByRole('list')
    .map((list) => list.getAttribute('aria-labelledby'))
    .filter((id): id is string => id !== null)
    .map((id) => document.getElementById(id)?.textContent);
}

/** Registers the shell's hooks in the calling test file. */
export function useShellHooks() {
  // The app fetches these when first needed (the contract's schemas with the first checked answer, the shell, all of
  // English); loaded once here, so that the first test's waits do not include compiling them.
  beforeAll(() =>
    Promise.all([
      import('../../src/contract/auth'),
      import('../../src/app/SignedInShell'),
      import('../../src/i18n/locales/en.json'),
    ]),
  );

  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  afterEach(async () => {
    cleanup();
    shell.runtime.app.stop();
    vi.unstubAllGlobals();
    await act(() => shell.runtime.i18n.changeLanguage('en'));
  });
}

import { QueryClient } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import { createActor, fromPromise } from 'xstate';
import { fetchMe, login, logout } from '../api/auth';
import { ApiError } from '../api/http';
import { bindDocumentLanguage, createI18n } from '../i18n/i18n';
import { sessionMachine } from '../machines/session.machine';
import { readStoredSession, writeStoredSession } from './storedSession';

export interface RuntimeOptions {
  sessionStorage: Storage;
  localStorage: Storage;
  root: HTMLElement;
}

/**
 * Everything long-lived, made once outside React (main.tsx) so that StrictMode's double effects cannot start a
 * second session check or send a logout twice. Tests build a fresh one per test.
 */
export function createRuntime({ sessionStorage, localStorage, root }: RuntimeOptions) {
  const i18n = createI18n(localStorage);
  bindDocumentLanguage(i18n, root);

  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again (and a 401 is the session's business, not a retry's).
        retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
      },
    },
  });

  const session = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise(({ input, signal }) => login(input, signal)),
        loadMe: fromPromise(async ({ input, signal }) => (await fetchMe(input.accessToken, signal)).user),
        logout: fromPromise(({ input, signal }) => logout(input.accessToken, signal)),
      },
      actions: { persistSession: ({ context }) => writeStoredSession(sessionStorage, context) },
    }),
    { input: readStoredSession(sessionStorage) },
  );
  // Server data of one user must never show to the next; then back to where this user signed in.
  session.on('session.ended', ({ loginUrl }) => {
    queryClient.clear();
    navigate(loginUrl ?? '/', { replace: true });
  });
  session.start();

  return { i18n, queryClient, session };
}

export type Runtime = ReturnType<typeof createRuntime>;

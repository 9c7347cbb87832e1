import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchPortalMapping } from '../../api/auth';
import { ApiError } from '../../api/http';
import type { PortalMapping } from '../../contract/auth';
import { useSessionActor } from '../ui/session';
import type { SessionActor } from '../ui/session';

/**
 * The portal mapping of a sign-in address, looked up once per page and kept (it does not change while the page
 * lives), forgotten when the session ends, like the signed-in screens' query cache. Small on purpose: the sign-in
 * page loads without TanStack Query, which only the signed-in shell needs (src/app/queries.ts). It follows the
 * app's query defaults: a failure other than a 4xx answer is tried twice more, after 1 s and 2 s; meanwhile the
 * look-up is still pending. `refetch` (the Retry button) keeps the error showing until the new answer.
 */
export type PortalMappingResult =
  | { isPending: true; isError: false; data: undefined; error: null; refetch: () => void }
  | { isPending: false; isError: true; data: undefined; error: unknown; refetch: () => void }
  | { isPending: false; isError: false; data: PortalMapping; error: null; refetch: () => void };

type State = { key: string } & (
  | { status: 'pending' }
  | { status: 'error'; error: unknown }
  | { status: 'success'; data: PortalMapping }
);

/** One cache per session actor (tests make one per test); it empties when that session ends. */
const caches = new WeakMap<SessionActor, Map<string, PortalMapping>>();

function cacheOf(session: SessionActor) {
  let cache = caches.get(session);
  if (!cache) {
    const created = new Map<string, PortalMapping>();
    session.on('session.ended', () => created.clear());
    caches.set(session, created);
    cache = created;
  }
  return cache;
}

const shouldRetry = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && failures < 2;
const retryDelay = (failures: number) => Math.min(1000 * 2 ** failures, 30_000);

function wait(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

async function lookUp(company: string, store: string, signal: AbortSignal): Promise<PortalMapping> {
  for (let failures = 0; ; failures++) {
    try {
      return await fetchPortalMapping(company, store, signal);
    } catch (error) {
      if (signal.aborted || !shouldRetry(failures, error)) throw error;
      await wait(retryDelay(failures), signal);
    }
  }
}

export function usePortalMapping(company: string, store: string): PortalMappingResult {
  const cache = cacheOf(useSessionActor());
  const key = JSON.stringify([company, store]);
  const initial = (): State => {
    const known = cache.get(key);
    return known ? { key, status: 'success', data: known } : { key, status: 'pending' };
  };
  const [state, setState] = useState<State>(initial);
  const current: State = state.key === key ? state : initial();
  const running = useRef<AbortController | null>(null);

  const start = useCallback(() => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    lookUp(company, store, controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        cache.set(key, data);
        setState({ key, status: 'success', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ key, status: 'error', error });
      },
    );
  }, [cache, company, store, key]);

  // A new address shows pending (`current` above) until its answer; an unmount stops the look-up.
  const known = cache.has(key);
  useEffect(() => {
    if (!known) start();
  }, [known, start]);
  useEffect(() => () => running.current?.abort(), []);

  const refetch = useCallback(() => start(), [start]);
  if (current.status === 'success') {
    return { isPending: false, isError: false, data: current.data, error: null, refetch };
  }
  if (current.status === 'error') {
    return { isPending: false, isError: true, data: undefined, error: current.error, refetch };
  }
  return { isPending: true, isError: false, data: undefined, error: null, refetch };
}

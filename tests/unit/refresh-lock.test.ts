import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshAccessToken } from '../../src/api/auth';

/** The part of the Web Locks API the app uses: one holder per name at a time, in order. */
function fakeLocks() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, _options: unknown, work: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(work, work);
      tails.set(name, run.catch(() => undefined));
      return run;
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('refreshing the access token', () => {
  it('never sends two refreshes at once, so tabs sharing the cookie do not trip reuse detection', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: fakeLocks() });
    let inFlight = 0;
    let most = 0;
    let issued = 0;
    vi.stubGlobal('fetch', async (path: string) => {
      expect(path).toBe('/api/patient/refreshtoken');
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight--;
      issued++;
      return new Response(JSON.stringify({ accessToken: `token-${issued}`, expiresIn: 600, refreshToken: null }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const [first, second] = await Promise.all([refreshAccessToken('old-a'), refreshAccessToken('old-b')]);
    expect(most).toBe(1);
    expect([first?.accessToken, second?.accessToken].sort()).toEqual(['token-1', 'token-2']);
  });
});

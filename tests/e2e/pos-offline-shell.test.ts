/**
 * A reload of the register while offline (pos.md): the built app's service worker (vite.config.ts, registerOffline)
 * serves the app's code and index.html from its cache, and the session stays signed in although its start-up check
 * gets no answer. The test registers the worker as the register's sale view does when it opens
 * (src/views/pos/sale/serviceWorker.ts), since the sale view is not yet reachable on main.
 */
import { describe, expect, it } from 'vitest';
import { expectHeading, expectPath, patience, signInAt, useBrowser } from './support/browser';

const e2e = useBrowser();

describe('the register offline', () => {
  it('opens again on a reload with no connection, still signed in', async () => {
    const admin = await e2e.newPage();
    await signInAt(admin, '/admin', { email: 'admin@clearview.test' });
    await expectPath(admin, '/admin/pos/all');
    await expectHeading(admin, 'Point of sale');
    const scriptsCached = await admin.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      const ready = await navigator.serviceWorker.ready;
      const names = await caches.keys();
      const cached = (await Promise.all(names.map(async (name) => (await caches.open(name)).keys()))).flat().map((r) => new URL(r.url).pathname);
      return { active: Boolean(ready.active), scripts: cached.filter((p) => p.endsWith('.js')).length, api: cached.filter((p) => p.startsWith('/api/')).length };
    });
    expect(scriptsCached.active).toBe(true);
    expect(scriptsCached.scripts).toBeGreaterThan(20);
    // The API is never cached.
    expect(scriptsCached.api).toBe(0);

    await admin.context().setOffline(true);
    await admin.reload();
    await expectHeading(admin, 'Point of sale');
    await admin.getByRole('button', { name: 'User menu: Alex Admin', exact: true }).waitFor(patience);
    expect(await admin.getByLabel('Password', { exact: true }).count()).toBe(0);
    expect(new URL(admin.url()).pathname).toBe('/admin/pos/all');

    // Back online the app is the server's again (a page load reaches it, the session check answers).
    await admin.context().setOffline(false);
    await admin.reload();
    await expectHeading(admin, 'Point of sale');
  });
});

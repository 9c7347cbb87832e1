/**
 * A reload of the register while offline (pos.md): the built app's service worker (vite.config.ts, registerOffline)
 * serves the app's code and index.html from its cache, and the session stays signed in although its start-up check
 * gets no answer. The first story registers the worker itself (as the register's sale view does when it opens,
 * src/views/pos/sale/serviceWorker.ts); the second is a clerk's: the register chosen and opened, a sale being built
 * when the connection goes and the page is reloaded: the register opens on the device's register and session with
 * the sale as it was, the sale completes in cash and waits, survives another reload, and is sent once when the
 * connection is back (a server of this file's own: the sale changes the demo data other stories read).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHeading, expectPath, patience, signInAt, useBrowser } from './support/browser';
import { useOutboxServer } from './support/outbox';
import { openDowntownRegister } from './support/register';

const server = useOutboxServer();
const e2e = useBrowser({ server });

/** The service worker registered by the register, in control of the page (its cache filled). */
async function offlineShellReady(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, patience);
}

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

  it('a clerk reloads with no connection: the register, its session and the sale are still there; the sale is sent once when the connection is back', { timeout: 120_000 }, async () => {
    const page = await e2e.newPage();
    const register = await openDowntownRegister(page);
    await offlineShellReady(page);

    // A walk-in's cloth on the sale, then the connection goes and the page is reloaded.
    await page.getByRole('combobox', { name: 'Product or barcode' }).pressSequentially('microfibre', { delay: 40 });
    await page.getByRole('option', { name: /^Microfibre cleaning cloth/ }).first().click();
    const lines = page.getByRole('list', { name: 'Lines of the sale' });
    await lines.getByRole('button', { name: /^Microfibre cleaning cloth/ }).waitFor();
    await page.getByRole('button', { name: 'Walk-in' }).click();
    await page.context().setOffline(true);
    await page.reload();
    await expectHeading(page, `Point of sale · ${register}`);
    await page.getByText(/^No connection: the register keeps selling/).waitFor(patience);
    await lines.getByRole('button', { name: /^Microfibre cleaning cloth/ }).waitFor(patience);

    // Paid in cash on the device: it waits, and a second reload still shows it waiting.
    await page.keyboard.press('F4');
    const pay = page.getByRole('dialog', { name: /^Payment of / });
    await pay.waitFor();
    const total = (await pay.getByRole('heading', { name: /^Payment of / }).innerText()).replace(/^Payment of /, '').replace(/[^0-9.]/g, '');
    await pay.getByLabel('Cash received (USD)').fill(total);
    await pay.getByRole('button', { name: 'Add payment' }).click();
    await pay.getByRole('button', { name: 'Complete sale' }).click();
    await page.getByText(/^Sale kept on this device: waiting to be sent\./).waitFor();
    await page.reload();
    await expectHeading(page, `Point of sale · ${register}`);
    await page.getByText('1 sale waiting to be sent').waitFor(patience);
    expect(await lines.count()).toBe(0);

    // Back online: sent once, listed once in the register's history.
    await page.context().setOffline(false);
    await page.getByText('1 sale waiting to be sent').waitFor({ state: 'detached', ...patience });
    await page.getByRole('link', { name: 'History', exact: true }).click();
    await page.getByRole('link', { name: /^Invoice \d+ / }).first().waitFor(patience);
    expect(await page.getByRole('link', { name: /^Invoice \d+ / }).count()).toBe(1);
  });
});

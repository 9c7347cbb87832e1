/**
 * A reload of the register while offline (pos.md): the built app's service worker (vite.config.ts, registerOffline)
 * serves the app's code and index.html from its cache, and the session stays signed in although its start-up check
 * gets no answer. The first story registers the worker itself (as the register's sale view does when it opens,
 * src/views/pos/sale/serviceWorker.ts); the second is a clerk's: the register chosen and opened, a sale being built
 * when the connection goes and the page is reloaded: the register opens on the device's register and session with
 * the sale as it was; with no connection the clerk still adds products the register has seen (a frame scanned, another
 * found by a word), the sale completes in cash and waits, survives another reload, and is sent once when the
 * connection is back (a server of this file's own: the sale changes the demo data other stories read).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHeading, expectPath, patience, signInAt, useBrowser } from './support/browser';
import { useOutboxServer } from './support/outbox';
import { openDowntownRegister, productBarcode, registerLocation, scan } from './support/register';

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

    // A walk-in's cloth on the sale; the clerk also looks up the RB5154 frames (seen by the register, not added).
    const search = page.getByRole('combobox', { name: 'Product or barcode' });
    await search.pressSequentially('microfibre', { delay: 40 });
    await page.getByRole('option', { name: /^Microfibre cleaning cloth/ }).first().click();
    const lines = page.getByRole('list', { name: 'Lines of the sale' });
    await lines.getByRole('button', { name: /^Microfibre cleaning cloth/ }).waitFor();
    await search.pressSequentially('rb5154', { delay: 40 });
    await page.getByRole('option', { name: /^Ray-Ban RB5154 Tortoise/ }).waitFor();
    await search.press('Escape');
    const blackFrame = await productBarcode(page, await registerLocation(page, register), 'FR-RB5154-BLA-51');
    await page.getByRole('button', { name: 'Walk-in' }).click();

    // The connection goes and the page is reloaded.
    await page.context().setOffline(true);
    await page.reload();
    await expectHeading(page, `Point of sale · ${register}`);
    await page.getByText(/^No connection: the register keeps selling/).waitFor(patience);
    await lines.getByRole('button', { name: /^Microfibre cleaning cloth/ }).waitFor(patience);

    // Still offline, the register finds what it has seen: the black frame by its barcode, the tortoise one by a word.
    await search.focus();
    await scan(page, blackFrame);
    await lines.getByRole('button', { name: /^Ray-Ban RB5154 Black/ }).waitFor();
    await search.pressSequentially('tortoise', { delay: 40 });
    await page.getByText(/^Offline: showing products this register has seen\./).waitFor();
    await page.getByRole('option', { name: /^Ray-Ban RB5154 Tortoise/ }).click();
    await lines.getByRole('button', { name: /^Ray-Ban RB5154 Tortoise/ }).waitFor();

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
    // Its lines (as its refund form lists them): the cloth and the two frames found offline, each once.
    await page.getByRole('link', { name: /^Invoice \d+ / }).click();
    const refund = page.getByRole('form', { name: /^Refund sale / });
    await refund.getByRole('rowheader').first().waitFor(patience);
    expect((await refund.getByRole('rowheader').allInnerTexts()).sort()).toEqual(['Microfibre cleaning cloth', 'Ray-Ban RB5154 Black', 'Ray-Ban RB5154 Tortoise']);
  });
});

/**
 * Staff can see and clear a lock, in Chromium against a server of the file's own (its outbox prints the
 * sign-in codes, and the failures made here touch no other file's accounts): wrong passwords for Jane through the
 * API put the emailed code step in front of a new browser; the clerk sees her failures in her chart on a phone,
 * clears them, and Jane in a fresh browser signs in with her password alone. The admin sees and clears a clerk's
 * failures on the Access page, in Arabic (right to left) on a phone. Axe finds nothing in either section.
 */
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { codePattern, useOutboxServer } from './support/outbox';
import { expectHeading, expectPath, fitsTheScreen, nextClientAddress, patience, readApi, signInAt, useBrowser, userMenu } from './support/browser';

const server = useOutboxServer();
const e2e = useBrowser({ server });

/** server/db/seed.ts demoIds. */
const clearview = 'c1ea0000-0000-4000-8000-000000000001';
const downtown = 'c1ea0000-0000-4000-8000-00000000d001';
const jane = 'c1ea0000-0000-4000-8000-0000000a0001';

/**
 * Wrong passwords for the account through POST /api/patient/login, each from its own client address (the server
 * trusts one proxy hop: the X-Forwarded-For entry is the address), so no address reaches its delay or the per-address
 * limit; the account's own count reaches the code step (5).
 */
async function failSignIns(email: string, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await fetch(`${server.baseURL}/api/patient/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClientAddress() },
      body: JSON.stringify({ username: email, password: `Wrong-Password-${i}`, tenentID: clearview, locationid: downtown }),
    });
    expect(res.status).toBe(401);
  }
}

/** Nothing on the page is wider than the screen (a phone scrolls only down). */

describe('a clerk clears a patient’s sign-in failures', () => {
  it('Jane’s failures show in her chart; once cleared, a fresh browser signs her in without a code', async () => {
    await failSignIns('patient@clearview.test', 6);

    // Jane on a new browser is asked for the emailed code (the failures were not hers).
    const before = await e2e.newPage();
    const mark = server.mark();
    await signInAt(before, '/clearview/downtown', { email: 'patient@clearview.test' });
    await before.getByLabel('Authentication code').waitFor(patience);
    expect(await server.nextInMessage('patient@clearview.test', mark, codePattern)).toMatch(/^\d{6}$/);

    const clerk = await e2e.newPage({ phone: true });
    await signInAt(clerk, '/clearview/downtown', { email: 'staff@clearview.test' });
    await clerk.waitForURL((url) => !url.pathname.startsWith('/clearview'), patience);
    await clerk.goto(`/admin/patients/${jane}/${downtown}`);
    await expectHeading(clerk, 'Jane Doe');
    const section = clerk.getByRole('region', { name: 'Sign-in failures' });
    await section.waitFor(patience);
    const text = await section.innerText();
    expect(text).toContain('Failed sign-ins from new devices since the last sign-in: 6');
    expect(text).toContain('Signing in on a new device now asks for a code sent by email');
    expect(text).toMatch(/Last failure: /);
    expect(await fitsTheScreen(clerk)).toBe(true);
    expect(await axeViolations(clerk, 'main')).toEqual([]);

    // Clear asks first; Cancel leaves everything as it was.
    await section.getByRole('button', { name: 'Clear sign-in failures' }).click();
    const dialog = clerk.getByRole('alertdialog');
    await dialog.getByText('Clear the sign-in failures of Jane Doe? The sign-in code step and any waiting time end at once.').waitFor(patience);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached', ...patience });
    await section.waitFor(patience);
    await section.getByRole('button', { name: 'Clear sign-in failures' }).click();
    await dialog.getByRole('button', { name: 'Clear sign-in failures' }).click();
    await clerk.getByText('Sign-in failures cleared').waitFor(patience);
    await section.waitFor({ state: 'detached', ...patience });
    // The list the chart reads is empty for her, as the server says.
    expect(await readApi<{ locks: unknown[] }>(clerk, `/api/staff/locks?patientId=${jane}`)).toEqual({ locks: [] });

    const after = await e2e.newPage();
    await signInAt(after, '/clearview/downtown', { email: 'patient@clearview.test' });
    await expectPath(after, '/admin/dashboard/patients');
    await userMenu(after, 'Jane Doe').waitFor(patience);
    expect(await after.getByLabel('Authentication code').count()).toBe(0);
  });
});

describe('an admin clears a clerk’s sign-in failures, in Arabic', () => {
  it('the Access page shows the clerk’s failures and the marker on the row, right to left on a phone; Clear ends both', async () => {
    const admin = await e2e.newPage({ phone: true });
    await signInAt(admin, '/admin', { email: 'admin@clearview.test' });
    await admin.waitForURL((url) => url.pathname !== '/admin', patience);
    // The reader's language, as the language menu stores it; the next page load is in Arabic.
    await admin.evaluate(() => window.localStorage.setItem('language', 'ar'));
    await failSignIns('staff@clearview.test', 5);

    await admin.goto('/admin/access');
    await expectHeading(admin, 'المستخدمون والأذونات');
    expect(await admin.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const row = admin.getByRole('row', { name: /Sam Staff/ });
    await row.getByText('مقفل').waitFor(patience);
    await admin.getByRole('button', { name: 'Sam Staff' }).click();
    const section = admin.getByRole('region', { name: 'محاولات تسجيل الدخول الفاشلة' });
    await section.waitFor(patience);
    expect(await section.innerText()).toContain('تسجيل الدخول من جهاز جديد يتطلب الآن رمزًا يُرسل بالبريد الإلكتروني');
    expect(await fitsTheScreen(admin)).toBe(true);
    expect(await axeViolations(admin, 'main')).toEqual([]);

    await section.getByRole('button', { name: 'مسح المحاولات الفاشلة' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'مسح المحاولات الفاشلة' }).click();
    await admin.getByText('تم مسح المحاولات الفاشلة').waitFor(patience);
    await section.waitFor({ state: 'detached', ...patience });
    await expect.poll(() => row.getByText('مقفل').count(), patience).toBe(0);
  });
});

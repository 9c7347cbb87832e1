/**
 * Reminders the patient answers, in the browser, on a server of its own (its outbox prints the reminder): the clerk
 * books Jane a visit later today, the reminders run, Jane opens the reminder's link on a phone in Arabic (right to
 * left, nothing off the screen, axe-clean) and confirms; the clerk's work desk then lists the visit as confirmed by
 * the patient's link.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { expectHeading, expectPath, patience, signInAt, useBrowser } from './support/browser';
import { useOutboxServer } from './support/outbox';

const server = useOutboxServer();
const e2e = useBrowser({ server });
const downtown = 'c1ea0000-0000-4000-8000-00000000d001';
const jane = 'c1ea0000-0000-4000-8000-0000000a0001';

/** A call of the signed-in page's API, with its session. */
function api(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const headers = { Authorization: `Bearer ${sessionStorage.getItem('access_token')}`, 'X-Tenant-ID': sessionStorage.getItem('tenantID')!, 'Content-Type': 'application/json' };
      const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    { method, path, body },
  );
}

describe('reminders the patient answers', () => {
  it("Jane confirms by the reminder's link on a phone in Arabic; the clerk sees the visit confirmed", async () => {
    const clerk = await e2e.newPage();
    await signInAt(clerk, '/admin', { email: 'admin@clearview.test' });
    await expectPath(clerk, '/admin/pos/all');

    // A visit later today (the next five-minute mark at least ten minutes ahead), booked by the clerk.
    const providers = await api(clerk, 'GET', `/api/appointments/providers?locationId=${downtown}`);
    const providerId = (providers.body as { providers: { id: string }[] }).providers[0]!.id;
    const startsAt = new Date(Math.ceil((Date.now() + 10 * 60_000) / 300_000) * 300_000).toISOString();
    const booked = await api(clerk, 'POST', '/api/appointments', { patientId: jane, locationId: downtown, providerId, type: 'eye-exam', startsAt, durationMinutes: 30 });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);

    const mark = server.mark();
    const run = await api(clerk, 'POST', '/api/jobs', { kind: 'appointment.reminders' });
    expect(run.status).toBe(202);
    const link = await server.nextInMessage('patient@clearview.test', mark, /\/visit\/[A-Za-z0-9_-]{22}/);

    const phone = await e2e.newPage({ phone: true, language: 'ar' });
    await phone.goto(link);
    await expectHeading(phone, 'موعدك');
    expect(await phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await phone.getByRole('status').filter({ hasText: 'يرجى تأكيد موعدك أو إلغاؤه.' }).waitFor(patience);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(phone, 'main')).toEqual([]);
    await phone.getByRole('button', { name: 'تأكيد' }).click();
    await phone.getByRole('status').filter({ hasText: 'شكرًا، تم تأكيد موعدك.' }).waitFor(patience);
    expect(await phone.getByRole('button', { name: 'تأكيد' }).count()).toBe(0);
    expect(await axeViolations(phone, 'main')).toEqual([]);

    // The clerk's work desk: today's visits, Jane's confirmed by the link.
    await clerk.goto('/admin/workdesk/today');
    await expectHeading(clerk, 'Work desk');
    const row = clerk.getByRole('row').filter({ has: clerk.getByRole('rowheader', { name: 'Doe, Jane' }) }).filter({ hasText: 'Confirmed by the patient (link)' });
    await row.first().waitFor(patience);
  });
});

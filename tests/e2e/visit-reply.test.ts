/**
 * Reminders the patient answers, in the browser, on a server of its own (its outbox prints the reminders) with an
 * SMS provider the test plays (tests/server/messageServers.ts): Jane's reminder by text is answered 'C' through the
 * provider's signed inbound webhook and the clerk's work desk shows the visit confirmed by SMS; then Jane opens an
 * emailed reminder's link on a phone in Arabic (right to left, nothing off the screen, axe-clean) and confirms, and
 * the clerk sees that visit confirmed by the link.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsSignature, smsSignatureHeader } from '../../server/messaging/transports';
import { startSmsServer, type SmsServer } from '../server/messageServers';
import { axeViolations } from './support/axe';
import { expectHeading, expectPath, patience, signInAt, useBrowser } from './support/browser';
import { useOutboxServer } from './support/outbox';

let sms: SmsServer;
beforeAll(async () => {
  sms = await startSmsServer();
});
afterAll(async () => {
  await sms?.close();
});
const server = useOutboxServer(() => ({ SMS_URL: sms.url, SMS_ACCOUNT_ID: sms.accountId, SMS_TOKEN: sms.token, SMS_FROM: '+15005550006' }));
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

async function clerkPage() {
  const clerk = await e2e.newPage();
  await signInAt(clerk, '/admin', { email: 'admin@clearview.test' });
  await expectPath(clerk, '/admin/pos/all');
  return clerk;
}

/** Books Jane a visit `minutes` ahead (on the five-minute grid), as the clerk, and runs the reminders. */
async function bookAndRemind(clerk: Page, minutes: number) {
  const providers = await api(clerk, 'GET', `/api/appointments/providers?locationId=${downtown}`);
  const providerId = (providers.body as { providers: { id: string }[] }).providers[0]!.id;
  const startsAt = new Date(Math.ceil((Date.now() + minutes * 60_000) / 300_000) * 300_000).toISOString();
  const booked = await api(clerk, 'POST', '/api/appointments', { patientId: jane, locationId: downtown, providerId, type: 'eye-exam', startsAt, durationMinutes: 30 });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const run = await api(clerk, 'POST', '/api/jobs', { kind: 'appointment.reminders' });
  expect(run.status).toBe(202);
}

/** The clerk's work desk: today's visits, a row of Jane's saying `text`. */
async function seenOnWorkDesk(clerk: Page, text: string) {
  await clerk.goto('/admin/workdesk/today');
  await expectHeading(clerk, 'Work desk');
  await clerk.getByRole('row').filter({ has: clerk.getByRole('rowheader', { name: 'Doe, Jane' }) }).filter({ hasText: text }).first().waitFor(patience);
}

describe('reminders the patient answers', () => {
  it("Jane answers the reminder by text 'C' (the test plays the SMS provider); the clerk sees the visit confirmed", async () => {
    const clerk = await clerkPage();
    const channel = await api(clerk, 'PATCH', `/api/patients/${jane}`, { preferredChannel: 'sms' });
    expect(channel.status, JSON.stringify(channel.body)).toBe(200);
    try {
      await bookAndRemind(clerk, 10);
      // The reminder is logged for Jane's number (before 08:00 in New York it waits out the quiet hours there).

      // The provider posts Jane's reply, signed with the account token over the address it posts to.
      const params = { MessageSid: 'SM00000000000000000000000000e2e001', AccountSid: sms.accountId, From: '+15550142', To: '+15005550006', Body: 'C' };
      const url = `http://localhost:${new URL(server.baseURL).port}/api/messaging/sms-inbound`;
      const post = () =>
        fetch(`${server.baseURL}/api/messaging/sms-inbound`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', [smsSignatureHeader]: smsSignature(sms.token, url, params) },
          body: new URLSearchParams(params).toString(),
        });
      expect((await post()).status).toBe(204);
      const answers = () => sms.received.filter((m) => m.to === '+15550142');
      await expect.poll(() => answers().length, patience).toBe(1);
      expect(answers()[0]!.body).toMatch(/^Downtown: thank you, your visit on .* is confirmed\.$/);
      // The provider retries the same message: nothing is done or sent again.
      expect((await post()).status).toBe(204);

      await seenOnWorkDesk(clerk, 'Confirmed by the patient (SMS)');
      expect(await axeViolations(clerk, '#content')).toEqual([]);
      expect(answers()).toHaveLength(1);
    } finally {
      await api(clerk, 'PATCH', `/api/patients/${jane}`, { preferredChannel: 'email' });
    }
  });

  it("Jane confirms by the reminder's link on a phone in Arabic; the clerk sees the visit confirmed", async () => {
    const clerk = await clerkPage();
    const mark = server.mark();
    await bookAndRemind(clerk, 45);
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

    await seenOnWorkDesk(clerk, 'Confirmed by the patient (link)');
  });
});

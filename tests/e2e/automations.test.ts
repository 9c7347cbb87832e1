/**
 * The work desk's Automations view in the browser, on a server of its own (its runs queue messages to the
 * demo patients): the admin sees the scheduled runs of appointment reminders and recall steps the scheduler made at
 * start, starts a run of appointment reminders by hand and sees it listed, done, with what it queued. On a phone in
 * Arabic the view fits (no sideways scrolling) and is axe-clean. Staff open the work desk (the route table lets them)
 * but the runs are not theirs: no runs, no buttons, and the API refuses them.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { expectHeading, expectPath, patience, signInAt, useBrowser } from './support/browser';
import { useOutboxServer } from './support/outbox';

const server = useOutboxServer();
const e2e = useBrowser({ server });

async function signInAsAdmin(page: Page) {
  await signInAt(page, '/admin', { email: 'admin@clearview.test' });
  await expectPath(page, '/admin/pos/all');
}

const runsTable = (page: Page, name: string) => page.getByRole('table', { name });

describe('automations', () => {
  it('the admin sees the scheduled runs, starts appointment reminders by hand and sees the run and what it queued', async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page);
    // The first page of a cold server on a busy machine may take longer than the usual patience.
    await page.goto('/admin/workdesk/automations', { timeout: 60_000 });
    await expectHeading(page, 'Work desk');
    expect(await page.getByRole('link', { name: 'Automations' }).getAttribute('aria-current')).toBe('page');
    await page.getByRole('heading', { name: 'Automation runs', level: 2 }).waitFor(patience);

    // The scheduler's runs of both kinds, made when the server started, each done with its result.
    const table = runsTable(page, 'Automation runs');
    for (const kind of ['appointment reminders', 'recall reminders']) {
      const scheduled = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: kind, exact: true }) });
      await expect.poll(() => scheduled.count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => scheduled.first().innerText(), { timeout: 30_000 }).toMatch(/Done\s+\d+ messages queued/);
    }
    expect(await axeViolations(page, '#content')).toEqual([]);

    // A run by hand: announced, then listed as started by hand, done, with what it queued.
    await page.getByRole('group', { name: 'Run now' }).getByRole('button', { name: 'Run appointment reminders now' }).click();
    await page.getByRole('status').filter({ hasText: 'appointment reminders started. The list updates when the run ends.' }).waitFor(patience);
    const manual = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'appointment reminders (started by hand)' }) });
    await manual.first().waitFor(patience);
    await expect.poll(() => manual.first().innerText(), { timeout: 30_000 }).toMatch(/Done\s+\d+ messages queued/);
    expect(await axeViolations(page, '#content')).toEqual([]);
  });

  it('in Arabic on a phone: right to left, no sideways scrolling, axe-clean', async () => {
    const page = await e2e.newPage({ phone: true });
    await signInAsAdmin(page);
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.goto('/admin/workdesk/automations');
    await expectHeading(page, 'مكتب العمل');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await runsTable(page, 'تشغيلات المهام التلقائية').getByRole('rowheader').first().waitFor(patience);
    await page.getByRole('button', { name: 'تشغيل تذكيرات الاستدعاء الآن' }).waitFor(patience);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page, '#content')).toEqual([]);
  });

  it('staff open the work desk but not its automation runs; the API refuses them', async () => {
    const staff = await e2e.newPage();
    await signInAt(staff, '/clearview/downtown', { email: 'staff@clearview.test' });
    await expectPath(staff, '/admin/pos/all');
    await staff.goto('/admin/workdesk/automations');
    await expectPath(staff, '/admin/workdesk/automations');
    await expectHeading(staff, 'Work desk');
    // The desk's own list has loaded (its automations tab is current) before the absence is read.
    expect(await staff.getByRole('link', { name: 'Automations' }).getAttribute('aria-current')).toBe('page');
    await staff.getByRole('heading', { level: 2 }).or(staff.getByText('Nothing left to do here.')).first().waitFor(patience);
    expect(await staff.getByRole('heading', { name: 'Automation runs' }).count()).toBe(0);
    expect(await staff.getByRole('button', { name: /^Run .* now$/ }).count()).toBe(0);

    const answers = await staff.evaluate(async () => {
      const headers = { Authorization: `Bearer ${sessionStorage.getItem('access_token')}`, 'X-Tenant-ID': sessionStorage.getItem('tenantID')!, 'Content-Type': 'application/json' };
      const list = await fetch('/api/jobs', { headers });
      const start = await fetch('/api/jobs', { method: 'POST', headers, body: JSON.stringify({ kind: 'recall.steps' }) });
      return [list.status, start.status];
    });
    expect(answers).toEqual([403, 403]);
  });
});

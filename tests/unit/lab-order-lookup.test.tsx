/**
 * /admin/laborderlookup/{type} and /admin/workdesk/{type} against a fake API: the rows (production and invoice
 * state side by side, overdue flagged), selecting orders and moving them together along a move they all allow,
 * a refused order reported per order with the translated reason, a move none allows not offered; the work desk's
 * rows leading to the chart tab that finishes them; empty and error states.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { janeDoe } from '../fixtures/auth';
import type { Call, Reply } from '../fixtures/fakeApi';
import { LabOrderLookupPage } from '../../src/views/labOrders/LabOrderLookupPage';
import { WorkDeskPage } from '../../src/views/workdesk/WorkDeskPage';
import { recordCalls, renderPage, tearDownPage, withRoles } from './records-harness';
import ar from '../../src/i18n/locales/ar.json';
import en from '../../src/i18n/locales/en.json';
import tr from '../../src/i18n/locales/tr.json';

const admin = withRoles(janeDoe, ['admin'], 'Ada Admin');
const downtown = { id: '5d2f9b71-2c4e-4a8b-8f3d-9e6c1b7a4d20', slug: 'downtown', name: 'Downtown', address: '1 Main St', phone: '+1 555 0100', timeZone: 'America/New_York', currency: 'USD', logo: null };
const ok = (body: unknown): Reply => ({ status: 200, body });

const order = (n: number, status: string, extra: Record<string, unknown> = {}) => ({
  id: `c1ea0000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  number: n,
  locationId: downtown.id,
  storeName: 'Downtown',
  patientId: 'c1ea0000-0000-4000-8000-0000000a0001',
  patientFirstName: 'Jane',
  patientLastName: 'Doe',
  status,
  heldFrom: null,
  labName: 'Lab',
  expectedOn: '2026-11-01',
  overdue: false,
  invoiceNumber: 1001,
  invoiceStatus: 'paid',
  createdAt: '2026-10-20T10:00:00.000Z',
  updatedAt: '2026-10-21T10:00:00.000Z',
  ...extra,
});

let rendered: ReturnType<typeof renderPage> | undefined;
beforeEach(() => window.history.replaceState(null, '', '/admin/laborderlookup/all'));
afterEach(() => {
  tearDownPage(rendered);
  rendered = undefined;
  window.history.replaceState(null, '', '/');
});

describe('/admin/laborderlookup/{type}', () => {
  it('moves the selected orders together and reports a refused one with the current status', async () => {
    const a = order(5001, 'in-production', { overdue: true });
    const b = order(5002, 'in-production', { invoiceStatus: 'open' });
    const c = order(5003, 'delivered');
    rendered = renderPage(<LabOrderLookupPage type="all" />, {
      user: admin,
      api: (call: Call) => {
        const url = new URL(call.path, 'http://x');
        if (url.pathname === '/api/stores') return ok({ stores: [downtown] });
        if (call.method === 'GET' && url.pathname === '/api/lab-orders') return ok({ items: [a, b, c], nextCursor: null });
        if (call.method === 'POST' && url.pathname === '/api/lab-orders/status') {
          return ok({
            results: [
              { id: a.id, ok: true, status: 'received', remakeId: null },
              { id: b.id, ok: false, httpStatus: 409, code: 'labOrders.movedOn', error: 'Someone else moved this order meanwhile: it is now received.', params: { status: 'received' } },
            ],
          });
        }
        return { status: 404, body: { error: 'Not found' } };
      },
    });
    const table = await screen.findByRole('table', { name: 'Lab orders: All' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByRole('rowheader').textContent).toBe('5001');
    expect(first.textContent).toContain('In production');
    expect(first.textContent).toContain('1001 · Paid');
    expect(first.textContent).toContain('overdue');
    // The patient's name keeps its own direction (an Arabic name in an English table and the other way round).
    expect(within(first).getByRole('link', { name: 'Doe, Jane' }).querySelector('bdi')?.textContent).toBe('Doe, Jane');

    const user = rendered.user;
    await user.click(screen.getByRole('checkbox', { name: 'Select order 5001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order 5003' }));
    // An in-production and a delivered order share no next step.
    expect(screen.getByText('The selected orders have no next step in common. Select orders in the same status.')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Select order 5003' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order 5002' }));
    const moveTo = screen.getByRole('combobox', { name: 'Move to' });
    expect(within(moveTo).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a status', 'Received at the store', 'On hold', 'Cancelled']);
    // Disabled until a status is chosen, and it says so.
    const move = screen.getByRole('button', { name: 'Move' });
    expect(document.getElementById(move.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Choose a status');
    await user.selectOptions(moveTo, 'received');
    await user.click(screen.getByRole('button', { name: 'Move' }));
    await screen.findByText('Orders moved to “Received at the store”: 1.');
    expect(screen.getByText('Order 5002 was not moved: someone else moved it meanwhile. It is now “Received at the store”.')).toBeTruthy();
    const post = recordCalls(rendered.server.calls).find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ to: 'received', note: '', orders: [{ id: a.id, from: 'in-production' }, { id: b.id, from: 'in-production' }] });
  });

  it('shows the empty and the error state', async () => {
    rendered = renderPage(<LabOrderLookupPage type="overdue" />, {
      user: admin,
      api: (call) => (call.path.startsWith('/api/stores') ? ok({ stores: [downtown] }) : call.path.startsWith('/api/lab-orders') ? ok({ items: [], nextCursor: null }) : undefined),
    });
    await screen.findByText('No orders here (Overdue).');
    tearDownPage(rendered);
    rendered = renderPage(<LabOrderLookupPage type="all" />, {
      user: admin,
      api: (call) => (call.path.startsWith('/api/stores') ? ok({ stores: [downtown] }) : { status: 503, body: { error: 'Down' } }),
    });
    await screen.findByText('We could not load the orders.');
  });
});

describe('/admin/workdesk/{type}', () => {
  it("each row's link is named with the words it shows (WCAG 2.5.3 label in name), in every language", () => {
    for (const [language, texts] of Object.entries({ en, tr, ar })) {
      const { actions, actionsFor } = texts.workDesk;
      for (const kind of Object.keys(actions) as (keyof typeof actions)[]) {
        const name = actionsFor[kind].replace('{{name}}', 'Doe, Jane').toLocaleLowerCase(language);
        expect(name, `${language} ${kind}`).toContain(actions[kind].toLocaleLowerCase(language));
      }
    }
  });

  it('lists each kind of work with the place that finishes it', async () => {
    window.history.replaceState(null, '', '/admin/workdesk/all');
    const base = { patientId: 'c1ea0000-0000-4000-8000-0000000a0001', patientFirstName: 'Jane', patientLastName: 'Doe', locationId: downtown.id, storeName: 'Downtown' };
    rendered = renderPage(<WorkDeskPage type="all" />, {
      user: admin,
      api: (call) =>
        call.path.startsWith('/api/stores')
          ? ok({ stores: [downtown] })
          : call.path.startsWith('/api/workdesk')
            ? ok({
                items: [
                  { kind: 'form', id: 'c1ea0000-0000-4000-8000-0000000f0001', ...base, formName: 'New Patient Intake', formNames: { language: 'en', translated: { ar: 'استمارة المريض الجديد' } }, submittedAt: '2026-11-23T10:00:00.000Z' },
                  { kind: 'order', id: 'c1ea0000-0000-4000-8000-0000000f0002', ...base, number: 5001, status: 'ready-for-pickup', expectedOn: null, overdue: false },
                ],
                failedRuns: [],
                counts: { forms: 1, orders: 1, recalls: 0, today: 0, automations: 0 },
              })
            : undefined,
    });
    await screen.findByRole('heading', { name: 'Forms to review (1)' });
    expect(screen.getByRole('link', { name: 'Review the form of Doe, Jane' }).getAttribute('href')).toBe(
      '/admin/patients/c1ea0000-0000-4000-8000-0000000a0001/7?review=c1ea0000-0000-4000-8000-0000000f0001',
    );
    expect(screen.getByText('Order 5001 is ready to hand over')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open orders: Doe, Jane' }).getAttribute('href')).toBe('/admin/patients/c1ea0000-0000-4000-8000-0000000a0001/5');
    expect(screen.getAllByRole('rowheader').map((h) => h.querySelector('bdi')?.textContent)).toEqual(['Doe, Jane', 'Doe, Jane']);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Forms (1)' })).toBeTruthy());
  });

  it("in Arabic, a form to review is named by its Arabic name (issue 33)", async () => {
    window.history.replaceState(null, '', '/admin/workdesk/forms');
    const base = { patientId: 'c1ea0000-0000-4000-8000-0000000a0001', patientFirstName: 'Jane', patientLastName: 'Doe', locationId: downtown.id, storeName: 'Downtown' };
    rendered = renderPage(<WorkDeskPage type="forms" />, {
      user: admin,
      language: 'ar',
      api: (call) =>
        call.path.startsWith('/api/stores')
          ? ok({ stores: [downtown] })
          : call.path.startsWith('/api/workdesk')
            ? ok({
                items: [
                  { kind: 'form', id: 'c1ea0000-0000-4000-8000-0000000f0001', ...base, formName: 'New Patient Intake', formNames: { language: 'en', translated: { ar: 'استمارة المريض الجديد' } }, submittedAt: '2026-11-23T10:00:00.000Z' },
                ],
                failedRuns: [],
                counts: { forms: 1, orders: 0, recalls: 0, today: 0, automations: 0 },
              })
            : undefined,
    });
    const row = (await screen.findAllByRole('row'))[1]!;
    await waitFor(() => expect(row.textContent).toContain('استمارة المريض الجديد'));
    expect(row.textContent).not.toContain('New Patient Intake');
  });

  it('Automations: undelivered messages and failed runs, and for an admin the runs with Run now', async () => {
    window.history.replaceState(null, '', '/admin/workdesk/automations');
    const base = { patientId: 'c1ea0000-0000-4000-8000-0000000a0001', patientFirstName: 'Jane', patientLastName: 'Doe', locationId: downtown.id, storeName: 'Downtown' };
    const run = {
      id: 'c1ea0000-0000-4000-8000-0000000b0001',
      kind: 'recall.steps',
      slot: '2026-11-24',
      manual: false,
      status: 'done',
      attempts: 1,
      runAt: '2026-11-24T00:00:00.000Z',
      startedAt: '2026-11-24T00:00:01.000Z',
      finishedAt: '2026-11-24T00:00:03.000Z',
      result: { queued: 1250, skipped: { noAddress: 3, noConsent: 0 }, failures: [] },
      error: null,
    };
    const posted: unknown[] = [];
    rendered = renderPage(<WorkDeskPage type="automations" />, {
      user: admin,
      api: (call) => {
        if (call.path.startsWith('/api/stores')) return ok({ stores: [downtown] });
        if (call.path.startsWith('/api/workdesk'))
          return ok({
            items: [{ kind: 'message', id: 'c1ea0000-0000-4000-8000-0000000f0003', ...base, channel: 'sms', template: 'appointment.reminder', error: 'unreachable', createdAt: '2026-11-24T08:00:00.000Z' }],
            failedRuns: [{ id: 'c1ea0000-0000-4000-8000-0000000b0002', kind: 'appointment.reminders', runAt: '2026-11-24T07:00:00.000Z', finishedAt: null, error: 'the database went away' }],
            counts: { forms: 0, orders: 0, recalls: 0, today: 0, automations: 2 },
          });
        if (call.path === '/api/jobs' && call.method === 'POST') {
          posted.push(call.body);
          return { status: 202, body: { ...run, id: 'c1ea0000-0000-4000-8000-0000000b0003', manual: true, status: 'queued', result: null, finishedAt: null, startedAt: null } };
        }
        if (call.path.startsWith('/api/jobs')) return ok({ runs: [run] });
        return undefined;
      },
    });
    await screen.findByRole('heading', { name: 'Messages not delivered (1)' });
    expect(screen.getByText('SMS “appointment.reminder” not delivered: unreachable')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open messages: Doe, Jane' }).getAttribute('href')).toBe('/admin/patients/c1ea0000-0000-4000-8000-0000000a0001/8');
    expect(screen.getByRole('heading', { name: 'Automation runs that failed (1)' })).toBeTruthy();
    expect(screen.getByText('the database went away')).toBeTruthy();
    const runs = await screen.findByRole('table', { name: 'Automation runs' });
    expect(within(runs).getByText('1,250 messages queued · 3 without an address')).toBeTruthy();
    await rendered.user.click(screen.getByRole('button', { name: 'Run recall reminders now' }));
    await screen.findByText('recall reminders started. The list updates when the run ends.');
    expect(posted).toEqual([{ kind: 'recall.steps' }]);
  });
});

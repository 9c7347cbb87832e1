/**
 * A store's records are dated in the store's time zone, not the reader's: an invoice issued at 22:00 in New York
 * (03:00 the next day in UTC) is that evening's, in the chart's invoices tab; a lab order's steps, the chart's
 * messages, the register's session and a new prescription's exam date likewise.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Call, Reply } from '../fixtures/fakeApi';
import InvoicesTab from '../../src/views/patients/chart/InvoicesTab';
import LabOrdersTab from '../../src/views/patients/chart/LabOrdersTab';
import MessagesTab from '../../src/views/patients/chart/MessagesTab';
import RxTab from '../../src/views/patients/chart/RxTab';
import { PosPage } from '../../src/views/pos/PosPage';
import { janeDoe } from '../fixtures/auth';
import { ids, invoices, order, prescriptions, profile } from './records-fixtures';
import { openTill, report, rememberTill, sessionId } from './pos-register-fixtures';
import { renderPage, tearDownPage, withRoles } from './records-harness';

const clerk = withRoles(janeDoe, ['staff'], 'Sam Staff');
let rendered: ReturnType<typeof renderPage> | undefined;
afterEach(() => {
  tearDownPage(rendered);
  rendered = undefined;
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

const lateEvening = { ...invoices.invoices[0]!, issuedAt: '2026-11-21T03:00:00.000Z' };
const downtown = { id: ids.downtown, slug: 'downtown', name: 'Downtown', address: '', phone: '', timeZone: 'America/New_York', currency: 'USD', logo: null };

describe('dates of a store’s records', () => {
  it('the chart’s invoices tab dates an invoice in its store’s zone', async () => {
    rendered = renderPage(<InvoicesTab patientId={ids.jane} locationId={ids.downtown} />, {
      user: clerk,
      api: (call: Call): Reply | undefined => {
        if (call.path === `/api/patients/${ids.jane}/invoices`) return { status: 200, body: { ...invoices, invoices: [lateEvening] } };
        if (call.path === '/api/stores') return { status: 200, body: { stores: [downtown] } };
        return undefined;
      },
    });
    const row = (await screen.findByRole('link', { name: 'View invoice 2002' })).closest('tr')!;
    await within(row).findByText('Nov 20, 2026');
  });

  it('the chart’s lab orders tab times each step of an order in its store’s zone', async () => {
    const lateStep = { ...order, events: [{ fromStatus: null, status: 'draft' as const, at: '2026-11-21T03:00:00.000Z', byName: 'Sam Staff', note: '' }] };
    rendered = renderPage(<LabOrdersTab patientId={ids.jane} locationId={ids.downtown} />, {
      user: clerk,
      api: (call: Call): Reply | undefined => {
        if (call.path === `/api/patients/${ids.jane}/orders`) return { status: 200, body: { orders: [lateStep] } };
        if (call.path === '/api/stores') return { status: 200, body: { stores: [downtown] } };
        return undefined;
      },
    });
    await screen.findByText(/Nov 20, 2026, 10:00/);
  });

  it('the chart’s messages tab times a message in the zone of the store the chart is opened at', async () => {
    const late = { id: 'f0000000-0000-4000-8000-000000000001', channel: 'email' as const, recipient: 'jane@example.com', template: 'labOrder.readyForPickup', subject: 'Your glasses are ready', body: 'Ready', status: 'sent' as const, error: null, createdAt: '2026-11-21T03:00:00.000Z', sentAt: '2026-11-21T03:00:00.000Z' };
    rendered = renderPage(<MessagesTab patientId={ids.jane} locationId={ids.downtown} />, {
      user: clerk,
      api: (call: Call): Reply | undefined => {
        if (call.path.startsWith(`/api/patients/${ids.jane}/messages`)) return { status: 200, body: { messages: [late], nextCursor: null } };
        if (call.path === '/api/stores') return { status: 200, body: { stores: [downtown] } };
        return undefined;
      },
    });
    expect(await screen.findAllByText(/Nov 20, 2026, 10:00/)).toHaveLength(2);
  });

  it('the register’s session tab says when the session was opened in its store’s zone', async () => {
    rememberTill(openTill);
    window.history.replaceState(null, '', '/admin/pos/session');
    const lateTill = { ...openTill, openSession: { ...openTill.openSession!, openedAt: '2026-11-21T03:00:00.000Z' } };
    rendered = renderPage(<PosPage type="session" />, {
      user: clerk,
      api: (call: Call): Reply | undefined => {
        const path = new URL(call.path, 'http://x').pathname;
        if (path === '/api/stores') return { status: 200, body: { stores: [downtown] } };
        if (path === '/api/pos/registers') return { status: 200, body: { registers: [lateTill] } };
        if (path === `/api/pos/sessions/${sessionId}`) return { status: 200, body: report({ openedAt: '2026-11-21T03:00:00.000Z' }) };
        return undefined;
      },
    });
    await screen.findByText(/Opened by Sam Staff.*Nov 20, 2026, 10:00/, undefined, { timeout: 5000 });
  });

  it('a new prescription’s exam date is the store’s today', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T03:00:00.000Z'));
    rendered = renderPage(<RxTab patientId={ids.jane} locationId={ids.downtown} />, {
      user: clerk,
      api: (call: Call): Reply | undefined => {
        if (call.path === `/api/patients/${ids.jane}/prescriptions`) return { status: 200, body: prescriptions };
        if (call.path === `/api/patients/${ids.jane}/profile`) return { status: 200, body: profile };
        if (call.path === '/api/stores') return { status: 200, body: { stores: [downtown] } };
        return undefined;
      },
    });
    const { user } = rendered;
    await user.click(await screen.findByRole('button', { name: 'New spectacle Rx' }, { timeout: 5000 }));
    const form = screen.getByRole('form', { name: 'New spectacle Rx' });
    expect((within(form).getByLabelText('Exam date') as HTMLInputElement).value).toBe('2026-11-20');
  });
});

/** /admin/dashboard/patients, the patient's home and the enterprise admin's summary per company. */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DashboardPage } from '../../src/views/dashboard/DashboardPage';
import { janeDoe } from '../fixtures/auth';
import { findSentence } from '../fixtures/accessibleText';
import type { Reply } from '../fixtures/fakeApi';
import * as data from './records-fixtures';
import { recordCalls, renderPage, tearDownPage, withRoles } from './records-harness';

let rendered: ReturnType<typeof renderPage> | undefined;
afterEach(() => {
  tearDownPage(rendered);
  rendered = undefined;
});

const notFound: Reply = { status: 404, body: { error: 'Not found' } };

describe('the patient home', () => {
  it('shows the next visit, current Rx, orders in progress, balance, recalls and forms, each linking to its page', async () => {
    rendered = renderPage(<DashboardPage />, {
      api: (call) => (call.path === '/api/my/dashboard' ? { status: 200, body: data.dashboard } : notFound),
    });
    const greeting = await findSentence('Hello, Jane');
    expect([...greeting.querySelectorAll('bdi')].map((bdi) => bdi.textContent)).toEqual(['Jane']);
    const tile = (name: string) => screen.getByRole('region', { name });

    const next = tile('Next visit');
    expect(within(next).getByText('Thursday, December 3, 2026 at 10:30 AM')).toBeTruthy();
    expect(within(next).getByText('Eye exam')).toBeTruthy();
    expect(within(next).getByRole('link', { name: 'All appointments' }).getAttribute('href')).toBe('/patient/appointment');

    const rx = tile('Current prescription');
    expect(within(rx).getByText('-1.25 -0.50 × 90° Add +2.00')).toBeTruthy();
    expect(within(rx).getByText('0.00 -0.75 × 180° Add +2.00')).toBeTruthy();
    expect(within(rx).getByText('Acuvue Oasys')).toBeTruthy();
    expect(within(rx).getByRole('link', { name: 'All prescriptions' }).getAttribute('href')).toBe('/patient/rxinfo');

    const orders = tile('Orders in progress');
    expect(orders.textContent).toContain('Order 1042: In production · Expected on Dec 10, 2026');
    expect(within(orders).getByRole('link', { name: 'Order status' }).getAttribute('href')).toBe('/patient/orderstatus');

    const balance = tile('Balance');
    expect(within(balance).getByText('$233.00')).toBeTruthy();
    expect(within(balance).getByRole('link', { name: 'All invoices' }).getAttribute('href')).toBe('/patient/invoice');

    expect(tile('Checks due').textContent).toContain('Yearly eye exam: Oct 1, 2026 Overdue');
    expect(tile('Forms to fill in').textContent).toContain('New Patient Intake (Downtown)');
    expect(within(tile('Forms to fill in')).getByRole('link', { name: 'New Patient Intake' }).getAttribute('href')).toBe(
      '/patient/forms/c1ea0000-0000-4000-8000-000000120001',
    );
    expect(recordCalls(rendered.server.calls).map((call) => call.path)).toEqual(['/api/my/dashboard']);
  });

  it('with nothing on file, each part says so', async () => {
    rendered = renderPage(<DashboardPage />, {
      api: (call) =>
        call.path === '/api/my/dashboard'
          ? {
              status: 200,
              body: {
                ...data.dashboard,
                nextAppointment: null,
                currentRx: null,
                currentContactLensRx: null,
                ordersInProgress: [],
                balance: { openInvoices: 0, amounts: [] },
                recallsDue: [],
                formsToFill: [],
              },
            }
          : notFound,
    });
    expect(await screen.findByText('No visit booked.')).toBeTruthy();
    expect(screen.getByText('No current prescription.')).toBeTruthy();
    expect(screen.getByText('No orders in progress.')).toBeTruthy();
    expect(screen.getByText('Nothing to pay.')).toBeTruthy();
    expect(screen.getByText('No forms waiting for you.')).toBeTruthy();
  });

  it('error: says so, and Try again loads it', async () => {
    let calls = 0;
    rendered = renderPage(<DashboardPage />, {
      api: (call) =>
        call.path === '/api/my/dashboard'
          ? ++calls === 1
            ? { status: 503, body: { error: 'Service unavailable' } }
            : { status: 200, body: data.dashboard }
          : notFound,
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load this page.');
    await rendered.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await findSentence('Hello, Jane')).toBeTruthy();
  });
});

describe('the patient home in Arabic', () => {
  it('greets her with her Latin name isolated in the Arabic sentence, as is the store of her next visit', async () => {
    rendered = renderPage(<DashboardPage />, {
      language: 'ar',
      api: (call) => (call.path === '/api/my/dashboard' ? { status: 200, body: data.dashboard } : notFound),
    });
    const greeting = await findSentence('مرحبًا، Jane');
    expect([...greeting.querySelectorAll('bdi')].map((bdi) => bdi.textContent)).toEqual(['Jane']);
    const store = data.dashboard.nextAppointment!.storeName;
    expect(within(screen.getByRole('region', { name: 'الموعد القادم' })).getByText(store).tagName).toBe('BDI');
  });

  it('names a form to fill in by its Arabic name (issue 33)', async () => {
    rendered = renderPage(<DashboardPage />, {
      language: 'ar',
      api: (call) => (call.path === '/api/my/dashboard' ? { status: 200, body: data.dashboard } : notFound),
    });
    const forms = await screen.findByRole('region', { name: 'نماذج بانتظار التعبئة' });
    expect(within(forms).getByRole('link', { name: 'استمارة المريض الجديد' }).getAttribute('href')).toBe('/patient/forms/c1ea0000-0000-4000-8000-000000120001');
    expect(forms.textContent).not.toContain('New Patient Intake');
  });
});

describe('the enterprise admin', () => {
  it('sees a summary table per company', async () => {
    rendered = renderPage(<DashboardPage />, {
      user: withRoles(janeDoe, ['enterpriseadmin'], 'Erin Enterprise'),
      api: (call) => (call.path === '/api/enterprise/summary' ? { status: 200, body: data.enterpriseSummary } : notFound),
    });
    const table = await screen.findByRole('table', { name: 'Companies' });
    const [, clearview, brightsight] = within(table).getAllByRole('row');
    expect(within(clearview!).getByRole('rowheader').textContent).toBe('Clearview Optical');
    expect(within(clearview!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', '41', '3', '1', '1', '$233.00']);
    expect(within(brightsight!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', '12', '0', '0', '0', '—']);
    expect(recordCalls(rendered.server.calls).map((call) => call.path)).toEqual(['/api/enterprise/summary']);
  });

  it('with no company yet, says so', async () => {
    rendered = renderPage(<DashboardPage />, {
      user: withRoles(janeDoe, ['enterpriseadmin'], 'Erin Enterprise'),
      api: (call) => (call.path === '/api/enterprise/summary' ? { status: 200, body: { companies: [] } } : notFound),
    });
    expect(await screen.findByText('No companies yet.')).toBeTruthy();
  });
});

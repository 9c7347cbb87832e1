/**
 * The reports page: a refused filter (one date only, or a range the server refuses) moves focus to an error summary
 * whose link leads to the field, in the reader's language, as every other form does; the chart draws money in the
 * report's currency.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { janeDoe } from '../fixtures/auth';
import type { Call, Reply } from '../fixtures/fakeApi';
import { ReportsPage } from '../../src/views/reports/ReportsPage';
import { renderPage, tearDownPage, withRoles } from './records-harness';

const admin = withRoles(janeDoe, ['admin'], 'Ada Admin');
let rendered: ReturnType<typeof renderPage> | undefined;
afterEach(() => {
  if (rendered) tearDownPage(rendered);
  rendered = undefined;
});

// This month's report is held (never answered): only a filtered one is refused, as the server refuses a backwards range.
const api = (call: Call): Reply | undefined => {
  const url = new URL(call.path, 'http://x');
  if (url.pathname === '/api/stores') return { status: 200, body: { stores: [] } };
  if (url.pathname === '/api/reports/sales' && url.searchParams.has('from')) {
    return { status: 400, body: { error: 'Please correct the highlighted fields.', code: 'request.fieldsInvalid', fields: { to: 'To cannot be before From' } } };
  }
  return undefined;
};

describe('the reports filter', () => {
  it('refuses one date alone with a focused summary linking To, then the server’s refused range the same way', async () => {
    window.history.replaceState(null, '', '/admin/reports/sales');
    rendered = renderPage(<ReportsPage report="sales" />, { user: admin, api });
    const user = rendered.user;
    const from = await screen.findByLabelText('From');
    await user.type(from, '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    let summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    await user.click(within(summary).getByRole('link', { name: 'To: Give both From and To, or neither (this month)' }));
    expect(document.activeElement).toBe(screen.getByLabelText('To'));

    await user.type(screen.getByLabelText('To'), '2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    summary = await screen.findByRole('alert');
    await waitFor(() => expect(within(summary).getByRole('link', { name: 'To: To cannot be before From' })).toBeTruthy());
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('the report chart', () => {
  it('draws money in the major units of the report’s currency (yen has none, dinar three)', async () => {
    const report = (currency: string, net: number) => ({
      report: 'sales',
      from: '2026-11-01',
      to: '2026-11-30',
      group: 'store',
      locationId: null,
      asOf: '2026-11-24',
      currency,
      currencies: [currency],
      summary: [{ key: 'net', kind: 'money', value: net }],
      sections: [{ id: 'sales', labelKind: 'name', chartColumn: 'net', columns: [{ key: 'net', kind: 'money' }], rows: [{ key: 'a', label: 'Downtown', values: { net } }] }],
    });
    for (const [currency, net, label] of [
      ['JPY', 150_000, '150k'],
      ['USD', 150_000, '1.5k'],
      ['KWD', 1_500_000, '1.5k'],
    ] as const) {
      window.history.replaceState(null, '', '/admin/reports/sales');
      rendered = renderPage(<ReportsPage report="sales" />, {
        user: admin,
        api: (call) => {
          const url = new URL(call.path, 'http://x');
          if (url.pathname === '/api/stores') return { status: 200, body: { stores: [] } };
          if (url.pathname === '/api/reports/sales') return { status: 200, body: report(currency, net) };
          return undefined;
        },
      });
      const chart = await screen.findByRole('figure');
      await waitFor(() => expect(chart.querySelector('[data-chart-label]')?.textContent).toBe(label));
      tearDownPage(rendered);
      rendered = undefined;
    }
  });
});

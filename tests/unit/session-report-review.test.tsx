/**
 * The X/Z report's 'Sales to review': the session's offline sales the server recorded otherwise than sent, each with
 * its number, its reasons by name and whether it was reviewed; no section when there are none; Turkish and Arabic.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionReport } from '../../src/contract/pos';
import { SessionReportView } from '../../src/views/pos/SessionReportView';
import { report } from './pos-register-fixtures';
import { renderPage, tearDownPage } from './records-harness';

let rendered: ReturnType<typeof renderPage> | undefined;
afterEach(() => {
  tearDownPage(rendered);
  rendered = undefined;
});

const flagged = report({
  status: 'closed',
  closedAt: '2026-11-24T18:00:00Z',
  closedBy: 'Sam Staff',
  toReview: [
    { invoiceId: 'c1ea0000-0000-4000-8000-000000001005', number: 1005, reasons: ['overpaid'], reviewed: false },
    { invoiceId: 'c1ea0000-0000-4000-8000-000000001006', number: 1006, reasons: ['needsConnection', 'priceChanged'], reviewed: true },
  ],
}) as SessionReport;

const show = (value: SessionReport, language: 'en' | 'tr' | 'ar' = 'en') => {
  rendered = renderPage(<SessionReportView report={value} />, { api: () => undefined, language });
};

describe('the session report', () => {
  it('lists the sales to review with their reasons and whether each was reviewed', async () => {
    show(flagged);
    const z = await screen.findByRole('article', { name: 'Z report' }, { timeout: 5000 });
    const table = within(z).getByRole('table', { name: 'Sales to review (2)' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['1005', 'Overpaid', 'Not reviewed yet'],
      ['1006', 'Needed a connection, Prices changed', 'Reviewed'],
    ]);
  });

  it('has no such section when the session has none', async () => {
    show(report());
    await screen.findByRole('article', { name: 'X report' }, { timeout: 5000 });
    expect(screen.queryByRole('table', { name: /Sales to review/ })).toBeNull();
  });

  it('reads in Turkish and Arabic', async () => {
    show(flagged, 'tr');
    expect((await screen.findByRole('table', { name: 'İncelenecek satışlar (2)' }, { timeout: 5000 })).textContent).toContain('Henüz incelenmedi');
    tearDownPage(rendered);
    show(flagged, 'ar');
    expect((await screen.findByRole('table', { name: 'مبيعات للمراجعة (2)' }, { timeout: 5000 })).textContent).toContain('دُفع أكثر من المطلوب');
  });
});

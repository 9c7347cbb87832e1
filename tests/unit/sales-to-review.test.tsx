/**
 * The work desk's Sales to review (/admin/workdesk/review) against a fake API: each offline sale the server recorded
 * otherwise than sent, with its store and register, the time in the store's zone, the patient or walk-in, the money in
 * the invoice's currency and every reason as a sentence with its figure; marking one reviewed (the list loads again);
 * the reviewed ones on request with who and when; the empty state; Arabic.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { janeDoe } from '../fixtures/auth';
import type { Call, Reply } from '../fixtures/fakeApi';
import { WorkDeskPage } from '../../src/views/workdesk/WorkDeskPage';
import { renderPage, tearDownPage, withRoles } from './records-harness';

const staff = withRoles(janeDoe, ['staff'], 'Sam Staff');
const admin = withRoles(janeDoe, ['admin'], 'Ada Admin');
const downtown = { id: '5d2f9b71-2c4e-4a8b-8f3d-9e6c1b7a4d20', slug: 'downtown', name: 'Downtown', address: '1 Main St', phone: '+1 555 0100', timeZone: 'America/New_York', currency: 'USD', logo: null };
const ok = (body: unknown): Reply => ({ status: 200, body });
const jane = 'c1ea0000-0000-4000-8000-0000000a0001';

const sale = (n: number, extra: Record<string, unknown> = {}) => ({
  invoiceId: `c1ea0000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  number: n,
  locationId: downtown.id,
  storeName: 'Downtown',
  registerName: 'Front desk',
  // 15:30 UTC is 10:30 in New York (November).
  issuedAt: '2026-11-24T15:30:00.000Z',
  patientId: jane,
  patientName: 'Jane Doe',
  currency: 'USD',
  total: 12000,
  paidTotal: 12000,
  reasons: ['overpaid'],
  details: { overpaid: 800 },
  createdAt: '2026-11-24T16:00:00.000Z',
  reviewedAt: null,
  reviewedBy: null,
  ...extra,
});

const overpaid = sale(1005);
const walkIn = sale(1006, {
  patientId: null,
  patientName: null,
  registerName: null,
  total: 5000,
  paidTotal: 2000,
  reasons: ['needsConnection', 'priceChanged'],
  details: { needsConnection: [{ method: 'insurance', amount: 3000 }], priceChanged: { shown: 4500, recorded: 5000 } },
});
const reviewed = sale(1004, { reviewedAt: '2026-11-24T17:00:00.000Z', reviewedBy: 'Ada Admin' });

let rendered: ReturnType<typeof renderPage> | undefined;
afterEach(() => {
  tearDownPage(rendered);
  rendered = undefined;
  window.history.replaceState(null, '', '/');
});

/** The review API with `open` listed until marked; `all` adds the reviewed one. */
function reviewApi(open: ReturnType<typeof sale>[]) {
  const listed = [...open];
  return (call: Call): Reply | undefined => {
    const url = new URL(call.path, 'http://x');
    if (url.pathname === '/api/stores') return ok({ stores: [downtown] });
    if (url.pathname === '/api/workdesk') return ok({ items: [], failedRuns: [], counts: { forms: 2, orders: 1, recalls: 0, today: 3, automations: 0 } });
    if (url.pathname === '/api/pos/review') return ok({ items: url.searchParams.get('status') === 'all' ? [...listed, reviewed] : listed });
    const marked = /^\/api\/pos\/review\/([^/]+)\/reviewed$/.exec(url.pathname);
    if (marked && call.method === 'POST') {
      listed.splice(listed.findIndex((each) => each.invoiceId === marked[1]), 1);
      return ok({ invoiceId: marked[1] });
    }
    return undefined;
  };
}

const reviewCalls = () => rendered!.server.calls.filter((c) => c.path.startsWith('/api/pos/review'));

describe('/admin/workdesk/review', () => {
  it('lists each sale with its reasons and figures, and a clerk marks one reviewed', async () => {
    window.history.replaceState(null, '', '/admin/workdesk/review');
    rendered = renderPage(<WorkDeskPage type="review" />, { user: staff, api: reviewApi([overpaid, walkIn]) });
    const table = await screen.findByRole('table', { name: 'Sales to review, newest first' }, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Sales to review' }).getAttribute('aria-current')).toBe('page');
    // The other tabs keep their counts here too.
    expect(await screen.findByRole('link', { name: 'Forms (2)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Today (3)' })).toBeTruthy();
    const [first, second] = within(table).getAllByRole('row').slice(1);
    // The patient's sale opens the invoice screen; a walk-in's has none.
    expect(within(first!).getByRole('link', { name: 'Invoice 1005' }).getAttribute('href')).toBe(`/admin/reports/invoice/${jane}?invoice=${overpaid.invoiceId}`);
    expect(first!.textContent).toContain('Downtown');
    expect(first!.textContent).toContain('Front desk');
    expect(first!.textContent).toContain('10:30');
    expect(first!.textContent).toContain('Jane Doe');
    expect(first!.textContent).toContain('Total $120.00');
    expect(within(first!).getByText('$8.00 more than the total was paid: it was kept as change, not as payment.')).toBeTruthy();
    expect(within(second!).getByRole('rowheader').textContent).toBe('Invoice 1006');
    expect(within(second!).queryByRole('link')).toBeNull();
    expect(second!.textContent).toContain('Walk-in');
    expect(second!.textContent).toContain('No register');
    expect(second!.textContent).toContain('Paid $20.00');
    expect(within(second!).getByText('Not taken because it needs a connection: Insurance $30.00. The balance stays open.')).toBeTruthy();
    expect(within(second!).getByText('Prices changed while the register was offline: it showed $45.00, the sale was recorded at $50.00.')).toBeTruthy();
    expect(reviewCalls()[0]!.path).toBe('/api/pos/review?status=open');

    await rendered.user.click(within(first!).getByRole('button', { name: 'Mark reviewed: invoice 1005' }));
    await screen.findByText('Invoice 1005 marked reviewed.');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Invoice 1005' })).toBeNull());
    expect(reviewCalls().some((c) => c.method === 'POST' && c.path === `/api/pos/review/${overpaid.invoiceId}/reviewed`)).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Sales to review' }));
  });

  it('shows the reviewed ones with who and when on request, and says when there is nothing to review', async () => {
    window.history.replaceState(null, '', '/admin/workdesk/review');
    rendered = renderPage(<WorkDeskPage type="review" />, { user: admin, api: reviewApi([]) });
    await screen.findByText('No sales to review.', undefined, { timeout: 5000 });
    await rendered.user.click(screen.getByRole('switch', { name: 'Show reviewed sales too' }));
    const table = await screen.findByRole('table', { name: 'Sales to review, newest first' });
    expect(within(table).getByText(/^Reviewed by Ada Admin, .*12:00/)).toBeTruthy();
    expect(within(table).queryByRole('button')).toBeNull();
    expect(reviewCalls().at(-1)!.path).toBe('/api/pos/review?status=all');
  });

  it('reads in Arabic', async () => {
    window.history.replaceState(null, '', '/admin/workdesk/review');
    rendered = renderPage(<WorkDeskPage type="review" />, { user: staff, api: reviewApi([overpaid]), language: 'ar' });
    await screen.findByRole('table', { name: 'المبيعات للمراجعة، الأحدث أولًا' }, { timeout: 5000 });
    expect(screen.getByRole('button', { name: 'تمت المراجعة: الفاتورة 1005' })).toBeTruthy();
    expect(screen.getByText(/زيادةً على الإجمالي/)).toBeTruthy();
  });
});

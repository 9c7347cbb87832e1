/**
 * The patient's record pages against a fake API: each shows its data, its empty state and its error state
 * (with Try again); the Rx tables in optician notation; dates, times and money in the reader's language and the
 * store's time zone; cancelling a visit; the contact form with the server's field messages.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Call, Reply } from '../fixtures/fakeApi';
import { janeDoe } from '../fixtures/auth';
import { AppointmentsPage } from '../../src/views/portal/AppointmentsPage';
import { DemographicInfoPage } from '../../src/views/portal/DemographicInfoPage';
import { InvoiceDetailPage } from '../../src/views/portal/InvoiceDetailPage';
import { InvoicesPage } from '../../src/views/portal/InvoicesPage';
import { OrderStatusPage } from '../../src/views/portal/OrderStatusPage';
import { RecallsPage } from '../../src/views/portal/RecallsPage';
import { RxInfoPage } from '../../src/views/portal/RxInfoPage';
import { RxOrdersPage } from '../../src/views/portal/RxOrdersPage';
import * as data from './records-fixtures';
import { recordCalls, renderPage, tearDownPage, withRoles } from './records-harness';
import { formatMoney } from '../../src/contract/money';

let rendered: ReturnType<typeof renderPage> | undefined;
afterEach(() => {
  tearDownPage(rendered);
  rendered = undefined;
});

/** Answers GET `path` with `body` (or the reply given); everything else 404. */
const answering =
  (routes: Record<string, Reply | (() => Reply)>) =>
  (call: Call): Reply => {
    const route = routes[`${call.method} ${call.path}`];
    if (!route) return { status: 404, body: { error: 'Not found' } };
    return typeof route === 'function' ? route() : route;
  };
const ok = (body: unknown): Reply => ({ status: 200, body });
const serverError: Reply = { status: 500, body: { error: 'Internal Server Error' } };

/** The first call fails, the next succeeds: the error state, then Try again. */
function failingOnce(body: unknown) {
  let calls = 0;
  return () => (++calls === 1 ? serverError : ok(body));
}

async function expectRetryWorks() {
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('We could not load this page.');
  const user = rendered!.user;
  await user.click(within(alert).getByRole('button', { name: 'Try again' }));
}

const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('/patient/rxinfo', () => {
  it('shows each spectacle Rx as an OD/OS table in optician notation, expired ones marked in words', async () => {
    rendered = renderPage(<RxInfoPage />, { api: answering({ 'GET /api/my/prescriptions': ok(data.prescriptions) }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Prescriptions (Rx)' })).toBeTruthy();
    const current = await screen.findByRole('table', { name: 'Spectacle prescription of May 2, 2026' });
    const [, od, os] = within(current).getAllByRole('row');
    expect(within(od!).getByRole('rowheader').textContent).toContain('OD (right)');
    expect(cellsOf(od!)).toEqual(['-1.25', '-0.50', '90°', '+2.00', '1.00', 'In', '31.5', '30.0']);
    expect(within(os!).getByRole('rowheader').textContent).toContain('OS (left)');
    expect(cellsOf(os!)).toEqual(['0.00', '-0.75', '180°', '+2.00', '—', '—', '32.0', '30.5']);

    const old = screen.getByRole('table', { name: 'Spectacle prescription of Apr 11, 2023' });
    const oldCard = old.closest('article')!;
    expect(within(oldCard).getByText('Expired')).toBeTruthy();
    expect(within(current.closest('article')!).queryByText('Expired')).toBeNull();
    expect(within(oldCard).getByText('Dr. Sam Okafor')).toBeTruthy();

    const lens = screen.getByRole('table', { name: 'Contact lens prescription of May 2, 2026' });
    const [, lensOd] = within(lens).getAllByRole('row');
    expect(cellsOf(lensOd!)).toEqual(['-1.50', '8.4', '14.0', '—', '—', '—']);
    expect(screen.getByText('Every two weeks')).toBeTruthy();

    const links = screen.getAllByRole('link', { name: 'Orders made from this prescription' });
    expect(links[0]!.getAttribute('href')).toBe(`/patient/rxinfo/orders/${data.ids.rxNew}/${data.ids.jane}/${data.ids.downtown}`);
    expect(recordCalls(rendered.server.calls).map((call) => call.path)).toEqual(['/api/my/prescriptions']);
  });

  it('empty: says there is no prescription yet', async () => {
    rendered = renderPage(<RxInfoPage />, {
      api: answering({ 'GET /api/my/prescriptions': ok({ spectacle: [], contactLens: [] }) }),
    });
    expect(await screen.findByText('No spectacle prescription on file yet.')).toBeTruthy();
    expect(screen.getByText('No contact lens prescription on file yet.')).toBeTruthy();
  });

  it('error: says so, and Try again loads it', async () => {
    rendered = renderPage(<RxInfoPage />, {
      api: answering({ 'GET /api/my/prescriptions': failingOnce(data.prescriptions) }),
    });
    await expectRetryWorks();
    expect(await screen.findByRole('table', { name: 'Spectacle prescription of May 2, 2026' })).toBeTruthy();
  });

  it('in Arabic: the texts and dates are Arabic, the Rx values stay as opticians write them', async () => {
    rendered = renderPage(<RxInfoPage />, {
      language: 'ar',
      api: answering({ 'GET /api/my/prescriptions': ok(data.prescriptions) }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'الوصفات الطبية (Rx)' })).toBeTruthy();
    const date = new Intl.DateTimeFormat('ar', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 4, 2)));
    const table = await screen.findByRole('table', { name: `وصفة نظارات بتاريخ ${date}` });
    const [, od] = within(table).getAllByRole('row');
    expect(cellsOf(od!)[0]).toBe('-1.25');
    expect(screen.getAllByText('منتهية الصلاحية')).toHaveLength(1);
  });

  it('staff opening the bare page are told it shows a patient’s own records (no call)', async () => {
    rendered = renderPage(<RxInfoPage />, { user: withRoles(janeDoe, ['staff'], 'Sam Staff'), api: answering({}) });
    expect(await screen.findByText(/These pages show a patient's own records/)).toBeTruthy();
    expect(recordCalls(rendered.server.calls)).toEqual([]);
  });
});

describe('/patient/rxinfo/orders/{rxid}/{patientId}/{locationId}', () => {
  it('a patient sees the Rx and the orders made from it (their own records, whatever the address says)', async () => {
    rendered = renderPage(<RxOrdersPage rxId={data.ids.rxNew} patientId="someone-else" />, {
      api: answering({ [`GET /api/my/prescriptions/${data.ids.rxNew}/orders`]: ok(data.rxOrders) }),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Order 1042' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Spectacle prescription of May 2, 2026' })).toBeTruthy();
  });

  it('staff see the patient the address names, through the staff variant', async () => {
    rendered = renderPage(<RxOrdersPage rxId={data.ids.rxNew} patientId={data.ids.jane} />, {
      user: withRoles(janeDoe, ['staff'], 'Sam Staff'),
      api: answering({ [`GET /api/patients/${data.ids.jane}/prescriptions/${data.ids.rxNew}/orders`]: ok({ ...data.rxOrders, orders: [] }) }),
    });
    expect(await screen.findByText('No orders have been made from this prescription.')).toBeTruthy();
  });

  it('an unknown prescription: not found, no retry', async () => {
    rendered = renderPage(<RxOrdersPage rxId="nope" patientId={data.ids.jane} />, { api: answering({}) });
    expect(await screen.findByText('This record was not found.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

describe('/patient/appointment', () => {
  it('shows upcoming and past visits in the store’s time zone, and cancels an upcoming one after asking', async () => {
    let cancelled = false;
    rendered = renderPage(<AppointmentsPage />, {
      api: answering({
        'GET /api/my/appointments': () =>
          ok(
            cancelled
              ? {
                  upcoming: [],
                  past: [{ ...data.appointments.upcoming[0]!, status: 'cancelled', canCancel: false }, ...data.appointments.past],
                }
              : data.appointments,
          ),
        [`POST /api/my/appointments/${data.ids.upcoming}/cancel`]: () => {
          cancelled = true;
          return ok({ ok: true });
        },
      }),
    });
    const upcoming = await screen.findByRole('table', { name: 'Upcoming visits' });
    // 15:30 UTC is 10:30 in New York (the store), whatever the reader's zone.
    expect(within(upcoming).getByText('Thursday, December 3, 2026 at 10:30 AM')).toBeTruthy();
    expect(within(upcoming).getByText('Eye exam')).toBeTruthy();
    expect(within(upcoming).getByText('Downtown')).toBeTruthy();
    expect(within(upcoming).getByText('Booked')).toBeTruthy();
    const past = screen.getByRole('table', { name: 'Past visits' });
    expect(within(past).getByText('Contact lens fitting')).toBeTruthy();
    expect(within(past).queryByRole('button')).toBeNull();

    const user = rendered.user;
    await user.click(within(upcoming).getByRole('button', { name: 'Cancel the visit of Thursday, December 3, 2026 at 10:30 AM' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Cancel your Eye exam at Downtown on Thursday, December 3, 2026 at 10:30 AM?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Your visit was cancelled.')).toBeTruthy();
    expect(await screen.findByText('You have no upcoming visits.')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Past visits' })).getByText('Cancelled')).toBeTruthy();
    const paths = recordCalls(rendered.server.calls).map((call) => `${call.method} ${call.path}`);
    expect(paths).toEqual([
      'GET /api/my/appointments',
      `POST /api/my/appointments/${data.ids.upcoming}/cancel`,
      'GET /api/my/appointments',
    ]);
  });

  it('No keeps the visit; a refusal shows the server’s reason', async () => {
    rendered = renderPage(<AppointmentsPage />, {
      api: answering({
        'GET /api/my/appointments': ok(data.appointments),
        [`POST /api/my/appointments/${data.ids.upcoming}/cancel`]: {
          status: 409,
          body: { error: 'Appointments can be cancelled online up to 24 hours before the start. Please call the store.' },
        },
      }),
    });
    const user = rendered.user;
    const upcoming = await screen.findByRole('table', { name: 'Upcoming visits' });
    await user.click(within(upcoming).getByRole('button', { name: /^Cancel the visit/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'No, keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(recordCalls(rendered.server.calls).filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(within(upcoming).getByRole('button', { name: /^Cancel the visit/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText(/can be cancelled online up to 24 hours/)).toBeTruthy();
  });

  it('a visit that cannot be cancelled online has no Cancel button', async () => {
    rendered = renderPage(<AppointmentsPage />, {
      api: answering({
        'GET /api/my/appointments': ok({ upcoming: [{ ...data.appointments.upcoming[0]!, canCancel: false }], past: [] }),
      }),
    });
    const upcoming = await screen.findByRole('table', { name: 'Upcoming visits' });
    expect(within(upcoming).queryByRole('button')).toBeNull();
    expect(screen.getByText('No past visits yet.')).toBeTruthy();
  });

  it('empty and error states', async () => {
    rendered = renderPage(<AppointmentsPage />, {
      api: answering({ 'GET /api/my/appointments': failingOnce({ upcoming: [], past: [] }) }),
    });
    await expectRetryWorks();
    expect(await screen.findByText('You have no upcoming visits.')).toBeTruthy();
    expect(screen.getByText('No past visits yet.')).toBeTruthy();
  });

  it('in Turkish, the date and time are Turkish (still the store’s time)', async () => {
    rendered = renderPage(<AppointmentsPage />, { language: 'tr', api: answering({ 'GET /api/my/appointments': ok(data.appointments) }) });
    const expected = new Intl.DateTimeFormat('tr', { dateStyle: 'full', timeStyle: 'short', timeZone: 'America/New_York' }).format(
      new Date('2026-12-03T15:30:00.000Z'),
    );
    expect(expected).toContain('10:30');
    expect(await screen.findByText(expected)).toBeTruthy();
    expect(screen.getByText('Göz muayenesi')).toBeTruthy();
  });
});

describe('/patient/invoice and one invoice', () => {
  it('lists invoices with status, total and balance, linking to each', async () => {
    rendered = renderPage(<InvoicesPage />, { api: answering({ 'GET /api/my/invoices': ok(data.invoices) }) });
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const [, open, paid] = within(table).getAllByRole('row');
    expect(cellsOf(open!)).toEqual(['Nov 20, 2026', 'Downtown', 'Open', '$433.00', '$233.00']);
    expect(cellsOf(paid!)).toEqual(['May 2, 2026', 'Downtown', 'Paid', '$95.00', '$0.00']);
    // The store's name keeps its own direction in a page of the other one.
    expect(within(open!).getByText('Downtown').tagName).toBe('BDI');
    expect(within(open!).getByRole('link', { name: 'View invoice 2002' }).getAttribute('href')).toBe(`/patient/invoice/orders/${data.ids.open}/${data.ids.jane}/${data.ids.downtown}`,
    );
    expect(screen.getByText('$233.00', { selector: 'dd' })).toBeTruthy();
  });

  it('empty and error states', async () => {
    rendered = renderPage(<InvoicesPage />, {
      api: answering({ 'GET /api/my/invoices': failingOnce({ invoices: [], balances: [] }) }),
    });
    await expectRetryWorks();
    expect(await screen.findByText('You have no invoices yet.')).toBeTruthy();
  });

  it('one invoice: store, lines, tax, payments, totals and balance, and a Print receipt button', async () => {
    rendered = renderPage(<InvoiceDetailPage invoiceId={data.ids.open} patientId={data.ids.jane} />, {
      api: answering({ [`GET /api/my/invoices/${data.ids.open}`]: ok(data.invoice) }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice 2002' })).toBeTruthy();
    expect(screen.getByText('Clearview Optical')).toBeTruthy();
    // Isolated: in Arabic the address keeps its own order ('120 Market Street', not 'Market Street 120').
    expect(screen.getByText('120 Market Street, Springfield').tagName).toBe('BDI');
    const lines = screen.getByRole('table', { name: 'Items' });
    const [, frame, exam] = within(lines).getAllByRole('row');
    expect(cellsOf(frame!)).toEqual([
      'Ray-Ban Clubmaster frame with progressive lenses',
      '1',
      '$380.00',
      '-$20.00',
      '$29.70',
      '$389.70',
    ]);
    expect(cellsOf(exam!)).toEqual(['Comprehensive eye exam', '1', '$40.00', '—', '$3.30', '$43.30']);
    const payments = screen.getByRole('table', { name: 'Payments' });
    expect(within(payments).getByText('Card')).toBeTruthy();
    expect(within(payments).getByText('$200.00')).toBeTruthy();
    const totals = [...document.querySelectorAll('dl')].at(-1)!;
    expect(totals.textContent).toBe(
      'Subtotal$420.00Discounts-$20.00Tax$33.00Total$433.00Paid$200.00Balance due$233.00',
    );
    expect(screen.getByRole('button', { name: 'Print receipt' })).toBeTruthy();
  });

  it('Print receipt prints the page (the print stylesheet leaves the receipt only)', async () => {
    const printed: number[] = [];
    window.print = () => printed.push(1);
    rendered = renderPage(<InvoiceDetailPage invoiceId={data.ids.open} />, {
      api: answering({ [`GET /api/my/invoices/${data.ids.open}`]: ok(data.invoice) }),
    });
    await rendered.user.click(await screen.findByRole('button', { name: 'Print receipt' }));
    expect(printed).toEqual([1]);
  });

  it('money in Arabic follows the language', async () => {
    rendered = renderPage(<InvoicesPage />, { language: 'ar', api: answering({ 'GET /api/my/invoices': ok(data.invoices) }) });
    // Testing Library compares whitespace-normalised text (Intl puts a no-break space in it).
    const expected = formatMoney(23_300, 'USD', 'ar').replace(/\s+/g, ' ');
    expect((await screen.findAllByText(expected)).length).toBeGreaterThan(0);
  });
});

describe('/patient/recalls', () => {
  it('shows what is due and when, overdue marked in words', async () => {
    rendered = renderPage(<RecallsPage />, { api: answering({ 'GET /api/my/recalls': ok(data.recalls) }) });
    const table = await screen.findByRole('table', { name: 'Recalls' });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByRole('rowheader').textContent).toContain('Yearly eye exam');
    expect(cellsOf(row!)).toEqual(['Oct 1, 2026 Overdue', 'Downtown', 'Due']);
  });

  it('empty and error states', async () => {
    rendered = renderPage(<RecallsPage />, { api: answering({ 'GET /api/my/recalls': failingOnce({ recalls: [] }) }) });
    await expectRetryWorks();
    expect(await screen.findByText(/Nothing is due/)).toBeTruthy();
  });
});

describe('/patient/orderstatus', () => {
  it('shows each order as ordered steps: done (who, when), current, to come, with the expected date', async () => {
    rendered = renderPage(<OrderStatusPage />, { api: answering({ 'GET /api/my/orders': ok(data.orders) }) });
    const steps = await screen.findByRole('list', { name: 'Progress of order 1042' });
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.slice(1).replace(/,\s.*$/, ''))).toEqual([
      'Draft (Done)Sam Staff',
      'Sent to the lab (Done)Sam Staff',
      'In production (Now)Precision Lens Lab',
      'Received at the store (To come)',
      'Ready for pick-up (To come)',
      'Delivered (To come)',
    ]);
    expect(items[2]!.getAttribute('aria-current')).toBe('step');
    expect(within(items[0]!).getByText('Sam Staff').tagName).toBe('BDI');
    expect(screen.getByText('Dec 10, 2026')).toBeTruthy();
  });

  it('an order on hold shows the hold as the current step', async () => {
    const held = {
      ...data.order,
      status: 'on-hold' as const,
      expectedOn: null,
      events: [...data.order.events, { fromStatus: 'in-production' as const, status: 'on-hold' as const, at: '2026-11-22T10:00:00.000Z', byName: 'Sam Staff', note: '' }],
    };
    rendered = renderPage(<OrderStatusPage />, { api: answering({ 'GET /api/my/orders': ok({ orders: [held] }) }) });
    const steps = await screen.findByRole('list', { name: 'Progress of order 1042' });
    const states = within(steps)
      .getAllByRole('listitem')
      .map((item) => item.textContent?.slice(1).match(/^[^(]+\([^)]+\)/)?.[0]);
    expect(states).toEqual([
      'Draft (Done)',
      'Sent to the lab (Done)',
      'In production (Done)',
      'On hold (Now)',
      'Received at the store (To come)',
      'Ready for pick-up (To come)',
      'Delivered (To come)',
    ]);
    expect(screen.getByText('No date yet')).toBeTruthy();
  });

  it('empty and error states', async () => {
    rendered = renderPage(<OrderStatusPage />, { api: answering({ 'GET /api/my/orders': failingOnce({ orders: [] }) }) });
    await expectRetryWorks();
    expect(await screen.findByText('You have no lab orders.')).toBeTruthy();
  });
});

describe('/patient/demographicinfo', () => {
  it('shows identity read-only and saves the contact details; the server’s field messages show under the fields', async () => {
    const patches: unknown[] = [];
    rendered = renderPage(<DemographicInfoPage />, {
      api: (call) => {
        if (call.method === 'GET' && call.path === '/api/my/profile') return ok(data.profile);
        if (call.method === 'PATCH' && call.path === '/api/my/profile') {
          patches.push(call.body);
          const body = call.body as { phone: string; preferredChannel: string };
          if (body.phone === '') return { status: 400, body: { error: 'Invalid input', fields: { phone: 'Enter a phone number to get messages by SMS' } } };
          return ok({ ...data.profile, ...body, updatedAt: '2026-11-22T08:00:00.000Z' });
        }
        return { status: 404, body: { error: 'Not found' } };
      },
    });
    expect(await screen.findByText('Jane Doe')).toBeTruthy();
    expect(screen.getByText('Mar 14, 1985')).toBeTruthy();
    expect(screen.getByText('Female')).toBeTruthy();
    // Identity is text, not a field.
    expect(screen.queryByRole('textbox', { name: /name/i })).toBeNull();

    const user = rendered.user;
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await user.clear(phone);
    await user.click(screen.getByRole('radio', { name: 'Text message (SMS)' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter a phone number to get messages by SMS')).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Your changes were not saved. Please check the fields marked.')).toBeTruthy();

    await user.type(phone, '+1 555 0199');
    await user.click(screen.getByRole('radio', { name: 'العربية' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your contact details were saved.')).toBeTruthy();
    expect(patches.at(-1)).toEqual({
      phone: '+1 555 0199',
      email: 'patient@clearview.test',
      addressLine: '12 Elm Street',
      city: 'Springfield',
      postalCode: '62701',
      preferredChannel: 'sms',
      preferredLanguage: 'ar',
    });
    expect((screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement).value).toBe('+1 555 0199');
    expect((screen.getByRole('radio', { name: 'Text message (SMS)' }) as HTMLInputElement).checked).toBe(true);
  });

  it('in Turkish, the contract’s field messages are Turkish; others as the server wrote them', async () => {
    rendered = renderPage(<DemographicInfoPage />, {
      language: 'tr',
      api: (call) => {
        if (call.method === 'GET' && call.path === '/api/my/profile') return ok(data.profile);
        if (call.method === 'PATCH' && call.path === '/api/my/profile') {
          return {
            status: 400,
            body: { error: 'Invalid input', fields: { phone: 'Enter a phone number to get messages by SMS', city: 'The city can be at most 100 characters' } },
          };
        }
        return { status: 404, body: { error: 'Not found' } };
      },
    });
    await rendered.user.click(await screen.findByRole('button', { name: 'Değişiklikleri kaydet' }));
    expect(await screen.findByText('SMS ile mesaj almak için bir telefon numarası girin')).toBeTruthy();
    expect(screen.getByText('The city can be at most 100 characters')).toBeTruthy();
  });

  it('error state with Try again', async () => {
    rendered = renderPage(<DemographicInfoPage />, { api: answering({ 'GET /api/my/profile': failingOnce(data.profile) }) });
    await expectRetryWorks();
    expect((await screen.findByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('patient@clearview.test');
  });
});

describe('staff opening a patient’s invoice', () => {
  it('read it through the staff variant, without the patient’s own links', async () => {
    rendered = renderPage(<InvoiceDetailPage invoiceId={data.ids.open} patientId={data.ids.jane} />, {
      user: withRoles(janeDoe, ['admin'], 'Alex Admin'),
      api: answering({ [`GET /api/patients/${data.ids.jane}/invoices/${data.ids.open}`]: ok(data.invoice) }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice 2002' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Back to invoices' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Order 1042' })).toBeNull();
    expect(screen.getByText(/Order 1042/)).toBeTruthy();
  });
});

describe('loading', () => {
  it('shows a progress indicator while the records are on their way, then the records', async () => {
    rendered = renderPage(<RecallsPage />, { api: () => undefined });
    expect(await screen.findByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
    await rendered.server.reply('/api/my/recalls', ok(data.recalls));
    expect(await screen.findByRole('table', { name: 'Recalls' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

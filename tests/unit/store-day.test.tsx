/**
 * The store's day for staff (/admin/appointments/{locationId?}) against a fake API (GET /api/booking/day): the caller's stores to
 * pick from, the date with previous and next day, the visit type of the free slots; per provider the day's hours, the
 * booked visits (time in the store's zone, type, patient, how booked, status; a visit at another store unnamed) and
 * the free slots; a provider off that day; a refusal shown as its message; Arabic.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { janeDoe } from '../fixtures/auth';
import type { Call, Reply } from '../fixtures/fakeApi';
import { StoreDayPage } from '../../src/views/schedule/StoreDayPage';
import { WorkDeskPage } from '../../src/views/workdesk/WorkDeskPage';
import { renderPage, tearDownPage, withRoles } from './records-harness';

const staff = withRoles(janeDoe, ['staff'], 'Sam Staff');
const store = (id: string, name: string, timeZone: string) => ({ id, slug: name.toLowerCase(), name, address: '1 Main St', phone: '+1 555 0100', timeZone, currency: 'USD', logo: null });
const downtown = store('5d2f9b71-2c4e-4a8b-8f3d-9e6c1b7a4d20', 'Downtown', 'America/New_York');
const uptown = store('5d2f9b71-2c4e-4a8b-8f3d-9e6c1b7a4d21', 'Uptown', 'America/Chicago');
const ok = (body: unknown): Reply => ({ status: 200, body });

const visit = (id: string, startsAt: string, extra: Record<string, unknown>) => ({
  id,
  startsAt,
  localTime: '',
  minutes: 30,
  type: 'eye-exam',
  status: 'booked',
  source: 'staff',
  patientName: '',
  here: true,
  ...extra,
});

/** 24 November 2026 in New York: 14:00 UTC is 9:00. */
const dayOf = (locationId: string, date: string, type: string) => ({
  locationId,
  date,
  timeZone: 'America/New_York',
  minutes: type === 'repair' ? 15 : 30,
  providers: [
    {
      id: 'p1',
      name: 'Dr. Ana Lee',
      hours: { opens: '09:00', closes: '17:00' },
      free: [
        { startsAt: '2026-11-24T15:00:00.000Z', localTime: '10:00' },
        { startsAt: '2026-11-24T15:30:00.000Z', localTime: '10:30' },
      ],
      booked: [
        visit('v1', '2026-11-24T14:00:00.000Z', { patientName: 'Jane Doe', source: 'online', status: 'confirmed' }),
        visit('v2', '2026-11-24T19:00:00.000Z', { type: 'contact-lens-fitting', minutes: 45, here: false }),
      ],
    },
    { id: 'p2', name: 'Dr. Omar Haddad', hours: null, free: [], booked: [] },
  ],
});

let rendered: ReturnType<typeof renderPage> | undefined;
afterEach(() => {
  tearDownPage(rendered);
  rendered = undefined;
  window.history.replaceState(null, '', '/');
});

function dayApi(refuse = false) {
  return (call: Call): Reply | undefined => {
    const url = new URL(call.path, 'http://x');
    if (url.pathname === '/api/stores') return ok({ stores: [downtown, uptown] });
    if (url.pathname === '/api/booking/day') {
      if (refuse) return { status: 404, body: { error: 'request.notFound', message: 'Not found' } };
      return ok(dayOf(url.searchParams.get('locationId')!, url.searchParams.get('date')!, url.searchParams.get('type')!));
    }
    return undefined;
  };
}

const dayCalls = () => rendered!.server.calls.filter((c) => c.path.startsWith('/api/booking/day')).map((c) => new URL(c.path, 'http://x').searchParams);

describe('/admin/appointments', () => {
  it("shows each provider's hours, booked visits and free slots in the store's zone, and moves by day, store and type", async () => {
    window.history.replaceState(null, '', `/admin/appointments/${downtown.id}?date=2026-11-24`);
    rendered = renderPage(<StoreDayPage locationId={downtown.id} />, { user: staff, api: dayApi() });
    const ana = await screen.findByRole('region', { name: 'Dr. Ana Lee' }, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1, name: "Day's appointments" })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Tuesday, November 24, 2026' })).toBeTruthy();
    expect(screen.getByText("Times are the store's local time (America/New_York).")).toBeTruthy();
    expect(within(ana).getByText(/^Works 9:00\sAM–5:00\sPM$/)).toBeTruthy();

    const booked = within(ana).getByRole('table', { name: 'Dr. Ana Lee 2 visits booked' });
    const [first, second] = within(booked).getAllByRole('row').slice(1);
    expect(within(first!).getByRole('rowheader').textContent).toMatch(/^9:00\sAM \(30 minutes\)$/);
    expect(first!.textContent).toContain('Eye exam');
    expect(first!.textContent).toContain('Jane Doe');
    expect(first!.textContent).toContain('Online');
    expect(first!.textContent).toContain('Confirmed');
    // A visit at another store: its time blocks the provider, its patient is not named.
    expect(within(second!).getByRole('rowheader').textContent).toMatch(/^2:00\sPM \(45 minutes\)$/);
    expect(second!.textContent).toContain('Contact lens fitting');
    expect(second!.textContent).toContain('At another store');
    expect(second!.textContent).toContain('By staff');

    const free = within(ana).getByRole('list', { name: 'Dr. Ana Lee 2 free slots' });
    expect(within(free).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringMatching(/^10:00\sAM$/), expect.stringMatching(/^10:30\sAM$/)]);

    const omar = screen.getByRole('region', { name: 'Dr. Omar Haddad' });
    // A provider off that day with nothing booked: just that.
    expect(within(omar).getByText('Not working this day')).toBeTruthy();
    expect(within(omar).queryByRole('heading', { level: 3 })).toBeNull();
    expect(dayCalls()[0]!.toString()).toBe(`locationId=${downtown.id}&date=2026-11-24&type=eye-exam`);

    await rendered.user.click(screen.getByRole('button', { name: 'Next day' }));
    await waitFor(() => expect(dayCalls().at(-1)!.get('date')).toBe('2026-11-25'));
    expect(window.location.pathname + window.location.search).toBe(`/admin/appointments/${downtown.id}?date=2026-11-25`);
    await rendered.user.click(screen.getByRole('button', { name: 'Previous day' }));
    await rendered.user.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(() => expect(dayCalls().at(-1)!.get('date')).toBe('2026-11-23'));

    await rendered.user.selectOptions(screen.getByRole('combobox', { name: 'Free slots for' }), 'Repair');
    await waitFor(() => expect(dayCalls().at(-1)!.get('type')).toBe('repair'));
    // Another store is another address (the route gives the page its store), keeping the date and the type.
    await rendered.user.selectOptions(screen.getByRole('combobox', { name: 'Store' }), 'Uptown');
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe(`/admin/appointments/${uptown.id}?date=2026-11-23&type=repair`));
  });

  it("opens the first of the caller's stores on its own today, and says when the day cannot be read", async () => {
    window.history.replaceState(null, '', '/admin/appointments');
    rendered = renderPage(<StoreDayPage />, { user: staff, api: dayApi(true) });
    expect(await screen.findByRole('alert', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('We could not load the day.')).toBeTruthy();
    const asked = dayCalls()[0]!;
    expect(asked.get('locationId')).toBe(downtown.id);
    expect(asked.get('date')).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date()));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it("is a link away from the work desk, for the store the desk shows", async () => {
    window.history.replaceState(null, '', `/admin/workdesk/today?store=${downtown.id}`);
    const api = (call: Call): Reply | undefined =>
      call.path.startsWith('/api/workdesk') ? ok({ items: [], failedRuns: [], counts: { forms: 0, orders: 0, recalls: 0, today: 0, automations: 0 } }) : dayApi()(call);
    rendered = renderPage(<WorkDeskPage type="today" />, { user: staff, api });
    const link = await screen.findByRole('link', { name: 'Free and booked slots of a day, per provider' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe(`/admin/appointments/${downtown.id}`);
  });

  it('reads in Arabic', async () => {
    window.history.replaceState(null, '', `/admin/appointments/${downtown.id}?date=2026-11-24`);
    rendered = renderPage(<StoreDayPage locationId={downtown.id} />, { user: staff, api: dayApi(), language: 'ar' });
    const ana = await screen.findByRole('region', { name: 'Dr. Ana Lee' }, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1, name: 'مواعيد اليوم' })).toBeTruthy();
    expect(within(ana).getByRole('table', { name: 'Dr. Ana Lee موعدان محجوزان' })).toBeTruthy();
    expect(within(ana).getByRole('list', { name: 'Dr. Ana Lee موعدان متاحان' })).toBeTruthy();
    expect(within(ana).getByText(/^9:00\sص \(30 دقيقةً\)$/)).toBeTruthy();
    expect(within(ana).getByText('في متجر آخر')).toBeTruthy();
    expect(within(ana).getByText('عبر الإنترنت')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'اليوم التالي' })).toBeTruthy();
  });
});

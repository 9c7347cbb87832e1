/**
 * /admin/patients/{type}, the staff patient list, against a fake API: the rows (name linking to the chart, date of
 * birth in the reader's language, phone, email, store), the search (debounced, sent to the server, kept in the
 * address), the store filter, paging with the server's cursor, the empty and the error state.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { janeDoe } from '../fixtures/auth';
import type { Call, Reply } from '../fixtures/fakeApi';
import { PatientListPage } from '../../src/views/patients/PatientListPage';
import { PageSearchContext, PreloadPageContext } from '../../src/views/shared/pageAddress';
import { recordCalls, renderPage, tearDownPage, withRoles } from './records-harness';

const admin = withRoles(janeDoe, ['admin'], 'Ada Admin');

const stores = {
  downtown: { id: '5d2f9b71-2c4e-4a8b-8f3d-9e6c1b7a4d20', slug: 'downtown', name: 'Downtown', address: '1 Main St', phone: '+1 555 0100', timeZone: 'America/New_York', currency: 'USD', logo: null },
  uptown: { id: '7a1c2e3f-4b5d-4c6e-8f70-8192a3b4c5d6', slug: 'uptown', name: 'Uptown', address: '9 Hill Rd', phone: '+1 555 0200', timeZone: 'America/New_York', currency: 'USD', logo: null },
};

const patient = (n: number, lastName: string, firstName: string, locationId = stores.downtown.id) => ({
  id: `c1ea0000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  locationId,
  firstName,
  lastName,
  dateOfBirth: '1985-03-04',
  phone: n % 2 ? `+1 555 01${String(n).padStart(2, '0')}` : '',
  email: `${firstName.toLowerCase()}@example.com`,
});

const jane = patient(1, 'Doe', 'Jane');
const john = patient(2, 'Roe', 'John', stores.uptown.id);
const ok = (body: unknown): Reply => ({ status: 200, body });

/** The list calls a page made, as their query parameters. */
const listCalls = (calls: Call[]) =>
  recordCalls(calls)
    .filter((call) => call.path.startsWith('/api/patients') && !call.path.endsWith('/profile'))
    .map((call) => Object.fromEntries(new URL(call.path, 'http://x').searchParams));

/** Answers /api/stores, /api/patients (by its query) with `patients`, and the possible duplicates (none unless given). */
const api =
  (patients: (query: Record<string, string>) => Reply, duplicates: (call: Call) => Reply = () => ok({ pairs: [] })) =>
  (call: Call): Reply => {
    const url = new URL(call.path, 'http://x');
    if (call.method === 'GET' && url.pathname === '/api/stores') return ok({ stores: [stores.downtown, stores.uptown] });
    if (url.pathname.startsWith('/api/duplicate-patients')) return duplicates(call);
    if (call.method === 'GET' && url.pathname === '/api/patients') return patients(Object.fromEntries(url.searchParams));
    return { status: 404, body: { error: 'Not found' } };
  };

let rendered: ReturnType<typeof renderPage> | undefined;
beforeEach(() => window.history.replaceState(null, '', '/admin/patients/all'));
afterEach(() => {
  tearDownPage(rendered);
  rendered = undefined;
  window.history.replaceState(null, '', '/');
});

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const textsOf = (row: HTMLElement) => [
  within(row).getByRole('rowheader').textContent,
  ...within(row).getAllByRole('cell').map((cell) => cell.textContent),
];

describe('/admin/patients/all', () => {
  it('lists the patients of every store the user may see, each name opening the chart', async () => {
    rendered = renderPage(<PatientListPage />, { user: admin, api: api(() => ok({ items: [jane, john], nextCursor: null })) });
    expect(screen.getByRole('heading', { level: 1, name: 'Patients' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Patients of all your stores' });
    await waitFor(() => expect(textsOf(rowsOf(table)[1]!)).toContain('Uptown'));
    const [first, second] = rowsOf(table);
    expect(textsOf(first!)).toEqual(['Doe, Jane', 'Mar 4, 1985', '+1 555 0101', 'jane@example.com', 'Downtown']);
    expect(textsOf(second!)).toEqual(['Roe, John', 'Mar 4, 1985', '—Not given', 'john@example.com', 'Uptown']);
    expect(within(first!).getByRole('link', { name: 'Doe, Jane' }).getAttribute('href')).toBe(
      `/admin/patients/${jane.id}/${stores.downtown.id}`,
    );
    expect(within(second!).getByRole('link', { name: 'Roe, John' }).getAttribute('href')).toBe(
      `/admin/patients/${john.id}/${stores.uptown.id}`,
    );
    expect(screen.getByText('Patients shown: 2. That is all of them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(listCalls(rendered.server.calls)).toEqual([{ limit: '25' }]);
  });

  it('a pointer on a name, a press or the focus asks for that patient\'s profile before the click; the chart\'s code is fetched while the list shows', async () => {
    const preloaded: string[] = [];
    rendered = renderPage(
      <PreloadPageContext.Provider value={(path) => preloaded.push(path)}>
        <PatientListPage />
      </PreloadPageContext.Provider>,
      { user: admin, api: (call) => (call.path.endsWith('/profile') ? ok({}) : api(() => ok({ items: [jane, john], nextCursor: null }))(call)) },
    );
    const table = await screen.findByRole('table', { name: 'Patients of all your stores' });
    await waitFor(() => expect(preloaded).toEqual([`/admin/patients/${jane.id}/${stores.downtown.id}`]));
    const profileCalls = () => recordCalls(rendered!.server.calls).filter((call) => call.path.endsWith('/profile')).map((call) => call.path);
    expect(profileCalls()).toEqual([]);
    await rendered.user.hover(within(rowsOf(table)[1]!).getByRole('link', { name: 'Roe, John' }));
    await waitFor(() => expect(profileCalls()).toEqual([`/api/patients/${john.id}/profile`]));
    act(() => within(rowsOf(table)[0]!).getByRole('link', { name: 'Doe, Jane' }).focus());
    await waitFor(() => expect(profileCalls()).toContain(`/api/patients/${jane.id}/profile`));
  });

  it('follows the query the route granted it, not an address the next page is about to take', async () => {
    window.history.replaceState(null, '', '/admin/patients/all?search=doe');
    const page = (search: string) => (
      <PageSearchContext.Provider value={search}>
        <PatientListPage />
      </PageSearchContext.Provider>
    );
    rendered = renderPage(page('search=doe'), { user: admin, api: api(() => ok({ items: [jane], nextCursor: null })) });
    await screen.findByRole('table', { name: 'Patients of all your stores matching “doe”' });
    // The clerk follows a link: the address is the chart's before the route guard draws the chart.
    window.history.pushState(null, '', `/admin/patients/${jane.id}/${stores.downtown.id}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('table', { name: 'Patients of all your stores matching “doe”' })).toBeTruthy();
    expect(listCalls(rendered.server.calls)).toEqual([{ search: 'doe', limit: '25' }]);
  });

  it('the search waits for typing to settle, asks the server, keeps the words in the address; Clear brings all back', async () => {
    rendered = renderPage(<PatientListPage />, {
      user: admin,
      api: api((query) => ok({ items: query.search ? [john] : [jane, john], nextCursor: null })),
    });
    await screen.findByRole('table', { name: 'Patients of all your stores' });
    const field = screen.getByRole('textbox', { name: 'Search patients' });
    await rendered.user.type(field, 'roe, jo');
    const table = await screen.findByRole('table', { name: 'Patients of all your stores matching “roe, jo”' });
    expect(rowsOf(table).map((row) => within(row).getByRole('link').textContent)).toEqual(['Roe, John']);
    // One call for the settled words, none per keystroke.
    expect(listCalls(rendered.server.calls)).toEqual([{ limit: '25' }, { search: 'roe, jo', limit: '25' }]);
    expect(new URLSearchParams(window.location.search).get('search')).toBe('roe, jo');

    await rendered.user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect((field as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(field);
    expect(window.location.search).toBe('');
    await screen.findByRole('table', { name: 'Patients of all your stores' });
  });

  it('opens with the search and the store of the address (Back returns to the same list)', async () => {
    window.history.replaceState(null, '', `/admin/patients/all?search=doe&store=${stores.downtown.id}`);
    rendered = renderPage(<PatientListPage />, { user: admin, api: api(() => ok({ items: [jane], nextCursor: null })) });
    await screen.findByRole('table', { name: 'Patients of Downtown matching “doe”' });
    expect((screen.getByRole('textbox', { name: 'Search patients' }) as HTMLInputElement).value).toBe('doe');
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Store' }) as HTMLSelectElement).value).toBe(stores.downtown.id));
    expect(listCalls(rendered.server.calls)).toEqual([{ locationId: stores.downtown.id, search: 'doe', limit: '25' }]);
  });

  it('the store filter asks for one store and keeps it in the address', async () => {
    rendered = renderPage(<PatientListPage />, {
      user: admin,
      api: api((query) => ok({ items: query.locationId === stores.uptown.id ? [john] : [jane, john], nextCursor: null })),
    });
    await screen.findByRole('table', { name: 'Patients of all your stores' });
    const select = screen.getByRole('combobox', { name: 'Store' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Uptown' })).toBeTruthy());
    await rendered.user.selectOptions(select, 'Uptown');
    const table = await screen.findByRole('table', { name: 'Patients of Uptown' });
    expect(rowsOf(table)).toHaveLength(1);
    expect(new URLSearchParams(window.location.search).get('store')).toBe(stores.uptown.id);
    expect(listCalls(rendered.server.calls).at(-1)).toEqual({ locationId: stores.uptown.id, limit: '25' });
  });

  it('empty: no patient matches the search', async () => {
    rendered = renderPage(<PatientListPage />, {
      user: admin,
      api: api((query) => ok({ items: query.search ? [] : [jane], nextCursor: null })),
    });
    await screen.findByRole('table');
    await rendered.user.type(screen.getByRole('textbox', { name: 'Search patients' }), 'zzz');
    expect(await screen.findByText('No patients match “zzz”.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('pages: Load more asks with the cursor of the last page and adds its rows', async () => {
    const pages: Record<string, { items: unknown[]; nextCursor: string | null }> = {
      first: { items: [jane], nextCursor: 'Y3Vyc29yLTE' },
      Y3Vyc29yLTE: { items: [john], nextCursor: null },
    };
    rendered = renderPage(<PatientListPage />, { user: admin, api: api((query) => ok(pages[query.cursor ?? 'first'])) });
    const table = await screen.findByRole('table', { name: 'Patients of all your stores' });
    expect(rowsOf(table)).toHaveLength(1);
    expect(screen.getByText('Patients shown: 1. There are more.')).toBeTruthy();
    await rendered.user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowsOf(table)).toHaveLength(2));
    expect(within(rowsOf(table)[1]!).getByRole('link').textContent).toBe('Roe, John');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('Patients shown: 2. That is all of them.')).toBeTruthy();
    expect(listCalls(rendered.server.calls)).toEqual([{ limit: '25' }, { cursor: 'Y3Vyc29yLTE', limit: '25' }]);
  });

  it('loading, then a failure says so with Try again, which asks again', async () => {
    let calls = 0;
    rendered = renderPage(<PatientListPage />, {
      user: admin,
      // The first list call waits for the test's answer; the next ones succeed.
      api: (call) =>
        call.path.startsWith('/api/patients') && ++calls === 1 ? undefined : api(() => ok({ items: [jane], nextCursor: null }))(call),
    });
    expect(await screen.findByRole('progressbar', { name: 'Loading patients…' })).toBeTruthy();
    await rendered.server.reply('/api/patients?limit=25', { status: 500, body: { error: 'Internal Server Error' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load the patients.');
    await rendered.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Doe, Jane' })).toBeTruthy();
  });

  it('Back and Forward: the field and the list follow the address', async () => {
    window.history.replaceState(null, '', '/admin/patients/all?search=roe');
    rendered = renderPage(<PatientListPage />, {
      user: admin,
      api: api((query) => ok({ items: query.search === 'roe' ? [john] : [jane, john], nextCursor: null })),
    });
    await screen.findByRole('table', { name: 'Patients of all your stores matching “roe”' });
    window.history.pushState(null, '', '/admin/patients/all');
    window.dispatchEvent(new PopStateEvent('popstate'));
    const table = await screen.findByRole('table', { name: 'Patients of all your stores' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(2));
    expect((screen.getByRole('textbox', { name: 'Search patients' }) as HTMLInputElement).value).toBe('');
    // The emptied field does not write itself back into the address.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(window.location.search).toBe('');
  });

  it('a next page that fails says so with Try again, keeping the rows already shown', async () => {
    let failed = false;
    rendered = renderPage(<PatientListPage />, {
      user: admin,
      api: api((query) => {
        if (!query.cursor) return ok({ items: [jane], nextCursor: 'bmV4dA' });
        if (!failed) {
          failed = true;
          return { status: 503, body: { error: 'Service Unavailable' } };
        }
        return ok({ items: [john], nextCursor: null });
      }),
    });
    const table = await screen.findByRole('table', { name: 'Patients of all your stores' });
    await rendered.user.click(screen.getByRole('button', { name: 'Load more' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load more patients.');
    expect(rowsOf(table)).toHaveLength(1);
    await rendered.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rowsOf(table)).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Arabic: the texts and the date of birth in Arabic', async () => {
    rendered = renderPage(<PatientListPage />, {
      user: admin,
      language: 'ar',
      api: api(() => ok({ items: [jane], nextCursor: null })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'المرضى' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'المرضى: كل متاجرك' });
    const expected = new Intl.DateTimeFormat('ar', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(1985, 2, 4)));
    expect(textsOf(rowsOf(table)[0]!)[1]).toBe(expected);
    expect(within(table).getByRole('link').textContent).toBe('Doe، Jane');
  });
});

describe('possible duplicates', () => {
  const counts = { rx: 1, appointments: 1, invoices: 1, labOrders: 0, recalls: 0, forms: 0, messages: 0 };
  const older = { ...patient(7, 'Gonzalez', 'Maria'), email: 'maria@example.com', createdVia: 'staff', createdAt: '2024-01-10T15:00:00.000Z', hasPortalAccount: false, counts };
  const newer = { ...patient(8, 'gonzalez', 'maria'), email: 'maria@example.com', createdVia: 'kiosk', createdAt: '2026-10-01T15:00:00.000Z', hasPortalAccount: true, counts: { ...counts, rx: 0, invoices: 0, recalls: 1 } };

  it('shows each pair side by side with counts; Merge asks first, says what moves, then keeps the older record and refreshes', async () => {
    let merged = false;
    rendered = renderPage(<PatientListPage />, {
      user: admin,
      api: api(
        () => ok({ items: merged ? [older] : [older, newer], nextCursor: null }),
        (call) => {
          if (call.method === 'POST') {
            merged = true;
            return ok({ kept: { ...older, sex: 'female', addressLine: '', city: '', postalCode: '', preferredChannel: 'email', preferredLanguage: 'en', guardianName: '', notes: '', consentContact: true, consentPrivacy: true, updatedAt: '2026-11-01T00:00:00.000Z' }, retiredId: newer.id, moved: { appointments: 1 }, alreadyMerged: false });
          }
          return ok({ pairs: merged ? [] : [{ first: older, second: newer }] });
        },
      ),
    });
    const section = await screen.findByRole('region', { name: 'Possible duplicates' });
    const pair = within(section).getByRole('listitem', { name: 'Gonzalez, Maria and gonzalez, maria' });
    expect(within(pair).getByRole('heading', { level: 3, name: 'Gonzalez, Maria' })).toBeTruthy();
    expect(within(pair).getByRole('heading', { level: 3, name: 'gonzalez, maria' })).toBeTruthy();
    expect(pair.textContent).toContain('Prescriptions: 1');
    expect(pair.textContent).toContain('Has a patient portal account');
    expect(pair.textContent).toContain('Older record');

    await rendered.user.click(within(pair).getByRole('button', { name: 'Merge gonzalez, maria into Gonzalez, Maria' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Merge these two patient records?' });
    expect(dialog.textContent).toContain('Every record of gonzalez, maria (born Mar 4, 1985)');
    expect(dialog.textContent).toContain('The patient portal account moves to the kept record.');
    expect(recordCalls(rendered.server.calls).some((c) => c.method === 'POST')).toBe(false);
    await rendered.user.click(within(dialog).getByRole('button', { name: 'Merge records' }));

    await waitFor(() => expect(within(section).getByRole('status').textContent).toContain('gonzalez, maria was merged into Gonzalez, Maria.'));
    const post = recordCalls(rendered.server.calls).find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ keep: older.id, retire: newer.id });
    expect(within(section).getByRole('link', { name: 'Open the chart of Gonzalez, Maria' }).getAttribute('href')).toBe(`/admin/patients/${older.id}/${stores.downtown.id}`);
    expect(within(section).queryByRole('listitem')).toBeNull();
    const table = await screen.findByRole('table', { name: 'Patients of all your stores' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(1));
  });

  it('a refused merge says why in the reader’s language; Cancel merges nothing', async () => {
    rendered = renderPage(<PatientListPage />, {
      user: admin,
      language: 'ar',
      api: api(
        () => ok({ items: [older, newer], nextCursor: null }),
        (call) =>
          call.method === 'POST'
            ? { status: 409, body: { code: 'patients.mergeBothPortal', error: 'Both patients have a patient portal account, so they cannot be merged.' } }
            : ok({ pairs: [{ first: older, second: newer }] }),
      ),
    });
    const section = await screen.findByRole('region', { name: 'تكرارات محتملة' });
    const merge = within(section).getByRole('button', { name: /^دمج/ });
    await rendered.user.click(merge);
    await rendered.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'إلغاء' }));
    expect(recordCalls(rendered.server.calls).some((c) => c.method === 'POST')).toBe(false);
    await rendered.user.click(merge);
    await rendered.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'دمج السجلات' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('لكل من المريضين حساب في بوابة المرضى، لذلك لا يمكن دمجهما. اسأل المريض أي حساب يريد الاحتفاظ به واحذف الآخر أولاً.');
  });
});

/**
 * The staff chart against a fake API: the tab in the address (a store id opens the details, a number its
 * tab, a tab press moves the address), the details form sending only what changed, the Rx form showing the
 * server's message at the field it names, and a refused overlapping booking said at the start time.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'wouter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { patientMessages } from '../../src/contract/patientsAdmin';
import { rxMessages } from '../../src/contract/rx';
import { patientQueries } from '../../src/api/patients';
import { PatientChartPage } from '../../src/views/patients/PatientChartPage';
import type { Call, Reply } from '../fixtures/fakeApi';
import { patientProfile } from '../fixtures/patientProfile';
import { renderAdminScreen } from './eformsAdminHarness';
import { appointments, order, prescriptions } from './records-fixtures';

const locationId = '11111111-1111-4111-8111-111111111111';
const patientId = '44444444-4444-4444-8444-444444444444';
const providerId = '55555555-5555-4555-8555-555555555555';
const profile = patientProfile({ id: patientId, locationId });

function chartApi(overrides: (call: Call) => Reply | Promise<Reply> | undefined = () => undefined) {
  return (call: Call): Reply | Promise<Reply> => {
    const own = overrides(call);
    if (own) return own;
    const base = `/api/patients/${patientId}`;
    if (call.path === `${base}/profile`) return { status: 200, body: profile };
    if (call.path === `${base}/prescriptions`) return { status: 200, body: prescriptions };
    if (call.path === `${base}/appointments`) return { status: 200, body: { upcoming: [], past: [] } };
    if (call.path === '/api/stores') {
      return { status: 200, body: { stores: [{ id: locationId, slug: 'downtown', name: 'Downtown', address: '', phone: '', timeZone: 'America/New_York', currency: 'USD', logo: null }] } };
    }
    if (call.path === `/api/appointments/providers?locationId=${locationId}`) return { status: 200, body: { providers: [{ id: providerId, name: 'Dr. Maya Patel' }] } };
    return { status: 404, body: { error: 'Not found.', code: 'request.notFound' } };
  };
}

function renderChart(path: string, api: (call: Call) => Reply | Promise<Reply>, options?: Parameters<typeof renderAdminScreen>[3]) {
  return renderAdminScreen(
    path,
    <Route path="/admin/patients/:patientid/:locationId">
      {(params) => <PatientChartPage patientId={params.patientid} locationId={params.locationId} />}
    </Route>,
    api,
    options,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the staff chart', { timeout: 60_000 }, () => {
  it('opens the details at a store address; a tab press moves the address to its number; details send only what changed', async () => {
    const { user, server } = renderChart(
      `/admin/patients/${patientId}/${locationId}`,
      chartApi((call) => (call.method === 'PATCH' ? { status: 200, body: { ...profile, notes: 'Prefers mornings\nAllergies: Penicillin' } } : undefined)),
    );
    await screen.findByRole('heading', { level: 1, name: 'Jane Doe' });
    const tabs = screen.getByRole('tablist', { name: 'Chart sections' });
    expect(within(tabs).getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true');
    expect(within(tabs).getAllByRole('tab')).toHaveLength(9);
    const notes = await screen.findByRole('textbox', { name: 'Notes (staff only)' }, { timeout: 10_000 });
    // Several lines (answers copied from a form come one a line, with their question): Enter starts the next line.
    expect(notes.tagName).toBe('TEXTAREA');
    await user.type(notes, 'Prefers mornings{Enter}Allergies: Penicillin');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(server.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ notes: 'Prefers mornings\nAllergies: Penicillin' });

    await user.click(within(tabs).getByRole('tab', { name: 'Rx' }));
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/patients/${patientId}/2`));
    expect((await screen.findAllByRole('article', { name: /^Spectacle Rx of / }, { timeout: 10_000 })).length).toBe(2);
    // The selected tab names the panel that is shown (axe: aria-controls must point at an element).
    const rx = within(tabs).getByRole('tab', { name: 'Rx' });
    expect(document.getElementById(rx.getAttribute('aria-controls') ?? '')?.getAttribute('role')).toBe('tabpanel');
  });

  it('opened from the patient list, draws her name and the tabs from the clicked row while her profile is on the way', async () => {
    let answer: (reply: Reply) => void = () => {};
    const row = { id: patientId, locationId, firstName: 'Jane', lastName: 'Doe', dateOfBirth: '1985-03-04', phone: '', email: '' };
    renderChart(
      `/admin/patients/${patientId}/${locationId}`,
      chartApi((call) => (call.path.endsWith('/profile') ? new Promise<Reply>((resolve) => (answer = resolve)) : undefined)),
      { cached: (client) => client.setQueryData(patientQueries.list('tenant-1', { search: 'doe' }).queryKey, { pages: [{ items: [row], nextCursor: null }], pageParams: [undefined] }) },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Jane Doe' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Details', selected: true })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'First name' })).toBeNull();
    answer({ status: 200, body: profile });
    expect(((await screen.findByRole('textbox', { name: 'First name' })) as HTMLInputElement).value).toBe('Jane');
  });

  it('a row older than her profile (renamed since the list was read) gives way to the profile in the heading', async () => {
    let answer: (reply: Reply) => void = () => {};
    const row = { id: patientId, locationId, firstName: 'Janie', lastName: 'Doe', dateOfBirth: '1985-03-04', phone: '', email: '' };
    renderChart(
      `/admin/patients/${patientId}/${locationId}`,
      chartApi((call) => (call.path.endsWith('/profile') ? new Promise<Reply>((resolve) => (answer = resolve)) : undefined)),
      { cached: (client) => client.setQueryData(patientQueries.list('tenant-1', { search: 'doe' }).queryKey, { pages: [{ items: [row], nextCursor: null }], pageParams: [undefined] }) },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Janie Doe' })).toBeTruthy();
    answer({ status: 200, body: profile });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Details', selected: true })).toBeTruthy();
    expect(((await screen.findByRole('textbox', { name: 'First name' })) as HTMLInputElement).value).toBe('Jane');
  });

  it('a details save the server refuses moves focus to a summary that links to the refused field', async () => {
    const { user } = renderChart(
      `/admin/patients/${patientId}/${locationId}`,
      chartApi((call) =>
        call.method === 'PATCH'
          ? { status: 400, body: { error: 'Please correct the highlighted fields.', code: 'request.fieldsInvalid', fields: { email: patientMessages.email } } }
          : undefined,
      ),
    );
    const email = await screen.findByRole('textbox', { name: 'Email' }, { timeout: 10_000 });
    await user.clear(email);
    await user.type(email, 'jane@');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    const form = screen.getByRole('form', { name: 'Details' });
    const summary = await within(form).findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(summary.textContent).toContain('Please correct the highlighted fields.');
    await user.click(within(summary).getByRole('link', { name: `Email: ${patientMessages.email}` }));
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it("details: an emptied name or birth date is refused by the form ('Required', nothing sent); the server's birth-date message names no format the field does not show", async () => {
    const patches: Call[] = [];
    const { user } = renderChart(
      `/admin/patients/${patientId}/${locationId}`,
      chartApi((call) => {
        if (call.method !== 'PATCH') return undefined;
        patches.push(call);
        return { status: 400, body: { error: 'Please correct the highlighted fields.', code: 'request.fieldsInvalid', fields: { dateOfBirth: patientMessages.dateOfBirth } } };
      }),
    );
    const first = await screen.findByRole('textbox', { name: 'First name' }, { timeout: 30_000 });
    const form = screen.getByRole('form', { name: 'Details' });
    // Each value keeps its own direction in a right-to-left page (an address starting with its number). The fields
    // below her identity come in the form's next render.
    expect((await within(form).findByRole('textbox', { name: 'Address' })).getAttribute('dir')).toBe('auto');
    const born = within(form).getByLabelText('Date of birth');
    await user.clear(first);
    await user.clear(born);
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    const summary = await within(form).findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getByRole('link', { name: 'First name: Required' })).toBeTruthy();
    await user.click(within(summary).getByRole('link', { name: 'Date of birth: Required' }));
    expect(document.activeElement).toBe(born);
    expect(patches).toEqual([]);

    await user.type(first, 'Jane');
    await user.type(born, '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    const refused = await within(form).findByRole('link', { name: 'Date of birth: Date of birth must be a past date after 1 January 1900' });
    expect(refused).toBeTruthy();
    expect(form.textContent).not.toContain('YYYY');
  });

  it("Rx: an emptied exam date is refused by the form ('Required', nothing sent); the server's exam-date message names no format", async () => {
    const posts: Call[] = [];
    const { user } = renderChart(
      `/admin/patients/${patientId}/2`,
      chartApi((call) => {
        if (call.method !== 'POST') return undefined;
        posts.push(call);
        return { status: 400, body: { error: 'Please correct the highlighted fields.', code: 'request.fieldsInvalid', fields: { examDate: rxMessages.examDate } } };
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'New spectacle Rx' }, { timeout: 10_000 }));
    const form = screen.getByRole('form', { name: 'New spectacle Rx' });
    const exam = within(form).getByLabelText('Exam date');
    await user.clear(exam);
    await user.click(within(form).getByRole('button', { name: 'Save prescription' }));
    const summary = await within(form).findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    await user.click(within(summary).getByRole('link', { name: 'Exam date: Required' }));
    expect(document.activeElement).toBe(exam);
    expect(posts).toEqual([]);

    await user.type(exam, '2999-01-01');
    await user.click(within(form).getByRole('button', { name: 'Save prescription' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(await within(form).findByRole('link', { name: 'Exam date: Exam date must be a date not in the future' })).toBeTruthy();
    expect(form.textContent).not.toContain('YYYY');
  });

  it("a recall without its day is refused by the form: 'Required' at the day and in the focused summary, nothing sent", async () => {
    const posts: Call[] = [];
    const { user } = renderChart(
      `/admin/patients/${patientId}/6`,
      chartApi((call) => {
        if (call.path === `/api/patients/${patientId}/recalls`) return { status: 200, body: { recalls: [] } };
        if (call.method === 'POST') {
          posts.push(call);
          return { status: 500, body: { error: 'Unexpected', code: 'request.unexpected' } };
        }
        return undefined;
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Add a recall' }, { timeout: 10_000 }));
    const form = screen.getByRole('form', { name: 'Add a recall' });
    const due = within(form).getByLabelText('Due');
    await user.clear(due);
    await user.click(within(form).getByRole('button', { name: 'Add recall' }));
    const summary = await within(form).findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(due.getAttribute('aria-invalid')).toBe('true');
    await user.click(within(summary).getByRole('link', { name: 'Due: Required' }));
    expect(document.activeElement).toBe(due);
    expect(posts).toEqual([]);
  });

  it('a remake without its reason is refused by the form: the button stays enabled, the summary takes the focus, nothing sent', async () => {
    const posts: Call[] = [];
    const { user } = renderChart(
      `/admin/patients/${patientId}/5`,
      chartApi((call) => {
        if (call.path === `/api/patients/${patientId}/orders`) return { status: 200, body: { orders: [{ ...order, patientId, status: 'delivered' }] } };
        if (call.path === `/api/patients/${patientId}/invoices`) return { status: 200, body: { invoices: [] } };
        if (call.method === 'POST') {
          posts.push(call);
          return { status: 500, body: { error: 'Unexpected', code: 'request.unexpected' } };
        }
        return undefined;
      }),
    );
    const card = await screen.findByRole('article', { name: 'Order 1042' }, { timeout: 10_000 });
    await user.click(within(card).getByRole('button', { name: 'Remake' }));
    const form = within(card).getByRole('form', { name: 'Remake order 1042' });
    const confirm = within(form).getByRole('button', { name: 'Remake order 1042' });
    expect(confirm.hasAttribute('disabled')).toBe(false);
    await user.click(confirm);
    const summary = await within(form).findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const reason = within(form).getByLabelText(/^What went wrong/);
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getAllByText('Say what went wrong')).toHaveLength(1);
    await user.click(within(summary).getByRole('link', { name: 'What went wrong: Say what went wrong' }));
    expect(document.activeElement).toBe(reason);
    expect(posts).toEqual([]);
  });

  it('shows the server’s message at the Rx field it names, and saves once however often Save is pressed', async () => {
    let posts = 0;
    const { user } = renderChart(
      `/admin/patients/${patientId}/2`,
      chartApi((call) => {
        if (call.method !== 'POST') return undefined;
        posts += 1;
        // Answered a moment later, as over a network: the second press lands while the first save is on its way.
        const refusal = { status: 400, body: { error: 'Please correct the highlighted fields.', code: 'request.fieldsInvalid', fields: { 'right.axis': rxMessages.axis } } };
        return new Promise<Reply>((resolve) => setTimeout(() => resolve(refusal), 100));
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'New spectacle Rx' }, { timeout: 10_000 }));
    const form = screen.getByRole('form', { name: 'New spectacle Rx' });
    const right = within(form).getByRole('group', { name: 'Right eye (OD)' });
    await user.type(within(right).getByRole('textbox', { name: 'Sphere' }), '-1.25');
    await user.type(within(right).getByRole('textbox', { name: 'Cylinder' }), '-0.5');
    await user.type(within(right).getByRole('textbox', { name: 'Axis' }), '200');
    await user.dblClick(within(form).getByRole('button', { name: 'Save prescription' }));
    expect(await within(right).findByText(rxMessages.axis)).toBeTruthy();
    expect(within(right).getByRole('textbox', { name: 'Axis' }).getAttribute('aria-invalid')).toBe('true');
    expect(posts).toBe(1);
    // Focus moves from Save to the summary, whose link takes the person to the field.
    const summary = within(form).getByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    await user.click(within(summary).getByRole('link', { name: `Right eye (OD), Axis: ${rxMessages.axis}` }));
    expect(document.activeElement).toBe(within(right).getByRole('textbox', { name: 'Axis' }));
  });

  it("the appointments show the patient's answer to the reminder: by which channel and when, or not confirmed", async () => {
    const [upcoming] = appointments.upcoming;
    const answered = { ...upcoming!, id: 'e0000000-0000-4000-8000-0000000000a1', status: 'confirmed' as const, patientReply: { answer: 'confirmed' as const, at: '2031-03-02T15:30:00.000Z', channel: 'sms' as const } };
    const silent = { ...upcoming!, id: 'e0000000-0000-4000-8000-0000000000a2', startsAt: '2031-03-05T14:00:00.000Z', patientReply: null };
    renderChart(
      `/admin/patients/${patientId}/3`,
      chartApi((call) => (call.path === `/api/patients/${patientId}/appointments` ? { status: 200, body: { upcoming: [answered, silent], past: [] } } : undefined)),
    );
    const answer = await screen.findByRole('columnheader', { name: "Patient's answer" }, { timeout: 10_000 });
    const table = answer.closest('table')!;
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Confirmed by the patient (SMS)');
    expect(rows[0]!.textContent).toMatch(/Mar 2, 2031, 10:30/);
    expect(rows[1]!.textContent).toContain('Not confirmed');
  });

  it('the details say when the patient stopped texts by replying STOP', async () => {
    const stopped = { ...profile, smsConsent: { given: false, source: 'sms', at: '2031-03-02T15:30:00.000Z' } };
    renderChart(`/admin/patients/${patientId}/1`, chartApi((call) => (call.path === `/api/patients/${patientId}/profile` ? { status: 200, body: stopped } : undefined)));
    expect(await screen.findByText('Texts stopped: the patient replied STOP on Mar 2, 2031. No automated text is sent until they reply START.', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('a booking at a store without providers is refused at the provider, with the button enabled and the reason said', async () => {
    const { user, server } = renderChart(
      `/admin/patients/${patientId}/3`,
      chartApi((call) => (call.path === `/api/appointments/providers?locationId=${locationId}` ? { status: 200, body: { providers: [] } } : undefined)),
    );
    await user.click(await screen.findByRole('button', { name: 'Book a visit' }, { timeout: 10_000 }));
    const form = screen.getByRole('form', { name: 'Book a visit' });
    await waitFor(() => expect(within(form).getByLabelText('Provider').hasAttribute('disabled')).toBe(false));
    await user.type(within(form).getByLabelText('Date'), '2031-03-03');
    await user.type(within(form).getByLabelText('Start time'), '10:00');
    const book = within(form).getByRole('button', { name: 'Book' });
    expect(book.hasAttribute('disabled')).toBe(false);
    await user.click(book);
    const summary = await within(form).findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual(['Provider: No provider works at this store: choose another store']);
    expect(within(form).getByLabelText('Provider').getAttribute('aria-invalid')).toBe('true');
    expect(server.calls.some((c) => c.path === '/api/appointments')).toBe(false);
  });

  it('a booking the server refuses as overlapping is said at the start time', async () => {
    const { user, server } = renderChart(
      `/admin/patients/${patientId}/3`,
      chartApi((call) =>
        call.method === 'POST' && call.path === '/api/appointments'
          ? { status: 409, body: { error: 'This provider is already booked at that time. Please choose another time.', code: 'appointments.slotTaken' } }
          : undefined,
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Book a visit' }, { timeout: 10_000 }));
    const form = screen.getByRole('form', { name: 'Book a visit' });
    // The provider and the store are names: each option keeps its own direction.
    expect((await within(form).findByRole('option', { name: 'Dr. Maya Patel' })).getAttribute('dir')).toBe('auto');
    expect(within(form).getByRole('option', { name: 'Downtown' }).getAttribute('dir')).toBe('auto');
    // Refused in the browser: nothing is sent, and focus moves to the summary of what is missing.
    await user.click(within(form).getByRole('button', { name: 'Book' }));
    const missing = await within(form).findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(missing));
    expect(within(missing).getAllByRole('link').map((link) => link.textContent)).toEqual(['Date: Choose the day of the visit', 'Start time: Choose the start time']);
    expect(server.calls.some((c) => c.path === '/api/appointments')).toBe(false);
    await user.type(within(form).getByLabelText('Date'), '2031-03-03');
    await user.type(within(form).getByLabelText('Start time'), '10:00');
    await user.click(within(form).getByRole('button', { name: 'Book' }));
    const refusal = 'This provider is already booked at that time. Please choose another time.';
    const summary = await within(form).findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    await user.click(within(summary).getByRole('link', { name: `Start time: ${refusal}` }));
    expect(document.activeElement).toBe(within(form).getByLabelText('Start time'));
    await waitFor(() => expect(within(form).getByLabelText('Start time').getAttribute('aria-invalid')).toBe('true'));
    const booked = server.calls.find((c) => c.path === '/api/appointments')!.body as Record<string, unknown>;
    // 10:00 in New York on 3 March 2031 (EST, UTC-5).
    expect(booked).toMatchObject({ patientId, locationId, providerId, type: 'eye-exam', startsAt: '2031-03-03T15:00:00.000Z', durationMinutes: 30 });
  });
});

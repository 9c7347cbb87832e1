/**
 * The store's public booking page (/{company}/{store}/book) against a fake API, as a new patient uses it: a visit
 * type with its length, a free time, the details (checked by field before anything is sent), the code (a wrong one
 * said, then the right one), the confirmation with the forms sent; a person the store may know is sent to sign in;
 * a store that books first visits by phone says so; the page speaks Arabic.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Call, Reply } from '../fixtures/fakeApi';
import type { FreeSlot } from '../../src/contract/booking';
import { GuestBookingPage } from '../../src/views/booking/GuestBookingPage';
import * as data from './records-fixtures';
import { renderPage, tearDownPage } from './records-harness';

let rendered: ReturnType<typeof renderPage> | undefined;
afterEach(() => {
  tearDownPage(rendered);
  rendered = undefined;
});

const downtown = 'c1ea0000-0000-4000-8000-00000000d001';
const sam = 'a0000000-0000-4000-8000-000000000001';
const nine: FreeSlot = { startsAt: '2031-03-04T14:00:00.000Z', providerId: sam, providerName: 'Sam Staff', localDate: '2031-03-04', localTime: '09:00' };
const store = {
  companyName: 'Clearview Optical',
  storeName: 'Downtown',
  logo: null,
  timeZone: 'America/New_York',
  types: [
    { type: 'eye-exam', minutes: 30 },
    { type: 'pickup', minutes: 15 },
  ],
  providers: [{ id: sam, name: 'Sam Staff' }],
};
const page = '/api/book/clearview/downtown';

function guestApi(calls: Call[], answers: { code?: Reply; confirm?: (call: Call) => Reply; store?: Reply } = {}) {
  return (call: Call): Reply => {
    if (call.method === 'GET' && call.path === page) return answers.store ?? { status: 200, body: store };
    if (call.method === 'GET' && call.path.startsWith(`${page}/slots`)) return { status: 200, body: { timeZone: 'America/New_York', minutes: 30, slots: [nine] } };
    if (call.method === 'POST' && call.path === `${page}/code`) {
      calls.push(call);
      return answers.code ?? { status: 200, body: { channel: 'email', destination: 'n***@example.test', expiresInSeconds: 600 } };
    }
    if (call.method === 'POST' && call.path === `${page}/confirm`) {
      calls.push(call);
      if (answers.confirm) return answers.confirm(call);
      const code = (call.body as { code: string }).code;
      if (code !== '246810') return { status: 400, body: { error: 'Invalid Authentication code. Please check or Resend the code', code: 'auth.invalidCode' } };
      const appointment = { ...data.appointments.upcoming[0]!, startsAt: nine.startsAt, providerName: 'Sam Staff', storeName: 'Downtown', source: 'online' };
      const intake = { id: 'f0000000-0000-4000-8000-000000000001', name: 'New Patient Intake', names: { language: 'en', translated: {} }, locationId: downtown, storeName: 'Downtown', expiresAt: '2031-03-04T14:30:00.000Z', requiresCode: false, sentAt: '2031-03-03T12:00:00.000Z' };
      return { status: 201, body: { appointment, forms: [intake] } };
    }
    return { status: 404, body: { error: 'Not found', code: 'request.notFound' } };
  };
}

async function toDetails(user: ReturnType<typeof renderPage>['user'], type = 'Eye exam, 30 min') {
  await user.click(await screen.findByRole('button', { name: type }));
  await user.click(await screen.findByRole('button', { name: /09:00 with Sam Staff$/ }));
  await screen.findByRole('heading', { name: 'Your details' });
}

async function fillIn(user: ReturnType<typeof renderPage>['user'], first = 'Nora', last = 'Newcomer') {
  await user.type(screen.getByRole('textbox', { name: /First name/ }), first);
  await user.type(screen.getByRole('textbox', { name: /Last name/ }), last);
  await user.type(screen.getByLabelText(/Date of birth/), '1990-02-03');
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'nora@example.test');
  await user.click(screen.getByRole('radio', { name: 'Email' }));
  await user.click(screen.getByRole('checkbox', { name: /privacy notice/ }));
}

describe("the store's public booking page", () => {
  it('a new patient books: type, time, details, a wrong then the right code, the confirmation with the forms sent', async () => {
    const calls: Call[] = [];
    rendered = renderPage(<GuestBookingPage company="clearview" store="downtown" />, { api: guestApi(calls) });
    const user = rendered.user;
    expect(await screen.findByRole('heading', { name: 'Book your first visit' })).toBeTruthy();
    expect(screen.getByText('New to Downtown? Choose a time and we will confirm it with a one-time code.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pick-up, 15 min' })).toBeTruthy();
    await toDetails(user);
    expect(screen.getByText(/^Your time: Eye exam at Downtown, .*2031.*, with Sam Staff$/)).toBeTruthy();

    // Nothing is sent until the fields are right; each says what is wrong.
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText('We could not send the code. Please check the fields marked.')).toBeTruthy();
    expect(calls).toEqual([]);
    expect(screen.getByRole('textbox', { name: /First name/ }).getAttribute('aria-invalid')).toBe('true');
    // The privacy consent is the person's own tick, never given for them.
    expect((screen.getByRole('checkbox', { name: /privacy notice/ }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('Please accept the privacy notice to register')).toBeTruthy();

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await screen.findByRole('heading', { name: 'Enter your code' });
    expect(calls[0]!.body).toEqual({
      type: 'eye-exam',
      providerId: sam,
      startsAt: nine.startsAt,
      person: { firstName: 'Nora', lastName: 'Newcomer', dateOfBirth: '1990-02-03', phone: '', email: 'nora@example.test', preferredChannel: 'email', preferredLanguage: 'en', consentContact: false, consentPrivacy: true },
    });
    expect(screen.getByText('We sent a 6-digit code to n***@example.test. It is valid for 10 minutes.')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: /Code/ }), '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByText('Invalid Authentication code. Please check or Resend the code')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Code/ }), '246810');
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByRole('heading', { name: 'Your visit is booked' })).toBeTruthy();
    expect(calls.at(-1)!.body).toMatchObject({ code: '246810', startsAt: nine.startsAt });
    const forms = screen.getByRole('region', { name: 'Please fill in before your visit' });
    expect(within(forms).getByRole('listitem').textContent).toMatch(/^New Patient Intake\s+by Mar 4, 2031$/);
  });

  it('a person the store may already know is sent to sign in once the code proved the address, and told nothing of the record', async () => {
    const calls: Call[] = [];
    const known = { status: 409, body: { error: 'We may already have your details. Please sign in to book, or call the store.', code: 'booking.likelyExisting' } };
    rendered = renderPage(<GuestBookingPage company="clearview" store="downtown" />, { api: guestApi(calls, { confirm: () => known }) });
    const user = rendered.user;
    await toDetails(user);
    await fillIn(user, 'Jane', 'Doe');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await screen.findByRole('heading', { name: 'Enter your code' });
    await user.type(screen.getByRole('textbox', { name: /Code/ }), '246810');
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByRole('heading', { name: 'You may already be our patient' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('We may already have your details. Please sign in to book, or call the store.');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/clearview/downtown');
    // Back on the details, with what was typed.
    expect((screen.getByRole('textbox', { name: /First name/ }) as HTMLInputElement).value).toBe('Jane');
  });

  it('a store that books first visits by phone says so', async () => {
    const refused = { status: 409, body: { error: 'This store books first visits by phone. Please call the store.', code: 'booking.newPatientsOff' } };
    rendered = renderPage(<GuestBookingPage company="brightsight" store="main" />, { api: () => refused });
    expect(await screen.findByRole('heading', { name: 'Online booking is not available' })).toBeTruthy();
    expect(screen.getByText('This store books first visits by phone. Please call the store.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/brightsight/main');
  });

  it('in Arabic', async () => {
    rendered = renderPage(<GuestBookingPage company="clearview" store="downtown" />, { api: guestApi([]), language: 'ar' });
    expect(await screen.findByRole('heading', { name: 'احجز زيارتك الأولى' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /30 دقيقة/ })).toBeTruthy();
  });
});

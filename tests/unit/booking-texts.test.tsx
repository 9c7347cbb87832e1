/**
 * The store's public booking page draws from its own groups of texts only (src/i18n/startTexts.ts bookingGroups,
 * `?booking`), so a new patient does not download every text of the app (issue 34's budget, bench/booking-js.ts).
 * Here the page has nothing but those groups, in English, Turkish and Arabic, and a new patient goes through every
 * step (a refused detail, a wrong code, the confirmation with its forms), and a refusing and an unknown store: no
 * text the page asks for is missing.
 */
import { screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { Call, Reply } from '../fixtures/fakeApi';
import type { FreeSlot } from '../../src/contract/booking';
import { addAllTexts, createAppI18n, fetchAllTexts, initI18n, loadStoredLanguage, startWithBookingTexts } from '../../src/i18n/appI18n';
import { createI18n } from '../../src/i18n/i18n';
import ar from '../../src/i18n/locales/ar.json?booking';
import en from '../../src/i18n/locales/en.json?booking';
import tr from '../../src/i18n/locales/tr.json?booking';
import { GuestBookingPage } from '../../src/views/booking/GuestBookingPage';
import * as data from './records-fixtures';
import { renderPage, tearDownPage } from './records-harness';

let rendered: ReturnType<typeof renderPage> | undefined;
afterEach(() => {
  tearDownPage(rendered);
  rendered = undefined;
});

const sam = 'a0000000-0000-4000-8000-000000000001';
const nine: FreeSlot = { startsAt: '2031-03-04T14:00:00.000Z', providerId: sam, providerName: 'Sam Staff', localDate: '2031-03-04', localTime: '09:00' };
const store = {
  companyName: 'Clearview Optical',
  storeName: 'Downtown',
  logo: null,
  timeZone: 'America/New_York',
  types: [{ type: 'eye-exam', minutes: 30 }],
  providers: [{ id: sam, name: 'Sam Staff' }],
};
const page = '/api/book/clearview/downtown';

function guestApi(call: Call): Reply {
  if (call.method === 'GET' && call.path === page) return { status: 200, body: store };
  if (call.method === 'GET' && call.path.startsWith(`${page}/slots`)) return { status: 200, body: { timeZone: 'America/New_York', minutes: 30, slots: [nine] } };
  if (call.method === 'POST' && call.path === `${page}/code`) return { status: 200, body: { channel: 'email', destination: 'n***@example.test', expiresInSeconds: 600 } };
  if (call.method === 'POST' && call.path === `${page}/confirm`) {
    if ((call.body as { code: string }).code !== '246810') return { status: 400, body: { error: 'Invalid Authentication code. Please check or Resend the code', code: 'auth.invalidCode' } };
    const appointment = { ...data.appointments.upcoming[0]!, startsAt: nine.startsAt, providerName: 'Sam Staff', storeName: 'Downtown', source: 'online' };
    const intake = { id: 'f0000000-0000-4000-8000-000000000001', name: 'New Patient Intake', names: { language: 'en', translated: {} }, locationId: 'c1ea0000-0000-4000-8000-00000000d001', storeName: 'Downtown', expiresAt: '2031-03-04T14:30:00.000Z', requiresCode: false, sentAt: '2031-03-03T12:00:00.000Z' };
    return { status: 201, body: { appointment, forms: [intake] } };
  }
  return { status: 404, body: { error: 'Not found', code: 'request.notFound' } };
}

type Language = 'en' | 'tr' | 'ar';
const subsets = { en, tr, ar } as Record<Language, Record<string, never>>;

/** An i18next with the booking page's groups only; every key it is asked for and lacks is noted in `missing`. */
function bookingTextsOnly(missing: string[]) {
  return (storage: Storage) => {
    const i18n = initI18n(createInstance(), storage, { en: subsets.en, tr: subsets.tr, ar: subsets.ar }, { onDemand: false });
    i18n.options.saveMissing = true;
    i18n.options.missingKeyHandler = (_languages, _namespace, key) => void missing.push(key);
    return i18n;
  };
}

describe('the public booking page with its own texts only', () => {
  for (const language of ['en', 'tr', 'ar'] as const) {
    it(`a new patient books in ${language}: no text missing`, async () => {
      const missing: string[] = [];
      const t = createI18n(localStorage).getFixedT(language);
      rendered = renderPage(<GuestBookingPage company="clearview" store="downtown" />, { api: guestApi, language, texts: bookingTextsOnly(missing) });
      const { user } = rendered;
      expect(await screen.findByRole('heading', { level: 1, name: t('guestBooking.title') })).toBeTruthy();
      await user.click(screen.getByRole('button', { name: new RegExp(t('records.appointments.types.eye-exam')) }));
      await user.click(await screen.findByRole('button', { name: /Sam Staff/ }));
      await screen.findByRole('heading', { name: t('guestBooking.detailsTitle') });
      // Sent empty: every field's refusal, in the reader's language.
      await user.click(screen.getByRole('button', { name: t('guestBooking.sendCode') }));
      expect(screen.getByText(t('guestBooking.failed'))).toBeTruthy();
      await user.type(screen.getByRole('textbox', { name: new RegExp(t('kiosk.firstName')) }), 'Nora');
      await user.type(screen.getByRole('textbox', { name: new RegExp(t('kiosk.lastName')) }), 'Newcomer');
      await user.type(screen.getByLabelText(new RegExp(t('kiosk.dateOfBirth'))), '1990-02-03');
      await user.type(screen.getByRole('textbox', { name: new RegExp(t('kiosk.email')) }), 'nora@example.test');
      await user.click(screen.getByRole('radio', { name: t('records.profile.channels.email') }));
      await user.click(screen.getByRole('checkbox', { name: t('kiosk.consentPrivacy') }));
      await user.click(screen.getByRole('button', { name: t('guestBooking.sendCode') }));
      await screen.findByRole('heading', { name: t('guestBooking.codeTitle') });
      await user.type(screen.getByRole('textbox', { name: new RegExp(t('guestBooking.codeLabel')) }), '111111');
      await user.click(screen.getByRole('button', { name: t('guestBooking.confirmBooking') }));
      expect(await screen.findByText(t('apiErrors.auth.invalidCode'))).toBeTruthy();
      await user.type(screen.getByRole('textbox', { name: new RegExp(t('guestBooking.codeLabel')) }), '246810');
      await user.click(screen.getByRole('button', { name: t('guestBooking.confirmBooking') }));
      expect(await screen.findByRole('heading', { name: t('booking.confirmedTitle') })).toBeTruthy();
      expect(screen.getByRole('region', { name: t('booking.formsTitle') })).toBeTruthy();
      expect(missing).toEqual([]);
    });
  }

  it('a store that books first visits by phone, and an unknown store: no text missing', async () => {
    const missing: string[] = [];
    const refused = { status: 409, body: { error: 'This store books first visits by phone. Please call the store.', code: 'booking.newPatientsOff' } };
    rendered = renderPage(<GuestBookingPage company="brightsight" store="main" />, { api: () => refused, language: 'tr', texts: bookingTextsOnly(missing) });
    const t = createI18n(localStorage).getFixedT('tr');
    expect(await screen.findByRole('heading', { name: t('guestBooking.refusedTitle') })).toBeTruthy();
    expect(screen.getByText(t('apiErrors.booking.newPatientsOff'))).toBeTruthy();
    tearDownPage(rendered);
    rendered = renderPage(<GuestBookingPage company="nowhere" store="main" />, { api: () => ({ status: 404, body: { error: 'Not found', code: 'request.notFound' } }), language: 'ar', texts: bookingTextsOnly(missing) });
    const arabic = createI18n(localStorage).getFixedT('ar');
    expect(await screen.findByRole('heading', { name: arabic('notFound.title') })).toBeTruthy();
    expect(missing).toEqual([]);
  });
});

describe("the app's texts when a page load starts on the booking page", () => {
  it('a Turkish reader gets the booking groups of Turkish; the first other page completes Turkish', async () => {
    localStorage.setItem('language', 'tr');
    startWithBookingTexts();
    await loadStoredLanguage(localStorage);
    const i18n = createAppI18n(localStorage);
    const t = createI18n(localStorage).getFixedT('tr');
    expect(i18n.language).toBe('tr');
    expect(i18n.t('guestBooking.title')).toBe(t('guestBooking.title'));
    // Not fetched for the booking page: a text of the register.
    expect(i18n.exists('posRegister', { lng: 'tr', fallbackLng: false })).toBe(false);
    await fetchAllTexts();
    addAllTexts(i18n);
    expect(i18n.exists('posRegister', { lng: 'tr', fallbackLng: false })).toBe(true);
    expect(i18n.t('guestBooking.title')).toBe(t('guestBooking.title'));
  });
});

/**
 * The guest visit page of a reminder's link (/visit/{key}) against a fake API: the visit in the store's zone; Confirm
 * once, then the page says it is confirmed (a second confirm from elsewhere says confirmed already); Cancel asks
 * first and a refusal within the store's notice is said in the reader's language; the page opens in the patient's
 * language (Arabic, right to left); another time chosen from the store's free ones (a time gone meanwhile said, the
 * next chosen); unknown and expired links.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VisitPage as Visit } from '../../src/contract/visitReply';
import { createI18n } from '../../src/i18n/i18n';
import { VisitPage } from '../../src/views/visit/VisitPage';
import { fakeApi, type Call, type Reply } from '../fixtures/fakeApi';
import '../fixtures/jsdom-gaps';

const key = 'AbCdEfGhIjKlMnOpQrStUv';
const path = `/api/public/visit/${key}`;
const visit: Visit = {
  storeName: 'Downtown',
  storePhone: '+1 555 0100',
  storeAddress: '120 Market Street, Springfield',
  timeZone: 'America/New_York',
  localDate: '2031-03-04',
  localTime: '09:00',
  startsAt: '2031-03-04T14:00:00.000Z',
  type: 'eye-exam',
  providerName: 'Sam Staff',
  state: 'unconfirmed',
  language: 'en',
  canConfirm: true,
  canCancel: true,
  cancelNoticeHours: 24,
  canReschedule: true,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function show(api: (call: Call) => Reply | undefined, chosenLanguage?: string) {
  if (chosenLanguage) localStorage.setItem('language', chosenLanguage);
  const server = fakeApi(api);
  const i18n = createI18n(localStorage);
  render(
    <I18nextProvider i18n={i18n}>
      <VisitPage visitKey={key} />
    </I18nextProvider>,
  );
  return { server, i18n, user: userEvent.setup() };
}

describe('the visit page', () => {
  it("shows the visit in the store's time zone and confirms it once", async () => {
    const posts: Call[] = [];
    const { user } = show((call) => {
      if (call.method === 'GET' && call.path === path) return { status: 200, body: visit };
      if (call.method === 'POST' && call.path === path) {
        posts.push(call);
        return { status: 200, body: { already: false, visit: { ...visit, state: 'confirmed', canConfirm: false } } };
      }
      return { status: 404, body: { error: 'Not found' } };
    });
    expect(await screen.findByRole('heading', { name: 'Your visit' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Please confirm or cancel your visit.');
    // 14:00 UTC is 9:00 in New York.
    expect(screen.getByText(/9:00/).textContent).toContain('2031');
    expect(screen.getByText('Eye exam')).toBeTruthy();
    expect(screen.getByText('Sam Staff')).toBeTruthy();
    expect(screen.getByText('Visits can be cancelled online up to 24 hours before the start.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Thank you, your visit is confirmed.')).toBeTruthy();
    expect(posts.map((c) => c.body)).toEqual([{ action: 'confirm' }]);
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel visit' })).toBeTruthy();
  });

  it('asks before cancelling; a refusal within the notice is said and the page reads the visit again', async () => {
    let reads = 0;
    const { user } = show((call) => {
      if (call.method === 'GET' && call.path === path) {
        reads++;
        return { status: 200, body: reads === 1 ? visit : { ...visit, canCancel: false } };
      }
      if (call.method === 'POST' && call.path === path) {
        return { status: 409, body: { error: 'Appointments can be cancelled online up to 24 hours before the start. Please call the store.', code: 'records.cancelTooLate', params: { hours: 24 } } };
      }
      return { status: 404, body: { error: 'Not found' } };
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel visit' }));
    const question = screen.getByRole('group', { name: 'Cancel this visit?' });
    await user.click(within(question).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('group', { name: 'Cancel this visit?' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel visit' }));
    await user.click(within(screen.getByRole('group', { name: 'Cancel this visit?' })).getByRole('button', { name: 'Yes, cancel it' }));
    expect((await screen.findByRole('alert')).textContent).toContain('24 hours before the start');
    expect(await screen.findByText('This visit can no longer be cancelled online. Please call the store.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel visit' })).toBeNull();
  });

  it("moves the visit to another free time: a time gone meanwhile is said, the next one moves it and confirms it", async () => {
    const moves: Call[] = [];
    const slot = (localTime: string, startsAt: string) => ({ startsAt, providerId: 'a0000000-0000-4000-8000-000000000001', providerName: 'Sam Staff', localDate: '2031-03-05', localTime });
    const tenAM = slot('10:00', '2031-03-05T15:00:00.000Z');
    const elevenAM = slot('11:00', '2031-03-05T16:00:00.000Z');
    const { user } = show((call) => {
      if (call.method === 'GET' && call.path === path) return { status: 200, body: visit };
      if (call.method === 'GET' && call.path.startsWith(`${path}/slots?`)) return { status: 200, body: { timeZone: 'America/New_York', minutes: 30, slots: moves.length ? [elevenAM] : [tenAM, elevenAM] } };
      if (call.method === 'POST' && call.path === `${path}/reschedule`) {
        moves.push(call);
        if (moves.length === 1) return { status: 409, body: { error: 'This time has just been taken. Please choose another time.', code: 'booking.slotGone', details: { nextSlots: [elevenAM] } } };
        return { status: 200, body: { already: false, visit: { ...visit, startsAt: elevenAM.startsAt, localDate: '2031-03-05', localTime: '11:00', state: 'confirmed', canConfirm: false } } };
      }
      return { status: 404, body: { error: 'Not found' } };
    });
    await user.click(await screen.findByRole('button', { name: 'Choose another time' }));
    expect(await screen.findByRole('heading', { name: 'Choose another time' })).toBeTruthy();
    expect(screen.getByText('Choose a new time for your Eye exam. Your present time is given up when you choose a new one.')).toBeTruthy();
    // Keeping the time goes back to the visit; choosing again shows the store's free times.
    await user.click(screen.getByRole('button', { name: 'Keep my time' }));
    await user.click(await screen.findByRole('button', { name: 'Choose another time' }));
    await user.click(await screen.findByRole('button', { name: /10:00/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('This time has just been taken. Please choose another time.');
    // The free times are read again: 10:00 is gone.
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: /10:00/ })).toBeNull());
    await user.click(screen.getByRole('button', { name: /11:00/ }));
    expect(await screen.findByText('Your visit is moved to the new time and confirmed.')).toBeTruthy();
    expect(moves.map((c) => c.body)).toEqual([
      { providerId: tenAM.providerId, startsAt: tenAM.startsAt },
      { providerId: elevenAM.providerId, startsAt: elevenAM.startsAt },
    ]);
    expect(screen.getByText(/11:00/).textContent).toContain('2031');
  });

  it("opens in the patient's language: Arabic, right to left, the notice in its plural form", async () => {
    const { i18n } = show((call) => (call.path === path ? { status: 200, body: { ...visit, language: 'ar', cancelNoticeHours: 2 } } : { status: 404, body: {} }));
    expect(await screen.findByRole('heading', { name: 'موعدك' })).toBeTruthy();
    expect(i18n.language).toBe('ar');
    expect(document.documentElement.dir === 'rtl' || i18n.dir() === 'rtl').toBe(true);
    expect(screen.getByRole('button', { name: 'تأكيد' })).toBeTruthy();
    expect(screen.getByText('يمكن إلغاء المواعيد عبر الإنترنت حتى ساعتين قبل البدء.')).toBeTruthy();
  });

  it('offers another time in Arabic, the times isolated in the right-to-left page', async () => {
    const elevenAM = { startsAt: '2031-03-05T16:00:00.000Z', providerId: 'a0000000-0000-4000-8000-000000000001', providerName: 'Sam Staff', localDate: '2031-03-05', localTime: '11:00' };
    const { user } = show((call) => {
      if (call.method === 'GET' && call.path === path) return { status: 200, body: { ...visit, language: 'ar' } };
      if (call.method === 'GET' && call.path.startsWith(`${path}/slots?`)) return { status: 200, body: { timeZone: 'America/New_York', minutes: 30, slots: [elevenAM] } };
      return { status: 404, body: {} };
    });
    await user.click(await screen.findByRole('button', { name: 'اختر وقتًا آخر' }));
    expect(await screen.findByRole('heading', { name: 'اختر وقتًا آخر' })).toBeTruthy();
    const time = await screen.findByRole('button', { name: /11:00/ });
    expect(time.querySelector('bdi')?.textContent).toBe('11:00');
    expect(screen.getByRole('button', { name: 'أبقِ موعدي' })).toBeTruthy();
  });

  it('keeps the language the reader chose on this device', async () => {
    show((call) => (call.path === path ? { status: 200, body: { ...visit, language: 'ar' } } : { status: 404, body: {} }), 'tr');
    expect(await screen.findByRole('heading', { name: 'Randevunuz' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Onayla' })).toBeTruthy();
  });

  it('says an unknown link is not valid and an expired one has passed', async () => {
    show(() => ({ status: 404, body: { error: 'This link is not valid. Please call the store.', code: 'visit.linkNotFound' } }));
    expect(await screen.findByRole('heading', { name: 'Link not valid' })).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();
    show(() => ({ status: 410, body: { error: 'This visit has already started or passed. Please call the store.', code: 'visit.linkExpired' } }));
    expect(await screen.findByText('This visit has already started or passed. Please call the store.')).toBeTruthy();
  });
});

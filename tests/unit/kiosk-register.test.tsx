/**
 * /patient/register, the kiosk sign-up against a fake API: a walk-in patient registers and is thanked;
 * the screen clears itself for the next person (after the thank-you delay, on Done, after 2 minutes idle); the
 * server's field messages show; nothing of one person is left for the next (form and mutation cache).
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { kioskKey } from '../../src/api/records';
import { kioskDelays } from '../../src/machines/kioskRegistration.machine';
import { KioskRegisterPage } from '../../src/views/kiosk/KioskRegisterPage';
import { janeDoe } from '../fixtures/auth';
import type { Call, Reply } from '../fixtures/fakeApi';
import { renderPage, tearDownPage, withRoles } from './records-harness';

const kiosk = withRoles(janeDoe, ['kiosk'], 'Downtown Kiosk');

let rendered: ReturnType<typeof renderPage> | undefined;
afterEach(() => {
  tearDownPage(rendered);
  rendered = undefined;
  vi.useRealTimers();
});

function kioskApi(answer: (call: Call) => Reply) {
  const posted: unknown[] = [];
  const api = (call: Call): Reply => {
    if (call.method === 'POST' && call.path === '/api/kiosk/patients') {
      posted.push(call.body);
      return answer(call);
    }
    return { status: 404, body: { error: 'Not found' } };
  };
  return { api, posted };
}

const registered: Reply = { status: 201, body: { id: 'c1ea0000-0000-4000-8000-00000000f001', firstName: 'Ann' } };
const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const dateOfBirth = () => screen.getByLabelText(/^Date of birth/) as HTMLInputElement;

async function fillIn(user: ReturnType<typeof renderPage>['user']) {
  await user.type(field('First name'), 'Ann');
  await user.type(field('Last name'), 'Walker');
  await user.type(dateOfBirth(), '1990-04-01');
  await user.type(field('Phone'), '+1 555 0123');
  await user.type(field('Email'), 'ann@example.com');
  await user.click(screen.getByRole('radio', { name: 'Text message (SMS)' }));
  await user.click(screen.getByRole('radio', { name: 'Türkçe' }));
  await user.click(screen.getByText(/I agree that the store keeps and uses my details/));
}

describe('kiosk sign-up', { timeout: 30_000 }, () => {
  it('tells a likely registered person to ask at the desk, and shows nothing of any record', async () => {
    const likely = 'We may already have your details. Please ask at the desk and our staff will help you.';
    const { api } = kioskApi(() => ({ status: 409, body: { code: 'patients.kioskLikelyRegistered', error: likely } }));
    rendered = renderPage(<KioskRegisterPage />, { user: kiosk, api });
    await fillIn(rendered.user);
    await rendered.user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(likely)).toBeTruthy();
    expect(screen.queryByText(/Thank you/)).toBeNull();
  });

  it('registers a walk-in patient, thanks them by name, and clears itself for the next person', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, posted } = kioskApi(() => registered);
    rendered = renderPage(<KioskRegisterPage />, { user: kiosk, api, advanceTimers: vi.advanceTimersByTime });
    const { user, queryClient } = rendered;
    expect(screen.getByRole('heading', { level: 1, name: 'Patient registration' })).toBeTruthy();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Thank you, Ann!')).toBeTruthy();
    expect(posted).toEqual([
      {
        firstName: 'Ann',
        lastName: 'Walker',
        dateOfBirth: '1990-04-01',
        phone: '+1 555 0123',
        email: 'ann@example.com',
        preferredChannel: 'sms',
        preferredLanguage: 'tr',
        consentContact: false,
        consentPrivacy: true,
      },
    ]);
    expect(queryClient.getMutationCache().findAll({ mutationKey: kioskKey(kiosk.tenantId) })).toHaveLength(1);

    await act(async () => {
      vi.advanceTimersByTime(kioskDelays.thankYou);
    });
    expect(screen.queryByText('Thank you, Ann!')).toBeNull();
    expect(field('First name').value).toBe('');
    expect(field('Email').value).toBe('');
    // The next person is asked again: no channel is chosen for them.
    expect(screen.getAllByRole('radio', { name: /^(Email|Text message \(SMS\))$/ }).map((radio) => (radio as HTMLInputElement).checked)).toEqual([false, false]);
    // The person's data is gone from TanStack Query's mutation cache too.
    expect(queryClient.getMutationCache().findAll({ mutationKey: kioskKey(kiosk.tenantId) })).toHaveLength(0);
  });

  it('Done on the thank-you screen clears it at once', async () => {
    const { api } = kioskApi(() => registered);
    rendered = renderPage(<KioskRegisterPage />, { user: kiosk, api });
    const { user } = rendered;
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    expect(field('First name').value).toBe('');
    expect(field('Last name').value).toBe('');
  });

  it('asks how to contact the person: no channel is chosen for them, and none chosen is refused in the kiosk’s words', async () => {
    const { api, posted } = kioskApi(() => ({
      status: 400,
      body: {
        error: 'Invalid input',
        fields: { preferredChannel: 'Preferred channel must be email or sms', consentPrivacy: 'Please accept the privacy notice to register' },
        fieldCodes: { preferredChannel: 'patient.preferredChannel', consentPrivacy: 'patient.consentPrivacy' },
      },
    }));
    rendered = renderPage(<KioskRegisterPage />, { user: kiosk, api });
    const { user } = rendered;
    expect((screen.getByRole('radio', { name: 'Email' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('radio', { name: 'Text message (SMS)' }) as HTMLInputElement).checked).toBe(false);
    await user.type(field('First name'), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findAllByText('Please choose how we may contact you: email or text message')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Please accept the privacy notice to register').length).toBeGreaterThan(0);
    expect((posted[0] as { preferredChannel: string }).preferredChannel).toBe('');
  });

  it('shows the server’s field messages and keeps what was typed', async () => {
    const { api } = kioskApi(() => ({
      status: 400,
      body: { error: 'Invalid input', fields: { consentPrivacy: 'Please accept the privacy notice to register', email: 'Email must be a valid address (up to 254 characters)' } },
    }));
    rendered = renderPage(<KioskRegisterPage />, { user: kiosk, api });
    const { user } = rendered;
    await user.type(field('First name'), 'Ann');
    await user.type(field('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Please accept the privacy notice to register')).toBeTruthy();
    expect(screen.getByText('Email must be a valid address (up to 254 characters)')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('We could not register you.');
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(field('First name').value).toBe('Ann');
  });

  it('after a refused submit focuses the summary, says "required" for empty fields and dates as the field shows them', async () => {
    const { api } = kioskApi(() => ({
      status: 400,
      body: {
        error: 'Invalid input',
        fields: {
          firstName: 'First name is required (up to 100 characters)',
          lastName: 'Last name is required (up to 100 characters)',
          dateOfBirth: 'Date of birth must be a past date (YYYY-MM-DD) after 1900-01-01',
        },
      },
    }));
    rendered = renderPage(<KioskRegisterPage />, { user: kiosk, api });
    const { user } = rendered;
    await user.type(field('Last name'), 'Walker');
    await user.type(dateOfBirth(), '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(screen.getByText('First name is required')).toBeTruthy();
    // Typed but refused: the length limit is not the problem, so the field keeps the contract's message.
    expect(screen.getByText('Last name is required (up to 100 characters)')).toBeTruthy();
    expect(screen.getByText('Date of birth must be a past date after 1 January 1900')).toBeTruthy();
    expect(document.body.textContent).not.toContain('YYYY');
    expect(summary.textContent).toContain('First name: First name is required');
    // The summary's link takes the person to the field.
    await user.click(screen.getByRole('link', { name: /^First name:/ }));
    expect(document.activeElement).toBe(field('First name'));
  });

  it('says the contract’s field messages in the reader’s language (Arabic), others as the server put them', async () => {
    const { api } = kioskApi(() => ({
      status: 400,
      body: { error: 'Invalid input', fields: { consentPrivacy: 'Please accept the privacy notice to register', city: 'Something new' } },
    }));
    rendered = renderPage(<KioskRegisterPage />, { user: kiosk, api, language: 'ar' });
    await rendered.user.click(screen.getByRole('button', { name: 'تسجيل' }));
    expect(await screen.findByText('يرجى قبول إشعار الخصوصية للتسجيل')).toBeTruthy();
    expect(screen.queryByText('Please accept the privacy notice to register')).toBeNull();
  });

  it('a half-filled form is cleared after 2 minutes without a touch; a touch starts the 2 minutes again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, posted } = kioskApi(() => registered);
    rendered = renderPage(<KioskRegisterPage />, { user: kiosk, api, advanceTimers: vi.advanceTimersByTime });
    const { user } = rendered;
    await user.type(field('First name'), 'Ann');
    await act(async () => {
      vi.advanceTimersByTime(kioskDelays.idle - 5000);
    });
    await user.type(field('Last name'), 'W');
    await act(async () => {
      vi.advanceTimersByTime(kioskDelays.idle - 5000);
    });
    expect(field('First name').value).toBe('Ann');
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    await waitFor(() => expect(field('First name').value).toBe(''));
    expect(field('Last name').value).toBe('');
    expect(posted).toEqual([]);
  });

  it("puts the kiosk's language back for the next person: after the thank-you screen and after 2 idle minutes", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = kioskApi(() => registered);
    rendered = renderPage(<KioskRegisterPage />, { user: kiosk, api, advanceTimers: vi.advanceTimersByTime });
    const { user, i18n } = rendered;

    // A person fills the form in, switches the screen to Arabic (the toolbar's language menu), registers, and is
    // thanked.
    await fillIn(user);
    await act(async () => {
      await i18n.changeLanguage('ar');
    });
    await user.click(screen.getByRole('button', { name: 'تسجيل' }));
    await screen.findByRole('status');
    await act(async () => {
      vi.advanceTimersByTime(kioskDelays.thankYou);
    });
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy();

    // The next one only switches to Turkish and walks away: the idle clear puts English back too.
    await act(async () => {
      await i18n.changeLanguage('tr');
    });
    await act(async () => {
      vi.advanceTimersByTime(kioskDelays.idle);
    });
    await waitFor(() => expect(i18n.language).toBe('en'));
  });
});

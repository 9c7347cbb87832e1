/**
 * A refused field is said in the reader's language by its message's code (`fieldCodes`, src/contract/fieldMessages.ts),
 * never by matching the server's English: a Turkish or Arabic admin whose invitation is refused reads each field's
 * message in their language, at the field and in the summary, even where the server's English words differ.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { janeDoe } from '../fixtures/auth';
import type { Reply } from '../fixtures/fakeApi';
import ar from '../../src/i18n/locales/ar.json';
import en from '../../src/i18n/locales/en.json';
import tr from '../../src/i18n/locales/tr.json';
import { fieldTexts } from '../../src/contract/fieldMessages';
import { AccessPage } from '../../src/views/access/AccessPage';
import { renderPage, tearDownPage, withRoles } from './records-harness';

const admin = withRoles(janeDoe, ['admin'], 'Ada Admin');
const downtown = { id: '5d2f9b71-2c4e-4a8b-8f3d-9e6c1b7a4d20', slug: 'downtown', name: 'Downtown', address: '1 Main St', phone: '+1 555 0100', timeZone: 'America/New_York', currency: 'USD', logo: null };
const ok = (body: unknown): Reply => ({ status: 200, body });

let rendered: ReturnType<typeof renderPage> | undefined;
afterEach(() => {
  tearDownPage(rendered);
  rendered = undefined;
});

async function refusedInvitation(language: 'en' | 'tr' | 'ar', texts: typeof en, refusal: object) {
  rendered = renderPage(<AccessPage />, {
    user: admin,
    language,
    api: (call) => {
      const url = new URL(call.path, 'http://x');
      if (url.pathname === '/api/stores') return ok({ stores: [downtown] });
      if (url.pathname === '/api/access/users' && call.method === 'GET') return ok({ accounts: [] });
      if (url.pathname === '/api/access/users' && call.method === 'POST') return { status: 400, body: { error: 'Please correct the highlighted fields.', code: 'request.fieldsInvalid', ...refusal } };
      return { status: 404, body: { error: 'Not found', code: 'request.notFound' } };
    },
  });
  const { user } = rendered;
  await user.click(await screen.findByRole('button', { name: texts.access.invite.open }));
  const form = screen.getByRole('form', { name: texts.access.invite.title });
  await user.type(within(form).getByRole('textbox', { name: texts.access.fields.email }), 'sam@');
  await user.click(within(form).getByRole('button', { name: texts.access.invite.send }));
  return within(form).findByRole('alert');
}

describe('a refused field in the reader’s language', () => {
  it.each([
    ['tr', tr],
    ['ar', ar],
  ] as const)('%s: says each field message by its code, whatever the server’s English', async (language, texts) => {
    // English the browser has never seen: only the codes can say which messages these are.
    const summary = await refusedInvitation(language, texts as unknown as typeof en, {
      fields: { email: 'The address is not one we can send to', displayName: 'A name is needed' },
      fieldCodes: { email: 'patient.email', displayName: 'user.displayName' },
    });
    const links = within(summary).getAllByRole('link').map((link) => link.textContent);
    expect(links).toHaveLength(2);
    expect(links[0]).toContain(texts.fieldErrors.patient.email);
    expect(links[1]).toContain(texts.fieldErrors.user.displayName);
    expect(texts.fieldErrors.patient.email).not.toBe(en.fieldErrors.patient.email);
  });

  it('en: says the contract’s own English, as the server sends it', async () => {
    const summary = await refusedInvitation('en', en, { fields: { displayName: fieldTexts['user.displayName']! } });
    expect(within(summary).getByRole('link').textContent).toBe(`Name: ${fieldTexts['user.displayName']}`);
  });

  it('a message without a code is shown as the server worded it', async () => {
    const summary = await refusedInvitation('tr', tr as unknown as typeof en, { fields: { stores: 'Stores must be stores of this company' } });
    expect(summary.textContent).toContain('Stores must be stores of this company');
  });
});

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errorCodes, errorText, errorTexts, type ErrorCode } from '../../src/contract/errorCodes';
import { labOrderMessages } from '../../src/contract/labOrders';
import { AppointmentStatus, InvoiceStatus, LabOrderStatus, recordMessages, RecallStatus } from '../../src/contract/records';
import { cannotMove } from '../../src/contract/sales';
import { formatMoney, moneyParams } from '../../src/contract/money';
import { ApiError } from '../../src/contract/apiError';
import { messages } from '../../src/contract/messages';
import { translateApiError, translateError } from '../../src/i18n/apiErrors';
import { createI18n } from '../../src/i18n/i18n';
import ar from '../../src/i18n/locales/ar.json';
import en from '../../src/i18n/locales/en.json';
import tr from '../../src/i18n/locales/tr.json';
import { startGroups } from '../../src/i18n/startTexts';

/** The text of `apiErrors.<code>` in a locale (undefined when missing). */
function textOf(locale: object, code: string): unknown {
  return ['apiErrors', ...code.split('.')].reduce<unknown>(
    (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
    locale,
  );
}

const placeholders = (text: string) => text.match(/{{\w+}}/g)?.sort() ?? [];

describe('error codes', () => {
  it('every code has the shape area.name', () => {
    expect(errorCodes.length).toBeGreaterThan(0);
    for (const code of errorCodes) expect(code).toMatch(/^[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*$/);
  });

  it('English quotes the catalogue word for word, and has no code the catalogue lacks', () => {
    for (const code of errorCodes) expect(textOf(en, code), code).toBe(errorTexts[code]);
    const listed = Object.entries(en.apiErrors).flatMap(([area, names]) => Object.keys(names).map((name) => `${area}.${name}`));
    expect(listed.sort()).toEqual([...errorCodes].sort());
  });

  it.each([
    ['tr', tr],
    ['ar', ar],
  ])('%s has a text for every code, with the same placeholders', (_, locale) => {
    for (const code of errorCodes) {
      const text = textOf(locale, code);
      expect(typeof text === 'string' && text.trim().length > 0, code).toBe(true);
      expect(text, `${code} is translated`).not.toBe(errorTexts[code]);
      expect(placeholders(text as string), code).toEqual(placeholders(errorTexts[code]));
    }
  });

  it('no two codes share an English text, but for the eForm link\'s code (its own wording and page)', () => {
    const sharing = new Map<string, ErrorCode[]>();
    for (const code of errorCodes) sharing.set(errorTexts[code], [...(sharing.get(errorTexts[code]) ?? []), code]);
    const shared = [...sharing.values()].filter((codes) => codes.length > 1);
    expect(shared).toEqual([['auth.invalidCode', 'eforms.invalidCode']]);
  });

  it('the catalogue is zod-free: nothing it imports (at run time) reaches zod', () => {
    const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/contract');
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(resolve(root, `${file}.ts`), 'utf8');
      // Type-only imports are erased; every other import is followed.
      for (const [, what, from] of [...source.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)'/gm)]) {
        if (what) continue;
        expect(from, `${file}.ts imports ${from}`).toMatch(/^\.\/(?!zod$)/);
        visit(from!.slice(2));
      }
    };
    visit('errorCodes');
    expect([...seen].sort()).toEqual(['eformRules', 'errorCodes', 'messages', 'recordMessages']);
  });

  it('English texts are not in the start-up groups (the sign-in page\'s entry stays at its size)', () => {
    expect(startGroups as readonly string[]).not.toContain('apiErrors');
  });
});

describe('errorText', () => {
  it('gives a fixed text as it is', () => {
    expect(errorText('auth.invalidCredentials')).toBe('Invalid Username or Password');
    expect(errorText('eforms.formNotFound', { ignored: 1 })).toBe('Form not found. Please check the link or contact the store.');
  });

  it('fills the placeholders, giving the very text the server sends today', () => {
    for (const hours of [0, 2, 24, 48]) expect(errorText('records.cancelTooLate', { hours })).toBe(recordMessages.cancelTooLate(hours));
    for (const from of LabOrderStatus.options)
      for (const to of LabOrderStatus.options)
        expect(errorText('labOrders.cannotMove', { from, to })).toBe(labOrderMessages.cannotMove(from, to));
    for (const from of AppointmentStatus.options)
      for (const to of AppointmentStatus.options)
        expect(errorText('appointments.cannotMove', { from, to })).toBe(cannotMove('an appointment', from, to));
    for (const from of RecallStatus.options)
      for (const to of RecallStatus.options) expect(errorText('recalls.cannotMove', { from, to })).toBe(cannotMove('a recall', from, to));
    // The inline template strings of server/clinical/sales.ts and server/clinical/labOrders.ts.
    for (const status of InvoiceStatus.options) {
      expect(errorText('sales.invoiceNotOpen', { status })).toBe(`This invoice is ${status}: it takes no more payments.`);
      expect(errorText('sales.invoiceAlreadyClosed', { status })).toBe(`This invoice is already ${status}.`);
      expect(errorText('labOrders.invoiceNotOpen', { status })).toBe(`The invoice is ${status}: no lab order can be made from it.`);
    }
    expect(errorText('labOrders.invoiceIsCreditRecord')).toBe(`The invoice is ${'a credit record'}: no lab order can be made from it.`);
    // server/clinical/frontDesk.ts: `This patient has no ${r.channel === 'email' ? 'email address' : 'phone number'} ...`
    expect(errorText('recalls.noEmailAddress')).toBe(`This patient has no ${'email address'} to send the recall to.`);
    expect(errorText('recalls.noPhoneNumber')).toBe(`This patient has no ${'phone number'} to send the recall to.`);
  });

  it('leaves a placeholder without a value as it is', () => {
    expect(errorText('sales.invoiceNotOpen')).toBe('This invoice is {{status}}: it takes no more payments.');
  });
});

describe('translateApiError', () => {
  const instance = (language: 'en' | 'tr' | 'ar') => {
    localStorage.setItem('language', language);
    return createI18n(localStorage);
  };

  it('translates by code in the reader\'s language', () => {
    const body = { error: errorTexts['auth.invalidCredentials'], code: 'auth.invalidCredentials' };
    expect(translateApiError(instance('en'), body, 'fallback')).toBe('Invalid Username or Password');
    expect(translateApiError(instance('tr'), body, 'fallback')).toBe(tr.errors.invalidLogin);
    expect(translateApiError(instance('ar'), body, 'fallback')).toBe(ar.errors.invalidLogin);
  });

  it('fills the values of a code: English gives the server\'s text; tr and ar name the status in their words', () => {
    const body = (status: string) => ({
      error: errorText('sales.invoiceNotOpen', { status }),
      code: 'sales.invoiceNotOpen',
      params: { status },
    });
    expect(translateApiError(instance('en'), body('void'), '')).toBe('This invoice is void: it takes no more payments.');
    expect(translateApiError(instance('tr'), body('void'), '')).toBe(
      `Bu faturanın durumu “${tr.records.invoices.statuses.void}”: artık ödeme alınamaz.`,
    );
    expect(translateApiError(instance('ar'), body('paid'), '')).toBe(
      `حالة هذه الفاتورة «${ar.records.invoices.statuses.paid}»: لا يمكن تسجيل دفعات أخرى عليها.`,
    );
    const move = {
      error: labOrderMessages.cannotMove('delivered', 'draft'),
      code: 'labOrders.cannotMove',
      params: { from: 'delivered', to: 'draft' },
    };
    expect(translateApiError(instance('ar'), move, '')).toBe(
      `لا يمكن نقل الطلب من الحالة «${ar.records.orders.statuses.delivered}» إلى الحالة «${ar.records.orders.statuses.draft}»`,
    );
    // An amount comes as the server's English text and as minor units: the reader's language writes it.
    const over = { error: errorText('pos.refundOverPaid', { amount: '$50.00' }), code: 'pos.refundOverPaid', params: moneyParams('amount', 5_000, 'USD') };
    expect(translateApiError(instance('en'), over, '')).toBe('Only $50.00 was paid and not yet refunded.');
    expect(translateApiError(instance('ar'), over, '')).toBe(ar.apiErrors.pos.refundOverPaid.replace('{{amount}}', formatMoney(5_000, 'USD', 'ar')));
    const late = { error: recordMessages.cancelTooLate(24), code: 'records.cancelTooLate', params: { hours: 24 } };
    expect(translateApiError(instance('tr'), late, '')).toContain(' 24 saat ');
    expect(translateApiError(instance('en'), late, '')).toBe(recordMessages.cancelTooLate(24));
  });

  it('every status a template names has its words in tr and ar', () => {
    const groups = {
      invoices: InvoiceStatus.options,
      orders: LabOrderStatus.options,
      appointments: AppointmentStatus.options,
      recalls: RecallStatus.options,
    };
    for (const locale of [tr, ar])
      for (const [group, statuses] of Object.entries(groups)) {
        const words = (locale.records as unknown as Record<string, { statuses: Record<string, string> }>)[group]!.statuses;
        for (const status of statuses) expect(words[status], `${group}.${status}`).toBeTruthy();
      }
  });

  it('falls back to the server\'s text, then to the given text', () => {
    const i18n = instance('ar');
    expect(translateApiError(i18n, { error: 'Some new text.', code: 'sales.somethingNew' }, 'fallback')).toBe('Some new text.');
    expect(translateApiError(i18n, { error: 'No code.' }, 'fallback')).toBe('No code.');
    expect(translateApiError(i18n, { error: 'A group, not a text.', code: 'auth' }, 'fallback')).toBe('A group, not a text.');
    expect(translateApiError(i18n, { error: '' }, 'fallback')).toBe('fallback');
    expect(translateApiError(i18n, null, 'fallback')).toBe('fallback');
  });
});

describe('translateError', () => {
  const instance = (language: 'en' | 'tr' | 'ar') => {
    localStorage.setItem('language', language);
    return createI18n(localStorage);
  };

  it('translates an API failure by its code, even when its English text is not one the app knows', () => {
    const refused = new ApiError(409, {
      error: errorText('sales.invoiceAlreadyClosed', { status: 'void' }),
      code: 'sales.invoiceAlreadyClosed',
      params: { status: 'void' },
    });
    const arabic = translateError(instance('ar'), refused);
    expect(arabic).not.toBe(refused.message);
    expect(arabic).toContain(ar.records.invoices.statuses.void);
    expect(translateError(instance('en'), refused)).toBe('This invoice is already void.');
  });

  it("translates the app's own texts (no code) by the known-text catalogue, and falls back for anything else", () => {
    const arabic = instance('ar');
    expect(translateError(arabic, new ApiError(401, { error: messages.tokenRefreshFailed }))).toBe(ar.errors.tokenRefreshFailed);
    expect(translateError(arabic, new Error('Failed to fetch'))).toBe('Failed to fetch');
    expect(translateError(arabic, new ApiError(502, null))).toBe('HTTP 502');
    expect(translateError(arabic, null)).toBe(ar.errors.unexpected);
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatMoney, localMoneyParams, moneyParams } from '../../src/contract/money';
import { createFormats } from '../../src/views/shared/format';

/**
 * Every amount goes through formatMoney: the locale places the sign and the currency, the currency says how many
 * decimals (none for the yen, three for the Kuwaiti dinar). Intl separates the figure from a symbol with a no-break
 * space; Arabic's right-to-left marks are Intl's too, and the first-strong isolate around the symbol is ours.
 */
const nbsp = '\u00a0';
const rlm = '\u200f';
const lrm = '\u200e';
const isolated = (symbol: string) => `\u2068${symbol}\u2069`;

describe('formatMoney', () => {
  it.each([
    ['en', 'USD', 55_400, '$554.00'],
    ['en', 'USD', -5_540, '-$55.40'],
    ['en', 'USD', 0, '$0.00'],
    ['en', 'JPY', 1_500, '¥1,500'],
    ['en', 'JPY', -1_500, '-¥1,500'],
    ['en', 'KWD', 1_234_567, `KWD${nbsp}1,234.567`],
    ['en', 'KWD', -500, `-KWD${nbsp}0.500`],
    ['tr', 'TRY', 55_400, '₺554,00'],
    ['tr', 'TRY', -5_540, '-₺55,40'],
    ['tr', 'TRY', 0, '₺0,00'],
    ['tr', 'JPY', -1_500, '-¥1.500'],
    ['tr', 'KWD', 1_234_567, `KWD${nbsp}1.234,567`],
    ['ar', 'USD', 55_400, `${rlm}554.00${nbsp}${isolated('US$')}`],
    ['ar', 'USD', -5_540, `${rlm}${lrm}-55.40${nbsp}${isolated('US$')}`],
    ['ar', 'USD', 0, `${rlm}0.00${nbsp}${isolated('US$')}`],
    ['ar', 'JPY', -1_500, `${rlm}${lrm}-1,500${nbsp}${isolated('JP¥')}`],
    ['ar', 'KWD', 1_234_567, `${rlm}1,234.567${nbsp}${isolated('د.ك.')}${rlm}`],
    ['ar', 'KWD', -500, `${rlm}${lrm}-0.500${nbsp}${isolated('د.ك.')}${rlm}`],
  ])('%s %s %d -> %s', (language, currency, minor, text) => {
    expect(formatMoney(minor, currency, language)).toBe(text);
    // The screens' formatter is the same one.
    expect(createFormats(language).money(minor, currency)).toBe(text);
  });

  it('a zero is never signed, even a negated one (a discount of nothing)', () => {
    for (const language of ['en', 'tr', 'ar']) expect(formatMoney(-0, 'USD', language)).toBe(formatMoney(0, 'USD', language));
  });

  it('Arabic keeps a Latin-lettered symbol in one piece and its figures in Latin digits', () => {
    const text = formatMoney(-5_540, 'USD', 'ar');
    expect(text).toContain(isolated('US$'));
    expect(text).not.toMatch(/[\u0660-\u0669]/);
    // Dates and counts of an Arabic screen use the same digits.
    expect(createFormats('ar').integer(1_250)).toBe('1,250');
    expect(createFormats('ar').date('2026-03-04')).not.toMatch(/[\u0660-\u0669]/);
  });

  it("an error's amount: English in the server's text, the reader's language in the browser", () => {
    const params = moneyParams('amount', -500, 'KWD');
    expect(params).toEqual({ amount: `-KWD${nbsp}0.500`, amountMinor: -500, currency: 'KWD' });
    expect(localMoneyParams(params, 'ar').amount).toBe(formatMoney(-500, 'KWD', 'ar'));
    expect(localMoneyParams(params, 'tr').amount).toBe(`-KWD${nbsp}0,500`);
    // Values without a currency pass as they are.
    expect(localMoneyParams({ status: 'void' }, 'ar')).toEqual({ status: 'void' });
  });
});

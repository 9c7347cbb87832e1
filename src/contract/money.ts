/**
 * Money arithmetic shared by the register and the server: amounts are integer minor units of a currency whose
 * minor digits come from Intl (computed once per currency); percentages are basis points. `priceSale` is the one
 * money rule of a sale and an invoice: the register prices with it as the clerk types (also offline) and the server
 * recomputes with it from its own catalogue.
 */
import { isRightToLeft, numberLocale } from './locale';
import type { Discount, Pricing } from './pos';

const digitsByCurrency = new Map<string, number>();

/** How many minor digits a currency has (USD 2, JPY 0, KWD 3). */
export function minorDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount (integer minor units) as a reader of `language` writes it: the locale's place for the sign and the
 * currency (currencySign standard: -$55.40 in English, ‏-55.40 US$ in Arabic), the currency's own decimals. The one
 * formatter of amounts: every screen, printout and message goes through it.
 */
export function formatMoney(minor: number, currency: string, language: string): string {
  const key = `${language}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(numberLocale(language), { style: 'currency', currency, currencySign: 'standard' });
    moneyFormats.set(key, format);
  }
  // A zero is never signed (a refund of nothing is -0 once negated).
  const value = minor === 0 ? 0 : minor / 10 ** minorDigits(currency);
  if (!isRightToLeft(language)) return format.format(value);
  // In right-to-left text a symbol with Latin letters (US$) is torn apart by the bidirectional algorithm ("$US
  // 554.00", "$-55.40 US"); inside a first-strong isolate it stays one piece, where the locale put it.
  return format
    .formatToParts(value)
    .map((part) => (part.type === 'currency' ? `\u2068${part.value}\u2069` : part.value))
    .join('');
}

/**
 * An amount as a value of an error message: its English text for the server's `error` ($12.50), and its minor
 * units and currency, from which the browser writes it in the reader's language (localMoneyParams).
 */
export function moneyParams(name: string, minor: number, currency: string): Record<string, string | number> {
  return { [name]: formatMoney(minor, currency, 'en'), [`${name}Minor`]: minor, currency };
}

/** The values of an error message with each amount of moneyParams written in `language`. */
export function localMoneyParams(params: Record<string, string | number>, language: string): Record<string, string | number> {
  const currency = params.currency;
  if (typeof currency !== 'string') return params;
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      const minor = params[`${name}Minor`];
      return [name, typeof minor === 'number' ? formatMoney(minor, currency, language) : value];
    }),
  );
}

export interface PricingInputLine {
  productId: string;
  description: string;
  quantity: number;
  /** Product price plus options. */
  unitPrice: number;
  taxRateBp: number;
  discount: Pick<Discount, 'type' | 'value'> | null;
}

/** A percentage of an amount in basis points, rounded half up. */
export const percentOf = (amount: number, bp: number) => Math.round((amount * bp) / 10_000);

function discountAmount(base: number, d: Pick<Discount, 'type' | 'value'> | null) {
  if (!d || base <= 0) return 0;
  return Math.min(base, d.type === 'percent' ? percentOf(base, d.value) : d.value);
}

/**
 * Prices a sale: each line's gross less its own discount; the order discount is then shared over the lines in
 * proportion to what is left (largest remainder, so the shares add up to the cent); tax per line on the
 * discounted amount at the line's rate, rounded half up.
 */
export function priceSale(lines: readonly PricingInputLine[], orderDiscount: Pick<Discount, 'type' | 'value'> | null): Pricing {
  const gross = lines.map((l) => l.quantity * l.unitPrice);
  const own = lines.map((l, i) => discountAmount(gross[i]!, l.discount));
  const net = gross.map((g, i) => g - own[i]!);
  const netSum = net.reduce((a, b) => a + b, 0);
  const order = discountAmount(netSum, orderDiscount);
  const share = net.map(() => 0);
  if (order > 0 && netSum > 0) {
    const exact = net.map((n) => (n * order) / netSum);
    exact.forEach((e, i) => (share[i] = Math.floor(e)));
    let left = order - share.reduce((a, b) => a + b, 0);
    const byRemainder = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
    for (const { i } of byRemainder) {
      if (left <= 0) break;
      share[i]! += 1;
      left -= 1;
    }
  }
  const priced = lines.map((l, i) => {
    const discount = own[i]! + share[i]!;
    const taxable = gross[i]! - discount;
    const tax = percentOf(taxable, l.taxRateBp);
    return { lineNo: i + 1, productId: l.productId, description: l.description, quantity: l.quantity, unitPrice: l.unitPrice, gross: gross[i]!, discount, tax, total: taxable + tax };
  });
  return { lines: priced, ...totalsOf(priced) };
}

/** The money of a line as the books hold it: its quantity at its unit price, less its discount, plus its tax. */
export interface LineMoney {
  quantity: number;
  unitPrice: number;
  discount: number;
  tax: number;
  total: number;
}

/** An invoice's totals are its lines' (a sale's, an invoice screen's, a credit record's). */
export function totalsOf(lines: readonly LineMoney[]) {
  const sum = (f: (l: LineMoney) => number) => lines.reduce((a, l) => a + f(l), 0);
  return { subtotal: sum((l) => l.quantity * l.unitPrice), discountTotal: sum((l) => l.discount), taxTotal: sum((l) => l.tax), total: sum((l) => l.total) };
}

/**
 * What a credit record gives back of a sold line: `quantity` of it, after earlier credit records gave back `given`.
 * The last of a line gives back exactly what is left of it (a void gives back all that is left); a part, its share
 * of the line's discount and tax rounded half up.
 */
export function lineGivenBack(line: LineMoney, given: { quantity: number; discount: number; tax: number }, quantity: number) {
  const left = line.quantity - given.quantity;
  const share = (amount: number, back: number) => (quantity === left ? amount - back : Math.round((amount * quantity) / line.quantity));
  const discount = share(line.discount, given.discount);
  const tax = share(line.tax, given.tax);
  return { quantity, discount, tax, total: quantity * line.unitPrice - discount + tax };
}

/** Whether every line's discount (its own and its share of the order's) stays within the limit. */
export function discountWithinLimit(pricing: Pricing, limitBp: number | null) {
  if (limitBp === null) return true;
  return pricing.lines.every((l) => l.discount <= percentOf(l.gross, limitBp));
}

/** What the payments settle and what is left. */
export function paymentState(total: number, payments: readonly { amount: number; tendered?: number | undefined }[]) {
  const paid = payments.reduce((a, p) => a + p.amount, 0);
  const change = payments.reduce((a, p) => a + (p.tendered !== undefined ? p.tendered - p.amount : 0), 0);
  return { paid, balance: total - paid, change };
}

/**
 * The banknotes (in major units) a till takes, by currency, for the register's quick-cash buttons; a currency not
 * listed gets a 1-2-5 series.
 */
const cashNotes: Readonly<Record<string, readonly number[]>> = {
  USD: [1, 5, 10, 20, 50, 100],
  CAD: [5, 10, 20, 50, 100],
  EUR: [5, 10, 20, 50, 100, 200],
  GBP: [5, 10, 20, 50],
  TRY: [5, 10, 20, 50, 100, 200],
  JPY: [1000, 2000, 5000, 10000],
  SAR: [1, 5, 10, 50, 100, 500],
  AED: [5, 10, 20, 50, 100, 200, 500, 1000],
};
const defaultNotes = [1, 2, 5, 10, 20, 50, 100, 200, 500];

/**
 * What a customer is likely to hand over for `balance` (minor units): the amount itself, then the next sums the
 * currency's notes make above it (rounded up to a note), at most `count` of them: $43.30 → $43.30, $44, $45, $50.
 */
export function quickCash(balance: number, currency: string, count = 3): number[] {
  if (balance <= 0) return [];
  const unit = 10 ** minorDigits(currency);
  const above = new Set<number>();
  for (const note of cashNotes[currency] ?? defaultNotes) {
    const amount = Math.ceil(balance / (note * unit)) * note * unit;
    if (amount > balance) above.add(amount);
  }
  return [balance, ...[...above].sort((a, b) => a - b).slice(0, count)];
}

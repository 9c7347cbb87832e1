/** The notes and coins a register's drawer is counted in (the float and the close), per currency. Zod-free. */
import { minorDigits } from './money';

/** The notes and coins a drawer is counted in (minor units), largest first: the US set, else a 1-2-5 series. */
const dollarDenominations = [10_000, 5_000, 2_000, 1_000, 500, 100, 25, 10, 5, 1];
export function denominationsOf(currency: string): number[] {
  if (currency === 'USD') return dollarDenominations;
  const digits = minorDigits(currency);
  // From 100 (or, without minor units, 10,000) major units down to the smallest coin, within the count's bound.
  const top = digits === 0 ? 10_000 : 100 * 10 ** digits;
  const out: number[] = [];
  for (let unit = top; unit >= 1; unit /= 10) for (const step of [1, 0.5, 0.2]) if (Number.isInteger(unit * step) && unit * step <= 100_000) out.push(unit * step);
  return out.filter((d, i) => d >= 1 && out.indexOf(d) === i);
}

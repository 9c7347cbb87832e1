// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { quickCash } from '../../src/contract/money';

/** The register's quick-cash buttons: the exact amount, then the next sums the currency's notes make. */
describe('quickCash', () => {
  it.each([
    ['USD', 4_330, [4_330, 4_400, 4_500, 5_000]],
    ['USD', 2_000, [2_000, 5_000, 10_000]],
    ['EUR', 4_330, [4_330, 4_500, 5_000, 6_000]],
    ['JPY', 4_330, [4_330, 5_000, 6_000, 10_000]],
    ['KWD', 4_330, [4_330, 5_000, 6_000, 10_000]],
  ])('%s %d', (currency, balance, expected) => {
    expect(quickCash(balance, currency)).toEqual(expected);
  });

  it('offers nothing when nothing is owed', () => {
    expect(quickCash(0, 'USD')).toEqual([]);
  });
});

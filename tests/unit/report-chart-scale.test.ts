/** The reports' chart numbers: the 'k' labels of spec section 9 in each language, and the nice axis scale. */
import { describe, expect, it } from 'vitest';
import { compactNumber, niceScale, niceStep, position } from '../../src/views/reports/chartScale';
import { csvValue, reportCsv, type Report } from '../../src/contract/reports';

describe("compactNumber: thousands with 'k'", () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [2.25, '2.3'],
    [999, '999'],
    [1_000, '1k'],
    [1_500, '1.5k'],
    [12_000, '12k'],
    [12_345, '12.3k'],
    [99_960, '100k'],
    [150_000, '150k'],
    [999_499, '999k'],
    [999_999, '1M'],
    [2_500_000, '2.5M'],
    [-1_500, '-1.5k'],
    [-12, '-12'],
  ])('%d -> %s', (value, text) => {
    expect(compactNumber(value, 'en')).toBe(text);
  });

  it('Arabic writes the digits of its amounts (Latin: numberLocale) with the k; Turkish its decimal comma', () => {
    expect(compactNumber(1_500, 'ar')).toBe('1.5k');
    expect(compactNumber(12_000, 'ar')).toBe('12k');
    expect(compactNumber(1_500, 'tr')).toBe('1,5k');
  });
});

describe('niceScale', () => {
  it('steps of 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([0.7, 1, 1.3, 2.2, 3, 7, 12, 180, 4_100].map(niceStep)).toEqual([1, 1, 2, 2.5, 5, 10, 20, 200, 5_000]);
    expect(niceStep(0)).toBe(1);
    expect(niceStep(Number.NaN)).toBe(1);
  });

  it('from 0 to the largest value rounded out, every tick a step apart', () => {
    const s = niceScale([120, 1_480, 930]);
    expect(s).toEqual({ min: 0, max: 1_500, step: 500, ticks: [0, 500, 1_000, 1_500] });
    expect(position(s, 750)).toBe(0.5);
  });

  it('negative values extend it below 0; an empty or flat series is 0..1', () => {
    const s = niceScale([-300, 900]);
    expect(s.min).toBeLessThanOrEqual(-300);
    expect(s.max).toBeGreaterThanOrEqual(900);
    expect(s.ticks).toContain(0);
    expect(niceScale([])).toEqual({ min: 0, max: 1, step: 1, ticks: [0, 1] });
    expect(niceScale([0, 0])).toEqual({ min: 0, max: 1, step: 1, ticks: [0, 1] });
  });

  it('small fractional ranges keep exact ticks', () => {
    expect(niceScale([0.3]).ticks).toEqual([0, 0.1, 0.2, 0.3]);
  });
});

describe('the CSV of a report', () => {
  const report: Report = {
    report: 'sales',
    from: '2026-11-01',
    to: '2026-11-30',
    group: 'store',
    locationId: null,
    asOf: '2026-11-24',
    currency: 'USD',
    currencies: ['USD'],
    summary: [{ key: 'net', kind: 'money', value: 150_000 }],
    sections: [
      {
        id: 'sales',
        labelKind: 'name',
        chartColumn: 'net',
        columns: [
          { key: 'count', kind: 'count' },
          { key: 'net', kind: 'money' },
        ],
        rows: [
          { key: 'a', label: 'Downtown, "East"', values: { count: 3, net: 150_000 } },
          { key: 'b', label: '=HYPERLINK("x")', values: { count: 0, net: null } },
        ],
      },
    ],
  };
  it('is the table: header, a line per row, values in major units, quoted where needed, formulas defused', () => {
    expect(reportCsv(report).split('\r\n')).toEqual([
      'Label,Count,Net sales (USD)',
      '"Downtown, ""East""",3,1500.00',
      `"'=HYPERLINK(""x"")",0,`,
      '',
      'Net sales (USD),1500.00',
      '',
    ]);
    expect(csvValue(0.25, 'ratio')).toBe('25.0');
    expect(csvValue(-1234, 'money')).toBe('-12.34');
    const negative = { ...report, summary: [{ key: 'net', kind: 'money' as const, value: -1234 }] };
    expect(reportCsv(negative)).toContain('Net sales (USD),-12.34');
    // A currency without minor units has no decimals; the titles name it.
    expect(reportCsv({ ...negative, currency: 'JPY', currencies: ['JPY'] })).toContain('Net sales (JPY),-1234');
  });
});

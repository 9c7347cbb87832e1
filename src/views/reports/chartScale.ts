/**
 * The numbers of the reports' charts (pure, unit-tested): value labels with the spec's 'k' suffix for thousands
 * (1500 -> 1.5k, 12000 -> 12k; section 9) in the reader's digits (numberLocale), and the nice scale an axis is drawn on.
 */
import { numberLocale } from '../../contract/locale';

const formats = new Map<string, Intl.NumberFormat>();
function format(locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${digits}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: digits, useGrouping: false });
    formats.set(key, f);
  }
  return f;
}

/**
 * A chart's value label: below a thousand as is (one decimal below ten), thousands with 'k' (one decimal below a
 * hundred thousand), millions with 'M'. 1500 -> "1.5k", 12000 -> "12k", 999999 -> "1M".
 */
export function compactNumber(value: number, language = 'en'): string {
  const locale = numberLocale(language);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
  if (abs < 1_000) {
    const digits = abs < 10 ? 1 : 0;
    const shown = round(abs, digits);
    if (shown < 1_000) return sign + format(locale, digits).format(shown);
  }
  const thousands = abs / 1_000;
  if (thousands < 1_000) {
    const digits = thousands < 100 ? 1 : 0;
    const shown = round(thousands, digits);
    if (shown < 1_000) return `${sign}${format(locale, digits).format(shown)}k`;
  }
  const millions = abs / 1_000_000;
  return `${sign}${format(locale, millions < 100 ? 1 : 0).format(round(millions, millions < 100 ? 1 : 0))}M`;
}

export interface Scale {
  min: number;
  max: number;
  step: number;
  ticks: number[];
}

/** 1, 2, 2.5 or 5 times a power of ten: the tick step nearest `raw` from above. */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/**
 * An axis from 0 (or below, for negative values) to the data's largest value, rounded out to about `count` nice
 * steps; every tick a multiple of the step. An empty or all-zero series gets 0..1.
 */
export function niceScale(values: readonly number[], count = 4): Scale {
  const low = Math.min(0, ...values.filter(Number.isFinite));
  const high = Math.max(0, ...values.filter(Number.isFinite));
  if (high === low) return { min: 0, max: 1, step: 1, ticks: [0, 1] };
  const step = niceStep((high - low) / count);
  const min = Math.floor(low / step) * step;
  const max = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  for (let i = 0; min + i * step <= max + step / 1e9; i += 1) ticks.push(Number((min + i * step).toPrecision(12)));
  return { min, max, step, ticks };
}

/** Where a value sits on the scale, 0..1 from the axis' start. */
export const position = (scale: Scale, value: number) => (value - scale.min) / (scale.max - scale.min);

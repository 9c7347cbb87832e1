import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { numberLocale } from '../../contract/locale';
import { formatMoney } from '../../contract/money';
import { formatDioptres, formatMillimetres } from '../../contract/rx';

/**
 * Dates, times, numbers and money in the reader's language (Intl with its locale's digits: numberLocale).
 * Dates without a time (`YYYY-MM-DD`) are calendar days, shown as such whatever the reader's zone;
 * instants of a store (appointments) are shown in that store's time zone.
 */
export function createFormats(language: string) {
  const locale = numberLocale(language);
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const fullDay = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });
  const wall = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' });
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const identifier = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: false });

  return {
    /** A calendar day (`YYYY-MM-DD`). */
    date(isoDate: string): string {
      const [year, month, dayOfMonth] = isoDate.split('-').map(Number);
      return day.format(new Date(Date.UTC(year!, month! - 1, dayOfMonth!)));
    },
    /** An instant in a given time zone (the store's; the reader's own when not given), date and time. */
    dateTime(instant: string, timeZone?: string, dateStyle: 'full' | 'medium' = 'medium'): string {
      return new Intl.DateTimeFormat(locale, { dateStyle, timeStyle: 'short', timeZone }).format(new Date(instant));
    },
    /** An instant's time of day in a given time zone (the store's; the reader's own when not given). */
    time(instant: string, timeZone?: string): string {
      return new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone }).format(new Date(instant));
    },
    /** A wall-clock time (`HH:MM`, a store's opening hours) as the language writes times. */
    wallTime(hhmm: string): string {
      const [hours, minutes] = hhmm.split(':').map(Number);
      return wall.format(new Date(Date.UTC(1970, 0, 1, hours!, minutes!)));
    },
    /** A calendar day (`YYYY-MM-DD`) with its weekday. */
    fullDate(isoDate: string): string {
      const [year, month, dayOfMonth] = isoDate.split('-').map(Number);
      return fullDay.format(new Date(Date.UTC(year!, month! - 1, dayOfMonth!)));
    },
    /** An instant's calendar day in a given time zone (the reader's own when not given). */
    dayOf(instant: string, timeZone?: string): string {
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(new Date(instant));
    },
    /** Integer minor units of `currency` (cents for USD; none for JPY). */
    money(minor: number, currency: string): string {
      return formatMoney(minor, currency, language);
    },
    /** A count (grouped: 1,250). */
    integer(value: number): string {
      return integer.format(value);
    },
    /** An invoice or order number: the language's digits, never grouped (1002, not 1,002). */
    number(value: number): string {
      return identifier.format(value);
    },
  };
}

export type Formats = ReturnType<typeof createFormats>;

export function useFormats(): Formats {
  const { i18n } = useTranslation();
  return useMemo(() => createFormats(i18n.language), [i18n.language]);
}

/**
 * Prescription values as opticians write them, the same in every language (Latin digits, a sign on every power,
 * two decimals; the axis with a degree sign). They are read left to right even in an Arabic page (`dir="ltr"` on
 * the cells that show them).
 */
export const rxText = {
  dioptres: (value: number | null) => (value === null ? null : formatDioptres(value)),
  axis: (value: number | null) => (value === null ? null : `${value}°`),
  millimetres: (value: number | null) => (value === null ? null : formatMillimetres(value)),
  /** Prism dioptres: two decimals, no sign (the base says the direction). */
  prism: (value: number | null) => (value === null ? null : value.toFixed(2)),
  /**
   * One eye of a spectacle prescription on one line, as it is written on a lab ticket: "-2.00 / -0.50 × 180° Add +2.00".
   * Isolated left to right, so a line of Arabic around it keeps its order (a select's option cannot hold a <bdi>).
   */
  eyeLine: (eye: { sphere: number; cylinder: number | null; axis: number | null; add: number | null }) =>
    `\u2066${formatDioptres(eye.sphere)}${eye.cylinder !== null && eye.cylinder !== 0 ? ` / ${formatDioptres(eye.cylinder)} × ${eye.axis ?? 0}°` : ''}${eye.add !== null ? ` Add ${formatDioptres(eye.add)}` : ''}\u2069`,
};

/**
 * The admin's Reports group (shared/design/reports.md): GET /api/reports/{report} answers one report as a table (or
 * a few) with its summary figures; GET /api/reports/{report}/csv the same tables as CSV (reportCsv, so the CSV is
 * the table). The enterprise admin's GET /api/enterprise/reports/{report} answers the same shape with a row per
 * company. Money is integer minor units; a range is of calendar days in the stores' own time zones.
 */
import { minorDigits } from './money';
import { daysBetween } from './zonedTime';
import { z } from './zod';

export const reportNames = ['sales', 'payments', 'adjustments', 'balances', 'storeday', 'unbalanced', 'laborders', 'recalls', 'appointments', 'eforms'] as const;
export type ReportName = (typeof reportNames)[number];

/**
 * The reports the enterprise admin gets across companies: each company's sums of the sales aggregates, and its counts,
 * medians and rates of lab orders, recalls, appointments and eForms (never a record).
 */
export const enterpriseReportNames = ['sales', 'payments', 'categories', 'laborders', 'recalls', 'appointments', 'eforms'] as const;
export type EnterpriseReportName = (typeof enterpriseReportNames)[number];

export const periodGroups = ['day', 'week', 'month'] as const;
export const reportGroups = [...periodGroups, 'store', 'clerk', 'category'] as const;
export type ReportGroup = (typeof reportGroups)[number];

/** The groupings each report offers (the first is its default); a report with none has fixed rows. */
export const groupsOf: Record<ReportName, readonly ReportGroup[]> = {
  sales: ['day', 'week', 'month', 'store', 'clerk', 'category'],
  payments: [],
  adjustments: ['day', 'week', 'month', 'store'],
  balances: [],
  storeday: [],
  unbalanced: [],
  laborders: [],
  recalls: [],
  appointments: [],
  eforms: [],
};

/**
 * The reports with money figures: they read the stores of one currency at a time (a store's sales are in its
 * currency), so amounts of different currencies are never added together.
 */
export const moneyReports: readonly ReportName[] = ['sales', 'payments', 'adjustments', 'balances', 'storeday', 'unbalanced'];

/**
 * The reports of one day by default (today in the store's time zone), not this month: the store-day summary, the end
 * of day's reconciliation of the invoices, payments, refunds and cash movements with the register sessions' Z reports.
 */
export const dayReports: readonly ReportName[] = ['storeday'];

/**
 * The reports that check each invoice's own books (the store day's unbalanced count, the unbalanced invoices): a
 * range of at most a month of days, so an end-of-day or month-end check stays quick on a busy company.
 */
export const booksReports: readonly ReportName[] = ['storeday', 'unbalanced'];
export const MAX_BOOKS_RANGE_DAYS = 31;

/** The longest range one report reads. */
export const MAX_RANGE_DAYS = 731;

export const reportMessages = {
  report: `Report must be one of ${reportNames.join(', ')}`,
  enterpriseReport: `Report must be one of ${enterpriseReportNames.join(', ')}`,
  from: 'From must be a date (YYYY-MM-DD)',
  to: 'To must be a date (YYYY-MM-DD)',
  range: 'To cannot be before From',
  rangeTooLong: `A report covers at most ${MAX_RANGE_DAYS} days`,
  booksRangeTooLong: `This report covers at most ${MAX_BOOKS_RANGE_DAYS} days`,
  bothOrNeither: 'Give both From and To, or neither (this month)',
  locationId: 'Store must be an id (UUID)',
  group: `Group must be one of ${reportGroups.join(', ')}`,
  groupNotOffered: 'This report cannot be grouped that way',
  currency: 'Currency must be the ISO 4217 code of a currency the stores sell in, like EUR',
} as const;
const M = reportMessages;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (message: string) =>
  z
    .string({ error: message })
    .regex(ISO_DAY, { error: message })
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s) && s >= '1970-01-01' && s <= '9999-12-31';
    }, { error: message });



const rangeShape = { from: day(M.from).optional(), to: day(M.to).optional() };
const checkRange = (q: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if ((q.from === undefined) !== (q.to === undefined)) ctx.addIssue({ code: 'custom', path: [q.from ? 'to' : 'from'], message: M.bothOrNeither });
  else if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: M.range });
  else if (q.from && q.to && daysBetween(q.from, q.to) >= MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: M.rangeTooLong });
};

export const ReportParams = z.object({ report: z.enum(reportNames, { error: M.report }) });
export const EnterpriseReportParams = z.object({ report: z.enum(enterpriseReportNames, { error: M.enterpriseReport }) });

export const ReportQuery = z
  .object({
    ...rangeShape,
    /** One store; every store the admin may see when not given. */
    locationId: z.uuid({ error: M.locationId }).optional(),
    group: z.enum(reportGroups, { error: M.group }).optional(),
    /** A money report's currency (ISO 4217): the stores selling in it are read. Default: the home store's. */
    currency: z.string({ error: M.currency }).regex(/^[A-Z]{3}$/, { error: M.currency }).optional(),
  })
  .strict()
  .superRefine(checkRange);
export type ReportQuery = z.infer<typeof ReportQuery>;

export const EnterpriseReportQuery = z.object(rangeShape).strict().superRefine(checkRange);
export type EnterpriseReportQuery = z.infer<typeof EnterpriseReportQuery>;

/** How a value is shown: money (minor units), a count, a ratio (0..1), a number of days, a number of hours. */
export const ColumnKind = z.enum(['money', 'count', 'ratio', 'days', 'hours']);
export type ColumnKind = z.infer<typeof ColumnKind>;

/**
 * What a row's label is: a day, week or month (its first day, YYYY-MM-DD), a name, a key the browser translates (a
 * line of the books: sales, refunds, store credit, cash), or an invoice (its number).
 */
export const LabelKind = z.enum(['day', 'week', 'month', 'name', 'category', 'method', 'age', 'status', 'reason', 'type', 'line', 'invoice']);
export type LabelKind = z.infer<typeof LabelKind>;

export const ReportColumn = z.object({ key: z.string(), kind: ColumnKind });
export type ReportColumn = z.infer<typeof ReportColumn>;

export const ReportRow = z.object({
  key: z.string(),
  label: z.string(),
  values: z.record(z.string(), z.number().nullable()),
});
export type ReportRow = z.infer<typeof ReportRow>;

export const ReportSection = z.object({
  id: z.string(),
  labelKind: LabelKind,
  columns: z.array(ReportColumn),
  /** The column the chart draws. */
  chartColumn: z.string(),
  rows: z.array(ReportRow),
});
export type ReportSection = z.infer<typeof ReportSection>;

export const ReportFigure = z.object({ key: z.string(), kind: ColumnKind, value: z.number().nullable() });
export type ReportFigure = z.infer<typeof ReportFigure>;

export const Report = z.object({
  report: z.string(),
  from: z.string(),
  to: z.string(),
  group: z.enum(reportGroups).nullable(),
  locationId: z.uuid().nullable(),
  /** The day figures that are "as of now" (open balances, overdue lab orders) were counted on. */
  asOf: z.string(),
  /** The currency (ISO 4217) of the money figures: only the stores selling in it are counted. */
  currency: z.string(),
  /**
   * Every currency the report's stores sell in (sorted). With more than one, a money report covers one currency's
   * stores and is asked again for each other (`currency`): one total per currency, never a sum of different ones.
   */
  currencies: z.array(z.string()),
  summary: z.array(ReportFigure),
  sections: z.array(ReportSection),
});
export type Report = z.infer<typeof Report>;

/** English column and figure titles: the CSV's header (the browser shows the same keys translated). */
export const columnTitles: Record<string, string> = {
  label: 'Label',
  count: 'Count',
  net: 'Net sales',
  tax: 'Tax',
  discounts: 'Discounts',
  refunds: 'Refunds',
  voids: 'Voids',
  refundsCount: 'Refunds (count)',
  voidsCount: 'Voids (count)',
  average: 'Average sale',
  quantity: 'Quantity',
  taken: 'Taken',
  deposits: 'Deposits taken',
  balances: 'Balances collected',
  paidBack: 'Paid back',
  netTaken: 'Net taken',
  balance: 'Open balance',
  orders: 'Orders',
  turnaroundMedian: 'Turnaround median (days)',
  turnaroundP90: 'Turnaround 90th percentile (days)',
  turnaroundCount: 'Orders made ready',
  overdue: 'Overdue',
  sent: 'Sent',
  booked: 'Booked within 30 days',
  rate: 'Booked rate',
  completed: 'Completed',
  cancelled: 'Cancelled',
  noShow: 'No-show',
  noShowRate: 'No-show rate',
  opened: 'Opened',
  submitted: 'Submitted',
  medianToSubmit: 'Median time to submit (hours)',
  company: 'Company',
  amount: 'Amount',
  paid: 'Paid',
  float: 'Float',
  cashIn: 'Cash in',
  cashOut: 'Cash out',
  payIns: 'Pay-ins',
  payOuts: 'Pay-outs',
  expectedCash: 'Expected cash',
  counted: 'Counted',
  difference: 'Difference',
  toReview: 'Sales to review',
  reviewed: 'Reviewed',
  unbalanced: 'Unbalanced invoices',
  checked: 'Invoices checked',
  rulePaid: 'Paid is not its payments',
  ruleGivenBack: 'More money given back than paid',
  ruleLineBack: 'More of a line given back than sold',
  ruleStock: 'Stock moves are not its lines',
};

/** A cell: quoted when it holds a comma, quote or line break; text a spreadsheet would run as a formula gets a leading '. */
function csvCell(text: string): string {
  const formula = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text);
  const cell = formula ? `'${text}` : text;
  return /[",\r\n]/.test(cell) || formula ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** A value as the CSV writes it: money in major units with its decimals, ratios as percentages. */
export function csvValue(value: number | null, kind: ColumnKind, fractionDigits = 2): string {
  if (value === null) return '';
  switch (kind) {
    case 'money':
      return (value / 10 ** fractionDigits).toFixed(fractionDigits);
    case 'ratio':
      return (value * 100).toFixed(1);
    case 'days':
    case 'hours':
      return value.toFixed(1);
    case 'count':
      return String(value);
  }
}

/**
 * The report's tables as CSV (RFC 4180, CRLF): each section its title line, header and rows, a blank line between
 * sections; the summary figures last. A cell that a spreadsheet would read as a formula is quoted with a leading '.
 */
export function reportCsv(report: Report): string {
  const lines: string[] = [];
  // Money in the report's currency, named in its titles, with that currency's digits (none for yen, three for dinar).
  const digits = minorDigits(report.currency);
  const title = (key: string, kind: ColumnKind) => `${columnTitles[key] ?? key}${kind === 'money' ? ` (${report.currency})` : ''}`;
  report.sections.forEach((section, i) => {
    if (i > 0) lines.push('');
    if (report.sections.length > 1) lines.push(csvCell(section.id));
    lines.push([columnTitles.label!, ...section.columns.map((c) => title(c.key, c.kind))].map(csvCell).join(','));
    for (const row of section.rows) lines.push([row.label, ...section.columns.map((c) => csvValue(row.values[c.key] ?? null, c.kind, digits))].map(csvCell).join(','));
  });
  if (report.summary.length) {
    lines.push('');
    for (const f of report.summary) lines.push([title(f.key, f.kind), csvValue(f.value, f.kind, digits)].map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

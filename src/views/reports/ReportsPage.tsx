import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { usePageSearch } from '../shared/pageAddress';
import { navigate } from 'wouter/use-browser-location';
import { ApiError } from '../../api/http';
import { enterpriseReportQuery, reportQuery, reportQueryString } from '../../api/reports';
import type { ReportFilter } from '../../api/reports';
import { storesQuery } from '../../api/stores';
import { numberLocale } from '../../contract/locale';
import { minorDigits } from '../../contract/money';
import { enterpriseReportNames, groupsOf, moneyReports, reportCsv, reportGroups, reportNames } from '../../contract/reports';
import type { ColumnKind, EnterpriseReportName, LabelKind, Report, ReportGroup, ReportName, ReportSection } from '../../contract/reports';
import { translateMessage } from '../../i18n/appI18n';
import { useTenantId } from '../shared/useTenant';
import { Field } from '../shared/Field';
import * as frame from '../shared/invoices.css';
import { useFormats } from '../shared/format';
import type { Formats } from '../shared/format';
import { Button } from '../ui/Button';
import { ErrorSummary } from '../ui/ErrorSummary';
import { useErrorSummary } from '../ui/useErrorSummary';
import { TableScroll } from '../ui/TableScroll';
import { BarChart } from './BarChart';
import * as styles from './reports.css';

/** The filter as the address keeps it (?from=&to=&store=&group=&currency=). */
const textFields = ['from', 'to', 'store', 'group', 'currency'] as const;
type Draft = Record<(typeof textFields)[number], string>;

const draftOf = (query: string): Draft => {
  const params = new URLSearchParams(query);
  return Object.fromEntries(textFields.map((name) => [name, (params.get(name) ?? '').slice(0, 40)])) as Draft;
};

/**
 * Whose reports a page shows: the admin's own company's (range, store, grouping), or the enterprise admin's across
 * companies (range only; a row per company, through the cross-tenant door).
 */
interface Scope {
  base: string;
  names: readonly string[];
  enterprise: boolean;
}
const adminScope: Scope = { base: '/admin/reports', names: reportNames, enterprise: false };
const enterpriseScope: Scope = { base: '/admin/enterprise/reports', names: enterpriseReportNames, enterprise: true };

const groupsIn = (scope: Scope, name: string): readonly ReportGroup[] => (scope.enterprise ? [] : groupsOf[name as ReportName]);

const filterOf = (scope: Scope, name: string, draft: Draft): ReportFilter => {
  const filter: ReportFilter = {};
  if (draft.from && draft.to) {
    filter.from = draft.from;
    filter.to = draft.to;
  }
  if (scope.enterprise) return filter;
  if (/^[0-9a-f-]{36}$/i.test(draft.store)) filter.locationId = draft.store;
  if ((groupsIn(scope, name) as readonly string[]).includes(draft.group)) filter.group = draft.group as ReportGroup;
  if (moneyReports.includes(name as ReportName) && /^[A-Z]{3}$/.test(draft.currency)) filter.currency = draft.currency;
  return filter;
};

/** The field each API parameter's message belongs to. */
const fieldOfParam: Record<string, keyof Draft> = { from: 'from', to: 'to', locationId: 'store', group: 'group', currency: 'currency' };

/**
 * /admin/reports/{report} (admins): one report over a range of days (this month by default, in the store's time
 * zone) and a store (or every store the admin may see), grouped where the report offers it; its summary figures,
 * a bar chart per table (value labels with 'k') and the table beneath it, CSV of the same table, and print. The
 * filter lives in the address.
 */
export function ReportsPage({ report }: { report: string }) {
  return <ScopedReports scope={adminScope} report={report} />;
}

/**
 * /admin/enterprise/reports/{report} (enterprise admins): sales, payments by method, sales by product category, lab
 * orders, recalls, appointments and eForms across companies over a range of days, each company's sums, medians and
 * rates only; the same chart, table, CSV and print.
 */
export function EnterpriseReportsPage({ report }: { report: string }) {
  return <ScopedReports scope={enterpriseScope} report={report} />;
}

function ScopedReports({ scope, report }: { scope: Scope; report: string }) {
  const known = scope.names.includes(report);
  useEffect(() => {
    if (!known) navigate(`${scope.base}/${scope.names[0]}`, { replace: true });
  }, [known, scope]);
  return known ? <ReportView key={report} scope={scope} name={report} /> : null;
}

function ReportView({ scope, name }: { scope: Scope; name: string }) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const tenantId = useTenantId();
  const titleId = useId();
  const query = usePageSearch();
  const applied = draftOf(query);
  const [draft, setDraft] = useState<Draft>(applied);
  useEffect(() => setDraft(draftOf(query)), [query]);
  const filter = filterOf(scope, name, applied);
  // One of the two runs: the company's own report, or the same across companies.
  const own = useQuery({ ...reportQuery(tenantId, name as ReportName, filter), enabled: !scope.enterprise });
  const across = useQuery({ ...enterpriseReportQuery(tenantId, name as EnterpriseReportName, filter), enabled: scope.enterprise });
  const result = scope.enterprise ? across : own;
  // The enterprise admin's reports have no store filter: a row per company instead.
  const stores = useQuery({ ...storesQuery(tenantId), enabled: !scope.enterprise });
  const data = result.data;
  const groups = groupsIn(scope, name);
  // A money report covers one currency's stores: with stores in several, the admin picks which (one total each).
  const currencies = moneyReports.includes(name as ReportName) ? (data?.currencies ?? []) : [];

  const fieldErrors: Partial<Draft> = {};
  const body = result.error instanceof ApiError ? result.error.body : null;
  for (const [param, text] of Object.entries(body?.fields ?? {})) {
    const field = fieldOfParam[param];
    if (field) fieldErrors[field] = translateMessage(i18n, text);
  }
  const refusedByServer = Object.keys(fieldErrors).length > 0;
  const oneDateOnly = (d: Draft) => (d.from === '') !== (d.to === '');
  if (oneDateOnly(draft) && !fieldErrors.to) fieldErrors.to = t('reports.bothDates');
  const labels: Partial<Record<keyof Draft, string>> = { from: t('reports.from'), to: t('reports.to'), store: t('reports.store'), currency: t('reports.currency') };
  // The server's refusal of a field (a range ending before it starts) joins the form's own in one focused summary.
  const { summary, refuse, accept } = useErrorSummary({ error: refusedByServer ? result.error : null, fields: fieldErrors, labels });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (oneDateOnly(draft)) refuse();
    else accept();
    navigate(`${scope.base}/${name}${reportQueryString(filterOf(scope, name, draft))}`);
  };
  const set = (field: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));

  const download = () => {
    if (!data) return;
    const url = URL.createObjectURL(new Blob([reportCsv(data)], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${data.report}-${data.from}-to-${data.to}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };

  return (
    <section className={frame.page} aria-labelledby={titleId}>
      <h1 id={titleId} className={frame.title}>
        {scope.enterprise ? t('reports.enterprise.title', { name: t(`reports.names.${name}`) }) : t(`reports.names.${name}`)}
      </h1>
      {scope.enterprise && <p className={frame.muted}>{t('reports.enterprise.intro')}</p>}
      <nav aria-label={scope.enterprise ? t('reports.enterprise.tabs') : t('reports.title')} className={styles.noPrint}>
        <ul className={frame.tabs}>
          {scope.names.map((other) => (
            <li key={other}>
              <Link href={`${scope.base}/${other}`} className={frame.tab} aria-current={other === name ? 'page' : undefined}>
                {t(`reports.names.${other}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <form role="search" aria-label={t('reports.filters')} className={`${frame.section} ${frame.form} ${styles.noPrint}`} onSubmit={apply} noValidate>
        {summary && <ErrorSummary {...summary} />}
        <div className={frame.fields}>
          <Field name="from" label={t('reports.from')} value={draft.from} onChange={set('from')} error={fieldErrors.from} type="date" />
          <Field name="to" label={t('reports.to')} value={draft.to} onChange={set('to')} error={fieldErrors.to} type="date" />
          {!scope.enterprise && (
            <div className={frame.field}>
              <label htmlFor={`${titleId}-store`} className={frame.label}>
                {t('reports.store')}
              </label>
              <select id={`${titleId}-store`} name="store" className={frame.input} value={draft.store} onChange={(event) => setDraft((d) => ({ ...d, store: event.target.value, currency: '' }))}>
                <option value="">{t('reports.allStores')}</option>
                {stores.data?.stores.map((store) => (
                  <option key={store.id} value={store.id} dir="auto">
                    {store.name}
                  </option>
                ))}
              </select>
              {fieldErrors.store && <span className={frame.error}>{fieldErrors.store}</span>}
            </div>
          )}
          {currencies.length > 1 && (
            <div className={frame.field}>
              <label htmlFor={`${titleId}-currency`} className={frame.label}>
                {t('reports.currency')}
              </label>
              <select id={`${titleId}-currency`} name="currency" className={frame.input} value={draft.currency || data?.currency} onChange={(event) => set('currency')(event.target.value)}>
                {currencies.map((c) => (
                  <option key={c} value={c} dir="auto">
                    {c}
                  </option>
                ))}
              </select>
              {fieldErrors.currency && <span className={frame.error}>{fieldErrors.currency}</span>}
            </div>
          )}
          {groups.length > 0 && (
            <div className={frame.field}>
              <label htmlFor={`${titleId}-group`} className={frame.label}>
                {t('reports.groupBy')}
              </label>
              <select id={`${titleId}-group`} className={frame.input} value={draft.group || groups[0]} onChange={(event) => set('group')(event.target.value)}>
                {reportGroups
                  .filter((g) => groups.includes(g))
                  .map((g) => (
                    <option key={g} value={g}>
                      {t(`reports.groups.${g}`)}
                    </option>
                  ))}
              </select>
            </div>
          )}
        </div>
        <div className={frame.actions}>
          <Button type="submit">{t('reports.show')}</Button>
          <Button variant="secondary" onPress={download} isDisabled={!data}>
            {t('reports.downloadCsv')}
          </Button>
          <Button variant="secondary" onPress={() => window.print()} isDisabled={!data}>
            {t('reports.print')}
          </Button>
        </div>
      </form>
      {result.isPending && (
        <p className={frame.muted} role="status">
          {t('reports.loading')}
        </p>
      )}
      {result.isError && !refusedByServer && (
        <p className={frame.error} role="alert">
          {body ? translateMessage(i18n, body.error) : t('reports.failed')}
        </p>
      )}
      {data && currencies.length > 1 && (
        <p className={frame.muted} role="note">
          {t('reports.currencyNote', { currency: data.currency, others: currencies.filter((c) => c !== data.currency).join(', ') })}
        </p>
      )}
      {data && <ReportBody report={data} formats={formats} enterprise={scope.enterprise} />}
    </section>
  );
}

function ReportBody({ report, formats, enterprise }: { report: Report; formats: Formats; enterprise: boolean }) {
  const { t, i18n } = useTranslation();
  const asOf = report.report === 'balances';
  return (
    <>
      <p className={frame.muted}>
        {asOf ? t('reports.asOf', { date: formats.date(report.asOf) }) : t('reports.range', { from: formats.date(report.from), to: formats.date(report.to) })}
      </p>
      {report.summary.length > 0 && (
        <dl className={styles.summary} aria-label={t('reports.summary')}>
          {report.summary.map((f) => (
            <div key={f.key} className={styles.figure}>
              <dt className={styles.figureName}>{t(`reports.columns.${f.key}`)}</dt>
              <dd className={styles.figureValue}>{valueText(f.value, f.kind, report.currency, formats, t, i18n.language)}</dd>
            </div>
          ))}
        </dl>
      )}
      {report.sections.map((section) => (
        <SectionView key={section.id} report={report} section={section} formats={formats} enterprise={enterprise} />
      ))}
    </>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** One decimal at most, in the reader's digits. */
const decimal = (value: number, language: string) => new Intl.NumberFormat(numberLocale(language), { maximumFractionDigits: 1 }).format(value);

function valueText(value: number | null, kind: ColumnKind, currency: string, formats: Formats, t: T, language: string): string {
  if (value === null) return t('reports.none');
  switch (kind) {
    case 'money':
      return formats.money(value, currency);
    case 'count':
      return formats.integer(value);
    case 'ratio':
      return t('reports.percent', { value: decimal(value * 100, language) });
    case 'days':
      return t('reports.days', { value: decimal(value, language) });
    case 'hours':
      return t('reports.hours', { value: decimal(value, language) });
  }
}

function labelText(kind: LabelKind, key: string, label: string, formats: Formats, t: T, language: string): string {
  switch (kind) {
    case 'day':
      return formats.date(key);
    case 'week':
      return t('reports.weekOf', { date: formats.date(key) });
    case 'month': {
      const [y, m] = key.split('-').map(Number);
      return new Intl.DateTimeFormat(numberLocale(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y!, m! - 1, 1)));
    }
    case 'name':
      return label || t('reports.unknown');
    case 'invoice':
      return t('reports.invoiceNumber', { number: label });
    default:
      return t(`reports.labels.${kind}.${key}`, { defaultValue: key });
  }
}

/** A chart's value: money in the currency's major units, ratios as percentages. */
function chartValue(value: number | null, kind: ColumnKind, currency: string): number | null {
  if (value === null) return null;
  if (kind === 'money') return value / 10 ** minorDigits(currency);
  if (kind === 'ratio') return value * 100;
  return value;
}

/**
 * An enterprise row's label: the company's name, and after it the row's method, category, status, reason or type in
 * the reader's language (the server keys such rows "{company id}:{key}" and labels them "{company} · {key}").
 */
function enterpriseLabel(kind: LabelKind, key: string, label: string, t: T): string {
  const part = key.slice(key.indexOf(':') + 1);
  if (kind === 'name' || !key.includes(':') || !label.endsWith(` · ${part}`)) return label || t('reports.unknown');
  return `${label.slice(0, -(part.length + 3))} · ${t(`reports.labels.${kind}.${part}`, { defaultValue: part })}`;
}

function SectionView({ report, section, formats, enterprise }: { report: Report; section: ReportSection; formats: Formats; enterprise: boolean }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const chartColumn = section.columns.find((c) => c.key === section.chartColumn) ?? section.columns[0]!;
  const labelled = section.rows.map((row) => ({
    row,
    text: enterprise ? enterpriseLabel(section.labelKind, row.key, row.label, t) : labelText(section.labelKind, row.key, row.label, formats, t, i18n.language),
  }));
  const sectionTitle = t(`reports.sections.${section.id}`);
  // The section's rows are the report's grouping when it has one (a store, a clerk), else what its labels are; a
  // company (and its method, category, status, reason or type) across companies.
  const groupName = enterprise
    ? t(`reports.enterprise.rows.${section.labelKind}`)
    : report.group && section.id === report.report
      ? t(`reports.groups.${report.group}`)
      : t(`reports.labelKinds.${section.labelKind}`);
  const columnName = t(`reports.columns.${chartColumn.key}`);
  return (
    <section className={`${frame.section} ${styles.reportSection}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={frame.heading}>
        {sectionTitle}
      </h2>
      {section.rows.length === 0 ? (
        <p className={frame.muted}>{t('reports.empty')}</p>
      ) : (
        <>
          <BarChart
            title={t('reports.chartTitle', { column: columnName, group: groupName })}
            description={t('reports.chartDescription', { column: columnName, group: groupName, count: section.rows.length })}
            language={i18n.language}
            suffix={chartColumn.kind === 'ratio' ? '%' : ''}
            bars={labelled.map(({ row, text }) => ({ key: row.key, label: text, value: chartValue(row.values[chartColumn.key] ?? null, chartColumn.kind, report.currency) }))}
          />
          <TableScroll label={sectionTitle}>
            <table className={frame.table}>
              <caption className={frame.muted}>{t('reports.tableCaption', { section: sectionTitle })}</caption>
              <thead>
                <tr>
                  <th scope="col">{groupName}</th>
                  {section.columns.map((c) => (
                    <th key={c.key} scope="col" className={styles.numeric}>
                      {t(`reports.columns.${c.key}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {labelled.map(({ row, text }) => (
                  <tr key={row.key}>
                    <th scope="row">{text}</th>
                    {section.columns.map((c) => (
                      <td key={c.key} className={styles.numeric}>
                        {valueText(row.values[c.key] ?? null, c.kind, report.currency, formats, t, i18n.language)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </section>
  );
}

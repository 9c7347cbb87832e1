import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { usePageSearch } from '../shared/pageAddress';
import { navigate } from 'wouter/use-browser-location';
import { ApiError } from '../../api/http';
import { invoiceQueries, invoiceQueryString } from '../../api/invoices';
import type { InvoiceFilter } from '../../api/invoices';
import { storesQuery } from '../../api/stores';
import { defaultCurrency } from '../../contract/generalSettings';
import { invoiceLookupTypes } from '../../contract/invoiceLookup';
import type { InvoiceLookupType } from '../../contract/invoiceLookup';
import { translateMessage } from '../../i18n/appI18n';
import { useTenantId } from '../shared/useTenant';
import { useFormats } from '../shared/format';
import { Button } from '../ui/Button';
import { ErrorSummary } from '../ui/ErrorSummary';
import { useErrorSummary } from '../ui/useErrorSummary';
import { parseAmount } from '../shared/money';
import { Field } from '../shared/Field';
import { InvoiceTable } from '../shared/InvoiceTable';
import * as styles from '../shared/invoices.css';

/** The filter fields as the address keeps them (?number=&patient=&from=&to=&min=&max=&store=); amounts as typed. */
const textFields = ['number', 'patient', 'from', 'to', 'min', 'max', 'store'] as const;
type Draft = Record<(typeof textFields)[number], string>;

const draftOf = (query: string): Draft => {
  const params = new URLSearchParams(query);
  return Object.fromEntries(textFields.map((name) => [name, (params.get(name) ?? '').slice(0, 100)])) as Draft;
};

/** The field each API filter's message belongs to. */
const fieldOfParam: Record<string, keyof Draft> = { number: 'number', patient: 'patient', from: 'from', to: 'to', minAmount: 'min', maxAmount: 'max', locationId: 'store' };

/** The API filter of a draft, or the field messages that keep it from being one. */
function filterOf(type: InvoiceLookupType, draft: Draft, currency: string, t: (key: string) => string): { filter: InvoiceFilter; errors: Partial<Draft> } {
  const errors: Partial<Draft> = {};
  const filter: InvoiceFilter = { type };
  if (draft.number.trim()) {
    if (/^\d{1,10}$/.test(draft.number.trim())) filter.number = Number(draft.number.trim());
    else errors.number = t('invoiceLookup.numberInvalid');
  }
  if (draft.patient.trim()) filter.patient = draft.patient.trim();
  if (draft.from) filter.from = draft.from;
  if (draft.to) filter.to = draft.to;
  for (const [name, key] of [['min', 'minAmount'], ['max', 'maxAmount']] as const) {
    if (!draft[name].trim()) continue;
    const minor = parseAmount(draft[name], currency);
    if (minor === null) errors[name] = t('invoiceLookup.amountInvalid');
    else filter[key] = minor;
  }
  if (/^[0-9a-f-]{36}$/i.test(draft.store)) filter.locationId = draft.store;
  return { filter, errors };
}

/**
 * /admin/invoicelookup/{type}: every invoice of the stores the user may see, or those of one status; search by
 * number, patient (last name, or "last, first"), issue days and amount; the totals of what is found; pages of 25
 * (keyset); each number opens the invoice screen. The filter lives in the address, so Back returns to the list.
 */
export function InvoiceLookupPage({ type }: { type: string }) {
  const known = (invoiceLookupTypes as readonly string[]).includes(type);
  useEffect(() => {
    if (!known) navigate(`/admin/invoicelookup/all${window.location.search}`, { replace: true });
  }, [known]);
  return known ? <Lookup type={type as InvoiceLookupType} /> : null;
}

function Lookup({ type }: { type: InvoiceLookupType }) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const tenantId = useTenantId();
  const titleId = useId();
  const query = usePageSearch();
  const applied = draftOf(query);
  const [draft, setDraft] = useState<Draft>(applied);
  useEffect(() => setDraft(draftOf(query)), [query]);
  const stores = useQuery(storesQuery(tenantId));
  // The lookup filters totals in minor units: an amount typed is read in the chosen store's currency (else the first
  // store's), whose digits say what "12.50" is in minor units.
  const storeList = stores.data?.stores ?? [];
  const currency = (storeList.find((s) => s.id === applied.store) ?? storeList[0])?.currency ?? defaultCurrency;
  const { filter, errors } = filterOf(type, applied, currency, t);
  const valid = Object.keys(errors).length === 0 && !((applied.min || applied.max) && stores.isPending);
  const list = useInfiniteQuery({ ...invoiceQueries.lookup(tenantId, filter), enabled: valid });
  const totals = useQuery({ ...invoiceQueries.totals(tenantId, filter), enabled: valid });

  // The server's field messages, at their fields.
  const serverFields: Partial<Draft> = {};
  const body = list.error instanceof ApiError ? list.error.body : null;
  for (const [param, text] of Object.entries(body?.fields ?? {})) {
    const field = fieldOfParam[param];
    if (field) serverFields[field] = translateMessage(i18n, text);
  }
  const shown = { ...serverFields, ...errors };
  const labels: Record<keyof Draft, string> = {
    number: t('invoiceLookup.number'),
    patient: t('invoiceLookup.patient'),
    from: t('invoiceLookup.from'),
    to: t('invoiceLookup.to'),
    min: t('invoiceLookup.min'),
    max: t('invoiceLookup.max'),
    store: t('invoiceScreen.store'),
  };
  // Only the server's refusal of a field belongs in the summary; any other failure is the table's to show.
  const { summary, refuse, accept } = useErrorSummary({ error: Object.keys(serverFields).length > 0 ? list.error : null, fields: shown, labels });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    // The filter the address will hold is checked now, so a refused one moves focus to the summary.
    if (Object.keys(filterOf(type, draft, currency, t).errors).length > 0) refuse();
    else accept();
    navigate(`/admin/invoicelookup/${type}${invoiceQueryString(draft)}`);
  };
  const clear = () => navigate(`/admin/invoicelookup/${type}`);
  const set = (name: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [name]: value }));

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.title}>
        {t('invoiceLookup.title')}
      </h1>
      <nav aria-label={t('invoiceLookup.types')}>
        <ul className={styles.tabs}>
          {invoiceLookupTypes.map((name) => (
            <li key={name}>
              <Link href={`/admin/invoicelookup/${name}${query ? `?${query}` : ''}`} className={styles.tab} aria-current={name === type ? 'page' : undefined}>
                {t(`invoiceLookup.typeNames.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <form role="search" aria-label={t('invoiceLookup.filters')} className={`${styles.section} ${styles.form}`} onSubmit={apply} noValidate>
        {summary && <ErrorSummary {...summary} />}
        <div className={styles.fields}>
          <Field name="number" label={t('invoiceLookup.number')} value={draft.number} onChange={set('number')} error={shown.number} inputMode="numeric" ltr />
          <Field name="patient" label={t('invoiceLookup.patient')} hint={t('invoiceLookup.patientHint')} value={draft.patient} onChange={set('patient')} error={shown.patient} />
          <Field name="from" label={t('invoiceLookup.from')} value={draft.from} onChange={set('from')} error={shown.from} type="date" />
          <Field name="to" label={t('invoiceLookup.to')} value={draft.to} onChange={set('to')} error={shown.to} type="date" />
          <Field name="min" label={t('invoiceLookup.min')} value={draft.min} onChange={set('min')} error={shown.min} inputMode="decimal" ltr />
          <Field name="max" label={t('invoiceLookup.max')} value={draft.max} onChange={set('max')} error={shown.max} inputMode="decimal" ltr />
          <label className={styles.field}>
            <span className={styles.label}>{t('invoiceScreen.store')}</span>
            <select name="store" className={styles.input} value={draft.store} onChange={(event) => set('store')(event.target.value)}>
              <option value="">{t('invoiceLookup.allStores')}</option>
              {stores.data?.stores.map((store) => (
                <option key={store.id} value={store.id} dir="auto">
                  {store.name}
                </option>
              ))}
            </select>
            {shown.store && <span className={styles.error}>{shown.store}</span>}
          </label>
        </div>
        <div className={styles.actions}>
          <Button type="submit">{t('invoiceLookup.search')}</Button>
          <Button variant="secondary" onPress={clear}>
            {t('invoiceLookup.clear')}
          </Button>
        </div>
      </form>
      {valid && totals.data && (
        <dl className={styles.totals} aria-label={t('invoiceLookup.totals')}>
          <div>
            <dt>{t('invoiceLookup.count')}</dt>
            <dd>{formats.integer(totals.data.count)}</dd>
          </div>
          {totals.data.amounts.map((a) => (
            <div key={a.currency}>
              <dt>{t('invoiceLookup.sum', { currency: a.currency })}</dt>
              <dd>
                {t('invoiceLookup.sums', {
                  total: formats.money(a.total, a.currency),
                  paid: formats.money(a.paid, a.currency),
                  balance: formats.money(a.balance, a.currency),
                })}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {valid ? (
        <InvoiceTable list={list} caption={t(`invoiceLookup.captions.${type}`)} empty={query ? t('invoiceLookup.noMatch') : t('invoiceLookup.none')} />
      ) : (
        <p className={styles.muted} role="status">
          {t('invoiceLookup.fixFilters')}
        </p>
      )}
    </section>
  );
}

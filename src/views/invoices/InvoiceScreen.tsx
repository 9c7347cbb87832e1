import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { usePageSearch } from '../shared/pageAddress';
import { navigate } from 'wouter/use-browser-location';
import { ApiError } from '../../api/http';
import { invoiceQueries } from '../../api/invoices';
import { recordsQueries } from '../../api/records';
import type { RecordsScope } from '../../api/records';
import { storesQuery } from '../../api/stores';
import type { InvoiceDetail } from '../../contract/records';
import { paymentMethods } from '../../contract/sales';
import type { PaymentInput } from '../../contract/sales';
import type { Register } from '../../contract/pos';
import { translateError } from '../../i18n/apiErrors';
import { translateMessage } from '../../i18n/appI18n';
import { useTenantId } from '../shared/useTenant';
import { Receipt } from '../shared/Receipt';
import { Badge, QueryView } from '../shared/records';
import { useFormats } from '../shared/format';
import { invoiceTone } from '../shared/links';
import * as recordStyles from '../shared/records.css';
import { useUnsavedChanges } from '../shared/useUnsavedChanges';
import { Button } from '../ui/Button';
import { useSessionActor } from '../ui/session';
import { useSnackbarActor } from '../ui/shellActors';
import { savedSnackbar } from '../../machines/snackbar.machine';
import { Field } from '../shared/Field';
import { amountText, parseAmount } from '../shared/money';
import { InvoiceTable } from '../shared/InvoiceTable';
import * as styles from '../shared/invoices.css';
import { PageSize, PaperChoice } from '../shared/paper';
import type { Paper } from '../shared/paper';
import { ErrorSummary } from '../ui/ErrorSummary';
import { useErrorSummary } from '../ui/useErrorSummary';
import { Isolated } from '../ui/Isolated';
import { useOneAtATime } from '../ui/useOneAtATime';
import { usePayInvoice, useVoidInvoice } from '../../api/pos';
import { ReceiptEmail } from '../shared/sale/ReceiptEmail';
import { RefundForm } from '../shared/sale/RefundForm';
import { useDeviceRegister } from '../shared/register/useDeviceRegister';
import { useStoreZones } from '../shared/storeZones';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The address's `?name=` when it is an id, else ''. */
function idParam(query: string, name: string): string {
  const value = new URLSearchParams(query).get(name) ?? '';
  return uuidPattern.test(value) ? value : '';
}

/** The same address with `?name=` set (or removed), as one history entry. */
function withParam(name: string, value: string): string {
  const params = new URLSearchParams(window.location.search);
  if (value) params.set(name, value);
  else params.delete(name);
  const query = params.toString();
  return `${window.location.pathname}${query ? `?${query}` : ''}`;
}

/** The server's field messages (shown as they came unless the app knows the text), and its message for the rest. */
function useFailure(error: Error | null) {
  const { i18n } = useTranslation();
  if (!error) return { fields: {} as Record<string, string>, message: null as string | null };
  const body = error instanceof ApiError ? error.body : null;
  const fields = Object.fromEntries(Object.entries(body?.fields ?? {}).map(([field, text]) => [field, translateMessage(i18n, text)]));
  return { fields, message: Object.keys(fields).length ? null : translateError(i18n, error) };
}

/**
 * The staff invoice screen: /admin/patients/invoice/{patientId}[/{locationId}], /admin/reports/invoice/{patientId}
 * and /admin/reports/invoice. With a patient: their invoices (those of one store when the address names it) and the
 * one `?invoice={id}` selects, with its receipt, payment, void or refund, print and email. Without: one store's
 * invoices (`?store={id}`, the user's default store first), each opening this screen for its patient.
 */
export function InvoiceScreen({ patientId, locationId }: { patientId?: string; locationId?: string }) {
  return patientId ? <PatientInvoices patientId={patientId} locationId={locationId} /> : <StoreInvoices />;
}

function StoreInvoices() {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const titleId = useId();
  const session = useSessionActor();
  const defaultStore = useSelector(session, (snapshot) => snapshot.context.session?.user.defaultstore?.locationId ?? '');
  const stores = useQuery(storesQuery(tenantId));
  const chosen = idParam(usePageSearch(), 'store');
  const storeId = chosen || (stores.data?.stores.some((s) => s.id === defaultStore) ? defaultStore : (stores.data?.stores[0]?.id ?? ''));
  const storeName = stores.data?.stores.find((s) => s.id === storeId)?.name ?? '';
  const list = useInfiniteQuery({ ...invoiceQueries.lookup(tenantId, { type: 'all', locationId: storeId }), enabled: storeId !== '' });
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.title}>
        {t('invoiceScreen.storeTitle')}
      </h1>
      <label className={styles.field}>
        <span className={styles.label}>{t('invoiceScreen.store')}</span>
        <select className={styles.input} value={storeId} onChange={(event) => navigate(withParam('store', event.target.value), { replace: true })}>
          {stores.data?.stores.map((store) => (
            <option key={store.id} value={store.id} dir="auto">
              {store.name}
            </option>
          ))}
        </select>
      </label>
      {stores.isError ? (
        <p role="alert" className={styles.muted}>
          {t('invoiceScreen.loadFailedHint')}
        </p>
      ) : (
        <InvoiceTable list={list} caption={t('invoiceScreen.storeCaption', { store: storeName })} empty={t('invoiceScreen.storeNone')} />
      )}
    </section>
  );
}

function PatientInvoices({ patientId, locationId }: { patientId: string; locationId?: string }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const zoneOf = useStoreZones();
  const tenantId = useTenantId();
  const titleId = useId();
  const scope: RecordsScope = { kind: 'patient', patientId };
  const profile = useQuery(recordsQueries.profile(tenantId, scope));
  const list = useQuery(recordsQueries.invoices(tenantId, scope));
  const selected = idParam(usePageSearch(), 'invoice');
  const name = profile.data ? `${profile.data.firstName} ${profile.data.lastName}` : '';
  const invoices = (list.data?.invoices ?? []).filter((invoice) => !locationId || invoice.locationId === locationId);

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.title}>
        {name ? <Isolated values={{ name }}>{(v) => t('invoiceScreen.patientTitle', v)}</Isolated> : t('invoiceScreen.title')}
      </h1>
      <div className={styles.split}>
        <nav aria-label={t('invoiceScreen.listLabel')} className={styles.detail}>
          <QueryView query={list}>
            {() =>
              invoices.length === 0 ? (
                <p className={styles.muted}>{t('invoiceScreen.patientNone')}</p>
              ) : (
                <ul className={styles.invoiceList}>
                  {invoices.map((invoice) => (
                    <li key={invoice.id}>
                      <Link
                        href={withParam('invoice', invoice.id)}
                        className={styles.invoiceItem}
                        aria-current={invoice.id === selected ? 'page' : undefined}
                      >
                        <span className={styles.itemLine}>
                          {/* The spaces keep the link's name readable ('Invoice 1002 Open ...'); flex drops them on screen. */}
                          <strong>{t('records.titles.invoice', { number: formats.number(invoice.number) })}</strong>{' '}
                          <Badge tone={invoiceTone(invoice.status)}>{t(`records.invoices.statuses.${invoice.status}`)}</Badge>
                        </span>
                        <span className={styles.itemLine}>
                          {' '}<span className={styles.muted}>{formats.dayOf(invoice.issuedAt, zoneOf(invoice.locationId))}</span>{' '}
                          <span>{formats.money(invoice.total, invoice.currency)}</span>
                        </span>{' '}
                        {invoice.balance > 0 && (
                          <span className={styles.muted}>{t('invoiceScreen.owes', { amount: formats.money(invoice.balance, invoice.currency) })}</span>
                        )}
                      </Link>
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryView>
          {locationId && (
            <Link href={`/admin/patients/invoice/${encodeURIComponent(patientId)}`} className={styles.link}>
              {t('invoiceScreen.allStores')}
            </Link>
          )}
        </nav>
        <div className={styles.detail}>
          {selected ? (
            <SelectedInvoice key={selected} tenantId={tenantId} scope={scope} invoiceId={selected} />
          ) : (
            <div className={styles.state}>
              <p className={styles.muted}>{t('invoiceScreen.choose')}</p>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}


function SelectedInvoice({ tenantId, scope, invoiceId }: { tenantId: string; scope: RecordsScope; invoiceId: string }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const query = useQuery(recordsQueries.invoice(tenantId, scope, invoiceId));
  const [paper, setPaper] = useState<Paper>('a4');

  // With this device's register open at the invoice's store, money goes back through it, by line if need be.
  const register = useDeviceRegister(query.data?.locationId ?? '');
  const paidSale = query.data && !query.data.relatedInvoiceId && query.data.paidTotal > 0 && (query.data.status === 'open' || query.data.status === 'paid');
  const lineRefund = paidSale ? (register?.openSession?.id ?? null) : null;

  return (
    <QueryView query={query}>
      {(invoice) => (
        <>
          <PageSize paper={paper} />
          <div className={`${recordStyles.receipt} ${paper === 'roll' ? styles.roll : styles.a4}`} data-paper={paper}>
            <Receipt invoice={invoice} isOwn={false} actions={<ReceiptActions invoice={invoice} paper={paper} onPaper={setPaper} />} />
          </div>
          {invoice.relatedInvoiceId && (
            <p className={styles.muted}>
              {t('invoiceScreen.creditOf')}{' '}
              <Link href={withParam('invoice', invoice.relatedInvoiceId)} className={styles.link}>
                {t('invoiceScreen.openRelated')}
              </Link>
            </p>
          )}
          {invoice.status === 'open' && invoice.balance > 0 && (
            <PaymentForm key={`${invoice.id}-${invoice.paidTotal}`} tenantId={tenantId} scope={scope} invoice={invoice} register={register?.openSession ? register : null} />
          )}
          {lineRefund ? (
            <RefundForm invoice={invoice} registerSessionId={lineRefund} />
          ) : (
            !invoice.relatedInvoiceId &&
            (invoice.status === 'open' || invoice.status === 'paid') && <VoidForm tenantId={tenantId} scope={scope} invoice={invoice} registerSessionId={register?.openSession?.id} />
          )}
          <p className={styles.muted} role="status">
            {invoice.status === 'paid' && t('invoiceScreen.paidInFull', { amount: formats.money(invoice.paidTotal, invoice.currency) })}
            {!invoice.relatedInvoiceId && (invoice.status === 'void' || invoice.status === 'refunded') && t(`invoiceScreen.closed.${invoice.status}`)}
          </p>
        </>
      )}
    </QueryView>
  );
}

function ReceiptActions({ invoice, paper, onPaper }: { invoice: InvoiceDetail; paper: Paper; onPaper: (paper: Paper) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <PaperChoice paper={paper} onPaper={onPaper} />
      <Button onPress={() => window.print()}>{t('records.invoices.print')}</Button>
      <ReceiptEmail invoiceId={invoice.id} patientId={invoice.patientId} via="invoice" />
    </>
  );
}

/** A new key per payment attempt: a retry of the same values (double click, lost answer) reuses it and pays once. */
const newKey = () => `pay-${crypto.randomUUID()}`;

/**
 * `register`: this device's register at the invoice's store when its session is open; the payment counts in that
 * session. Cash is money in a drawer, so without one the form says so and takes no cash (the server refuses it too).
 */
function PaymentForm({ tenantId, scope, invoice, register }: { tenantId: string; scope: RecordsScope; invoice: InvoiceDetail; register: Register | null }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const titleId = useId();
  const methodHintId = useId();
  const registerSessionId = register?.openSession?.id;
  const initialAmount = amountText(invoice.balance, invoice.currency);
  const [method, setMethod] = useState<PaymentInput['method']>('card');
  const [amount, setAmount] = useState(initialAmount);
  const [reference, setReference] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const [methodError, setMethodError] = useState<string | null>(null);
  const attempt = useRef<{ key: string; values: string } | null>(null);
  const dirty = method !== 'card' || amount !== initialAmount || reference !== '';
  useUnsavedChanges(dirty);

  const snackbar = useSnackbarActor();
  const pay = usePayInvoice(tenantId, scope, invoice.id, {
    onSuccess: ({ payment }) => {
      attempt.current = null;
      // The form starts over for the new balance: the clerk is told what was recorded.
      snackbar.send(
        savedSnackbar(t('invoiceScreen.paymentRecorded', { amount: formats.money(payment.amount, invoice.currency), method: t(`records.invoices.methods.${payment.method}`) })),
      );
    },
  });
  const failure = useFailure(pay.error);
  const fields: Record<string, string | undefined> = { ...failure.fields, ...(localError ? { amount: localError } : {}), ...(methodError ? { method: methodError } : {}) };
  const noDrawer = t('apiErrors.sales.cashNeedsRegister');
  const methodHint = method !== 'cash' || fields.method ? null : register ? t('invoiceScreen.cashIntoRegister', { register: register.name }) : noDrawer;
  const { summary, refuse, accept } = useErrorSummary({
    error: pay.error,
    fields,
    labels: { method: t('records.invoices.method'), amount: t('invoiceScreen.amount', { currency: invoice.currency }), reference: t('records.invoices.reference') },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pay.isPending) return;
    const minor = parseAmount(amount, invoice.currency);
    const refusal =
      minor === null || minor < 1
        ? t('invoiceScreen.amountInvalid')
        : minor > invoice.balance
          ? t('invoiceScreen.amountOverBalance', { amount: formats.money(invoice.balance, invoice.currency) })
          : null;
    setLocalError(refusal);
    const cashRefusal = method === 'cash' && !registerSessionId ? noDrawer : null;
    setMethodError(cashRefusal);
    if (refusal || cashRefusal || minor === null) {
      pay.reset();
      return refuse();
    }
    accept();
    const input = { method, amount: minor, reference: reference.trim() };
    const values = JSON.stringify(input);
    if (attempt.current?.values !== values) attempt.current = { key: newKey(), values };
    pay.mutate({ ...input, idempotencyKey: attempt.current.key, ...(registerSessionId && { registerSessionId }) });
  };

  return (
    <form className={`${styles.section} ${styles.form}`} aria-labelledby={titleId} onSubmit={submit} noValidate>
      <h2 id={titleId} className={styles.heading}>
        {t('invoiceScreen.takePayment')}
      </h2>
      <p className={styles.muted}>{t('invoiceScreen.balanceIs', { amount: formats.money(invoice.balance, invoice.currency) })}</p>
      {summary && <ErrorSummary {...summary} />}
      <div className={styles.fields}>
        <label className={styles.field}>
          <span className={styles.label}>{t('records.invoices.method')}</span>
          <select
            name="method"
            className={styles.input}
            value={method}
            aria-invalid={fields.method ? true : undefined}
            aria-describedby={methodHint || fields.method ? methodHintId : undefined}
            onChange={(event) => {
              setMethod(event.target.value as PaymentInput['method']);
              setMethodError(null);
            }}
          >
            {paymentMethods.map((m) => (
              <option key={m} value={m}>
                {t(`records.invoices.methods.${m}`)}
              </option>
            ))}
          </select>
          {methodHint && (
            <span id={methodHintId} className={styles.muted}>
              {methodHint}
            </span>
          )}
          {fields.method && (
            <span id={methodHintId} className={styles.error}>
              {fields.method}
            </span>
          )}
        </label>
        <Field name="amount" label={t('invoiceScreen.amount', { currency: invoice.currency })} value={amount} onChange={setAmount} error={fields.amount} inputMode="decimal" ltr />
        <Field name="reference" label={t('records.invoices.reference')} value={reference} onChange={setReference} error={fields.reference} />
      </div>
      <div className={styles.actions}>
        <Button type="submit" isPending={pay.isPending}>
          {t('invoiceScreen.pay')}
        </Button>
      </div>
    </form>
  );
}

type RefundTo = 'methods' | 'store-credit';

/**
 * Voids an unpaid invoice or refunds a paid one. Money goes back by the methods that paid it (the server's default),
 * or as store credit when the invoice has a patient; cash goes back through `registerSessionId`, this device's open
 * register at the invoice's store (without one the server refuses a cash part, and says so here).
 */
function VoidForm({ tenantId, scope, invoice, registerSessionId }: { tenantId: string; scope: RecordsScope; invoice: InvoiceDetail; registerSessionId: string | undefined }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const titleId = useId();
  const refund = invoice.paidTotal > 0;
  const [reason, setReason] = useState('');
  const [refundTo, setRefundTo] = useState<RefundTo>('methods');
  const [localError, setLocalError] = useState<string | null>(null);
  const once = useOneAtATime();
  const done = useVoidInvoice(tenantId, scope, invoice.id);
  const failure = useFailure(done.error);
  const reasonError = localError ?? failure.fields.reason;
  useUnsavedChanges(reason.trim() !== '' && !done.isSuccess);
  useEffect(() => setLocalError(null), [reason]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setLocalError(t('invoiceScreen.reasonRequired'));
    const input = {
      reason: reason.trim(),
      ...(refund && refundTo === 'store-credit' && { refundMethod: 'store-credit' as const }),
      ...(refund && registerSessionId && { registerSessionId }),
    };
    once((settled) => done.mutate(input, { onSettled: settled }));
  };

  return (
    <form className={`${styles.section} ${styles.form}`} aria-labelledby={titleId} onSubmit={submit} noValidate>
      <h2 id={titleId} className={styles.heading}>
        {refund ? t('invoiceScreen.refundTitle') : t('invoiceScreen.voidTitle')}
      </h2>
      <p className={styles.muted}>
        {refund ? t('invoiceScreen.refundHint', { amount: formats.money(invoice.paidTotal, invoice.currency) }) : t('invoiceScreen.voidHint')}
      </p>
      {refund && (
        <label className={styles.field}>
          <span className={styles.label}>{t('invoiceScreen.refundTo')}</span>
          <select name="refundTo" className={styles.input} value={refundTo} onChange={(event) => setRefundTo(event.target.value === 'store-credit' ? 'store-credit' : 'methods')}>
            <option value="methods">{t('invoiceScreen.refundToMethods')}</option>
            {invoice.patientId && <option value="store-credit">{t('invoiceScreen.refundToStoreCredit')}</option>}
          </select>
        </label>
      )}
      <Field label={t('invoiceScreen.reason')} value={reason} onChange={setReason} error={reasonError ?? undefined} maxLength={500} multiline />
      <div className={styles.actions}>
        <Button type="submit" variant="secondary" isPending={done.isPending}>
          {refund ? t('invoiceScreen.refund') : t('invoiceScreen.void')}
        </Button>
        {failure.message && (
          <span role="alert" className={styles.error}>
            {failure.message}
          </span>
        )}
      </div>
    </form>
  );
}

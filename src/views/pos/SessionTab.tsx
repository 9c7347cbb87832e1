import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { posQueries } from '../../api/pos';
import { denominationsOf } from '../../contract/cashDenominations';
import { countedTotal } from '../../contract/pos';
import { defaultCurrency } from '../../contract/generalSettings';
import type { CashCount, CashMovementInput, SessionReport } from '../../contract/pos';
import type { ErrorResponse } from '../../contract/common';
import { translateError } from '../../i18n/apiErrors';
import { translateMessage } from '../../i18n/appI18n';
import { parseAmount } from '../shared/money';
import { Field } from '../shared/Field';
import { useFormats } from '../shared/format';
import { useStoreZones } from '../shared/storeZones';
import { useUnsavedChanges } from '../shared/useUnsavedChanges';
import { useTenantId } from '../shared/useTenant';
import { Button } from '../ui/Button';
import { ErrorSummary } from '../ui/ErrorSummary';
import { useErrorSummary } from '../ui/useErrorSummary';
import { Spinner } from '../ui/Spinner';
import { useRegisterSessionActor } from './registerSessionActor';
import { MethodTotals, SessionReportView } from './SessionReportView';
import { StepHeading } from './StepHeading';
import * as styles from '../shared/sale/saleForms.css';

/** The store's currency (the session's report, else the register chosen): the float and every figure are in it. */
function useCurrency(): string {
  const actor = useRegisterSessionActor();
  return useSelector(actor, (s) => s.context.report?.currency ?? s.context.register?.currency ?? defaultCurrency);
}

/** A count being typed: the text of each denomination's field. */
type CountText = Record<number, string>;
const emptyCount = (): CountText => ({});
/** A denomination's typed count (Arabic-Indic digits too): 0 when empty, null when not a whole number 0 to 10000. */
const countOfField = (text: string): number | null => {
  const raw = text.trim().replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  if (raw === '') return 0;
  return /^\d{1,5}$/.test(raw) && Number(raw) <= 10_000 ? Number(raw) : null;
};
const countOf = (text: CountText, currency: string): CashCount | null => {
  const count: CashCount = [];
  for (const denomination of denominationsOf(currency)) {
    const n = countOfField(text[denomination] ?? '');
    if (n === null) return null;
    if (n > 0) count.push({ denomination, count: n });
  }
  return count;
};

/**
 * A count form's refusals, for its error summary: each denomination's field that is not a whole number (the message
 * it shows) and the server's messages about the count as a whole (shown under the count's legend, `name`); a refusal
 * that names no field is the summary's title. The summary takes the focus after each refused submit.
 */
function useCountRefusal(name: 'float' | 'counted', text: CountText, refused: boolean) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const actor = useRegisterSessionActor();
  const error = useSelector(actor, (s) => s.context.error);
  const serverError = refused && error?.fields ? Object.values(error.fields).map((message) => translateMessage(i18n, message)).join(' ') : undefined;
  const fields: Record<string, string | undefined> = { [name]: serverError };
  const labels: Record<string, string | undefined> = { [name]: name === 'float' ? t('posRegister.float') : t('posRegister.countedCash') };
  const currency = useCurrency();
  for (const denomination of denominationsOf(currency)) {
    fields[`${name}.${denomination}`] = countOfField(text[denomination] ?? '') === null ? t('posRegister.countFieldInvalid') : undefined;
    labels[`${name}.${denomination}`] = t('posRegister.countOf', { denomination: formats.money(denomination, currency) });
  }
  const { summary, refuse, accept } = useErrorSummary({ error: refused ? error : null, fields, labels });
  return { summary, refuse, accept, fields };
}

/** The server's message for a refusal, its field messages joined after it. */
function useRefusal(error: ErrorResponse | null) {
  const { i18n } = useTranslation();
  if (!error) return null;
  const fields = Object.values(error.fields ?? {}).map((text) => translateMessage(i18n, text));
  return fields.length ? fields.join(' ') : translateError(i18n, error);
}

/**
 * The session tab: open the register with a float counted by denomination; while open, pay-ins and pay-outs with a
 * reason, the X report at any time and the close (the cash counted, beside the expected cash, the difference and
 * the totals by method), which ends on the Z report. What shows is the registerSession machine's state.
 */
export function SessionTab() {
  const { t } = useTranslation();
  const actor = useRegisterSessionActor();
  const snapshot = useSelector(actor, (s) => s);
  const { report } = snapshot.context;
  // 'Close and print the Z report': once the close succeeded and the Z report is on the page, it prints.
  const [printZ, setPrintZ] = useState(false);
  useEffect(() => actor.on('zReport.ready', () => setPrintZ(true)).unsubscribe, [actor]);
  const zOnPage = snapshot.hasTag('closed') && report?.status === 'closed';
  useEffect(() => {
    if (!printZ || !zOnPage) return;
    setPrintZ(false);
    window.print();
  }, [printZ, zOnPage]);

  if (snapshot.matches('loading')) return <Spinner label={t('posRegister.loadingSession')} />;
  if (snapshot.matches('loadFailed')) {
    return (
      <div role="alert" className={styles.state}>
        <p className={styles.heading}>{t('posRegister.loadFailed')}</p>
        <Refusal />
        <Button variant="secondary" onPress={() => actor.send({ type: 'session.retry' })}>
          {t('posRegister.retry')}
        </Button>
      </div>
    );
  }
  if (snapshot.hasTag('closed')) {
    return (
      <>
        {report?.status === 'closed' && <SessionReportView report={report} />}
        <OpenForm />
      </>
    );
  }
  if (!report) return null;
  if (snapshot.matches('closing')) return <CloseForm report={report} />;
  if (snapshot.matches({ open: 'reporting' })) return <Spinner label={t('posRegister.loadingReport')} />;
  if (snapshot.matches({ open: 'xReport' })) {
    return <SessionReportView report={report} onBack={() => actor.send({ type: 'report.dismiss' })} />;
  }
  return <OpenSession report={report} />;
}

function Refusal() {
  const actor = useRegisterSessionActor();
  const error = useSelector(actor, (s) => s.context.error);
  const message = useRefusal(error);
  return message ? <p className={styles.error}>{message}</p> : null;
}

function CashCountFields({
  name,
  legend,
  text,
  errors,
  onChange,
}: {
  name: 'float' | 'counted';
  legend: string;
  text: CountText;
  /** The messages by field name (useCountRefusal's): each denomination's, and the server's about the whole count. */
  errors: Record<string, string | undefined>;
  onChange: (text: CountText) => void;
}) {
  const { t } = useTranslation();
  const formats = useFormats();
  const currency = useCurrency();
  const errorId = useId();
  return (
    <fieldset className={styles.counts} aria-describedby={errors[name] ? errorId : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      {errors[name] && (
        <p id={errorId} className={styles.error}>
          {errors[name]}
        </p>
      )}
      {denominationsOf(currency).map((denomination) => (
        <Field
          key={denomination}
          name={`${name}.${denomination}`}
          error={errors[`${name}.${denomination}`]}
          label={t('posRegister.countOf', { denomination: formats.money(denomination, currency) })}
          value={text[denomination] ?? ''}
          onChange={(value) => onChange({ ...text, [denomination]: value })}
          inputMode="numeric"
          maxLength={5}
          ltr
        />
      ))}
    </fieldset>
  );
}

function OpenForm() {
  const { t } = useTranslation();
  const formats = useFormats();
  const titleId = useId();
  const actor = useRegisterSessionActor();
  const register = useSelector(actor, (s) => s.context.register);
  const opening = useSelector(actor, (s) => s.hasTag('busy'));
  const refused = useSelector(actor, (s) => s.matches({ closed: 'refused' }));
  const currency = useCurrency();
  const [text, setText] = useState(emptyCount);
  const count = countOf(text, currency);
  const { summary, refuse, accept, fields } = useCountRefusal('float', text, refused);
  useUnsavedChanges(Object.values(text).some((v) => v.trim() !== '') && !opening);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (opening) return;
    if (!count) return refuse();
    accept();
    actor.send({ type: 'session.open', float: count });
  };

  return (
    <form className={`${styles.section} ${styles.form}`} aria-labelledby={titleId} onSubmit={submit} noValidate>
      <StepHeading id={titleId} className={styles.heading}>
        {t('posRegister.openTitle', { register: register?.name ?? '' })}
      </StepHeading>
      <p className={styles.muted}>{t('posRegister.openHint')}</p>
      {summary && <ErrorSummary {...summary} />}
      <CashCountFields name="float" legend={t('posRegister.float')} text={text} errors={fields} onChange={setText} />
      <p className={styles.muted} role="status">
        {count ? t('posRegister.floatTotal', { amount: formats.money(countedTotal(count), currency) }) : t('posRegister.countInvalid')}
      </p>
      <div className={styles.actions}>
        <Button type="submit" isPending={opening}>
          {t('posRegister.openRegister')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The open session's figures as the server has them now: read when the tab opens and again after every sale, refund
 * or cash movement this browser records (their requests invalidate it, src/api/pos.ts); the machine's last report
 * while that read is on its way or without a connection.
 */
function useCurrentReport(report: SessionReport): SessionReport {
  const query = useQuery({ ...posQueries.session(useTenantId(), report.id), refetchOnMount: 'always' });
  return query.data?.status === 'open' ? query.data : report;
}

function OpenSession({ report: last }: { report: SessionReport }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const titleId = useId();
  const actor = useRegisterSessionActor();
  const report = useCurrentReport(last);
  const zoneOf = useStoreZones();
  const money = (minor: number) => formats.money(minor, report.currency);
  return (
    <>
      <section className={styles.section} aria-labelledby={titleId}>
        <StepHeading id={titleId} className={styles.heading}>
          {t('posRegister.openSessionTitle')}
        </StepHeading>
        <p className={styles.muted}>{t('posRegister.openedBy', { name: report.openedBy, time: formats.dateTime(report.openedAt, zoneOf(report.locationId)) })}</p>
        <dl className={styles.figures}>
          <div>
            <dt>{t('posRegister.report.float')}</dt>
            <dd>{money(report.floatTotal)}</dd>
          </div>
          <div>
            <dt>{t('posRegister.report.payIns')}</dt>
            <dd>{money(report.payIns)}</dd>
          </div>
          <div>
            <dt>{t('posRegister.report.payOuts')}</dt>
            <dd>{money(report.payOuts)}</dd>
          </div>
          <div>
            <dt>{t('posRegister.report.expectedCash')}</dt>
            <dd>{money(report.expectedCash)}</dd>
          </div>
        </dl>
        <div className={styles.actions}>
          <Button variant="secondary" onPress={() => actor.send({ type: 'report.x' })}>
            {t('posRegister.xReport')}
          </Button>
          <Button onPress={() => actor.send({ type: 'close.start' })}>{t('posRegister.closeRegister')}</Button>
        </div>
      </section>
      <MovementForm />
    </>
  );
}

function MovementForm() {
  const { t } = useTranslation();
  const titleId = useId();
  const actor = useRegisterSessionActor();
  const moving = useSelector(actor, (s) => s.matches({ open: 'moving' }));
  const currency = useCurrency();
  const refused = useSelector(actor, (s) => s.matches({ open: 'moveRefused' }));
  const error = useSelector(actor, (s) => s.context.error);
  const [kind, setKind] = useState<CashMovementInput['kind']>('pay-in');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState<{ amount?: string; reason?: string }>({});
  const { i18n } = useTranslation();
  const serverFields = Object.fromEntries(Object.entries(refused ? (error?.fields ?? {}) : {}).map(([k, v]) => [k, translateMessage(i18n, v)]));
  const refusal = useRefusal(refused && !error?.fields ? error : null);
  useUnsavedChanges((amount.trim() !== '' || reason.trim() !== '') && !moving);
  // The form's own checks or the server's field messages: the summary above the fields takes the focus.
  const { summary, refuse, accept } = useErrorSummary({
    error: refused && error?.fields ? error : null,
    fields: { kind: serverFields.kind, amount: local.amount ?? serverFields.amount, reason: local.reason ?? serverFields.reason },
    labels: { kind: t('posRegister.movementKind'), amount: t('posRegister.amount', { currency }), reason: t('posRegister.reason') },
  });

  // A recorded movement empties the form for the next one.
  const [wasMoving, setWasMoving] = useState(false);
  if (moving !== wasMoving) {
    setWasMoving(moving);
    if (!moving && !refused) {
      setAmount('');
      setReason('');
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (moving) return;
    const minor = parseAmount(amount, currency);
    const errors = {
      amount: minor === null || minor < 1 ? t('posRegister.amountInvalid') : undefined,
      reason: reason.trim() ? undefined : t('posRegister.reasonRequired'),
    };
    setLocal(errors);
    if (errors.amount || errors.reason || minor === null) return refuse();
    accept();
    actor.send({ type: 'cash.move', movement: { kind, amount: minor, reason: reason.trim() } });
  };

  return (
    <form className={`${styles.section} ${styles.form}`} aria-labelledby={titleId} onSubmit={submit} noValidate>
      <h2 id={titleId} className={styles.heading}>
        {t('posRegister.movementTitle')}
      </h2>
      {summary && <ErrorSummary {...summary} />}
      <div className={styles.fields}>
        <label className={styles.field}>
          <span className={styles.label}>{t('posRegister.movementKind')}</span>
          <select name="kind" className={styles.input} value={kind} onChange={(event) => setKind(event.target.value === 'pay-out' ? 'pay-out' : 'pay-in')}>
            <option value="pay-in">{t('posRegister.payIn')}</option>
            <option value="pay-out">{t('posRegister.payOut')}</option>
          </select>
        </label>
        <Field
          name="amount"
          label={t('posRegister.amount', { currency })}
          value={amount}
          onChange={setAmount}
          error={local.amount ?? serverFields.amount}
          inputMode="decimal"
          ltr
        />
        <Field name="reason" label={t('posRegister.reason')} value={reason} onChange={setReason} error={local.reason ?? serverFields.reason} maxLength={200} />
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="secondary" isPending={moving}>
          {kind === 'pay-in' ? t('posRegister.recordPayIn') : t('posRegister.recordPayOut')}
        </Button>
        {refusal && (
          <span role="alert" className={styles.error}>
            {refusal}
          </span>
        )}
      </div>
    </form>
  );
}

function CloseForm({ report }: { report: SessionReport }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const titleId = useId();
  const actor = useRegisterSessionActor();
  const preparing = useSelector(actor, (s) => s.matches({ closing: 'preparing' }));
  const submitting = useSelector(actor, (s) => s.matches({ closing: 'submitting' }));
  const refused = useSelector(actor, (s) => s.matches({ closing: 'refused' }));
  const currency = useCurrency();
  const [text, setText] = useState(emptyCount);
  const count = countOf(text, currency);
  const counted = count ? countedTotal(count) : null;
  const difference = counted === null ? null : counted - report.expectedCash;
  const money = (minor: number) => formats.money(minor, report.currency);
  const { summary, refuse, accept, fields } = useCountRefusal('counted', text, refused);
  useUnsavedChanges(Object.values(text).some((v) => v.trim() !== '') && !submitting);

  if (preparing) return <Spinner label={t('posRegister.loadingReport')} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!count) return refuse();
    accept();
    actor.send({ type: 'close.submit', counted: count });
  };

  return (
    <form className={`${styles.section} ${styles.form}`} aria-labelledby={titleId} onSubmit={submit} noValidate>
      <StepHeading id={titleId} className={styles.heading}>
        {t('posRegister.closeTitle')}
      </StepHeading>
      <p className={styles.muted}>{t('posRegister.closeHint')}</p>
      {summary && <ErrorSummary {...summary} />}
      <CashCountFields name="counted" legend={t('posRegister.countedCash')} text={text} errors={fields} onChange={setText} />
      <dl className={styles.figures} aria-label={t('posRegister.closeFigures')}>
        <div>
          <dt>{t('posRegister.report.expectedCash')}</dt>
          <dd>{money(report.expectedCash)}</dd>
        </div>
        <div>
          <dt>{t('posRegister.report.countedCash')}</dt>
          <dd>{counted === null ? t('posRegister.countInvalid') : money(counted)}</dd>
        </div>
        <div>
          <dt>{t('posRegister.report.difference')}</dt>
          <dd className={difference !== null && difference < 0 ? styles.negative : undefined}>{difference === null ? '–' : money(difference)}</dd>
        </div>
      </dl>
      <MethodTotals report={report} money={money} />
      <div className={styles.actions}>
        <Button type="submit" isPending={submitting}>
          {t('posRegister.closeAndReport')}
        </Button>
        <Button variant="secondary" isDisabled={submitting} onPress={() => actor.send({ type: 'close.cancel' })}>
          {t('posRegister.cancel')}
        </Button>
      </div>
    </form>
  );
}

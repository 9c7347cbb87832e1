import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { usePageSearch } from '../shared/pageAddress';
import { posQueries } from '../../api/pos';
import type { HistoryItem } from '../../contract/pos';
import type { InvoiceDetail } from '../../contract/records';
import { translateError } from '../../i18n/apiErrors';
import { useTenantId } from '../shared/useTenant';
import * as invoiceStyles from '../shared/invoices.css';
import { Receipt } from '../shared/Receipt';
import { Badge, QueryView } from '../shared/records';
import { useFormats } from '../shared/format';
import { useStoreZones } from '../shared/storeZones';
import { invoiceTone } from '../shared/links';
import * as recordStyles from '../shared/records.css';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { ReceiptEmail } from '../shared/sale/ReceiptEmail';
import { RefundForm } from '../shared/sale/RefundForm';
import { useRegisterSessionActor } from './registerSessionActor';
import { PageSize, PaperChoice } from '../shared/paper';
import type { Paper } from '../shared/paper';
import * as styles from '../shared/sale/saleForms.css';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const historyOf = (invoiceId?: string) => `/admin/pos/history${invoiceId ? `?invoice=${encodeURIComponent(invoiceId)}` : ''}`;

/**
 * The history tab: this register's sales and refunds today, newest first. `?invoice={id}` opens one: its receipt
 * (reprint on the roll or A4, email to the patient) and, while the register is open, its refund.
 */
export function HistoryTab() {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const headingId = useId();
  const actor = useRegisterSessionActor();
  const register = useSelector(actor, (s) => s.context.register);
  const selectedParam = new URLSearchParams(usePageSearch()).get('invoice') ?? '';
  const selected = uuidPattern.test(selectedParam) ? selectedParam : '';
  const history = useQuery({ ...posQueries.history(tenantId, register?.id ?? ''), enabled: !!register });
  const timeZone = useStoreZones()(register?.locationId);

  return (
    <div className={invoiceStyles.split}>
      <section className={styles.section} aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.heading}>
          {t('posRegister.history.title')}
        </h2>
        {history.isPending ? (
          <Spinner label={t('posRegister.history.loading')} />
        ) : history.isError ? (
          <div role="alert" className={styles.state}>
            <p className={styles.muted}>{translateError(i18n, history.error)}</p>
            <Button variant="secondary" onPress={() => void history.refetch()}>
              {t('posRegister.retry')}
            </Button>
          </div>
        ) : history.data.items.length === 0 ? (
          <p className={styles.muted}>{t('posRegister.history.none')}</p>
        ) : (
          <ul className={invoiceStyles.invoiceList}>
            {history.data.items.map((item) => (
              <HistoryEntry key={item.invoiceId} item={item} current={item.invoiceId === selected} timeZone={timeZone} />
            ))}
          </ul>
        )}
      </section>
      <div className={invoiceStyles.detail}>
        {selected ? (
          <SelectedSale key={selected} tenantId={tenantId} invoiceId={selected} />
        ) : (
          <p className={styles.muted}>{t('posRegister.history.choose')}</p>
        )}
      </div>
    </div>
  );
}

function HistoryEntry({ item, current, timeZone }: { item: HistoryItem; current: boolean; timeZone: string | undefined }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <li>
      <Link
        href={historyOf(item.invoiceId)}
        className={invoiceStyles.invoiceItem}
        aria-current={current ? 'page' : undefined}
      >
        <span className={invoiceStyles.itemLine}>
          <strong>
            {item.relatedInvoiceId
              ? t('posRegister.history.refundNumber', { number: formats.number(item.number) })
              : t('records.titles.invoice', { number: formats.number(item.number) })}
          </strong>{' '}
          <Badge tone={invoiceTone(item.status as InvoiceDetail['status'])}>{t(`records.invoices.statuses.${item.status}`, { defaultValue: item.status })}</Badge>
        </span>{' '}
        {/* Spaces between the parts: the link's name is its text, read as words. */}
        <span className={invoiceStyles.itemLine}>
          <span>{item.patientName ?? t('posRegister.walkIn')}</span>{' '}
          <span>{formats.money(item.total, item.currency)}</span>
        </span>{' '}
        <span className={invoiceStyles.itemLine}>
          <span className={styles.muted}>
            {formats.dateTime(item.issuedAt, timeZone)} · {item.clerk}
          </span>{' '}
          <span className={styles.muted}>{item.methods.map((m) => t(`records.invoices.methods.${m}`)).join(', ')}</span>
        </span>
      </Link>
    </li>
  );
}

function SelectedSale({ tenantId, invoiceId }: { tenantId: string; invoiceId: string }) {
  const { t } = useTranslation();
  const actor = useRegisterSessionActor();
  const sessionId = useSelector(actor, (s) => (s.hasTag('open') ? (s.context.report?.id ?? null) : null));
  const query = useQuery(posQueries.invoice(tenantId, invoiceId));
  const [paper, setPaper] = useState<Paper>('roll');
  return (
    <QueryView query={query}>
      {(invoice) => (
        <>
          <PageSize paper={paper} />
          <div className={`${recordStyles.receipt} ${paper === 'roll' ? invoiceStyles.roll : invoiceStyles.a4}`} data-paper={paper}>
            <Receipt invoice={invoice} isOwn={false} actions={<ReceiptActions invoice={invoice} paper={paper} onPaper={setPaper} />} />
          </div>
          {invoice.relatedInvoiceId ? (
            <p className={styles.muted}>
              {t('invoiceScreen.creditOf')}{' '}
              <Link href={historyOf(invoice.relatedInvoiceId)} className={styles.link}>
                {t('invoiceScreen.openRelated')}
              </Link>
            </p>
          ) : invoice.paidTotal <= 0 || invoice.status === 'void' ? null : sessionId ? (
            <RefundForm invoice={invoice} registerSessionId={sessionId} />
          ) : (
            <p className={styles.muted}>{t('posRegister.refund.needsOpen')}</p>
          )}
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
      <Button onPress={() => window.print()}>{t('posRegister.history.reprint')}</Button>
      {/* A walk-in's credit record is not a receipt anyone asks for by email. */}
      {(invoice.patientId || !invoice.relatedInvoiceId) && <ReceiptEmail invoiceId={invoice.id} patientId={invoice.patientId} />}
    </>
  );
}

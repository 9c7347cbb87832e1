import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceList, InvoiceSummary } from '../../contract/records';
import { Badge } from './records';
import { useFormats } from './format';
import { invoiceTone } from './links';
import { RowsTable } from './RowsTable';

/**
 * A patient's invoices under their open balance, as the chart's tab and the portal's page show them; each page
 * brings its look (`classes`), its words for the balance, how an invoice links and on which day it was issued.
 */
export function PatientInvoices({
  list: { invoices, balances },
  classes,
  balanceLabel,
  nothingOwed,
  naming,
  link,
  issuedOn,
}: {
  list: InvoiceList;
  classes: { facts: string; table: string; number?: string };
  balanceLabel: string;
  nothingOwed: string;
  naming: { 'aria-label': string } | { 'aria-labelledby': string };
  link: (invoice: InvoiceSummary) => ReactNode;
  issuedOn: (invoice: InvoiceSummary) => string;
}) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <>
      <dl className={classes.facts}>
        <dt>{balanceLabel}</dt>
        <dd>{balances.length === 0 ? nothingOwed : balances.map((balance) => formats.money(balance.amount, balance.currency)).join(' · ')}</dd>
      </dl>
      <RowsTable
        className={classes.table}
        {...naming}
        rows={invoices}
        rowKey={(invoice) => invoice.id}
        columns={[
          { heading: t('records.invoices.number'), rowHeader: true, cell: link },
          { heading: t('records.invoices.date'), cell: issuedOn },
          { heading: t('records.invoices.store'), cell: (invoice) => <bdi>{invoice.storeName}</bdi> },
          {
            heading: t('records.invoices.status'),
            cell: (invoice) => <Badge tone={invoiceTone(invoice.status)}>{t(`records.invoices.statuses.${invoice.status}`)}</Badge>,
          },
          { heading: t('records.invoices.total'), className: classes.number, cell: (invoice) => formats.money(invoice.total, invoice.currency) },
          { heading: t('records.invoices.balance'), className: classes.number, cell: (invoice) => formats.money(invoice.balance, invoice.currency) },
        ]}
      />
    </>
  );
}

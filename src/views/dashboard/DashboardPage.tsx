import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { recordsQueries } from '../../api/records';
import type { EnterpriseSummary, PatientDashboard, SpectacleRx } from '../../contract/records';
import { Badge, EmptyState, Ltr, QueryView, RecordsPage, useRecordsAccess } from '../shared/records';
import { rxText, useFormats } from '../shared/format';
import { FormName } from '../shared/formName';
import * as styles from '../shared/records.css';
import { Isolated } from '../ui/Isolated';
import { TableScroll } from '../ui/TableScroll';

function Tile({ title, children, href, linkText }: { title: string; children: ReactNode; href: string; linkText: string }) {
  const id = `tile-${href.replace(/\W+/g, '-')}`;
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      {children}
      <Link href={href} className={styles.link}>
        {linkText}
      </Link>
    </section>
  );
}

/** One eye in a line: sphere / cylinder × axis, add. */
function eyeLine(eye: SpectacleRx['right'], addLabel: string) {
  const parts = [rxText.dioptres(eye.sphere)];
  if (eye.cylinder !== null) parts.push(`${rxText.dioptres(eye.cylinder)} × ${rxText.axis(eye.axis) ?? ''}`.trim());
  if (eye.add !== null) parts.push(`${addLabel} ${rxText.dioptres(eye.add)}`);
  return parts.join(' ');
}

function PatientHome({ home }: { home: PatientDashboard }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const { nextAppointment: next, currentRx: rx, currentContactLensRx: lens, ordersInProgress, balance, formsToFill, recallsDue } = home;
  return (
    <>
      <p className={styles.heading}>
        <Isolated values={{ name: home.patient.firstName }}>{(v) => t('records.dashboard.hello', v)}</Isolated>
      </p>
      <div className={styles.grid}>
        <Tile title={t('records.dashboard.nextVisit')} href="/patient/appointment" linkText={t('records.dashboard.seeAppointments')}>
          {next ? (
            <dl className={styles.facts}>
              <dt>{t('records.appointments.when')}</dt>
              <dd>{formats.dateTime(next.startsAt, next.timeZone, 'full')}</dd>
              <dt>{t('records.appointments.type')}</dt>
              <dd>{t(`records.appointments.types.${next.type}`)}</dd>
              <dt>{t('records.appointments.store')}</dt>
              <dd>
                <bdi>{next.storeName}</bdi>
              </dd>
            </dl>
          ) : (
            <p className={styles.muted}>{t('records.dashboard.noVisit')}</p>
          )}
        </Tile>

        <Tile title={t('records.dashboard.currentRx')} href="/patient/rxinfo" linkText={t('records.dashboard.seeRx')}>
          {rx || lens ? (
            <dl className={styles.facts}>
              {rx && (
                <>
                  <dt>{t('records.rx.od')}</dt>
                  <dd>
                    <Ltr>{eyeLine(rx.right, t('records.rx.add'))}</Ltr>
                  </dd>
                  <dt>{t('records.rx.os')}</dt>
                  <dd>
                    <Ltr>{eyeLine(rx.left, t('records.rx.add'))}</Ltr>
                  </dd>
                  <dt>{t('records.rx.expiresOn')}</dt>
                  <dd>
                    {formats.date(rx.expiresOn)}{' '}
                    {rx.expired && <Badge tone="danger">{t('records.rx.expired')}</Badge>}
                  </dd>
                </>
              )}
              {lens && (
                <>
                  <dt>{t('records.dashboard.contactLens')}</dt>
                  <dd>
                    {lens.brand} {lens.expired && <Badge tone="danger">{t('records.rx.expired')}</Badge>}
                  </dd>
                </>
              )}
            </dl>
          ) : (
            <p className={styles.muted}>{t('records.dashboard.noRx')}</p>
          )}
        </Tile>

        <Tile title={t('records.dashboard.ordersInProgress')} href="/patient/orderstatus" linkText={t('records.dashboard.seeOrders')}>
          {ordersInProgress.length === 0 ? (
            <p className={styles.muted}>{t('records.dashboard.noOrders')}</p>
          ) : (
            <ul className={styles.timeline}>
              {ordersInProgress.map((order) => (
                <li key={order.id}>
                  {t('records.orders.number', { number: formats.number(order.number) })}:{' '}
                  <strong>{t(`records.orders.statuses.${order.status}`)}</strong>
                  {order.expectedOn && ` · ${t('records.orders.expectedOn', { date: formats.date(order.expectedOn) })}`}
                </li>
              ))}
            </ul>
          )}
        </Tile>

        <Tile title={t('records.dashboard.balance')} href="/patient/invoice" linkText={t('records.dashboard.seeInvoices')}>
          {balance.amounts.every((amount) => amount.amount === 0) ? (
            <p className={styles.muted}>{t('records.dashboard.nothingOwed')}</p>
          ) : (
            <dl className={styles.facts}>
              <dt>{t('records.invoices.balanceDue')}</dt>
              <dd>{balance.amounts.map((amount) => formats.money(amount.amount, amount.currency)).join(' · ')}</dd>
              <dt>{t('records.dashboard.openInvoices')}</dt>
              <dd>{formats.integer(balance.openInvoices)}</dd>
            </dl>
          )}
        </Tile>

        <Tile title={t('records.dashboard.recallsDue')} href="/patient/recalls" linkText={t('records.dashboard.seeRecalls')}>
          {recallsDue.length === 0 ? (
            <p className={styles.muted}>{t('records.recalls.none')}</p>
          ) : (
            <ul className={styles.timeline}>
              {recallsDue.map((recall) => (
                <li key={recall.id}>
                  {t(`records.recalls.types.${recall.type}`)}: {formats.date(recall.dueOn)}{' '}
                  {recall.overdue && <Badge tone="danger">{t('records.recalls.overdue')}</Badge>}
                </li>
              ))}
            </ul>
          )}
        </Tile>

        <section className={styles.card} aria-labelledby="tile-forms">
          <h2 id="tile-forms" className={styles.heading}>
            {t('records.dashboard.forms')}
          </h2>
          {formsToFill.length === 0 ? (
            <p className={styles.muted}>{t('records.dashboard.noForms')}</p>
          ) : (
            <ul className={styles.timeline}>
              {formsToFill.map((form) => (
                <li key={form.id}>
                  <Link href={`/patient/forms/${form.id}`} className={styles.link}>
                    <FormName name={form.name} names={form.names} />
                  </Link>{' '}
                  (<bdi>{form.storeName}</bdi>) ·{' '}
                  {t('records.dashboard.fillBy', { date: formats.dayOf(form.expiresAt) })}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}

function Companies({ summary }: { summary: EnterpriseSummary }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const add = (
    <Link href="/admin/add/companyDetails" className={styles.link}>
      {t('enterprise.create.title')}
    </Link>
  );
  if (summary.companies.length === 0)
    return (
      <>
        <EmptyState>{t('records.dashboard.noCompanies')}</EmptyState>
        {add}
      </>
    );
  return (
    <>
      {add}
      <TableScroll>
        <table className={styles.table}>
          <caption>{t('records.dashboard.companies')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('records.dashboard.company')}</th>
              <th scope="col" className={styles.number}>{t('records.dashboard.stores')}</th>
              <th scope="col" className={styles.number}>{t('records.dashboard.patients')}</th>
              <th scope="col" className={styles.number}>{t('records.dashboard.upcomingAppointments')}</th>
              <th scope="col" className={styles.number}>{t('records.dashboard.openOrders')}</th>
              <th scope="col" className={styles.number}>{t('records.dashboard.openInvoices')}</th>
              <th scope="col" className={styles.number}>{t('records.dashboard.openBalance')}</th>
            </tr>
          </thead>
          <tbody>
            {summary.companies.map((company) => (
              <tr key={company.tenantId}>
                <th scope="row">
                  <Link href={`/admin/update/editCompany/${company.tenantId}`} className={styles.link}>
                    {company.name}
                  </Link>
                </th>
                <td className={styles.number}>{formats.integer(company.stores)}</td>
                <td className={styles.number}>{formats.integer(company.patients)}</td>
                <td className={styles.number}>{formats.integer(company.upcomingAppointments)}</td>
                <td className={styles.number}>{formats.integer(company.labOrdersInProgress)}</td>
                <td className={styles.number}>{formats.integer(company.openInvoices)}</td>
                <td className={styles.number}>
                  {company.openBalances.length === 0
                    ? t('records.dash')
                    : company.openBalances.map((balance) => formats.money(balance.amount, balance.currency)).join(' · ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}

function PatientHomeQuery({ tenantId }: { tenantId: string }) {
  const query = useQuery(recordsQueries.dashboard(tenantId));
  return <QueryView query={query}>{(home) => <PatientHome home={home} />}</QueryView>;
}

function EnterpriseQuery({ tenantId }: { tenantId: string }) {
  const query = useQuery(recordsQueries.enterpriseSummary(tenantId));
  return <QueryView query={query}>{(summary) => <Companies summary={summary} />}</QueryView>;
}

/**
 * /admin/dashboard/patients, the home of patients and enterprise admins (spec 2.3): a patient's next visit,
 * current Rx, orders in progress, balance and forms to fill, each linking to its page; for an enterprise admin, a
 * summary per company.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { roles, tenantId } = useRecordsAccess();
  return (
    <RecordsPage title={t('records.titles.dashboard')}>
      {roles.includes('patient') ? (
        <PatientHomeQuery tenantId={tenantId} />
      ) : roles.includes('enterpriseadmin') ? (
        <EnterpriseQuery tenantId={tenantId} />
      ) : (
        <EmptyState>{t('records.dashboard.notForRole')}</EmptyState>
      )}
    </RecordsPage>
  );
}

import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { usePageSearch } from '../shared/pageAddress';
import { navigate } from 'wouter/use-browser-location';
import { labOrderQueries } from '../../api/labOrders';
import { storesQuery } from '../../api/stores';
import { authRoles, hasPermission } from '../../contract/access';
import { isWorkDeskView, workDeskViews, type WorkDeskItem, type WorkDeskView } from '../../contract/workDesk';
import { translateError } from '../../i18n/apiErrors';
import { useTenantId } from '../shared/useTenant';
import { useFormNames } from '../shared/formName';
import { useFormats } from '../shared/format';
import * as list from '../shared/listPage.css';
import * as styles from '../shared/labOrders.css';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { TableScroll } from '../ui/TableScroll';
import { useSessionActor } from '../ui/session';
import { AutomationRuns } from './AutomationRuns';
import { SalesToReview } from './SalesToReview';
import { useStoreZones } from '../shared/storeZones';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const chartTab = (patientId: string, tab: number, query = '') => `/admin/patients/${encodeURIComponent(patientId)}/${tab}${query}`;

/** Where each row's work is finished: the chart tab that does it (forms 7 with the review open, orders 5, recalls 6, visits 3). */
export function placeOf(item: WorkDeskItem): string {
  switch (item.kind) {
    case 'form':
      return chartTab(item.patientId, 7, `?review=${encodeURIComponent(item.id)}`);
    case 'order':
      return chartTab(item.patientId, 5);
    case 'recall':
      return chartTab(item.patientId, 6);
    case 'visit':
      return chartTab(item.patientId, 3);
    case 'message':
      return chartTab(item.patientId, 8);
  }
}

const kinds = [
  { kind: 'form', type: 'forms' },
  { kind: 'order', type: 'orders' },
  { kind: 'recall', type: 'recalls' },
  { kind: 'visit', type: 'today' },
  { kind: 'message', type: 'automations' },
] as const;

/**
 * /admin/workdesk/{type}: the store's to-do list (all, forms, orders, recalls, today, automations). Each row names
 * the patient and what is left, and leads to the place that finishes it; a finished row is gone the next time the
 * list loads. Automations lists the messages that could not be delivered and the automation runs that failed; for
 * admins it also shows every recent run with a button that starts one now (AutomationRuns). Sales to review lists the
 * offline sales the server recorded otherwise than sent, from their own API (SalesToReview).
 */
export function WorkDeskPage({ type: rawType }: { type: string }) {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const titleId = useId();
  const formats = useFormats();
  const view: WorkDeskView = isWorkDeskView(rawType) ? rawType : 'all';
  const type = view === 'review' ? 'all' : view;
  const store = new URLSearchParams(usePageSearch()).get('store') ?? '';
  const locationId = uuidPattern.test(store) ? store : undefined;
  const stores = useQuery(storesQuery(tenantId));
  const zoneOf = useStoreZones();
  // Sales to review lists from its own API; the desk is still read there for the other tabs' counts.
  const desk = useQuery(labOrderQueries.workDesk(tenantId, type, locationId));
  const query = window.location.search;
  const session = useSessionActor();
  const isAdmin = useSelector(session, (snapshot) => hasPermission(authRoles.admin, snapshot.context.session?.user?.role ?? []));
  const failedRuns = desk.data?.failedRuns ?? [];

  return (
    <section className={list.page} aria-labelledby={titleId}>
      <h1 id={titleId} className={list.title}>
        {t('workDesk.title')}
      </h1>
      <nav aria-label={t('workDesk.types')}>
        <ul className={styles.types}>
          {workDeskViews.map((each) => (
            <li key={each}>
              <Link href={`/admin/workdesk/${each}${query}`} className={styles.typeLink} aria-current={each === view ? 'page' : undefined}>
                {t(`workDesk.typeNames.${each}`)}
                {desk.data && each !== 'all' && each !== 'review' ? ` (${desk.data.counts[each]})` : ''}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className={list.muted}>
        <Link href={`/admin/appointments${locationId ? `/${locationId}` : ''}`} className={list.link}>
          {t('workDesk.storeDay')}
        </Link>
      </p>
      <label className={list.field}>
        <span className={list.label}>{t('labOrderLookup.store')}</span>
        <select
          className={list.select}
          value={locationId ?? ''}
          onChange={(event) => navigate(`${window.location.pathname}${event.target.value ? `?store=${event.target.value}` : ''}`, { replace: true })}
        >
          <option value="">{t('labOrderLookup.allStores')}</option>
          {stores.data?.stores.map((s) => (
            <option key={s.id} value={s.id} dir="auto">
              {s.name}
            </option>
          ))}
        </select>
      </label>
      {view === 'review' ? (
        <SalesToReview tenantId={tenantId} locationId={locationId} timeZoneOf={zoneOf} />
      ) : desk.isPending ? (
        <div className={list.state}>
          <Spinner label={t('workDesk.loading')} />
          <p className={list.muted} aria-hidden="true">
            {t('workDesk.loading')}
          </p>
        </div>
      ) : desk.isError ? (
        <div role="alert" className={list.state}>
          <p className={list.heading}>{t('workDesk.loadFailed')}</p>
          <p className={list.muted}>{translateError(i18n, desk.error)}</p>
          <Button variant="secondary" onPress={() => void desk.refetch()}>
            {t('labOrderLookup.retry')}
          </Button>
        </div>
      ) : desk.data.items.length === 0 && failedRuns.length === 0 ? (
        <div className={list.state}>
          <p className={list.heading}>{t('workDesk.none')}</p>
          <p className={list.muted}>{t('workDesk.noneHint')}</p>
        </div>
      ) : (
        <>
          {failedRuns.length > 0 && (
            <section aria-labelledby={`${titleId}-runs`}>
              <h2 id={`${titleId}-runs`} className={list.heading}>
                {t('workDesk.sections.run', { number: failedRuns.length })}
              </h2>
              <TableScroll cards>
                <table className={list.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('automations.columns.kind')}</th>
                      <th scope="col">{t('automations.columns.when')}</th>
                      <th scope="col">{t('automations.columns.error')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {failedRuns.map((run) => (
                      <tr key={run.id}>
                        <th scope="row">{t(`automations.kinds.${run.kind}`)}</th>
                        <td>{formats.dateTime(run.runAt)}</td>
                        <td>{run.error}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            </section>
          )}
          {kinds
          .filter((k) => type === 'all' || type === k.type)
          .map((k) => {
            const rows = desk.data.items.filter((item) => item.kind === k.kind);
            if (!rows.length) return null;
            // Automations counts the failed runs too, which have their own section above.
            const count = k.kind === 'message' ? desk.data.counts.automations - failedRuns.length : desk.data.counts[k.type];
            return (
              <section key={k.kind} aria-labelledby={`${titleId}-${k.kind}`}>
                <h2 id={`${titleId}-${k.kind}`} className={list.heading}>
                  {t(`workDesk.sections.${k.kind}`, { number: count })}
                </h2>
                {count > rows.length && <p className={list.muted}>{t('workDesk.moreThanShown', { number: rows.length })}</p>}
                <TableScroll cards>
                  <table className={list.table}>
                    <thead>
                      <tr>
                        <th scope="col">{t('workDesk.columns.patient')}</th>
                        <th scope="col">{t('workDesk.columns.what')}</th>
                        <th scope="col">{t('workDesk.columns.when')}</th>
                        <th scope="col">{t('workDesk.columns.store')}</th>
                        <th scope="col">{t('workDesk.columns.action')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map((item) => (
                        <Row key={item.id} item={item} />
                      ))}
                    </tbody>
                  </table>
                </TableScroll>
              </section>
            );
          })}
        </>
      )}
      {type === 'automations' && isAdmin && <AutomationRuns tenantId={tenantId} />}
    </section>
  );
}

function Row({ item }: { item: WorkDeskItem }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const zone = useStoreZones()(item.locationId);
  const formNames = useFormNames();
  const name = t('patientList.name', { first: item.patientFirstName, last: item.patientLastName });
  let what: string;
  let when: string;
  switch (item.kind) {
    case 'form':
      what = t('workDesk.formSubmitted', { form: formNames.isolated(item.formName, item.formNames) });
      when = formats.dateTime(item.submittedAt, zone);
      break;
    case 'order':
      what = item.overdue
        ? t('workDesk.orderOverdue', { number: formats.number(item.number), status: t(`records.orders.statuses.${item.status}`) })
        : t('workDesk.orderReady', { number: formats.number(item.number) });
      when = item.expectedOn ? t('records.orders.expectedOn', { date: formats.date(item.expectedOn) }) : t('records.orders.noExpected');
      break;
    case 'recall':
      what = t('workDesk.recallDue', { type: t(`records.recalls.types.${item.recallType}`) });
      when = formats.date(item.dueOn);
      break;
    case 'visit':
      what = `${t('workDesk.visitToday', { type: t(`records.appointments.types.${item.appointmentType}`), provider: item.providerName })} · ${t(
        item.confirmedVia ? `records.appointments.replies.confirmed_${item.confirmedVia}` : `records.appointments.replies.${item.confirmation}`,
      )}`;
      when = formats.dateTime(item.startsAt, item.timeZone);
      break;
    case 'message':
      what = t('workDesk.messageFailed', { channel: t(`workDesk.channels.${item.channel}`), template: item.template, error: item.error });
      when = formats.dateTime(item.createdAt, zone);
      break;
  }
  return (
    <tr>
      <th scope="row">
        <bdi>{name}</bdi>
      </th>
      <td className={item.kind === 'order' && item.overdue ? styles.overdue : undefined}>{what}</td>
      <td>{when}</td>
      <td>
        <bdi>{item.storeName}</bdi>
      </td>
      <td>
        <Link href={placeOf(item)} className={list.link} aria-label={t(`workDesk.actionsFor.${item.kind}`, { name })}>
          {t(`workDesk.actions.${item.kind}`)}
        </Link>
      </td>
    </tr>
  );
}

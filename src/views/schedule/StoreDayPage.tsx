import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { storeDayQuery } from '../../api/booking';
import { storesQuery } from '../../api/stores';
import { addDays, BookingDate } from '../../contract/booking';
import type { StoreDay } from '../../contract/booking';
import { AppointmentType } from '../../contract/records';
import { zonedDate } from '../../contract/zonedTime';
import { translateError } from '../../i18n/apiErrors';
import { useFormats } from '../shared/format';
import * as list from '../shared/listPage.css';
import { usePageSearch } from '../shared/pageAddress';
import { useTenantId } from '../shared/useTenant';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { TableScroll } from '../ui/TableScroll';
import * as styles from './storeDay.css';

/** The address of a store's day: /admin/appointments/{locationId}?date={YYYY-MM-DD}&type={visit type}. */
export const storeDayPath = (store: string, date: string, type: AppointmentType) => {
  const params = new URLSearchParams({ date, ...(type === 'eye-exam' ? {} : { type }) });
  return `/admin/appointments/${encodeURIComponent(store)}?${params}`;
};

/**
 * /admin/appointments/{locationId?}: a store's day for its staff (GET /api/booking/day). The store (one of the caller's; the first
 * when the address names none), the date (previous and next day) and the visit type whose length the free slots are counted in are in the address;
 * per provider with working hours at the store: the day's hours, the booked visits (time, type, patient, how it was
 * booked, status; a visit at another store unnamed) and the free slots, in the store's time zone.
 */
export function StoreDayPage({ locationId }: { locationId?: string | undefined }) {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const titleId = useId();
  const search = new URLSearchParams(usePageSearch());
  const stores = useQuery(storesQuery(tenantId));
  const chosen = stores.data?.stores.find((s) => s.id === locationId) ?? stores.data?.stores[0];
  const rawDate = search.get('date') ?? '';
  const date = BookingDate.safeParse(rawDate).success ? rawDate : chosen ? zonedDate(new Date(), chosen.timeZone) : '';
  const rawType = AppointmentType.safeParse(search.get('type'));
  const type = rawType.success ? rawType.data : 'eye-exam';
  const day = useQuery({ ...storeDayQuery(tenantId, { locationId: chosen?.id ?? '', date, type }), enabled: !!chosen && !!date });
  const go = (next: { store?: string; date?: string; type?: AppointmentType }) =>
    navigate(storeDayPath(next.store ?? chosen?.id ?? '', next.date ?? date, next.type ?? type), { replace: true });

  return (
    <section className={list.page} aria-labelledby={titleId}>
      <h1 id={titleId} className={list.title}>
        {t('storeDay.title')}
      </h1>
      <div className={list.filters}>
        <label className={list.field}>
          <span className={list.label}>{t('storeDay.store')}</span>
          <select className={list.select} value={chosen?.id ?? ''} onChange={(event) => go({ store: event.target.value })}>
            {stores.data?.stores.map((s) => (
              <option key={s.id} value={s.id} dir="auto">
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className={list.field}>
          <span className={list.label}>{t('storeDay.date')}</span>
          <input
            type="date"
            className={list.select}
            value={date}
            onChange={(event) => BookingDate.safeParse(event.target.value).success && go({ date: event.target.value })}
          />
        </label>
        <label className={list.field}>
          <span className={list.label}>{t('storeDay.type')}</span>
          <select className={list.select} value={type} onChange={(event) => go({ type: event.target.value as AppointmentType })}>
            {AppointmentType.options.map((each) => (
              <option key={each} value={each}>
                {t(`records.appointments.types.${each}`)}
              </option>
            ))}
          </select>
        </label>
        {date && (
          <div className={styles.dayButtons}>
            <Button variant="secondary" onPress={() => go({ date: addDays(date, -1) })}>
              {t('storeDay.previous')}
            </Button>
            <Button variant="secondary" onPress={() => go({ date: addDays(date, 1) })}>
              {t('storeDay.next')}
            </Button>
          </div>
        )}
      </div>
      {stores.isError ? (
        <div role="alert" className={list.state}>
          <p className={list.heading}>{t('storeDay.loadFailed')}</p>
          <p className={list.muted}>{translateError(i18n, stores.error)}</p>
        </div>
      ) : stores.data && !chosen ? (
        <div className={list.state}>
          <p className={list.heading}>{t('storeDay.noStores')}</p>
        </div>
      ) : !day.data && !day.isError ? (
        <div className={list.state}>
          <Spinner label={t('storeDay.loading')} />
          <p className={list.muted} aria-hidden="true">
            {t('storeDay.loading')}
          </p>
        </div>
      ) : day.isError ? (
        <div role="alert" className={list.state}>
          <p className={list.heading}>{t('storeDay.loadFailed')}</p>
          <p className={list.muted}>{translateError(i18n, day.error)}</p>
          <Button variant="secondary" onPress={() => void day.refetch()}>
            {t('labOrderLookup.retry')}
          </Button>
        </div>
      ) : (
        <Day day={day.data!} />
      )}
    </section>
  );
}

function Day({ day }: { day: StoreDay }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <>
      <div className={styles.summary}>
        <h2 className={list.heading}>{formats.fullDate(day.date)}</h2>
        <p className={list.muted}>{t('storeDay.zone', { zone: day.timeZone })}</p>
      </div>
      {day.providers.length === 0 ? (
        <div className={list.state}>
          <p className={list.heading}>{t('storeDay.noProviders')}</p>
          <p className={list.muted}>{t('storeDay.noProvidersHint')}</p>
        </div>
      ) : (
        day.providers.map((provider) => <ProviderDay key={provider.id} provider={provider} timeZone={day.timeZone} />)
      )}
    </>
  );
}

function ProviderDay({ provider, timeZone }: { provider: StoreDay['providers'][number]; timeZone: string }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const headingId = useId();
  return (
    <section className={styles.provider} aria-labelledby={headingId}>
      <h2 id={headingId} className={list.heading}>
        <bdi>{provider.name}</bdi>
      </h2>
      <p className={list.muted}>
        {provider.hours
          ? t('storeDay.hours', { opens: formats.wallTime(provider.hours.opens), closes: formats.wallTime(provider.hours.closes) })
          : t('storeDay.notWorking')}
      </p>
      {(provider.hours || provider.booked.length > 0) && (
        <>
          <h3 id={`${headingId}-booked`} className={styles.subheading}>
            {t('storeDay.booked', { count: provider.booked.length })}
          </h3>
          {provider.booked.length > 0 && (
            <TableScroll cards>
              <table className={list.table} aria-labelledby={`${headingId} ${headingId}-booked`}>
                <thead>
                  <tr>
                    <th scope="col">{t('storeDay.columns.time')}</th>
                    <th scope="col">{t('storeDay.columns.type')}</th>
                    <th scope="col">{t('storeDay.columns.patient')}</th>
                    <th scope="col">{t('storeDay.columns.source')}</th>
                    <th scope="col">{t('storeDay.columns.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {provider.booked.map((visit) => (
                    <tr key={visit.id}>
                      <th scope="row">
                        {formats.time(visit.startsAt, timeZone)} ({t('patientChart.appointments.minutes', { count: visit.minutes })})
                      </th>
                      <td>{t(`records.appointments.types.${visit.type}`)}</td>
                      <td>{visit.here ? <bdi>{visit.patientName}</bdi> : t('storeDay.elsewhere')}</td>
                      <td>{visit.source === 'online' || visit.source === 'staff' ? t(`records.appointments.sources.${visit.source}`) : visit.source}</td>
                      <td>{statusText(t, visit.status)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
          <h3 id={`${headingId}-free`} className={styles.subheading}>
            {t('storeDay.free', { count: provider.free.length })}
          </h3>
          {provider.free.length > 0 && (
            <ul className={styles.slots} aria-labelledby={`${headingId} ${headingId}-free`}>
              {provider.free.map((slot) => (
                <li key={slot.startsAt} className={styles.slot}>
                  {formats.time(slot.startsAt, timeZone)}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

const statuses = new Set(['booked', 'confirmed', 'checked-in', 'completed', 'cancelled', 'no-show']);
const statusText = (t: (key: string) => string, status: string) => (statuses.has(status) ? t(`records.appointments.statuses.${status}`) : status);

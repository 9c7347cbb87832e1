import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { trackingQuery } from '../../api/inbox';
import { weekdays } from '../../contract/generalSettings';
import type { TrackingView } from '../../contract/inbox';
import { translateError } from '../../i18n/apiErrors';
import { GuestMessage, GuestPage } from '../shared/publicPage/GuestPage';
import * as publicStyles from '../shared/publicPage/publicPage.css';
import { ScreenTitle } from '../shared/publicPage/ScreenTitle';
import { useFormats } from '../shared/format';
import { Alert } from '../ui/Alert';
import { Isolated } from '../ui/Isolated';
import { Spinner } from '../ui/Spinner';
import * as styles from './inbox.css';

/**
 * /pr/{key} (guest, spec 2.1): the order tracking page the in-process and ready messages link to. The lab order's
 * status timeline, expected date and the store's address, phone and hours; the patient's first name only. An
 * expired link (7 days after delivery, or a suspended company) shows the eForm page's 'Expired!' screen.
 */
export function TrackingPage({ trackingKey }: { trackingKey: string }) {
  return (
    <GuestPage>
      <TrackingScreen trackingKey={trackingKey} />
    </GuestPage>
  );
}

function TrackingScreen({ trackingKey }: { trackingKey: string }) {
  const { t, i18n } = useTranslation();
  const tracking = useQuery(trackingQuery(trackingKey));
  if (tracking.isPending) {
    return (
      <div className={publicStyles.centered}>
        <Spinner label={t('tracking.loading')} />
      </div>
    );
  }
  if (tracking.isError) {
    const status = tracking.error instanceof ApiError ? tracking.error.status : 0;
    if (status === 410) return <GuestMessage title={t('eformPublic.expiredTitle')} text={t('tracking.expiredBody')} />;
    if (status === 404 || status === 400) return <GuestMessage title={t('tracking.notFoundTitle')} text={t('tracking.notFoundBody')} />;
    return (
      <div className={publicStyles.centered}>
        <ScreenTitle>{t('tracking.title')}</ScreenTitle>
        <Alert>{translateError(i18n, tracking.error)}</Alert>
      </div>
    );
  }
  return <Timeline view={tracking.data} />;
}

function Timeline({ view }: { view: TrackingView }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const timelineId = useId();
  const storeId = useId();
  const status = (s: string) => t(`records.orders.statuses.${s}`);
  return (
    <div className={styles.card}>
      <ScreenTitle>
        <Isolated values={{ name: view.firstName }}>{(v) => t('tracking.greeting', v)}</Isolated>
      </ScreenTitle>
      <p className={publicStyles.text}>{t('tracking.summary', { number: formats.number(view.orderNumber), status: status(view.status) })}</p>
      <dl className={styles.facts}>
        <dt className={styles.term}>{t('tracking.status')}</dt>
        <dd className={styles.definition}>{status(view.status)}</dd>
        <dt className={styles.term}>{t('tracking.expected')}</dt>
        <dd className={styles.definition}>{view.expectedOn ? formats.date(view.expectedOn) : t('tracking.notYetKnown')}</dd>
      </dl>
      <section aria-labelledby={timelineId}>
        <h2 id={timelineId} className={styles.panelTitle}>
          {t('tracking.timeline')}
        </h2>
        <ol className={styles.timeline}>
          {view.events.map((e, i) => (
            <li key={`${e.at}-${i}`} className={styles.step} aria-current={i === view.events.length - 1 ? 'step' : undefined}>
              <span>{status(e.status)}</span>
              <span className={publicStyles.muted}>{formats.dateTime(e.at)}</span>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby={storeId}>
        <h2 id={storeId} className={styles.panelTitle}>
          {view.store.name}
        </h2>
        <dl className={styles.facts}>
          {view.store.address && (
            <>
              <dt className={styles.term}>{t('tracking.address')}</dt>
              <dd className={styles.definition}>
                <bdi>{view.store.address}</bdi>
              </dd>
            </>
          )}
          {view.store.phone && (
            <>
              <dt className={styles.term}>{t('tracking.phone')}</dt>
              <dd className={styles.definition}>
                <a href={`tel:${view.store.phone.replace(/[^\d+]/g, '')}`} dir="ltr">
                  {view.store.phone}
                </a>
              </dd>
            </>
          )}
          <dt className={styles.term}>{t('tracking.hours')}</dt>
          <dd className={styles.definition}>
            <ul className={styles.hours}>
              {weekdays.map((day) => {
                const hours = view.store.hours[day];
                return (
                  <li key={day}>
                    {t(`generalSettings.weekdays.${day}`)}:{' '}
                    {hours ? <bdi dir="ltr">{`${hours.opens}–${hours.closes}`}</bdi> : t('storesAdmin.closed')}
                  </li>
                );
              })}
            </ul>
          </dd>
        </dl>
      </section>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { recordsQueries } from '../../api/records';
import type { RecordsScope } from '../../api/records';
import type { ContactLensRx, SpectacleRx } from '../../contract/records';
import { EmptyState, QueryView, RecordsPage, useRecordsAccess } from '../shared/records';
import { NoPatientState } from './NoPatientState';
import { rxOrdersHref } from '../shared/links';
import { ContactLensTable, RxFacts, SpectacleTable } from '../shared/RxTables';
import * as styles from '../shared/records.css';

function OrdersLink({ rx }: { rx: SpectacleRx | ContactLensRx }) {
  const { t } = useTranslation();
  return (
    <Link href={rxOrdersHref(rx)} className={styles.link}>
      {t('records.rx.orders')}
    </Link>
  );
}

function Prescriptions({ scope, tenantId }: { scope: RecordsScope; tenantId: string }) {
  const { t } = useTranslation();
  const query = useQuery(recordsQueries.prescriptions(tenantId, scope));
  return (
    <QueryView query={query}>
      {({ spectacle, contactLens }) => (
        <>
          <h2 className={styles.heading}>{t('records.rx.spectacle')}</h2>
          {spectacle.length === 0 ? (
            <EmptyState>{t('records.rx.noSpectacle')}</EmptyState>
          ) : (
            spectacle.map((rx) => (
              <article key={rx.id} className={styles.card}>
                <RxFacts rx={rx} />
                <SpectacleTable rx={rx} />
                <OrdersLink rx={rx} />
              </article>
            ))
          )}
          <h2 className={styles.heading}>{t('records.rx.contactLens')}</h2>
          {contactLens.length === 0 ? (
            <EmptyState>{t('records.rx.noContactLens')}</EmptyState>
          ) : (
            contactLens.map((rx) => (
              <article key={rx.id} className={styles.card}>
                <RxFacts rx={rx} />
                <dl className={styles.facts}>
                  <dt>{t('records.rx.brand')}</dt>
                  <dd>{[rx.brand, rx.manufacturer].filter(Boolean).join(' · ')}</dd>
                  <dt>{t('records.rx.replacement')}</dt>
                  <dd>{t(`records.rx.replacements.${rx.replacement}`)}</dd>
                </dl>
                <ContactLensTable rx={rx} />
                <OrdersLink rx={rx} />
              </article>
            ))
          )}
        </>
      )}
    </QueryView>
  );
}

/** /patient/rxinfo: the patient's spectacle and contact-lens prescriptions, newest first. */
export function RxInfoPage() {
  const { t } = useTranslation();
  const { scope, tenantId } = useRecordsAccess();
  return (
    <RecordsPage title={t('records.titles.rxInfo')}>
      {scope ? <Prescriptions scope={scope} tenantId={tenantId} /> : <NoPatientState />}
    </RecordsPage>
  );
}

import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ownFormFinished, useOwnFormActor } from '../../actors/ownForm';
import { I18nextPageTexts } from '../../i18n/I18nextPageTexts';
import { EformScreen } from './public/PublicEformPage';
import { useRecordsAccess } from '../shared/records';
import * as styles from '../shared/records.css';

/** /patient/forms/{assignmentId}: a form from the dashboard's 'Forms to fill in', filled in within the portal. */
export function OwnFormPage({ assignmentId }: { assignmentId: string }) {
  const { t } = useTranslation();
  const { tenantId } = useRecordsAccess();
  const actor = useOwnFormActor(tenantId, assignmentId);
  const finished = useSelector(actor, ownFormFinished);
  return (
    <section className={styles.page} aria-label={t('records.dashboard.forms')}>
      <I18nextPageTexts>
        <EformScreen actor={actor} />
      </I18nextPageTexts>
      {finished && (
        <p>
          <Link href="/admin/dashboard/patients">{t('records.dashboard.backHome')}</Link>
        </p>
      )}
    </section>
  );
}

import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { fetchOwnForm, submitOwnForm } from '../../api/ownForms';
import { useRefreshDashboard } from '../../api/records';
import { I18nextPageTexts } from '../../i18n/I18nextPageTexts';
import { eformMachine } from '../../machines/eform.machine';
import { EformScreen } from './public/PublicEformPage';
import { useRecordsAccess } from '../shared/records';
import * as styles from '../shared/records.css';

/**
 * The eForm machine on the patient's own session: no encrypted tenant and no code (the session proves who they
 * are); the link token's place is taken by the assignment id.
 */
const ownFormMachine = eformMachine.provide({
  actors: {
    getTenant: fromPromise(async ({ input }) => ({ tenant: input.tenantId })),
    getForm: fromPromise(({ input, signal }) => fetchOwnForm(input.uri, signal)),
    submitForm: fromPromise(({ input, signal }) => submitOwnForm(input.uri, input.sectionlists, signal)),
  },
});

/** /patient/forms/{assignmentId}: a form from the dashboard's 'Forms to fill in', filled in within the portal. */
export function OwnFormPage({ assignmentId }: { assignmentId: string }) {
  const { t } = useTranslation();
  const { tenantId } = useRecordsAccess();
  const actor = useActorRef(ownFormMachine, { input: { tenantId, uri: assignmentId } });
  const finished = useSelector(actor, (s) => s.matches('received') || s.matches('alreadySubmitted') || s.matches('expired'));
  const refreshDashboard = useRefreshDashboard(tenantId);
  // A form filled in (or no longer open) leaves the dashboard's list.
  useEffect(() => {
    if (finished) void refreshDashboard();
  }, [finished, refreshDashboard]);
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

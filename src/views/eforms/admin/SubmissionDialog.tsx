import { useQuery } from '@tanstack/react-query';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { submissionQuery } from '../../../api/eformsAdmin';
import { translateError } from '../../../i18n/apiErrors';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import * as dialogStyles from '../../ui/dialog.css';
import { Spinner } from '../../ui/Spinner';
import { I18nextPageTexts } from '../../../i18n/I18nextPageTexts';
import { EformSections } from '../EformSections';
import * as styles from './eformsAdmin.css';
import { useDateTime } from './formatting';
import { useTenantId } from '../../shared/useTenant';
import { useFormNames } from '../../shared/formName';
import { formNamesOf } from '../../../contract/eformTexts';

/** A submission's answers, drawn read-only by the patient's own renderer. */
export function SubmissionDialog({ assignmentId, onClose }: { assignmentId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const submission = useQuery(submissionQuery(tenantId, assignmentId));
  const dateTime = useDateTime();
  const formNames = useFormNames();
  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(open) => !open && onClose()} className={dialogStyles.overlay}>
      <Modal className={styles.dialogWide}>
        <Dialog className={styles.dialogBody}>
          <Heading slot="title" className={dialogStyles.heading}>
            {submission.data
              ? t('eformsAdmin.submission.title', { form: formNames.text(submission.data.formName, formNamesOf(submission.data.language, submission.data.translations)), patient: submission.data.patientName })
              : t('eformsAdmin.submission.loading')}
          </Heading>
          {submission.isPending && <Spinner label={t('eformsAdmin.submission.loading')} />}
          {submission.isError && <Alert>{translateError(i18n, submission.error)}</Alert>}
          {submission.data && (
            <>
              <p className={styles.muted}>{t('eformsAdmin.submission.submittedAt', { when: dateTime(submission.data.submittedAt) })}</p>
              <I18nextPageTexts>
                <EformSections sections={submission.data.sections} languages={submission.data} readOnly />
              </I18nextPageTexts>
            </>
          )}
          <div className={dialogStyles.actions}>
            <Button onPress={onClose}>{t('eformsAdmin.close')}</Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

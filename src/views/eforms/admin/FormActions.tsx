import { useState } from 'react';
import { Button as AriaButton, Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { useDuplicateForm, usePublishForm, useRemoveForm } from '../../../api/eformsAdmin';
import type { CardSummary } from '../../../contract/eforms';
import { translateError } from '../../../i18n/apiErrors';
import { savedSnackbar } from '../../../machines/snackbar.machine';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useSnackbarActor } from '../../ui/shellActors';
import { AssignDialog } from './AssignDialog';
import * as styles from './eformsAdmin.css';
import { editPath } from './paths';
import { useTenantId } from '../../shared/useTenant';
import { useFormNames } from '../../shared/formName';

/** Edit, duplicate, publish (a draft), delete or archive, and assign (a published form) for one form of a list. */
export function FormActions({ form }: { form: CardSummary }) {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  // The form's name in the reader's language (else its main name) in every label and question naming it.
  const name = useFormNames().text(form.name, form.names);
  const snackbar = useSnackbarActor();
  const publish = usePublishForm(tenantId);
  const duplicate = useDuplicateForm(tenantId);
  const remove = useRemoveForm(tenantId);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const failed = (error: Error) => snackbar.send({ type: 'snackbar.show', kind: 'error', message: translateError(i18n, error) });
  const busy = publish.isPending || duplicate.isPending || remove.isPending;
  // A form that was ever sent is archived, not deleted: its assignments and answers stay.
  const removeKind = form.assignmentCount > 0 ? 'archive' : 'delete';

  return (
    <div className={styles.row}>
      <Link href={editPath(form.locationId, form.id)} className={styles.smallButton} aria-label={t('eformsAdmin.actions.editNamed', { name })}>
        {t('eformsAdmin.actions.edit')}
      </Link>
      <AriaButton
        className={styles.smallButton}
        isDisabled={busy}
        aria-label={t('eformsAdmin.actions.duplicateNamed', { name })}
        onPress={() =>
          duplicate.mutate(form.id, {
            onSuccess: (copyId) => {
              snackbar.send(savedSnackbar(t('eformsAdmin.messages.duplicated')));
              if (copyId) navigate(editPath(form.locationId, copyId));
            },
            onError: failed,
          })
        }
      >
        {t('eformsAdmin.actions.duplicate')}
      </AriaButton>
      {form.status === 'draft' && (
        <AriaButton
          className={styles.smallButton}
          isDisabled={busy || form.sectionCount === 0}
          aria-label={t('eformsAdmin.actions.publishNamed', { name })}
          onPress={() =>
            publish.mutate(form.id, {
              onSuccess: () => snackbar.send(savedSnackbar(t('eformsAdmin.messages.published'))),
              onError: failed,
            })
          }
        >
          {t('eformsAdmin.actions.publish')}
        </AriaButton>
      )}
      {form.status === 'published' && (
        <AriaButton
          className={styles.smallButton}
          aria-label={t('eformsAdmin.actions.assignNamed', { name })}
          onPress={() => setAssigning(true)}
        >
          {t('eformsAdmin.actions.assign')}
        </AriaButton>
      )}
      {form.status !== 'archived' && (
        <AriaButton
          className={styles.smallButton}
          isDisabled={busy}
          aria-label={t(`eformsAdmin.actions.${removeKind}Named`, { name })}
          onPress={() => setConfirmRemove(true)}
        >
          {t(`eformsAdmin.actions.${removeKind}`)}
        </AriaButton>
      )}
      <ConfirmDialog
        isOpen={confirmRemove}
        question={t(`eformsAdmin.actions.${removeKind}Question`, { name })}
        confirmLabel={t('eformsAdmin.yes')}
        cancelLabel={t('eformsAdmin.no')}
        isPending={remove.isPending}
        onCancel={() => setConfirmRemove(false)}
        onConfirm={() =>
          remove.mutate(form.id, {
            onSuccess: (answer) => {
              setConfirmRemove(false);
              snackbar.send(savedSnackbar(t(answer.removed === 'archived' ? 'eformsAdmin.messages.archived' : 'eformsAdmin.messages.deleted')));
            },
            onError: (error) => {
              setConfirmRemove(false);
              failed(error);
            },
          })
        }
      />
      {assigning && <AssignDialog formId={form.id} formName={name} locationId={form.locationId} onClose={() => setAssigning(false)} />}
    </div>
  );
}

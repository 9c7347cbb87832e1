import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button as AriaButton } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { assignmentsQuery, isOpenAssignment, useAssignmentAction } from '../../../api/eformsAdmin';
import { translateError } from '../../../i18n/apiErrors';
import { savedSnackbar } from '../../../machines/snackbar.machine';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useSnackbarActor } from '../../ui/shellActors';
import { Spinner } from '../../ui/Spinner';
import { TableScroll } from '../../ui/TableScroll';
import * as styles from './eformsAdmin.css';
import { useDateTime } from './formatting';
import { AssignmentStatusBadge } from './StatusBadge';
import { SubmissionDialog } from './SubmissionDialog';
import { useTenantId } from '../../shared/useTenant';
import { FormName, useFormNames } from '../../shared/formName';

export interface AssignmentsPanelProps {
  /** One form's assignments (the builder), or one patient's (the chart's eForms section). */
  formId?: string;
  patientId?: string;
  /** Shows an 'Assign' button. */
  onAssign?: () => void;
  headingLevel?: 2 | 3;
  /** 'Assignments' unless given (the patient chart calls it 'eForms'). */
  title?: string;
}

/** Assignments with their status; revoke or resend an open one; view a submission's answers. */
export function AssignmentsPanel({ formId, patientId, onAssign, headingLevel = 2, title }: AssignmentsPanelProps) {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const formNames = useFormNames();
  const snackbar = useSnackbarActor();
  const of = formId ? { formId } : { patientId: patientId ?? '' };
  const assignments = useQuery(assignmentsQuery(tenantId, of));
  const action = useAssignmentAction(tenantId);
  const [viewing, setViewing] = useState<string | null>(null);
  const dateTime = useDateTime();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `assignments-${formId ?? patientId}`;

  const run = (assignmentId: string, kind: 'revoke' | 'resend') =>
    action.mutate(
      { assignmentId, action: kind },
      {
        onSuccess: () => snackbar.send(savedSnackbar(t(kind === 'revoke' ? 'eformsAdmin.messages.revoked' : 'eformsAdmin.messages.resent'))),
        onError: (error) => snackbar.send({ type: 'snackbar.show', kind: 'error', message: translateError(i18n, error) }),
      },
    );

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <div className={styles.row}>
        <Heading id={headingId} className={styles.subtitle} style={{ marginInlineEnd: 'auto' }}>
          {title ?? t('eformsAdmin.assignments.title')}
        </Heading>
        {onAssign && <Button onPress={onAssign}>{t('eformsAdmin.actions.assign')}</Button>}
      </div>
      {assignments.isPending && <Spinner label={t('eformsAdmin.loading')} />}
      {assignments.isError && <Alert>{translateError(i18n, assignments.error)}</Alert>}
      {assignments.data?.assignments.length === 0 && <p className={styles.muted}>{t('eformsAdmin.assignments.none')}</p>}
      {assignments.data && assignments.data.assignments.length > 0 && (
        <TableScroll cards>
          <table className={styles.table}>
            <thead>
              <tr>
                <th className={styles.cell}>{formId ? t('eformsAdmin.assignments.patient') : t('eformsAdmin.assignments.form')}</th>
                <th className={styles.cell}>{t('eformsAdmin.assignments.status')}</th>
                <th className={styles.cell}>{t('eformsAdmin.assignments.sent')}</th>
                <th className={styles.cell}>{t('eformsAdmin.assignments.expires')}</th>
                <th className={styles.cell}>{t('eformsAdmin.assignments.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {assignments.data.assignments.map((assignment) => {
                const who = formId ? assignment.patientName : formNames.text(assignment.formName, assignment.formNames);
                return (
                  <tr key={assignment.id} aria-label={t('eformsAdmin.assignments.rowLabel', { name: who })}>
                    <td className={styles.cell}>{formId ? who : <FormName name={assignment.formName} names={assignment.formNames} />}</td>
                    <td className={styles.cell}>
                      <AssignmentStatusBadge status={assignment.status} />
                    </td>
                    <td className={styles.cell}>{dateTime(assignment.sentAt ?? assignment.createdAt)}</td>
                    <td className={styles.cell}>{dateTime(assignment.expiresAt)}</td>
                    <td className={styles.cell}>
                      <div className={styles.row}>
                        {isOpenAssignment(assignment.status) && (
                          <>
                            <AriaButton
                              className={styles.smallButton}
                              isDisabled={action.isPending}
                              aria-label={t('eformsAdmin.assignments.resendFor', { name: who })}
                              onPress={() => run(assignment.id, 'resend')}
                            >
                              {t('eformsAdmin.assignments.resend')}
                            </AriaButton>
                            <AriaButton
                              className={styles.smallButton}
                              isDisabled={action.isPending}
                              aria-label={t('eformsAdmin.assignments.revokeFor', { name: who })}
                              onPress={() => run(assignment.id, 'revoke')}
                            >
                              {t('eformsAdmin.assignments.revoke')}
                            </AriaButton>
                          </>
                        )}
                        {assignment.status === 'submitted' && (
                          <AriaButton
                            className={styles.smallButton}
                            aria-label={t('eformsAdmin.assignments.viewFor', { name: who })}
                            onPress={() => setViewing(assignment.id)}
                          >
                            {t('eformsAdmin.assignments.view')}
                          </AriaButton>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      {viewing && <SubmissionDialog assignmentId={viewing} onClose={() => setViewing(null)} />}
    </section>
  );
}

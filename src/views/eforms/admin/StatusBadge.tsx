import { useTranslation } from 'react-i18next';
import type { AssignmentStatus, CardStatus } from '../../../contract/eforms';
import * as styles from './eformsAdmin.css';

export function FormStatusBadge({ status }: { status: CardStatus }) {
  const { t } = useTranslation();
  return <span className={status === 'published' ? styles.badge.accent : styles.badge.neutral}>{t(`eformsAdmin.status.${status}`)}</span>;
}

export function AssignmentStatusBadge({ status }: { status: AssignmentStatus }) {
  const { t } = useTranslation();
  return (
    <span className={status === 'submitted' ? styles.badge.accent : styles.badge.neutral}>
      {t(`eformsAdmin.assignmentStatus.${status}`)}
    </span>
  );
}

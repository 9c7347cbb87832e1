import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import * as dialogStyles from '../../ui/dialog.css';
import * as styles from './eformsAdmin.css';
import type { PendingLeave } from './useLeaveGuard';

/** Spec 8: 'Warning' — 'Are you sure you want to discard the changes? ...'; 'Yes' discards and leaves, 'No' stays. */
export function LeaveDialog({ pending, onLeave, onStay }: { pending: PendingLeave | null; onLeave: () => void; onStay: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalOverlay isOpen={pending !== null} onOpenChange={(open) => !open && onStay()} className={dialogStyles.overlay}>
      <Modal className={dialogStyles.modal}>
        <Dialog role="alertdialog" className={dialogStyles.dialog}>
          <Heading slot="title" className={dialogStyles.heading}>
            {t('eformsAdmin.leave.title')}
          </Heading>
          <p className={styles.muted}>{t('eformsAdmin.leave.question')}</p>
          <div className={dialogStyles.actions}>
            <Button variant="secondary" onPress={onStay} autoFocus>
              {t('eformsAdmin.leave.no')}
            </Button>
            <Button onPress={onLeave}>{t('eformsAdmin.leave.yes')}</Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

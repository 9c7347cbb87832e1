import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button';
import * as styles from './dialog.css';

export interface ConfirmDialogProps {
  isOpen: boolean;
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmed action is running: both answers wait. */
  isPending?: boolean;
  /** What saying yes will do, below the question. */
  children?: ReactNode;
}

/** A yes/no question in an alert dialog; Escape answers no. Open state is the caller's (a machine state). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { isOpen, question, confirmLabel, cancelLabel, onConfirm, onCancel, isPending, children } = props;
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={(open) => !open && onCancel()} className={styles.overlay}>
      <Modal className={styles.modal}>
        <Dialog role="alertdialog" className={styles.dialog}>
          <Heading slot="title" className={styles.heading}>
            {question}
          </Heading>
          {children && <div className={styles.body}>{children}</div>}
          <div className={styles.actions}>
            <Button variant="secondary" onPress={onCancel} isDisabled={isPending}>
              {cancelLabel}
            </Button>
            <Button onPress={onConfirm} isPending={isPending}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

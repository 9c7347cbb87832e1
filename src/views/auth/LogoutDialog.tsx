import { useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useSessionActor } from '../ui/session';

/**
 * The logout question 'Are you sure want to exit the product?'. The shell's user menu sends `session.logout` and
 * renders this once; 'Yes' logs out (the dialog waits for it), 'No' or Escape keeps the session.
 */
export function LogoutDialog() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const isConfirming = useSelector(session, (snapshot) => snapshot.hasTag('confirmingLogout'));
  const isLoggingOut = useSelector(session, (snapshot) => snapshot.hasTag('loggingOut'));
  // Stays open while the confirmed logout runs; a logout from /logout never opened it.
  const wasConfirming = useRef(false);
  if (isConfirming) wasConfirming.current = true;
  else if (!isLoggingOut) wasConfirming.current = false;

  return (
    <ConfirmDialog
      isOpen={isConfirming || (isLoggingOut && wasConfirming.current)}
      isPending={isLoggingOut}
      question={t('logout.question')}
      confirmLabel={t('logout.yes')}
      cancelLabel={t('logout.no')}
      onConfirm={() => session.send({ type: 'logout.confirm' })}
      onCancel={() => session.send({ type: 'logout.cancel' })}
    />
  );
}

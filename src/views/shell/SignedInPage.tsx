import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useSessionActor } from '../ui/session';
import * as styles from './shell.css';

/** Home of a signed-in user until the application shell replaces it: who is signed in, where, and Logout. */
export function SignedInPage() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const user = useSelector(session, (snapshot) => snapshot.context.session?.user);
  const isConfirming = useSelector(session, (snapshot) => snapshot.matches('confirmingLogout'));
  const isLoggingOut = useSelector(session, (snapshot) => snapshot.matches('loggingOut'));
  if (!user) return null;

  const store = user.defaultstore;
  return (
    <main className={styles.centred}>
      <h1 className={styles.title}>{t('signedIn.signedInAs', { displayName: user.data.displayName })}</h1>
      {store && (
        <p className={styles.muted}>
          {t('signedIn.store', { storeName: store.fD_Location, companyName: store.companyName })}
        </p>
      )}
      <Button variant="secondary" onPress={() => session.send({ type: 'session.logout' })}>
        {t('signedIn.logout')}
      </Button>
      <ConfirmDialog
        isOpen={isConfirming || isLoggingOut}
        isPending={isLoggingOut}
        question={t('logout.question')}
        confirmLabel={t('logout.yes')}
        cancelLabel={t('logout.no')}
        onConfirm={() => session.send({ type: 'logout.confirm' })}
        onCancel={() => session.send({ type: 'logout.cancel' })}
      />
    </main>
  );
}

import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { Spinner } from '../ui/Spinner';
import { useSessionActor } from '../ui/session';
import * as styles from './signIn.css';

/**
 * /logout dispatches logout and shows 'Logging out..'. The session machine ignores a second dispatch (StrictMode)
 * and a user without roles; when the logout is done the app goes to the login url.
 */
export function LogoutPage() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const isSignedIn = useSelector(session, (snapshot) => snapshot.hasTag('signedIn') || snapshot.hasTag('newUser'));
  const isBusy = useSelector(session, (snapshot) => snapshot.hasTag('busy'));
  const loginUrl = useSelector(session, (snapshot) => snapshot.context.loginUrl);

  useEffect(() => {
    session.send({ type: 'logout.dispatch' });
  }, [session]);

  if (!isSignedIn && !isBusy) return <Redirect to={loginUrl ?? '/'} replace />;
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <p className={styles.title} role="status">
          {t('logout.loggingOut')}
        </p>
        <Spinner label={t('logout.loggingOut')} />
      </div>
    </main>
  );
}

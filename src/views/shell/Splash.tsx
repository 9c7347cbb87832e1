import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/Spinner';
import * as styles from './shell.css';

/** Shown while the session is checked at start-up. */
export function Splash() {
  const { t } = useTranslation();
  return (
    <main className={styles.centred}>
      <Spinner label={t('splash.checking')} />
    </main>
  );
}

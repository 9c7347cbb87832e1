import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import * as styles from './shell.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className={styles.centred}>
      <h1 className={styles.title}>{t('notFound.title')}</h1>
      <p className={styles.muted}>{t('notFound.message')}</p>
      <Link href="/login" className={styles.link}>
        {t('notFound.toSignIn')}
      </Link>
    </main>
  );
}

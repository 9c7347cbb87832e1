import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { ComingSoonArea } from '../../contract/routeTable';
import * as styles from './pages.css';

/**
 * The page behind a menu entry whose screen belongs to a later issue: it names the area and says it is coming
 * (the only placeholder allowed, and only until that issue lands).
 */
export function ComingSoonPage({ area }: { area: ComingSoonArea }) {
  const { t } = useTranslation();
  return (
    <section className={styles.centred} aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title" className={styles.title}>
        {t(`comingSoon.areas.${area}`)}
      </h1>
      <p className={styles.text}>{t('comingSoon.message')}</p>
      <Link href="/" className={styles.link}>
        {t('comingSoon.home')}
      </Link>
    </section>
  );
}

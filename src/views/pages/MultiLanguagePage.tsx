import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { languageNames, languages } from '../../i18n/appI18n';
import * as styles from './pages.css';

/** /documentation/configuration/multi-language: where the language menu's 'Learn More' leads. */
export function MultiLanguagePage() {
  const { t } = useTranslation();
  return (
    <article className={styles.page} aria-labelledby="multi-language-title">
      <h1 id="multi-language-title" className={styles.title}>
        {t('multiLanguageDoc.title')}
      </h1>
      <p className={styles.text}>{t('multiLanguageDoc.intro')}</p>
      <h2 className={styles.subtitle}>{t('multiLanguageDoc.languagesHeading')}</h2>
      <ul className={styles.list}>
        {languages.map((language) => (
          <li key={language} lang={language}>
            {languageNames[language]}
          </li>
        ))}
      </ul>
      <p className={styles.text}>{t('multiLanguageDoc.remembered')}</p>
      <p className={styles.text}>{t('multiLanguageDoc.rtl')}</p>
      <Link href="/" className={styles.link}>
        {t('multiLanguageDoc.back')}
      </Link>
    </article>
  );
}

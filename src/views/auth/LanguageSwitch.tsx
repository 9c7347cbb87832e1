import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { languageNames, languages } from '../../i18n/appI18n';
import * as styles from './signIn.css';

/**
 * The sign-in screens' language choice: native radio buttons (arrow keys move between them), each language named in
 * itself. Native rather than React Aria's ToggleButtonGroup, whose toolbar focus management would bring React Aria's
 * focus scopes into the sign-in page's entry chunk (~4.5 kB gzip; docs/architecture.md, "The browser bundle").
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const name = useId();
  return (
    <div role="radiogroup" aria-label={t('language.label')} className={styles.languages}>
      {languages.map((language) => (
        <label key={language} lang={language} className={styles.language}>
          <input
            type="radio"
            name={name}
            value={language}
            checked={i18n.language === language}
            onChange={() => void i18n.changeLanguage(language)}
            className={styles.languageInput}
          />
          {languageNames[language]}
        </label>
      ))}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { languageNames, languages } from '../../i18n/appI18n';
import * as styles from './signIn.css';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <ToggleButtonGroup
      aria-label={t('language.label')}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[i18n.language]}
      onSelectionChange={(keys) => {
        const [language] = keys;
        if (typeof language === 'string') void i18n.changeLanguage(language);
      }}
      className={styles.languages}
    >
      {languages.map((language) => (
        <ToggleButton key={language} id={language} lang={language} className={styles.language}>
          {languageNames[language]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

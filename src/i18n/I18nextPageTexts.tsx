import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTextsContext } from './pageTexts';
import type { PageTexts } from './pageTexts';

/** The app's i18next as the texts of the eForm page and `EformSections` (./pageTexts.ts) where the app draws them. */
export function I18nextPageTexts({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const texts = useMemo<PageTexts>(
    () => ({ language, t: (key, values) => t(key, values ?? {}), changeLanguage: (next) => void i18n.changeLanguage(next) }),
    [t, i18n, language],
  );
  return <PageTextsContext.Provider value={texts}>{children}</PageTextsContext.Provider>;
}

import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { usePageTexts } from '../../../i18n/pageTexts';
import * as spinnerStyles from '../../ui/spinner.css';
import * as styles from './publicPage.css';

/**
 * The public eForm page's own small controls, native elements only: the page is its own entry
 * (src/eformsMain.tsx) and React Aria is not part of it (docs/architecture.md, "The browser bundle").
 */

export interface PageButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'onClick'> {
  variant?: keyof typeof styles.buttons;
  /** A call is under way: the button stays focusable, says it is busy and ignores presses. */
  pending?: boolean;
  onPress?: () => void;
  children: ReactNode;
}

export function PageButton({ variant = 'primary', pending = false, onPress, type = 'button', children, ...props }: PageButtonProps) {
  return (
    <button
      {...props}
      type={type}
      className={styles.buttons[variant]}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      data-pending={pending || undefined}
      onClick={(event) => {
        if (pending) {
          event.preventDefault();
          return;
        }
        onPress?.();
      }}
    >
      {children}
    </button>
  );
}

/** An indeterminate progress indicator; `label` is what a screen reader says is happening. */
export function Progress({ label }: { label: string }) {
  return (
    <div role="progressbar" aria-label={label} className={spinnerStyles.spinner}>
      <span className={spinnerStyles.ring} />
    </div>
  );
}

const languageNames = { en: 'English', tr: 'Türkçe', ar: 'العربية' } as const;
const languages = Object.keys(languageNames) as (keyof typeof languageNames)[];

/** The language switch: each language named in itself, the one showing pressed. */
export function LanguageButtons() {
  const { t, language: showing, changeLanguage } = usePageTexts();
  return (
    <div role="group" aria-label={t('language.label')} className={styles.languages}>
      {languages.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={styles.language}
          aria-pressed={showing === language}
          onClick={() => changeLanguage(language)}
        >
          {languageNames[language]}
        </button>
      ))}
    </div>
  );
}

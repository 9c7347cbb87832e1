import { useTranslation } from 'react-i18next';
import { directionOf, formNameIn } from '../../contract/eformTexts';
import type { FormNames, ShownText } from '../../contract/eformTexts';
import { isolatedText } from '../ui/Isolated';

/**
 * A form's name where staff and patients meet it in a list (eForms list and boards, the assign dialogs, the chart's
 * forms, the work desk, the booking settings, the patient's forms to fill in): in the reader's language when the form
 * has it there, else its main name isolated in its own language and direction (src/contract/eformTexts.ts:
 * formNameIn, the one rule, as the form's own pages read every text).
 */

/** Draws a text shown in a language; isolated (<bdi> with its lang and dir) when it is not the page's. */
export function InLanguage({ shown, pageLanguage }: { shown: ShownText; pageLanguage: string }) {
  if (shown.language === pageLanguage) return <>{shown.text}</>;
  return (
    <bdi lang={shown.language} dir={directionOf(shown.language)}>
      {shown.text}
    </bdi>
  );
}

export interface FormNameReader {
  /** The name as the reader sees it, with the language it is in. */
  shown(name: string, names: FormNames): ShownText;
  /** Its words only: for an accessible name or a sentence that isolates its values itself (ui/Isolated). */
  text(name: string, names: FormNames): string;
  /** Its words for a plain-text sentence: isolated (first-strong isolate … pop) when not in the page's language. */
  isolated(name: string, names: FormNames): string;
  /** The language it is shown in: the lang of an element holding the name alone (an <option>, with dir=auto). */
  language(name: string, names: FormNames): string;
}

/** The reader of forms' names in the page's language. */
export function useFormNames(): FormNameReader {
  const { i18n } = useTranslation();
  const reader = i18n.language;
  return {
    shown: (name, names) => formNameIn(name, names, reader),
    text: (name, names) => formNameIn(name, names, reader).text,
    isolated: (name, names) => {
      const shown = formNameIn(name, names, reader);
      return shown.language === reader ? shown.text : isolatedText(shown.text);
    },
    language: (name, names) => formNameIn(name, names, reader).language,
  };
}

/** A form's name drawn in the reader's language, else its main name isolated. */
export function FormName({ name, names }: { name: string; names: FormNames }) {
  const { i18n } = useTranslation();
  return <InLanguage shown={formNameIn(name, names, i18n.language)} pageLanguage={i18n.language} />;
}

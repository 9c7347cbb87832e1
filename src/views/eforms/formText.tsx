import { createContext, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { directionOf, formReader } from '../../contract/eformTexts';
import { InLanguage } from '../shared/formName';
import type { FormLanguage, FormTranslations, ShownText } from '../../contract/eformTexts';
import { usePageTexts } from '../../i18n/pageTexts';

/**
 * A form's texts as a reader sees them (src/contract/eformTexts.ts): the translation into the reader's language,
 * else the main text. A text in another language than the page's is isolated (`<bdi>` with its own lang and dir),
 * so an English question inside an Arabic page keeps its punctuation at its own end and its words in order.
 */
export interface FormLanguages {
  language: FormLanguage;
  translations: FormTranslations;
}

export interface FormTextReader {
  /** The text of `key` for the reader (its words and language). */
  shown(key: string, mainText: string): ShownText;
  /** The same, drawn: isolated when its language is not the page's. */
  text(key: string, mainText: string): ReactNode;
  /** The lang and dir attributes a control holding this text alone needs (an <option> cannot hold a <bdi>). */
  attributes(key: string, mainText: string): { lang?: string; dir?: 'ltr' | 'rtl' };
}

/** Draws a text; isolated when `pageLanguage` is not its language (the same drawing as a form's name in a list). */
export const Isolated = InLanguage;

/** The reader of a form's texts in `readerLanguage` (the page's language when not given). */
export function useFormTextReader(languages: FormLanguages, readerLanguage?: string): FormTextReader {
  const { language: pageLanguage } = usePageTexts();
  const reader = readerLanguage ?? pageLanguage;
  return useMemo(() => {
    const read = formReader(languages.language, languages.translations, reader);
    return {
      shown: read.text,
      text: (key, mainText) => <Isolated shown={read.text(key, mainText)} pageLanguage={pageLanguage} />,
      attributes: (key, mainText) => {
        const { language } = read.text(key, mainText);
        return language === pageLanguage ? {} : { lang: language, dir: directionOf(language) };
      },
    };
  }, [languages.language, languages.translations, reader, pageLanguage]);
}

const FormTextContext = createContext<FormTextReader | null>(null);

/** Gives the parts of a form (EformSections) their reader. */
export function FormTextProvider({ reader, children }: { reader: FormTextReader; children: ReactNode }) {
  return <FormTextContext.Provider value={reader}>{children}</FormTextContext.Provider>;
}

export function useFormText(): FormTextReader {
  const reader = useContext(FormTextContext);
  if (!reader) throw new Error('useFormText needs a FormTextProvider (src/views/eforms/formText.tsx)');
  return reader;
}

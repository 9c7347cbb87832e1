import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { directionOf, formLanguages, formTexts, untranslatedTexts } from '../../../contract/eformTexts';
import type { FormLanguage, FormText } from '../../../contract/eformTexts';
import type { Section } from '../../../contract/eforms';
import { languageNames } from '../../../i18n/appI18n';
import type { BuilderEvent, CardDraft } from '../../../machines/formBuilder.machine';
import { TextField } from '../../ui/TextField';
import * as styles from './eformsAdmin.css';
import { sectionKinds } from './SectionEditor';

/** The builder's name for a text of the form (the same words as its field in the editor above). */
function textLabel(t: TFunction, text: FormText, sections: readonly Section[]): string {
  const section = text.sectionIndex === null ? null : sections[text.sectionIndex];
  const number = (text.sectionIndex ?? 0) + 1;
  switch (text.kind) {
    case 'name':
      return t('eformsAdmin.builder.name');
    case 'description':
      return t('eformsAdmin.builder.description');
    case 'section':
      return t('eformsAdmin.builder.sectionTitle', { number });
    case 'list':
      return t(`eformsAdmin.builder.listTitle.${sectionKinds[section!.optionId]}`, { section: number });
    case 'item': {
      const isQuestion = section!.optionId === 4 || section!.optionId === 5;
      return t(isQuestion ? 'eformsAdmin.builder.question' : 'eformsAdmin.builder.option', { number: (text.itemIndex ?? 0) + 1, section: number });
    }
  }
}

/**
 * The form's texts in another language, side by side with the main ones: the admin picks the language, each text
 * shows its main wording beside a field labelled with that language, and the texts still untranslated are counted
 * and marked (a reader sees them in the main language). The preview shows the language being translated.
 */
export function TranslationsPanel({
  card,
  translating,
  send,
}: {
  card: CardDraft;
  translating: FormLanguage | null;
  send: (event: BuilderEvent) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const others = formLanguages.filter((language) => language !== card.language);
  const texts = formTexts(card);
  const missing = translating ? untranslatedTexts(card, card.language, card.translations, translating) : [];
  const own = translating ? (card.translations[translating] ?? {}) : {};
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.subtitle}>
        {t('eformsAdmin.translations.title')}
      </h2>
      <p className={styles.muted}>{t('eformsAdmin.translations.intro', { language: languageNames[card.language] })}</p>
      <label className={styles.fieldLabel}>
        {t('eformsAdmin.translations.language')}
        <select
          className={styles.select}
          value={translating ?? ''}
          onChange={(event) => send({ type: 'translation.choose', language: (event.target.value || null) as FormLanguage | null })}
        >
          <option value="">{t('eformsAdmin.translations.none')}</option>
          {others.map((language) => (
            <option key={language} value={language} lang={language} dir="auto">
              {languageNames[language]}
            </option>
          ))}
        </select>
      </label>
      {translating && (
        <>
          <p className={styles.muted} role="status">
            {missing.length === 0
              ? t('eformsAdmin.translations.allTranslated')
              : t('eformsAdmin.translations.untranslatedCount', { count: missing.length, total: texts.length })}
          </p>
          <ul className={styles.list} aria-label={t('eformsAdmin.translations.texts', { language: languageNames[translating] })}>
            {texts.map((text) => {
              const label = textLabel(t, text, card.sections);
              const value = own[text.key] ?? '';
              return (
                <li key={text.key} className={styles.row} data-translation-key={text.key}>
                  <div className={styles.grow}>
                    <span className={styles.muted}>{label}</span>
                    {/* The main text in its own language and direction, whatever the page's. */}
                    <p className={styles.mainText} lang={card.language} dir={directionOf(card.language)}>
                      {text.text}
                    </p>
                  </div>
                  <div className={styles.grow}>
                    <TextField
                      label={t('eformsAdmin.translations.fieldLabel', { text: label, language: languageNames[translating] })}
                      value={value}
                      description={value.trim() === '' ? t('eformsAdmin.translations.untranslated') : undefined}
                      onChange={(next) => send({ type: 'translation.update', language: translating, key: text.key, text: next })}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

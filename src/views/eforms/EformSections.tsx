import { useEffect, useId, useState } from 'react';
import { usePageTexts } from '../../i18n/pageTexts';
import { formatUsDate, parseUsDate, TEXT_ANSWER_MAX } from '../../contract/eformRules';
import type { Checklist, DateItem, DropdownList, RadioList, Section, TextItem } from '../../contract/eforms';
import type { Answer } from '../../machines/eform.machine';
import * as styles from './eformSections.css';
import { FormTextProvider, useFormText, useFormTextReader } from './formText';
import type { FormLanguages } from './formText';
import { itemKey, listKey, sectionKey } from '../../contract/eformTexts';
import { visuallyHidden } from '../ui/visuallyHidden.css';

/**
 * The sections of an eForm exactly as the patient sees them (spec 3 'Section', 5): in order, a red asterisk on
 * required ones (with a 'required' text for screen readers), radio, checklist, dropdown, text (at most 250
 * characters, 'Your answer', a character count) and date (MM/dd/yyyy). The public page (/eforms) and the admin
 * builder's live preview both draw forms with this component.
 *
 * Native controls only (fieldset and legend for radio and checklist, a labelled <select> for a dropdown, labelled
 * inputs): the public page is its own small entry (src/eformsMain.tsx) and React Aria is not part of it; the
 * browser gives the keyboard and screen-reader behaviour.
 *
 * Answers go out through `onAnswer`; write them in with `applyAnswer` (src/machines/eform.machine.ts), which also
 * recomputes each section's validated flag. Without `onAnswer`, or with `readOnly`, the form is view-only.
 *
 * Each text shows in the reader's language when the form has it translated, else in the form's main language,
 * isolated (./formText.tsx); what the reader types is isolated too (dir="auto"). Answers are keyed by id only.
 */
export interface EformSectionsProps {
  sections: readonly Section[];
  /** The form's main language and translations. */
  languages: FormLanguages;
  /** The language to read the form in; the page's when not given (the builder previews a translation). */
  readerLanguage?: string;
  onAnswer?: (answer: Answer) => void;
  readOnly?: boolean;
}

export function EformSections({ sections, languages, readerLanguage, onAnswer, readOnly = false }: EformSectionsProps) {
  const viewOnly = readOnly || !onAnswer;
  const answer = onAnswer ?? (() => {});
  const reader = useFormTextReader(languages, readerLanguage);
  return (
    <FormTextProvider reader={reader}>
      <div className={styles.sections}>
        {sections.map((section) => (
          <SectionCard key={section.id} section={section} onAnswer={answer} readOnly={viewOnly} />
        ))}
      </div>
    </FormTextProvider>
  );
}

interface PartProps {
  section: Section;
  onAnswer: (answer: Answer) => void;
  readOnly: boolean;
}

function SectionCard({ section, onAnswer, readOnly }: PartProps) {
  const { t } = usePageTexts();
  const { text } = useFormText();
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId} data-validated={section.validated === 1 || undefined}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {text(sectionKey(section.id), section.title)}
        {section.isRequired && (
          <>
            {' '}
            <span className={styles.asterisk} aria-hidden="true">
              *
            </span>
            <span className={visuallyHidden}>({t('eformPublic.required')})</span>
          </>
        )}
      </h2>
      {section.radiolists.map((list, index) => (
        <RadioPart key={index} list={list} listIndex={index} section={section} onAnswer={onAnswer} readOnly={readOnly} />
      ))}
      {section.checklists.map((list, index) => (
        <ChecklistPart key={index} list={list} listIndex={index} section={section} onAnswer={onAnswer} readOnly={readOnly} />
      ))}
      {section.dropdownlists.map((list) => (
        <DropdownPart key={list.id} list={list} section={section} onAnswer={onAnswer} readOnly={readOnly} />
      ))}
      {section.textlists.map((item) => (
        <TextPart key={item.id} item={item} section={section} onAnswer={onAnswer} readOnly={readOnly} />
      ))}
      {section.datelists.map((item) => (
        <DatePart key={item.id} item={item} section={section} onAnswer={onAnswer} readOnly={readOnly} />
      ))}
    </section>
  );
}

function RadioPart({ list, listIndex, section, onAnswer, readOnly }: PartProps & { list: RadioList; listIndex: number }) {
  const name = useId();
  const legendId = useId();
  const { text } = useFormText();
  const chosen = list.radioItems.find((item) => item.description !== '')?.id ?? null;
  return (
    // A fieldset may take the radiogroup role: the group is announced as one choice, named by its legend.
    <fieldset
      className={styles.group}
      role="radiogroup"
      aria-labelledby={legendId}
      aria-required={section.isRequired || undefined}
      disabled={readOnly}
    >
      <legend id={legendId} className={styles.groupLabel}>
        {text(listKey(section.id, listIndex), list.name)}
      </legend>
      <div className={styles.options}>
        {list.radioItems.map((item) => (
          <label key={item.id} className={styles.radio}>
            <input
              type="radio"
              className={styles.control}
              name={name}
              value={item.id}
              checked={chosen === item.id}
              onChange={() => onAnswer({ kind: 'radio', sectionId: section.id, listIndex, itemId: item.id })}
            />
            {text(itemKey(section.id, item.id), item.name)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ChecklistPart({ list, listIndex, section, onAnswer, readOnly }: PartProps & { list: Checklist; listIndex: number }) {
  const { text } = useFormText();
  const checked = list.checkItems.filter((item) => item.ischecked).map((item) => item.id);
  const toggle = (itemId: string, on: boolean) =>
    onAnswer({
      kind: 'checklist',
      sectionId: section.id,
      listIndex,
      checkedIds: on ? [...checked, itemId] : checked.filter((id) => id !== itemId),
    });
  return (
    <fieldset className={styles.group} disabled={readOnly}>
      <legend className={styles.groupLabel}>{text(listKey(section.id, listIndex), list.name)}</legend>
      <div className={styles.options}>
        {list.checkItems.map((item) => (
          <label key={item.id} className={styles.radio}>
            <input
              type="checkbox"
              className={styles.control}
              value={item.id}
              checked={item.ischecked}
              onChange={(event) => toggle(item.id, event.currentTarget.checked)}
            />
            {text(itemKey(section.id, item.id), item.name)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function DropdownPart({ list, section, onAnswer, readOnly }: PartProps & { list: DropdownList }) {
  const { t } = usePageTexts();
  const { text, shown, attributes } = useFormText();
  const id = useId();
  // A section holds one dropdown; its title is the section's list 0.
  const titleKey = listKey(section.id, section.dropdownlists.indexOf(list));
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.groupLabel}>
        {text(titleKey, list.name)}
      </label>
      <select
        id={id}
        className={styles.select}
        value={list.description}
        aria-required={section.isRequired || undefined}
        disabled={readOnly}
        onChange={(event) =>
          onAnswer({ kind: 'dropdown', sectionId: section.id, listId: list.id, optionId: event.currentTarget.value })
        }
      >
        <option value="">{t('eformPublic.chooseOption')}</option>
        {list.options.map((option) => (
          <option key={option.id} value={option.id} dir="auto" {...attributes(itemKey(section.id, option.id), option.name)}>
            {shown(itemKey(section.id, option.id), option.name).text}
          </option>
        ))}
      </select>
    </div>
  );
}

function TextPart({ item, section, onAnswer, readOnly }: PartProps & { item: TextItem }) {
  const { t } = usePageTexts();
  const { text } = useFormText();
  const id = useId();
  const hintId = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.groupLabel}>
        {text(itemKey(section.id, item.id), item.name)}
      </label>
      <input
        id={id}
        className={styles.input}
        dir="auto"
        value={item.description}
        maxLength={TEXT_ANSWER_MAX}
        aria-required={section.isRequired || undefined}
        aria-describedby={hintId}
        readOnly={readOnly}
        placeholder={t('eformPublic.answerPlaceholder')}
        onChange={(event) =>
          onAnswer({ kind: 'text', sectionId: section.id, itemId: item.id, value: event.currentTarget.value.slice(0, TEXT_ANSWER_MAX) })
        }
      />
      <div id={hintId} className={styles.hint}>
        <span aria-hidden="true">
          {item.description.length}/{TEXT_ANSWER_MAX}
        </span>
        <span className={visuallyHidden}>
          {t('eformPublic.characterCount', { number: item.description.length, max: TEXT_ANSWER_MAX })}
        </span>
      </div>
    </div>
  );
}

/** The answer a date entry gives: the date as MM/dd/yyyy when it is a real one, else none (''). */
const committed = (draft: string) => {
  const parts = parseUsDate(draft);
  return parts ? formatUsDate(parts) : '';
};

function DatePart({ item, section, onAnswer, readOnly }: PartProps & { item: DateItem }) {
  const { t } = usePageTexts();
  const { text } = useFormText();
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  const [draft, setDraft] = useState(item.description);
  const [touched, setTouched] = useState(false);
  const value = item.description;

  // An answer changed from outside (Clear, a reload) replaces the entry.
  useEffect(() => {
    setDraft((current) => (committed(current) === value ? current : value));
  }, [value]);

  const invalid = touched && draft.trim() !== '' && !parseUsDate(draft);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.groupLabel}>
        {text(itemKey(section.id, item.id), item.name)}
      </label>
      <input
        id={id}
        className={styles.input}
        value={draft}
        inputMode="numeric"
        maxLength={10}
        autoComplete="off"
        aria-required={section.isRequired || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${hintId} ${errorId}` : hintId}
        readOnly={readOnly}
        placeholder={t('eformPublic.dateFormat')}
        onBlur={() => setTouched(true)}
        onChange={(event) => {
          const entry = event.currentTarget.value;
          setDraft(entry);
          const next = committed(entry);
          if (next !== value) onAnswer({ kind: 'date', sectionId: section.id, itemId: item.id, value: next });
        }}
      />
      <div id={hintId} className={styles.hint}>
        {t('eformPublic.dateHint')}
      </div>
      {invalid && (
        <div id={errorId} className={styles.error}>
          {t('eformPublic.dateInvalid')}
        </div>
      )}
    </div>
  );
}

import { useEffect, useId, useState } from 'react';
import {
  Button as AriaButton,
  CheckboxGroup,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Radio,
  RadioGroup,
  Select,
  SelectValue,
  Text,
  TextField,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { formatUsDate, parseUsDate, TEXT_ANSWER_MAX } from '../../contract/eforms';
import type { Checklist, DateItem, DropdownList, RadioList, Section, TextItem } from '../../contract/eforms';
import type { Answer } from '../../machines/eform';
import { Checkbox } from '../ui/Checkbox';
import * as styles from './eformSections.css';

/**
 * The sections of an eForm exactly as the patient sees them (spec 3 'Section', 5): in order, a red asterisk on
 * required ones (with a 'required' text for screen readers), radio, checklist, dropdown, text (at most 250
 * characters, 'Your answer', a character count) and date (MM/dd/yyyy). The public page (/eforms) and the admin
 * builder's live preview both draw forms with this component.
 *
 * Answers go out through `onAnswer`; write them in with `applyAnswer` (src/machines/eform.ts), which also
 * recomputes each section's validated flag. Without `onAnswer`, or with `readOnly`, the form is view-only.
 */
export interface EformSectionsProps {
  sections: readonly Section[];
  onAnswer?: (answer: Answer) => void;
  readOnly?: boolean;
}

export function EformSections({ sections, onAnswer, readOnly = false }: EformSectionsProps) {
  const viewOnly = readOnly || !onAnswer;
  const answer = onAnswer ?? (() => {});
  return (
    <div className={styles.sections}>
      {sections.map((section) => (
        <SectionCard key={section.id} section={section} onAnswer={answer} readOnly={viewOnly} />
      ))}
    </div>
  );
}

interface PartProps {
  section: Section;
  onAnswer: (answer: Answer) => void;
  readOnly: boolean;
}

function SectionCard({ section, onAnswer, readOnly }: PartProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId} data-validated={section.validated === 1 || undefined}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {section.title}
        {section.isRequired && (
          <>
            {' '}
            <span className={styles.asterisk} aria-hidden="true">
              *
            </span>
            <span className={styles.visuallyHidden}>({t('eformPublic.required')})</span>
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
  const chosen = list.radioItems.find((item) => item.description !== '')?.id ?? null;
  return (
    <RadioGroup
      className={styles.group}
      value={chosen}
      isRequired={section.isRequired}
      isReadOnly={readOnly}
      validationBehavior="aria"
      onChange={(itemId) => onAnswer({ kind: 'radio', sectionId: section.id, listIndex, itemId })}
    >
      <Label className={styles.groupLabel}>{list.name}</Label>
      <div className={styles.options}>
        {list.radioItems.map((item) => (
          <Radio key={item.id} value={item.id} className={styles.radio}>
            <span className={styles.radioDot} aria-hidden="true" />
            {item.name}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}

function ChecklistPart({ list, listIndex, section, onAnswer, readOnly }: PartProps & { list: Checklist; listIndex: number }) {
  const checked = list.checkItems.filter((item) => item.ischecked).map((item) => item.id);
  return (
    <CheckboxGroup
      className={styles.group}
      value={checked}
      isRequired={section.isRequired}
      isReadOnly={readOnly}
      validationBehavior="aria"
      onChange={(checkedIds) => onAnswer({ kind: 'checklist', sectionId: section.id, listIndex, checkedIds })}
    >
      <Label className={styles.groupLabel}>{list.name}</Label>
      <div className={styles.options}>
        {list.checkItems.map((item) => (
          <span key={item.id} className={styles.checkOption}>
            <Checkbox value={item.id}>{item.name}</Checkbox>
          </span>
        ))}
      </div>
    </CheckboxGroup>
  );
}

function DropdownPart({ list, section, onAnswer, readOnly }: PartProps & { list: DropdownList }) {
  const { t } = useTranslation();
  return (
    <Select
      className={styles.field}
      selectedKey={list.description === '' ? null : list.description}
      isRequired={section.isRequired}
      isDisabled={readOnly}
      validationBehavior="aria"
      placeholder={t('eformPublic.chooseOption')}
      onSelectionChange={(key) =>
        onAnswer({ kind: 'dropdown', sectionId: section.id, listId: list.id, optionId: key === null ? '' : String(key) })
      }
    >
      <Label className={styles.groupLabel}>{list.name}</Label>
      <AriaButton className={styles.selectButton}>
        <SelectValue className={({ isPlaceholder }) => (isPlaceholder ? styles.placeholder : '')} />
        <span aria-hidden="true">▾</span>
      </AriaButton>
      <Popover className={styles.popover}>
        <ListBox className={styles.listBox}>
          {list.options.map((option) => (
            <ListBoxItem key={option.id} id={option.id} className={styles.option}>
              {option.name}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

function TextPart({ item, section, onAnswer, readOnly }: PartProps & { item: TextItem }) {
  const { t } = useTranslation();
  return (
    <TextField
      className={styles.field}
      value={item.description}
      maxLength={TEXT_ANSWER_MAX}
      isRequired={section.isRequired}
      isReadOnly={readOnly}
      validationBehavior="aria"
      onChange={(value) => onAnswer({ kind: 'text', sectionId: section.id, itemId: item.id, value: value.slice(0, TEXT_ANSWER_MAX) })}
    >
      <Label className={styles.groupLabel}>{item.name}</Label>
      <Input className={styles.input} placeholder={t('eformPublic.answerPlaceholder')} />
      <Text slot="description" className={styles.hint}>
        <span aria-hidden="true">
          {item.description.length}/{TEXT_ANSWER_MAX}
        </span>
        <span className={styles.visuallyHidden}>
          {t('eformPublic.characterCount', { count: item.description.length, max: TEXT_ANSWER_MAX })}
        </span>
      </Text>
    </TextField>
  );
}

/** The answer a date entry gives: the date as MM/dd/yyyy when it is a real one, else none (''). */
const committed = (draft: string) => {
  const parts = parseUsDate(draft);
  return parts ? formatUsDate(parts) : '';
};

function DatePart({ item, section, onAnswer, readOnly }: PartProps & { item: DateItem }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(item.description);
  const [touched, setTouched] = useState(false);
  const value = item.description;

  // An answer changed from outside (Clear, a reload) replaces the entry.
  useEffect(() => {
    setDraft((current) => (committed(current) === value ? current : value));
  }, [value]);

  return (
    <TextField
      className={styles.field}
      value={draft}
      isRequired={section.isRequired}
      isReadOnly={readOnly}
      validationBehavior="aria"
      inputMode="numeric"
      maxLength={10}
      onBlur={() => setTouched(true)}
      validate={(entry) => (touched && entry.trim() !== '' && !parseUsDate(entry) ? t('eformPublic.dateInvalid') : null)}
      onChange={(entry) => {
        setDraft(entry);
        const next = committed(entry);
        if (next !== value) onAnswer({ kind: 'date', sectionId: section.id, itemId: item.id, value: next });
      }}
    >
      <Label className={styles.groupLabel}>{item.name}</Label>
      <Input className={styles.input} placeholder={t('eformPublic.dateFormat')} autoComplete="off" />
      <Text slot="description" className={styles.hint}>
        {t('eformPublic.dateHint')}
      </Text>
      <FieldError className={styles.error} />
    </TextField>
  );
}

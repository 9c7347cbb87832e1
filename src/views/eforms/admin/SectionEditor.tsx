import { memo, useId } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { listKeyOf } from '../../../contract/eforms';
import type { Section } from '../../../contract/eforms';
import { listTitle } from '../../../machines/formBuilder.machine';
import type { BuilderEvent, TitleEdit } from '../../../machines/formBuilder.machine';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { TextField } from '../../ui/TextField';
import * as styles from './eformsAdmin.css';

export const sectionKinds = { 1: 'radio', 2: 'checklist', 3: 'dropdown', 4: 'text', 5: 'date' } as const;

interface Item {
  id: string;
  name: string;
}

/** The items of list `listIndex` of a section: options of a radio, checklist or dropdown; questions otherwise. */
function itemsOf(section: Section, listIndex: number): Item[] {
  switch (listKeyOf(section.optionId)) {
    case 'radiolists':
      return section.radiolists[listIndex]?.radioItems ?? [];
    case 'checklists':
      return section.checklists[listIndex]?.checkItems ?? [];
    case 'dropdownlists':
      return section.dropdownlists[listIndex]?.options ?? [];
    case 'textlists':
      return section.textlists;
    case 'datelists':
      return section.datelists;
  }
}

function listCount(section: Section): number {
  const key = listKeyOf(section.optionId);
  return key === 'textlists' || key === 'datelists' ? 1 : section[key].length;
}

export interface SectionEditorProps {
  section: Section;
  index: number;
  count: number;
  titleEdit: TitleEdit | null;
  isBusy: boolean;
  send: (event: BuilderEvent) => void;
  /** Asks the page to put the focus back on this control after the list re-orders. */
  keepFocus: (selector: string) => void;
}

/**
 * One section of the builder: its title, required flag, order, its list titles and its items. Memoised: an edit
 * replaces only the section it changes, so typing in one section does not redraw the others.
 */
export const SectionEditor = memo(function SectionEditor({ section, index, count, titleEdit, isBusy, send, keepFocus }: SectionEditorProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const kind = sectionKinds[section.optionId];
  const number = index + 1;
  const move = (by: -1 | 1) => {
    keepFocus(`[data-move-section="${section.id}"][data-by="${by}"]`);
    send({ type: 'section.move', sectionId: section.id, by });
  };
  return (
    <section className={styles.card} aria-labelledby={headingId} data-section-id={section.id}>
      <div className={styles.row}>
        <h3 id={headingId} className={styles.subtitle} style={{ marginInlineEnd: 'auto' }}>
          {t('eformsAdmin.builder.sectionHeading', { number, kind: t(`eformsAdmin.kinds.${kind}`) })}
        </h3>
        <AriaButton
          className={styles.smallButton}
          aria-label={t('eformsAdmin.builder.moveSectionUp', { number })}
          isDisabled={index === 0 || isBusy}
          onPress={() => move(-1)}
          data-move-section={section.id}
          data-by={-1}
        >
          ↑
        </AriaButton>
        <AriaButton
          className={styles.smallButton}
          aria-label={t('eformsAdmin.builder.moveSectionDown', { number })}
          isDisabled={index === count - 1 || isBusy}
          onPress={() => move(1)}
          data-move-section={section.id}
          data-by={1}
        >
          ↓
        </AriaButton>
        <AriaButton
          className={styles.smallButton}
          aria-label={t('eformsAdmin.builder.deleteSection', { number })}
          isDisabled={isBusy}
          onPress={() => send({ type: 'section.remove', sectionId: section.id })}
        >
          {t('eformsAdmin.builder.delete')}
        </AriaButton>
      </div>
      <TextField
        label={t('eformsAdmin.builder.sectionTitle', { number })}
        value={section.title}
        onChange={(title) => send({ type: 'section.update', sectionId: section.id, changes: { title } })}
      />
      <Checkbox
        isSelected={section.isRequired}
        onChange={(isRequired) => send({ type: 'section.update', sectionId: section.id, changes: { isRequired } })}
      >
        {t('eformsAdmin.builder.required', { number })}
      </Checkbox>
      {Array.from({ length: listCount(section) }, (_, listIndex) => (
        <ItemList
          key={listIndex}
          section={section}
          sectionNumber={number}
          listIndex={listIndex}
          titleEdit={titleEdit?.sectionId === section.id && titleEdit.listIndex === listIndex ? titleEdit : null}
          isBusy={isBusy}
          send={send}
          keepFocus={keepFocus}
        />
      ))}
    </section>
  );
});

interface ItemListProps {
  section: Section;
  sectionNumber: number;
  listIndex: number;
  titleEdit: TitleEdit | null;
  isBusy: boolean;
  send: (event: BuilderEvent) => void;
  keepFocus: (selector: string) => void;
}

function ItemList({ section, sectionNumber, listIndex, titleEdit, isBusy, send, keepFocus }: ItemListProps) {
  const { t } = useTranslation();
  const kind = sectionKinds[section.optionId];
  const title = listTitle(section, listIndex);
  const items = itemsOf(section, listIndex);
  const isQuestion = title === null;
  const address = { sectionId: section.id, listIndex };
  const itemLabel = (n: number) =>
    t(isQuestion ? 'eformsAdmin.builder.question' : 'eformsAdmin.builder.option', { number: n, section: sectionNumber });
  const emptyTitle = titleEdit !== null && titleEdit.draft.trim() === '';
  const messageId = useId();

  return (
    <div className={styles.card}>
      {title !== null &&
        (titleEdit ? (
          <div className={styles.row}>
            <div className={styles.grow}>
              <TextField
                label={t(`eformsAdmin.builder.listTitle.${kind}`, { section: sectionNumber })}
                value={titleEdit.draft}
                onChange={(value) => send({ type: 'title.change', value })}
                aria-describedby={emptyTitle ? messageId : undefined}
                isInvalid={emptyTitle}
                autoFocus
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && !emptyTitle) send({ type: 'title.confirm' });
                  if (event.key === 'Escape') send({ type: 'title.cancel' });
                }}
              />
              {emptyTitle && (
                <p id={messageId} role="alert" className={styles.error}>
                  {t('eformsAdmin.builder.titleEmpty')}
                </p>
              )}
            </div>
            <Button isDisabled={emptyTitle} aria-describedby={emptyTitle ? messageId : undefined} onPress={() => send({ type: 'title.confirm' })}>
              {t('eformsAdmin.builder.confirmTitle')}
            </Button>
            <Button variant="secondary" onPress={() => send({ type: 'title.cancel' })}>
              {t('eformsAdmin.builder.cancel')}
            </Button>
          </div>
        ) : (
          <div className={styles.row}>
            <strong className={styles.grow}>{title}</strong>
            <AriaButton
              className={styles.smallButton}
              isDisabled={isBusy}
              aria-label={t(`eformsAdmin.builder.editListTitle.${kind}`, { section: sectionNumber })}
              onPress={() => send({ type: 'title.edit', ...address })}
            >
              {t('eformsAdmin.builder.editTitle')}
            </AriaButton>
          </div>
        ))}
      <ol className={styles.list}>
        {items.map((item, itemIndex) => {
          const n = itemIndex + 1;
          const move = (by: -1 | 1) => {
            keepFocus(`[data-move-item="${item.id}"][data-by="${by}"]`);
            send({ type: 'item.move', ...address, itemId: item.id, by });
          };
          return (
            <li key={item.id} className={styles.row}>
              <div className={styles.grow}>
                <TextField
                  label={itemLabel(n)}
                  value={item.name}
                  onChange={(name) => send({ type: 'item.update', ...address, itemId: item.id, name })}
                />
              </div>
              <AriaButton
                className={styles.smallButton}
                aria-label={t('eformsAdmin.builder.moveItemUp', { label: itemLabel(n) })}
                isDisabled={itemIndex === 0 || isBusy}
                onPress={() => move(-1)}
                data-move-item={item.id}
                data-by={-1}
              >
                ↑
              </AriaButton>
              <AriaButton
                className={styles.smallButton}
                aria-label={t('eformsAdmin.builder.moveItemDown', { label: itemLabel(n) })}
                isDisabled={itemIndex === items.length - 1 || isBusy}
                onPress={() => move(1)}
                data-move-item={item.id}
                data-by={1}
              >
                ↓
              </AriaButton>
              <AriaButton
                className={styles.smallButton}
                aria-label={t('eformsAdmin.builder.deleteItem', { label: itemLabel(n) })}
                isDisabled={items.length <= 1 || isBusy}
                onPress={() => send({ type: 'item.remove', ...address, itemId: item.id })}
              >
                ✕
              </AriaButton>
            </li>
          );
        })}
      </ol>
      <div>
        <Button
          variant="secondary"
          isDisabled={isBusy}
          onPress={() =>
            send({
              type: 'item.add',
              ...address,
              name: t(isQuestion ? 'eformsAdmin.builder.newQuestion' : 'eformsAdmin.builder.newOption', { number: items.length + 1 }),
            })
          }
        >
          {t(isQuestion ? 'eformsAdmin.builder.addQuestion' : 'eformsAdmin.builder.addOption', { section: sectionNumber })}
        </Button>
      </div>
    </div>
  );
}

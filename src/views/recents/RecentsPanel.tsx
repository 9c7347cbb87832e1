import { useRef } from 'react';
import { useSelector } from '@xstate/react';
import { Dialog, Heading, Link, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { RecentEntry } from '../../machines/recents.machine';
import { Button } from '../ui/Button';
import { IconButton } from '../ui/IconButton';
import type { RecentsActor } from '../ui/shellActors';
import * as styles from './recents.css';

/** The toolbar's button that opens the recents panel (admins). */
export function RecentsButton({ recents }: { recents: RecentsActor }) {
  const { t } = useTranslation();
  const hasUnsaved = useSelector(recents, (snapshot) => snapshot.context.entries.some((entry) => !entry.isSaving));
  return (
    <IconButton
      label={hasUnsaved ? `${t('recents.panel.open')} (${t('recents.panel.unsaved')})` : t('recents.panel.open')}
      icon="history"
      onPress={() => recents.send({ type: 'panel.open' })}
    />
  );
}

/**
 * The recents panel (spec 2.5, admins): a drawer at the inline end listing the open POS and patient pages with
 * their tab, the one open now marked, one with unsaved changes flagged. Choosing one opens it (through the leave
 * guard: unsaved changes ask first); each can be removed, or all cleared. Escape or a click outside closes it.
 */
export function RecentsPanel({ recents }: { recents: RecentsActor }) {
  const { t } = useTranslation();
  const isOpen = useSelector(recents, (snapshot) => snapshot.hasTag('panelOpen'));
  const entries = useSelector(recents, (snapshot) => snapshot.context.entries);
  const selected = useSelector(recents, (snapshot) => snapshot.context.selected);
  const close = () => recents.send({ type: 'panel.close' });
  const dialog = useRef<HTMLElement>(null);
  // 'Clear all' goes with the entries: the focus stays in the panel (so Escape still closes it), not on the page.
  const clearAll = () => {
    dialog.current?.focus();
    recents.send({ type: 'recents.reset' });
  };
  return (
    <ModalOverlay isOpen={isOpen} isDismissable onOpenChange={(open) => !open && close()} className={styles.overlay}>
      <Modal className={styles.drawer}>
        <Dialog ref={dialog} className={styles.dialog}>
          <header className={styles.header}>
            <Heading slot="title" className={styles.title}>
              {t('recents.panel.title')}
            </Heading>
            <div className={styles.headerActions}>
              {entries.length > 0 && (
                <Button variant="secondary" onPress={clearAll}>
                  {t('recents.panel.clearAll')}
                </Button>
              )}
              <IconButton label={t('recents.panel.close')} icon="close" onPress={close} />
            </div>
          </header>
          {entries.length === 0 ? (
            <p className={styles.empty}>{t('recents.panel.empty')}</p>
          ) : (
            <ul className={styles.list}>
              {entries.map((entry) => (
                <RecentItem key={entry.id} entry={entry} isSelected={entry.url === selected} recents={recents} />
              ))}
            </ul>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function RecentItem({ entry, isSelected, recents }: { entry: RecentEntry; isSelected: boolean; recents: RecentsActor }) {
  const { t } = useTranslation();
  const title = t(entry.title, { defaultValue: entry.name });
  const name = entry.displayName || title;
  const tab = !entry.tab
    ? null
    : entry.name === 'patient'
      ? t(`recents.tabs.${entry.tab}`, { defaultValue: entry.tab })
      : entry.name === 'pos'
        ? t(`posRegister.tabNames.${entry.tab}`, { defaultValue: entry.tab })
        : entry.tab;
  return (
    <li className={styles.item}>
      <Link
        href={entry.url}
        className={styles.link}
        aria-current={isSelected ? 'page' : undefined}
        onPress={() => recents.send({ type: 'panel.close' })}
      >
        <bdi className={styles.name}>{name}</bdi>
        <span className={styles.meta}>
          {entry.displayName ? `${title} · ` : ''}
          {tab ? t('recents.panel.tab', { tab }) : entry.url}
        </span>
        {!entry.isSaving && <span className={styles.unsaved}>{t('recents.panel.unsaved')}</span>}
      </Link>
      <IconButton
        label={t('recents.panel.remove', { name: tab ? `${name} (${tab})` : name })}
        icon="close"
        onPress={() => recents.send({ type: 'recents.remove', url: entry.url })}
      />
    </li>
  );
}

import { useId, useState } from 'react';
import type { FocusEvent, KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Button, Disclosure, DisclosurePanel, Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { activeMenuItemClass } from '../settings/themeSlots';
import { Icon, isIconName } from '../ui/Icon';
import { useNavbarActor } from './navbarActor';
import { containsPath, isActivePath, isInSection, useCurrentPath, useEntryTitle } from './navigationModel';
import type { NavEntry } from './navigationModel';
import { visuallyHidden } from '../ui/visuallyHidden.css';
import * as styles from './navbar.css';

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** The navigation as a vertical tree (the side navbar, the small-screen drawer, a horizontal group's menu). */
export function NavigationList({ entries, level = 0 }: { entries: readonly NavEntry[]; level?: number }) {
  return (
    <ul className={styles.list}>
      {entries.map((entry) => (
        <NavigationEntry key={entry.id} entry={entry} level={level} />
      ))}
    </ul>
  );
}

function NavigationEntry({ entry, level }: { entry: NavEntry; level: number }) {
  switch (entry.type) {
    case 'group':
      return <Group entry={entry} level={level} />;
    case 'collapse':
      return (
        <li>
          <Collapse entry={entry} level={level} />
        </li>
      );
    case 'item':
      return (
        <li>
          <ItemLink entry={entry} level={level} />
        </li>
      );
    case 'link':
      return (
        <li>
          <ExternalLink entry={entry} level={level} />
        </li>
      );
    case 'divider':
      return <li role="separator" className={styles.separator} />;
  }
}

/** A heading; its children sit at the same level. */
function Group({ entry, level }: { entry: NavEntry; level: number }) {
  const titleOf = useEntryTitle();
  const id = useId();
  return (
    <li>
      <span id={id} className={styles.groupHeading}>
        {titleOf(entry)}
      </span>
      <ul className={styles.list} aria-labelledby={id}>
        {(entry.children ?? []).map((child) => (
          <NavigationEntry key={child.id} entry={child} level={level} />
        ))}
      </ul>
    </li>
  );
}

/**
 * Expandable; opens itself when the current path comes inside it, never closes by itself, and each collapse
 * opens and closes on its own (no accordion).
 */
function Collapse({ entry, level }: { entry: NavEntry; level: number }) {
  const titleOf = useEntryTitle();
  const path = useCurrentPath();
  const inside = containsPath(entry, path);
  const [isExpanded, setExpanded] = useState(inside);
  const [seenPath, setSeenPath] = useState(path);
  if (seenPath !== path) {
    setSeenPath(path);
    if (inside && !isExpanded) setExpanded(true);
  }
  return (
    <Disclosure isExpanded={isExpanded} onExpandedChange={setExpanded}>
      <Button slot="trigger" className={styles.entry} data-level={level}>
        <EntryIcon entry={entry} title={titleOf(entry)} />
        <span className={styles.entryTitle}>{titleOf(entry)}</span>
        <EntryBadge entry={entry} />
        <span className={styles.chevron}>
          <Icon name="chevronDown" size={20} />
        </span>
      </Button>
      <DisclosurePanel>
        <NavigationList entries={entry.children ?? []} level={level + 1} />
      </DisclosurePanel>
    </Disclosure>
  );
}

/**
 * A router link. The active one is a pill in the secondary colour and is not a link to itself; the entry of the
 * section the page belongs to is a pill too.
 */
function ItemLink({ entry, level, className }: { entry: NavEntry; level: number; className?: string }) {
  const navbar = useNavbarActor();
  const titleOf = useEntryTitle();
  const path = useCurrentPath();
  const isActive = isActivePath(entry, path);
  // A page of its section (a chart under Patients): highlighted, and still the way back to the section's page.
  const inSection = !isActive && isInSection(entry, path);
  return (
    <Link
      href={isActive ? undefined : entry.url}
      aria-current={isActive ? 'page' : inSection ? 'true' : undefined}
      className={cx(className ?? styles.entry, (isActive || inSection) && activeMenuItemClass)}
      data-level={level}
      onPress={() => navbar.send({ type: 'navbar.itemChosen' })}
    >
      <EntryIcon entry={entry} title={titleOf(entry)} />
      <span className={styles.entryTitle}>{titleOf(entry)}</span>
      <EntryBadge entry={entry} />
    </Link>
  );
}

/** An address outside the app, in a new tab. */
function ExternalLink({ entry, level, className }: { entry: NavEntry; level: number; className?: string }) {
  const { t } = useTranslation();
  const titleOf = useEntryTitle();
  return (
    <Link
      href={entry.url}
      target="_blank"
      rel="noopener noreferrer"
      className={className ?? styles.entry}
      data-level={level}
    >
      <EntryIcon entry={entry} title={titleOf(entry)} />
      <span className={styles.entryTitle}>
        {titleOf(entry)}
        <span className={visuallyHidden}>{` (${t('shell.navigation.newTab')})`}</span>
      </span>
      <Icon name="external" size={16} />
    </Link>
  );
}

export function EntryIcon({ entry, title }: { entry: NavEntry; title: string }) {
  if (isIconName(entry.icon)) return <Icon name={entry.icon} />;
  return (
    <span className={styles.letterIcon} aria-hidden="true">
      {Array.from(title)[0] ?? '•'}
    </span>
  );
}

function EntryBadge({ entry }: { entry: NavEntry }) {
  if (!entry.badge) return null;
  const { title, bg, fg } = entry.badge;
  return (
    <span className={styles.badge} style={bg || fg ? { background: bg, color: fg } : undefined}>
      {title}
    </span>
  );
}

/** The horizontal layout: top-level entries in a row; a group or collapse opens its menu after a 150 ms hover. */
export function HorizontalNavigation({ entries, className }: { entries: readonly NavEntry[]; className: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('shell.navigation.label')} className={cx(styles.horizontalBar, className)}>
      <ul className={styles.horizontalList}>
        {entries.map((entry) => {
          if (entry.type === 'group' || entry.type === 'collapse') return <HorizontalMenu key={entry.id} entry={entry} />;
          if (entry.type === 'divider') return <li key={entry.id} role="separator" className={styles.separator} />;
          return (
            <li key={entry.id} className={styles.horizontalEntry}>
              {entry.type === 'item' ? (
                <ItemLink entry={entry} level={0} className={styles.horizontalTop} />
              ) : (
                <ExternalLink entry={entry} level={0} className={styles.horizontalTop} />
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function HorizontalMenu({ entry }: { entry: NavEntry }) {
  const navbar = useNavbarActor();
  const titleOf = useEntryTitle();
  const path = useCurrentPath();
  const panelId = useId();
  const isOpen = useSelector(navbar, (snapshot) => snapshot.hasTag('menuOpen') && snapshot.context.menuId === entry.id);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isOpen) {
      event.stopPropagation();
      navbar.send({ type: 'navbar.menuClose' });
      (event.currentTarget.querySelector('button') as HTMLButtonElement | null)?.focus();
    }
  };
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (isOpen && !event.currentTarget.contains(event.relatedTarget as Node | null)) {
      navbar.send({ type: 'navbar.menuClose' });
    }
  };
  const children = entry.children ?? [];
  if (children.length === 0) {
    // An empty group (Reports, until its screens arrive) is a label, not a menu.
    return (
      <li className={styles.horizontalEntry}>
        <span className={styles.horizontalTop} data-empty>
          {titleOf(entry)}
        </span>
      </li>
    );
  }
  return (
    <li
      className={styles.horizontalEntry}
      onMouseEnter={() => navbar.send({ type: 'navbar.menuEnter', id: entry.id })}
      onMouseLeave={() => navbar.send({ type: 'navbar.menuLeave' })}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <Button
        className={styles.horizontalTop}
        data-active={containsPath(entry, path) || undefined}
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onPress={() => navbar.send({ type: 'navbar.menuToggle', id: entry.id })}
      >
        {entry.icon && <EntryIcon entry={entry} title={titleOf(entry)} />}
        <span>{titleOf(entry)}</span>
        <span className={styles.chevron}>
          <Icon name="chevronDown" size={20} />
        </span>
      </Button>
      {isOpen && (
        <div id={panelId} className={styles.horizontalPanel}>
          <NavigationList entries={children} />
        </div>
      )}
    </li>
  );
}

import type { FocusEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Dialog, Modal, ModalOverlay, ToggleButton } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useThemeSlotClass } from '../settings/themeSlots';
import { Icon } from '../ui/Icon';
import { IconButton } from '../ui/IconButton';
import { iconButton } from '../ui/menu.css';
import { useNavbarActor } from './navbarActor';
import { NavigationList } from './Navigation';
import type { NavEntry } from './navigationModel';
import * as layout from './layout.css';
import * as styles from './navbar.css';

/**
 * The product's name with the 'Patient' badge (spec 1), in full where there is room; the logo alone in a folded
 * navbar and, with `logoOnlyOnPhone` (the toolbar), on a phone.
 */
export function Brand({ logoOnlyOnPhone = false }: { logoOnlyOnPhone?: boolean }) {
  const { t } = useTranslation();
  const phone = logoOnlyOnPhone ? layout.logoOnlyOnPhone : '';
  return (
    <span className={layout.brand}>
      <span className={layout.brandMark} aria-hidden="true">
        <Icon name="eye" size={20} />
      </span>
      <span className={layout.brandText}>
        <span className={`${layout.brandName} ${styles.compactHidden} ${phone}`}>{t('shell.brand')}</span>
        <span className={`${layout.brandBadge} ${styles.compactHidden} ${phone}`}>{t('shell.badge')}</span>
      </span>
    </span>
  );
}

/**
 * The side navbar of the vertical layout: 280 px, or 64 px folded, when it opens over the content while the
 * pointer (or keyboard focus) is in it. The pin button folds and unfolds it.
 */
export function Navbar({ entries, position }: { entries: readonly NavEntry[]; position: 'left' | 'right' }) {
  const { t } = useTranslation();
  const navbar = useNavbarActor();
  const slotClass = useThemeSlotClass('navbar');
  const isFolded = useSelector(navbar, (snapshot) => snapshot.hasTag('folded'));
  const isExpanded = useSelector(navbar, (snapshot) => snapshot.hasTag('expanded'));
  const leave = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) navbar.send({ type: 'navbar.hoverLeave' });
  };
  return (
    <div
      className={styles.slot}
      data-folded={isFolded || undefined}
      data-expanded={isExpanded || undefined}
      data-position={position}
    >
      <nav
        aria-label={t('shell.navigation.label')}
        className={`${styles.panel} ${slotClass}`}
        data-compact={(isFolded && !isExpanded) || undefined}
        onMouseEnter={() => navbar.send({ type: 'navbar.hoverEnter' })}
        onMouseLeave={() => navbar.send({ type: 'navbar.hoverLeave' })}
        onFocus={() => navbar.send({ type: 'navbar.hoverEnter' })}
        onBlur={leave}
      >
        <div className={styles.header}>
          <Brand />
          <span className={styles.headerEnd}>
            <ToggleButton
              aria-label={t('shell.navbar.fold')}
              isSelected={isFolded}
              onChange={() => navbar.send({ type: 'navbar.toggleFold' })}
              className={iconButton}
            >
              <Icon name="pin" />
            </ToggleButton>
          </span>
        </div>
        <div className={styles.scroller}>
          <NavigationList entries={entries} />
        </div>
      </nav>
    </div>
  );
}

/** Below 1280 px: a temporary drawer from the inline start, opened by the toolbar's menu button. */
export function NavigationDrawer({ entries }: { entries: readonly NavEntry[] }) {
  const { t } = useTranslation();
  const navbar = useNavbarActor();
  const slotClass = useThemeSlotClass('navbar');
  const isOpen = useSelector(navbar, (snapshot) => snapshot.hasTag('drawerOpen'));
  return (
    <ModalOverlay
      isOpen={isOpen}
      isDismissable
      onOpenChange={(open) => !open && navbar.send({ type: 'navbar.closeDrawer' })}
      className={styles.drawerOverlay}
    >
      <Modal className={`${styles.drawer} ${slotClass}`}>
        <Dialog aria-label={t('shell.navigation.label')} className={styles.drawerDialog}>
          <div className={styles.header}>
            <Brand />
            <span className={styles.headerEnd}>
              <IconButton
                label={t('shell.navbar.closeDrawer')}
                icon="close"
                onPress={() => navbar.send({ type: 'navbar.closeDrawer' })}
              />
            </span>
          </div>
          <nav aria-label={t('shell.navigation.label')} className={styles.scroller}>
            <NavigationList entries={entries} />
          </nav>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

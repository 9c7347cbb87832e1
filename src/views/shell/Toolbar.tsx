import { Fragment, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import {
  Button,
  Dialog,
  DialogTrigger,
  Heading,
  Input,
  ListBox,
  ListBoxItem,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
  SearchField,
  ToggleButton,
  Tooltip,
  TooltipTrigger,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { authRoles, hasPermission } from '../../contract/access';
import { RecentsButton } from '../recents/RecentsPanel';
import { useRecentsActor } from '../shared/recentsActor';
import { flattenNavigation } from './navigation';
import type { NavigationItem } from './navigation';
import type { User } from '../../contract/auth';
import { useSettingsActor } from '../settings/settingsActor';
import { useThemeSlotClass } from '../settings/themeSlots';
import { Icon } from '../ui/Icon';
import { IconButton, IconLink } from '../ui/IconButton';
import * as menuStyles from '../ui/menu.css';
import { useSessionActor } from '../ui/session';
import { useMediaQuery } from '../ui/useMediaQuery';
import { startOver } from '../kiosk/startOver';
import { useNavbarActor } from './navbarActor';
import { EntryIcon } from './Navigation';
import { Brand } from './Navbar';
import { LanguageMenu } from './LanguageMenu';
import { NavigationSearch } from './NavigationSearch';
import type { SearchResult } from './NavigationSearch';
import { useEntryTitle } from './navigationModel';
import { UserMenu, userMenuPaths } from './UserMenu';
import * as layout from './layout.css';
import * as styles from './toolbar.css';

export interface ToolbarProps {
  /**
   * full: the toolbar of spec 2.5. kiosk: a public device's bar (the kiosk layout): the store, 'Start over', the
   * language and a user menu whose only entry is Logout.
   */
  variant?: 'full' | 'kiosk';
  /** Shows the button that opens the navigation drawer (small screens). */
  showMenuButton: boolean;
  /** Shows the brand at the start (layouts without a side navbar). */
  showBrand: boolean;
  /** fixed: stays at the top while the page scrolls. */
  barStyle: 'fixed' | 'static';
  items: readonly NavigationItem[];
  search: (query: string) => SearchResult[];
}

/** Below this width the less-used actions (full screen, store, recents) move into the 'More actions' menu. */
const phone = '(max-width: 599.98px)';

/**
 * The toolbar: a start group (drawer button, brand, shortcuts, the store) and an end group of actions. The end
 * group is the list `actions` below, in order; on a phone the entries with `menuItem` leave the bar and become
 * entries of the 'More actions' menu instead, so the bar fits 390 px in any language. A new action (an inbox
 * button with its unread badge, say) is one more entry: `bar` is what the toolbar shows, `menuItem` (optional) what
 * the menu shows on a phone.
 */
export function Toolbar({ variant = 'full', showMenuButton, showBrand, barStyle, items, search }: ToolbarProps) {
  const { t } = useTranslation();
  const navbar = useNavbarActor();
  const session = useSessionActor();
  const user = useSelector(session, (snapshot) => snapshot.context.session?.user ?? null);
  const slotClass = useThemeSlotClass('toolbar');
  const recents = useRecentsActor();
  const settings = useSettingsActor();
  const isPhone = useMediaQuery(phone, false);
  const roles = user?.role ?? [];
  const isAdmin = hasPermission(authRoles.admin, roles);
  const isKiosk = variant === 'kiosk';

  const actions: ToolbarAction[] = isKiosk
    ? [
        { id: 'startOver', bar: <StartOverButton /> },
        { id: 'language', bar: <LanguageMenu /> },
      ]
    : [
        {
          id: 'fullscreen',
          bar: <FullscreenToggle />,
          menuItem: canFullscreen() ? (
            <MenuItem key="fullscreen" id="fullscreen" onAction={toggleFullscreen} className={menuStyles.item}>
              <Icon name="fullscreen" />
              {t('shell.fullscreen')}
            </MenuItem>
          ) : null,
        },
        { id: 'search', bar: <NavigationSearch search={search} /> },
        {
          id: 'store',
          bar: <StoreButton isAdmin={isAdmin} />,
          // Others' store button does nothing but name the store (spec 2.5): the phone's menu leaves it out.
          menuItem: isAdmin ? (
            <MenuItem key="store" id="store" href={userMenuPaths.stores} className={menuStyles.item}>
              <Icon name="store" />
              {t('shell.store.stores')}
            </MenuItem>
          ) : null,
        },
        ...(isAdmin && recents
          ? [
              {
                id: 'recents',
                bar: <RecentsButton recents={recents} />,
                menuItem: (
                  <MenuItem key="recents" id="recents" onAction={() => recents.send({ type: 'panel.open' })} className={menuStyles.item}>
                    <Icon name="history" />
                    {t('recents.panel.open')}
                  </MenuItem>
                ),
              },
            ]
          : []),
        { id: 'language', bar: <LanguageMenu /> },
      ];
  const inMenu = isPhone ? actions.filter((action) => action.menuItem !== undefined) : [];
  const menuItems = inMenu.flatMap((action) => (action.menuItem ? [action.menuItem] : []));

  return (
    <header className={`${layout.toolbar} ${slotClass}`} data-style={barStyle}>
      <div className={layout.toolbarGroup}>
        {showMenuButton && (
          <IconButton
            label={t('shell.navbar.openDrawer')}
            icon="menu"
            onPress={() => navbar.send({ type: 'navbar.openDrawer' })}
          />
        )}
        {showBrand && <Brand logoOnlyOnPhone />}
        {!isKiosk && roles.length > 0 && <Shortcuts items={items} search={search} />}
        {user?.defaultstore && <StoreInfo store={user.defaultstore} />}
      </div>
      <span className={layout.toolbarSpacer} />
      <div className={layout.toolbarGroup}>
        {actions.filter((action) => !inMenu.includes(action)).map((action) => (
          <Fragment key={action.id}>{action.bar}</Fragment>
        ))}
        {menuItems.length > 0 && <MoreMenu>{menuItems}</MoreMenu>}
        <span className={layout.divider} aria-hidden="true" />
        <UserMenu user={user} variant={variant} onThemePanel={(panel) => settings.send({ type: panel })} />
      </div>
    </header>
  );
}

/** One action of the toolbar's end group (see Toolbar). */
interface ToolbarAction {
  id: string;
  bar: ReactNode;
  /** What the 'More actions' menu shows on a phone instead (null: nothing there); absent: stays in the bar. */
  menuItem?: ReactNode;
}

/** The phone's menu of the actions that do not fit the bar. */
function MoreMenu({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <MenuTrigger>
      <IconButton label={t('shell.moreActions')} icon="more" />
      <Popover placement="bottom end" className={menuStyles.popover}>
        <Menu className={menuStyles.menu}>{children}</Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** The kiosk's 'Start over': the next person starts with an empty form (src/views/kiosk/startOver.ts). */
function StartOverButton() {
  const { t } = useTranslation();
  return (
    <Button className={styles.textButton} onPress={() => startOver()}>
      <Icon name="refresh" />
      <span>{t('kiosk.startOver')}</span>
    </Button>
  );
}

/**
 * What a page that hides the toolbar (the POS) still offers: the navigation drawer's button on small screens, the
 * recents panel (admins) and the user menu with Logout.
 */
export function CompactBar({ showMenuButton }: { showMenuButton: boolean }) {
  const { t } = useTranslation();
  const navbar = useNavbarActor();
  const session = useSessionActor();
  const user = useSelector(session, (snapshot) => snapshot.context.session?.user ?? null);
  const recents = useRecentsActor();
  const settings = useSettingsActor();
  const slotClass = useThemeSlotClass('toolbar');
  const isAdmin = hasPermission(authRoles.admin, user?.role ?? []);
  return (
    <div className={`${styles.compactBar} ${slotClass}`} role="group" aria-label={t('shell.compactBar')}>
      {showMenuButton && (
        <IconButton label={t('shell.navbar.openDrawer')} icon="menu" onPress={() => navbar.send({ type: 'navbar.openDrawer' })} />
      )}
      {isAdmin && recents && <RecentsButton recents={recents} />}
      <UserMenu user={user} variant="full" onThemePanel={(panel) => settings.send({ type: panel })} />
    </div>
  );
}

/** The user's shortcuts as icon buttons, and the star menu that adds and removes them (saved with the settings). */
function Shortcuts({ items, search }: { items: readonly NavigationItem[]; search: (query: string) => SearchResult[] }) {
  const { t } = useTranslation();
  const settings = useSettingsActor();
  const titleOf = useEntryTitle();
  const shortcutIds = useSelector(settings, (snapshot) => snapshot.context.shortcuts);
  const [query, setQuery] = useState('');
  const allowed = flattenNavigation(items);
  const shortcuts = shortcutIds.flatMap((id) => allowed.filter((item) => item.id === id));
  const choices: SearchResult[] = query.trim()
    ? search(query)
    : flattenNavigation(items).map((item) => ({ item, title: titleOf(item), ranges: [] }));

  const change = (next: string[]) => {
    settings.send({ type: 'settings.changeShortcuts', shortcuts: next });
    settings.send({ type: 'settings.save' });
  };

  return (
    <div className={styles.shortcuts} role="group" aria-label={t('shell.shortcuts.label')}>
      {shortcuts.map((item) => (
        <IconLink key={item.id} label={titleOf(item)} href={item.url}>
          <EntryIcon entry={item} title={titleOf(item)} />
        </IconLink>
      ))}
      <DialogTrigger onOpenChange={(open) => !open && setQuery('')}>
        <IconButton label={t('shell.shortcuts.edit')} icon="star" />
        <Popover placement="bottom start" className={menuStyles.popover}>
          <Dialog aria-labelledby="shortcuts-heading" className={styles.shortcutsDialog}>
            <Heading id="shortcuts-heading" slot="title" className={styles.shortcutsHeading}>
              {t('shell.shortcuts.label')}
            </Heading>
            <SearchField
              aria-label={t('shell.shortcuts.search')}
              value={query}
              onChange={setQuery}
              className={styles.shortcutsSearch}
            >
              <Icon name="search" size={20} />
              <Input placeholder={t('shell.shortcuts.search')} className={styles.searchInput} />
            </SearchField>
            <ListBox
              aria-label={t('shell.shortcuts.choices')}
              items={choices}
              selectionMode="multiple"
              // Escape closes the popover; it must not clear every shortcut.
              escapeKeyBehavior="none"
              selectedKeys={shortcutIds}
              onSelectionChange={(keys) => {
                if (keys === 'all') return;
                // Keep the saved order; new ones go last.
                const chosen = new Set([...keys].map(String));
                change([...shortcutIds.filter((id) => chosen.has(id)), ...[...chosen].filter((id) => !shortcutIds.includes(id))]);
              }}
              renderEmptyState={() => <p className={styles.noResults}>{t('shell.search.noResults')}</p>}
              className={styles.shortcutsList}
            >
              {(choice) => (
                <ListBoxItem id={choice.item.id} textValue={choice.title} className={menuStyles.item}>
                  {({ isSelected }) => (
                    <>
                      <EntryIcon entry={choice.item} title={choice.title} />
                      <span>{choice.title}</span>
                      <span className={menuStyles.check} aria-hidden="true">
                        {isSelected ? '★' : '☆'}
                      </span>
                    </>
                  )}
                </ListBoxItem>
              )}
            </ListBox>
          </Dialog>
        </Popover>
      </DialogTrigger>
    </div>
  );
}

/** The user's store: its logo and its location (spec 2.5). */
function StoreInfo({ store }: { store: NonNullable<User['defaultstore']> }) {
  const { t } = useTranslation();
  return (
    <div className={styles.store}>
      {store.fD_Companylogo && (
        <img
          src={store.fD_Companylogo}
          alt={t('shell.store.logo', { companyName: store.companyName })}
          className={styles.storeLogo}
        />
      )}
      <span className={styles.storeText}>
        <bdi className={styles.storeName}>{store.fD_Location}</bdi>
        <bdi className={styles.muted}>{store.companyName}</bdi>
      </span>
    </div>
  );
}

const canFullscreen = () => typeof document !== 'undefined' && document.fullscreenEnabled;

function toggleFullscreen() {
  void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => {});
}

function FullscreenToggle() {
  const { t } = useTranslation();
  // The server's first paint (src/firstPaint) has no document: drawn as most browsers allow it, not full screen.
  const [isFullscreen, setFullscreen] = useState(() => typeof document !== 'undefined' && Boolean(document.fullscreenElement));
  useEffect(() => {
    const follow = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);
  // Browsers (and frames) that do not allow it get no button.
  if (typeof document !== 'undefined' && !document.fullscreenEnabled) return null;
  return (
    <TooltipTrigger delay={600}>
      <ToggleButton
        aria-label={t('shell.fullscreen')}
        isSelected={isFullscreen}
        onChange={(on) => void (on ? document.documentElement.requestFullscreen() : document.exitFullscreen()).catch(() => {})}
        className={menuStyles.iconButton}
      >
        <Icon name={isFullscreen ? 'fullscreenExit' : 'fullscreen'} />
      </ToggleButton>
      <Tooltip offset={6} className={menuStyles.tooltip}>
        {t('shell.fullscreen')}
      </Tooltip>
    </TooltipTrigger>
  );
}

/** Admins: to /admin/stores. Others: only the tooltip 'Store name' (spec 2.5). */
function StoreButton({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  if (isAdmin) return <IconLink label={t('shell.store.stores')} icon="store" href={userMenuPaths.stores} />;
  return <IconButton label={t('shell.store.name')} icon="store" />;
}

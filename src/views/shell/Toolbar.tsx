import { useEffect, useState } from 'react';
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
  MenuSection,
  MenuTrigger,
  Popover,
  SearchField,
  Separator,
  ToggleButton,
  Tooltip,
  TooltipTrigger,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { authRoles, hasPermission } from '../../contract/access';
import { paths } from '../../contract/routeTable';
import { leaveThroughGuard } from '../recents/LeaveGuard';
import { RecentsButton } from '../recents/RecentsPanel';
import { useRecentsActor } from '../recents/recentsActor';
import { flattenNavigation } from './navigation';
import type { NavigationItem } from './navigation';
import type { User } from '../../contract/auth';
import { languageNames, languages } from '../../i18n/appI18n';
import { useSettingsActor } from '../settings/settingsActor';
import { useThemeSlotClass } from '../settings/themeSlots';
import { Icon } from '../ui/Icon';
import { IconButton, IconLink } from '../ui/IconButton';
import * as menuStyles from '../ui/menu.css';
import { useSessionActor } from '../ui/session';
import { useNavbarActor } from './navbarActor';
import { EntryIcon } from './Navigation';
import { Brand } from './Navbar';
import { NavigationSearch } from './NavigationSearch';
import type { SearchResult } from './NavigationSearch';
import { useEntryTitle } from './navigationModel';
import * as layout from './layout.css';
import * as styles from './toolbar.css';

/** Where the user menu's entries lead (routes of the route table). */
export const userMenuPaths = {
  profile: '/pages/profile',
  inbox: '/apps/mail',
  login: '/login',
  register: '/register',
  stores: '/admin/stores',
  multiLanguage: '/documentation/configuration/multi-language',
} as const;

export interface ToolbarProps {
  /** Shows the button that opens the navigation drawer (small screens). */
  showMenuButton: boolean;
  /** Shows the brand at the start (layouts without a side navbar). */
  showBrand: boolean;
  /** fixed: stays at the top while the page scrolls. */
  barStyle: 'fixed' | 'static';
  items: readonly NavigationItem[];
  search: (query: string) => SearchResult[];
}

export function Toolbar({ showMenuButton, showBrand, barStyle, items, search }: ToolbarProps) {
  const { t } = useTranslation();
  const navbar = useNavbarActor();
  const session = useSessionActor();
  const user = useSelector(session, (snapshot) => snapshot.context.session?.user ?? null);
  const slotClass = useThemeSlotClass('toolbar');
  const recents = useRecentsActor();
  const roles = user?.role ?? [];
  const isAdmin = hasPermission(authRoles.admin, roles);
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
        {showBrand && <Brand />}
        {roles.length > 0 && <Shortcuts items={items} search={search} />}
        {user?.defaultstore && <StoreInfo store={user.defaultstore} />}
      </div>
      <span className={layout.toolbarSpacer} />
      <div className={layout.toolbarGroup}>
        <FullscreenToggle />
        <NavigationSearch search={search} />
        <StoreButton isAdmin={isAdmin} />
        {isAdmin && recents && <RecentsButton recents={recents} />}
        <LanguageMenu />
        <span className={layout.divider} aria-hidden="true" />
        <UserMenu user={user} />
      </div>
    </header>
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
  const slotClass = useThemeSlotClass('toolbar');
  const isAdmin = hasPermission(authRoles.admin, user?.role ?? []);
  return (
    <div className={`${styles.compactBar} ${slotClass}`} role="group" aria-label={t('shell.compactBar')}>
      {showMenuButton && (
        <IconButton label={t('shell.navbar.openDrawer')} icon="menu" onPress={() => navbar.send({ type: 'navbar.openDrawer' })} />
      )}
      {isAdmin && recents && <RecentsButton recents={recents} />}
      <UserMenu user={user} />
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
        <span className={styles.storeName}>{store.fD_Location}</span>
        <span className={styles.muted}>{store.companyName}</span>
      </span>
    </div>
  );
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

/** English, Turkish, Arabic, and 'Learn More'. Arabic turns the page right-to-left (i18n sets dir on <html>). */
function LanguageMenu() {
  const { t, i18n } = useTranslation();
  return (
    <MenuTrigger>
      <TooltipTrigger delay={600}>
        <Button aria-label={t('shell.language.menu')} className={menuStyles.iconButton}>
          <Icon name="language" />
          <span className={styles.languageCode} aria-hidden="true">
            {i18n.language}
          </span>
        </Button>
        <Tooltip offset={6} className={menuStyles.tooltip}>
          {t('shell.language.menu')}
        </Tooltip>
      </TooltipTrigger>
      <Popover placement="bottom end" className={menuStyles.popover}>
        <Menu className={menuStyles.menu}>
          <MenuSection
            selectionMode="single"
            disallowEmptySelection
            selectedKeys={[i18n.language]}
            onSelectionChange={(keys) => {
              const [language] = keys === 'all' ? [] : [...keys];
              if (typeof language === 'string') void i18n.changeLanguage(language);
            }}
          >
            {languages.map((language) => (
              <MenuItem key={language} id={language} textValue={languageNames[language]} className={menuStyles.item}>
                {({ isSelected }) => (
                  <>
                    <span lang={language}>{languageNames[language]}</span>
                    <span className={menuStyles.check} aria-hidden="true">
                      {isSelected ? '✓' : ''}
                    </span>
                  </>
                )}
              </MenuItem>
            ))}
          </MenuSection>
          <Separator className={menuStyles.separator} />
          <MenuItem id="learnMore" href={userMenuPaths.multiLanguage} className={menuStyles.item}>
            {t('shell.language.learnMore')}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** Avatar and name; signed in: My Profile, Inbox, Logout (which asks first); no role: Login, Register. */
function UserMenu({ user }: { user: User | null }) {
  const { t } = useTranslation();
  const session = useSessionActor();
  const recents = useRecentsActor();
  const hasRole = (user?.role.length ?? 0) > 0;
  const name = user?.data.displayName || t('shell.user.guest');
  return (
    <MenuTrigger>
      <Button aria-label={t('shell.user.menu', { name })} className={styles.userButton}>
        <span className={styles.userName}>{name}</span>
        {/* The initial is drawn by CSS, so the button's text is the name its label holds (WCAG 2.5.3). */}
        <span className={styles.avatar} aria-hidden="true" data-initial={user?.data.photoURL ? undefined : (Array.from(name)[0] ?? '?').toLocaleUpperCase()}>
          {user?.data.photoURL && <img src={user.data.photoURL} alt="" className={styles.avatarImage} />}
        </span>
      </Button>
      <Popover placement="bottom end" className={menuStyles.popover}>
        {hasRole ? (
          <Menu
            className={menuStyles.menu}
            // Logout leaves the page too: unsaved changes ask the Warning first.
            onAction={(key) => key === 'logout' && leaveThroughGuard(recents, paths.logout) && session.send({ type: 'session.logout' })}
          >
            {/* A person's own page: the kiosk is a shared device (route table: /pages/profile). */}
            {hasPermission(authRoles.user, user?.role ?? []) && (
              <MenuItem id="profile" href={userMenuPaths.profile} className={menuStyles.item}>
                <Icon name="user" />
                {t('shell.user.profile')}
              </MenuItem>
            )}
            <MenuItem id="inbox" href={userMenuPaths.inbox} className={menuStyles.item}>
              <Icon name="inbox" />
              {t('shell.user.inbox')}
            </MenuItem>
            <MenuItem id="logout" className={menuStyles.item}>
              <Icon name="logout" />
              {t('shell.user.logout')}
            </MenuItem>
          </Menu>
        ) : (
          <Menu className={menuStyles.menu}>
            <MenuItem id="login" href={userMenuPaths.login} className={menuStyles.item}>
              <Icon name="login" />
              {t('shell.user.login')}
            </MenuItem>
            <MenuItem id="register" href={userMenuPaths.register} className={menuStyles.item}>
              <Icon name="register" />
              {t('shell.user.register')}
            </MenuItem>
          </Menu>
        )}
      </Popover>
    </MenuTrigger>
  );
}

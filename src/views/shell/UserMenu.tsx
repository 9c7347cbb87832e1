import { useId } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { authRoles, hasPermission } from '../../contract/access';
import type { User } from '../../contract/auth';
import { paths } from '../../contract/routeTable';
import { UnreadBadge } from '../inbox/UnreadBadge';
import { useUnreadInbox } from '../inbox/unread';
import { leaveThroughGuard } from '../recents/LeaveGuard';
import { useRecentsActor } from '../shared/recentsActor';
import { Icon } from '../ui/Icon';
import * as menuStyles from '../ui/menu.css';
import { useSessionActor } from '../ui/session';
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

/**
 * Avatar and name; signed in: My Profile, Inbox, the theme panels (when the user's settings flag is set, spec 2.5),
 * Logout (which asks first); no role: Login, Register. The kiosk (a public device) offers Logout only.
 */
export function UserMenu({
  user,
  variant,
  onThemePanel,
}: {
  user: User | null;
  variant: 'full' | 'kiosk';
  onThemePanel: (panel: 'settings.open' | 'settings.openSchemes') => void;
}) {
  const { t } = useTranslation();
  const session = useSessionActor();
  const recents = useRecentsActor();
  const roles = user?.role ?? [];
  const hasRole = roles.length > 0;
  const isKiosk = variant === 'kiosk' || hasPermission(authRoles.kiosk, roles);
  const themePanels = !isKiosk && user?.data.settingsPanel === true;
  const name = user?.data.displayName || t('shell.user.guest');
  // The inbox's unread count: a badge on the button, told as its description (its name stays the user's).
  const unread = useUnreadInbox(isKiosk ? [] : roles);
  const unreadId = useId();
  return (
    <MenuTrigger>
      <Button aria-label={t('shell.user.menu', { name })} aria-describedby={unread ? unreadId : undefined} className={styles.userButton}>
        <span className={styles.userName}>
          <bdi>{name}</bdi>
        </span>
        {unread > 0 && <UnreadBadge count={unread} id={unreadId} description={t('inbox.unreadCount', { count: unread })} />}
        {/* The initial is drawn by CSS, not as text: the button's visible text stays the name its label contains. */}
        <span className={styles.avatar} aria-hidden="true" data-initial={user?.data.photoURL ? undefined : (Array.from(name)[0] ?? '?').toLocaleUpperCase()}>
          {user?.data.photoURL && <img src={user.data.photoURL} alt="" className={styles.avatarImage} />}
        </span>
      </Button>
      <Popover placement="bottom end" className={menuStyles.popover}>
        {hasRole ? (
          <Menu
            className={menuStyles.menu}
            onAction={(key) => {
              // Logout leaves the page too: unsaved changes ask the Warning first.
              if (key === 'logout') {
                if (leaveThroughGuard(recents, paths.logout)) session.send({ type: 'session.logout' });
              } else if (key === 'themeSettings') onThemePanel('settings.open');
              else if (key === 'themeSchemes') onThemePanel('settings.openSchemes');
            }}
          >
            {/* A person's own page: the kiosk is a shared device (route table: /pages/profile). */}
            {!isKiosk && hasPermission(authRoles.user, roles) && (
              <MenuItem id="profile" href={userMenuPaths.profile} className={menuStyles.item}>
                <Icon name="user" />
                {t('shell.user.profile')}
              </MenuItem>
            )}
            {!isKiosk && (
              <MenuItem id="inbox" href={userMenuPaths.inbox} className={menuStyles.item}>
                <Icon name="inbox" />
                {t('shell.user.inbox')}
                {unread > 0 && <UnreadBadge count={unread} label={t('inbox.unreadCount', { count: unread })} />}
              </MenuItem>
            )}
            {themePanels && (
              <MenuItem id="themeSettings" className={menuStyles.item}>
                <Icon name="settings" />
                {t('settings.title')}
              </MenuItem>
            )}
            {themePanels && (
              <MenuItem id="themeSchemes" className={menuStyles.item}>
                <Icon name="palette" />
                {t('settings.schemesTitle')}
              </MenuItem>
            )}
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

import { memo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteLayout } from '../../contract/routeTable';
import type { ThemeSettings } from '../../contract/settings';
import { layoutDefaults } from '../../machines/settings.machine';
import { LogoutDialog } from '../auth/LogoutDialog';
import { SettingsPanels } from '../settings/SettingsPanels';
import { useThemeSettings } from '../settings/settingsActor';
import { useThemeSlotClass } from '../settings/themeSlots';
import { breakpoints, useMediaQuery } from '../ui/useMediaQuery';
import { Footer } from './Footer';
import { RouteFocus } from './RouteFocus';
import { HorizontalNavigation } from './Navigation';
import { Navbar, NavigationDrawer } from './Navbar';
import { useShellNavigation } from './navigationModel';
import { useServerWide } from './serverViewport';
import { RecentsPanel } from '../recents/RecentsPanel';
import { useRecentsActor } from '../shared/recentsActor';
import { authRoles, hasPermission } from '../../contract/access';
import { useSessionActor } from '../ui/session';
import { useSelector } from '@xstate/react';
import { CompactBar, Toolbar } from './Toolbar';
import * as styles from './layout.css';

/**
 * The shell's own parts draw from their own hooks (session, settings, location, their actors): a new page (the
 * shell's children) leaves them as they are instead of redrawing the toolbar's menus and the closed drawer and
 * panels on every navigation.
 */
const ToolbarPart = memo(Toolbar);
const FooterPart = memo(Footer);
const NavbarPart = memo(Navbar);
const DrawerPart = memo(NavigationDrawer);
const SettingsPart = memo(SettingsPanels);
const LogoutPart = memo(LogoutDialog);
const CompactBarPart = memo(CompactBar);

export type ShellLayoutName = 'vertical' | 'horizontal' | 'kiosk' | 'none';
type LayoutConfig = ThemeSettings['layout']['config'];
type Bar = NonNullable<LayoutConfig['navbar']>;

export interface ShellProps {
  /**
   * The route's override of the user's layout settings: a layout name, or the route table's RouteLayout (a style
   * and bar changes). Absent: the user's own layout. 'none': the page alone.
   */
  layout?: ShellLayoutName | RouteLayout;
  /** The route hides the toolbar (POS). */
  hideToolbar?: boolean;
  children: ReactNode;
}

const hidden: Bar = { display: false };

/** The user's layout settings with the route's changes laid over them (shell.md: a route may override parts). */
export function resolveLayout(settings: ThemeSettings, layout: ShellProps['layout'], hideToolbar = false) {
  const override: RouteLayout =
    layout === 'none'
      ? { config: { navbar: hidden, toolbar: hidden, footer: hidden } }
      : typeof layout === 'string'
        ? { style: layout }
        : (layout ?? {});
  const style = override.style ?? settings.layout.style;
  // Another style than the user's starts from that style's own options.
  const base = style === settings.layout.style ? settings.layout.config : layoutDefaults[style];
  const bar = (name: 'navbar' | 'toolbar' | 'footer'): Bar => ({
    ...(base[name] ?? { display: true }),
    ...override.config?.[name],
  });
  const toolbar = bar('toolbar');
  return {
    style,
    mode: base.mode ?? 'fullwidth',
    scroll: base.scroll ?? 'content',
    navbar: style === 'kiosk' ? hidden : bar('navbar'),
    toolbar: hideToolbar ? hidden : toolbar,
    footer: bar('footer'),
  };
}

/**
 * The application shell around a signed-in page: toolbar, navigation (a side navbar in the vertical layout, a row
 * under the toolbar in the horizontal one, none in the kiosk layout; a drawer below 1280 px), content and footer;
 * the theme panels, the logout question.
 */
export function Shell({ layout, hideToolbar, children }: ShellProps) {
  const { t } = useTranslation();
  const settings = useThemeSettings();
  const isLarge = useMediaQuery(breakpoints.large, useServerWide());
  const { items, search } = useShellNavigation();
  const navbarSlotClass = useThemeSlotClass('navbar');
  const resolved = resolveLayout(settings, layout, hideToolbar);
  const { style, navbar, toolbar, footer } = resolved;
  const recents = useRecentsActor();
  const isAdmin = useSelector(useSessionActor(), (snapshot) => hasPermission(authRoles.admin, snapshot.context.session?.user.role ?? []));

  const hasNavigation = navbar.display;
  const sideNavbar = style === 'vertical' && hasNavigation && isLarge;
  const drawer = hasNavigation && !isLarge;
  const toolbarAbove = style !== 'vertical' || toolbar.position === 'above';
  const footerAbove = style === 'vertical' && footer.position === 'above';

  const toolbarElement = toolbar.display && (
    <ToolbarPart
      variant={style === 'kiosk' ? 'kiosk' : 'full'}
      showMenuButton={drawer}
      showBrand={!sideNavbar}
      barStyle={toolbar.style ?? 'fixed'}
      items={items}
      search={search}
    />
  );
  const footerElement = footer.display && <FooterPart barStyle={footer.style ?? 'fixed'} />;
  const content = (
    <main id="content" tabIndex={-1} className={styles.content}>
      {children}
    </main>
  );

  return (
    <div className={styles.root} data-layout={style} data-mode={resolved.mode} data-scroll={resolved.scroll}>
      <a href="#content" className={styles.skipLink}>
        {t('shell.skipToContent')}
      </a>
      {toolbarAbove && toolbarElement}
      {style === 'horizontal' && hasNavigation && isLarge && (
        <HorizontalNavigation entries={items} className={navbarSlotClass} />
      )}
      <div className={styles.body}>
        {sideNavbar && <NavbarPart entries={items} position={navbar.position === 'right' ? 'right' : 'left'} />}
        <div className={styles.mainColumn}>
          {!toolbarAbove && toolbarElement}
          {/* A route without the toolbar (the POS) still offers the navigation, the user menu and Logout (even when
              the user's own settings hide the navbar): above the content, so it covers none of the page's controls. */}
          {!toolbar.display && layout !== 'none' && <CompactBarPart showMenuButton={drawer} />}
          {content}
          {!footerAbove && footerElement}
        </div>
      </div>
      {footerAbove && footerElement}
      {drawer && <DrawerPart entries={items} />}
      {isAdmin && recents && <RecentsPanel recents={recents} />}
      <SettingsPart announceInPanel={false} tabs={false} />
      <LogoutPart />
      <RouteFocus />
    </div>
  );
}

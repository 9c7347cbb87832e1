import { assertEvent, assign, emit, setup } from 'xstate';

/**
 * The side navigation (spec 4, "Navbar"): folded or unfolded, folded-open while the pointer is over it, and the
 * temporary drawer of small screens open or closed. The horizontal layout's group menus open after the pointer
 * rests 150 ms on a group (spec 9) and close when it leaves.
 */
export interface NavbarInput {
  /** The user's saved `layout.config.navbar.folded`. */
  folded: boolean;
}

export interface NavbarContext {
  /** Where the fold region starts (the saved flag); later changes arrive as events. */
  startFolded: boolean;
  /** The horizontal layout's top-level group whose menu is open or about to open. */
  menuId: string | null;
}

export type NavbarEvent =
  /** The pin button: fold or unfold (saved with the user's settings through the emitted navbar.foldChanged). */
  | { type: 'navbar.toggleFold' }
  /** The settings changed elsewhere (settings panel, a reload of the user): follow without saving again. */
  | { type: 'navbar.syncFolded'; folded: boolean }
  | { type: 'navbar.hoverEnter' }
  | { type: 'navbar.hoverLeave' }
  | { type: 'navbar.openDrawer' }
  | { type: 'navbar.closeDrawer' }
  /** A navigation item was chosen: the drawer and any group menu close. */
  | { type: 'navbar.itemChosen' }
  | { type: 'navbar.menuEnter'; id: string }
  | { type: 'navbar.menuLeave' }
  /** Click or keyboard on a horizontal group: open at once, or close if it is the open one. */
  | { type: 'navbar.menuToggle'; id: string }
  | { type: 'navbar.menuClose' };

/** Asks the app to save the new folded flag with the user's settings. */
export type NavbarEmitted = { type: 'navbar.foldChanged'; folded: boolean };

export const menuHoverDelay = 150;

export const navbarMachine = setup({
  types: {
    context: {} as NavbarContext,
    input: {} as NavbarInput | undefined,
    events: {} as NavbarEvent,
    emitted: {} as NavbarEmitted,
    /**
     * folded: the navbar is 64 px wide; expanded: it shows its full 280 px (unfolded, or folded and hovered);
     * drawerOpen: the small-screen drawer is showing; menuOpen: a horizontal group menu is showing.
     */
    tags: {} as 'folded' | 'expanded' | 'drawerOpen' | 'menuOpen',
  },
  delays: { menuHover: menuHoverDelay },
  guards: {
    startsFolded: ({ context }) => context.startFolded,
    wantsFolded: ({ event }) => event.type === 'navbar.syncFolded' && event.folded,
    wantsUnfolded: ({ event }) => event.type === 'navbar.syncFolded' && !event.folded,
    isOpenMenu: ({ context, event }) => event.type === 'navbar.menuToggle' && context.menuId === event.id,
    isOtherMenu: ({ context, event }) => event.type === 'navbar.menuEnter' && context.menuId !== event.id,
  },
  actions: {
    announceFolded: emit({ type: 'navbar.foldChanged' as const, folded: true }),
    announceUnfolded: emit({ type: 'navbar.foldChanged' as const, folded: false }),
    /** The pin button's choice is saved with the user's settings (a sibling in the app's actor system). */
    saveFolded: ({ system }, folded: boolean) => {
      const settings = system.get('settings');
      if (!settings) return;
      settings.send({ type: 'settings.change', change: { layout: { config: { navbar: { folded } } } } });
      settings.send({ type: 'settings.save' });
    },
    rememberMenu: assign({
      menuId: ({ event }) => {
        assertEvent(event, ['navbar.menuEnter', 'navbar.menuToggle']);
        return event.id;
      },
    }),
    forgetMenu: assign({ menuId: null }),
  },
}).createMachine({
  id: 'navbar',
  type: 'parallel',
  context: ({ input }) => ({ startFolded: input?.folded ?? false, menuId: null }),
  states: {
    fold: {
      initial: 'starting',
      states: {
        starting: {
          always: [
            { guard: 'startsFolded', target: 'folded' },
            { target: 'unfolded' },
          ],
        },
        unfolded: {
          tags: 'expanded',
          on: {
            'navbar.toggleFold': { target: 'folded', actions: ['announceFolded', { type: 'saveFolded', params: true }] },
            'navbar.syncFolded': { guard: 'wantsFolded', target: 'folded' },
          },
        },
        folded: {
          tags: 'folded',
          initial: 'closed',
          states: {
            closed: { on: { 'navbar.hoverEnter': 'open' } },
            /** Opens over the content; the page does not move. */
            open: { tags: 'expanded', on: { 'navbar.hoverLeave': 'closed', 'navbar.itemChosen': 'closed' } },
          },
          on: {
            'navbar.toggleFold': { target: 'unfolded', actions: ['announceUnfolded', { type: 'saveFolded', params: false }] },
            'navbar.syncFolded': { guard: 'wantsUnfolded', target: 'unfolded' },
          },
        },
      },
    },
    drawer: {
      initial: 'closed',
      states: {
        closed: { on: { 'navbar.openDrawer': 'open' } },
        open: {
          tags: 'drawerOpen',
          on: { 'navbar.closeDrawer': 'closed', 'navbar.itemChosen': 'closed' },
        },
      },
    },
    menu: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'navbar.menuEnter': { target: 'opening', actions: 'rememberMenu' },
            'navbar.menuToggle': { target: 'open', actions: 'rememberMenu' },
          },
        },
        opening: {
          after: { menuHover: 'open' },
          on: {
            'navbar.menuEnter': { guard: 'isOtherMenu', target: 'opening', reenter: true, actions: 'rememberMenu' },
            'navbar.menuToggle': { target: 'open', actions: 'rememberMenu' },
          },
        },
        open: {
          tags: 'menuOpen',
          on: {
            // Moving straight from one open group to the next switches menus without waiting again.
            'navbar.menuEnter': { actions: 'rememberMenu' },
            'navbar.menuToggle': [
              { guard: 'isOpenMenu', target: 'closed', actions: 'forgetMenu' },
              { actions: 'rememberMenu' },
            ],
          },
        },
      },
      on: {
        'navbar.menuLeave': { target: '.closed', actions: 'forgetMenu' },
        'navbar.menuClose': { target: '.closed', actions: 'forgetMenu' },
        'navbar.itemChosen': { target: '.closed', actions: 'forgetMenu' },
      },
    },
  },
});

import { assign, emit, fromPromise, setup } from 'xstate';
import { savedSnackbar } from './snackbar.machine';
import { defaultThemeSettings } from '../contract/themes';
import type { ThemeSettings } from '../contract/settings';
import type { User } from '../contract/auth';

type LayoutStyle = ThemeSettings['layout']['style'];
type LayoutConfig = ThemeSettings['layout']['config'];
type Bar = NonNullable<LayoutConfig['navbar']>;
export type ThemeSlot = keyof ThemeSettings['theme'];
export const themeSlots: readonly ThemeSlot[] = ['main', 'navbar', 'toolbar', 'footer'];

/** Each layout style's own options; choosing a style starts from these (shell.md). */
export const layoutDefaults: Record<LayoutStyle, LayoutConfig> = {
  vertical: defaultThemeSettings.layout.config,
  horizontal: {
    mode: 'fullwidth',
    scroll: 'content',
    navbar: { display: true },
    toolbar: { display: true, style: 'fixed', position: 'above' },
    footer: { display: true, style: 'fixed', position: 'below' },
  },
  kiosk: {
    mode: 'fullwidth',
    scroll: 'content',
    navbar: { display: false },
    toolbar: { display: true, style: 'fixed', position: 'above' },
    footer: { display: true, style: 'fixed', position: 'below' },
  },
};

/** What settings.change carries: any part of the settings, bars field by field. */
export interface SettingsChange {
  layout?: {
    style?: LayoutStyle;
    config?: Omit<Partial<LayoutConfig>, 'navbar' | 'toolbar' | 'footer'> & {
      navbar?: Partial<Bar>;
      toolbar?: Partial<Bar>;
      footer?: Partial<Bar>;
    };
  };
  customScrollbars?: boolean;
  animations?: boolean;
  direction?: ThemeSettings['direction'];
  theme?: Partial<ThemeSettings['theme']>;
}

const mergeBar = (bar: Bar | undefined, change: Partial<Bar> | undefined): Bar | undefined =>
  change ? { display: bar?.display ?? true, ...bar, ...change } : bar;

/** Applies a change; a new layout style replaces the whole layout config with that style's defaults. */
export function applySettingsChange(settings: ThemeSettings, change: SettingsChange): ThemeSettings {
  const { layout, theme, ...rest } = change;
  const style = layout?.style ?? settings.layout.style;
  const config: LayoutConfig =
    style !== settings.layout.style
      ? structuredClone(layoutDefaults[style])
      : {
          ...settings.layout.config,
          ...layout?.config,
          navbar: mergeBar(settings.layout.config.navbar, layout?.config?.navbar),
          toolbar: mergeBar(settings.layout.config.toolbar, layout?.config?.toolbar),
          footer: mergeBar(settings.layout.config.footer, layout?.config?.footer),
        };
  return { ...settings, ...rest, layout: { style, config }, theme: { ...settings.theme, ...theme } };
}

/** Only the fields of ThemeSettings (a user's stored settings also carry the admin-set menu access flags). */
export function pickThemeSettings(settings: ThemeSettings): ThemeSettings {
  const { layout, customScrollbars, animations, direction, theme } = settings;
  return { layout, customScrollbars, animations, direction, theme };
}

export interface SettingsValues {
  settings: ThemeSettings;
  shortcuts: string[];
}

export interface SettingsInput extends SettingsValues {
  /** A guest (no user, or an empty role list) keeps the choice in this browser only. */
  isGuest: boolean;
}

/** The settings a user starts from: their saved ones, or for a guest what this browser kept (else defaults). */
export function settingsFor(user: User | null, kept: SettingsValues | null): SettingsInput {
  if (user && user.role.length > 0) {
    return { settings: pickThemeSettings(user.data.settings), shortcuts: user.data.shortcuts, isGuest: false };
  }
  return {
    settings: kept?.settings ?? defaultThemeSettings,
    shortcuts: kept?.shortcuts ?? user?.data.shortcuts ?? [],
    isGuest: true,
  };
}

export interface SettingsContext extends SettingsInput {
  /** The spec's message after the last successful save, shown until the next change. */
  message: string | null;
  /** The text of the last failed save. */
  error: string | null;
}

export type SettingsEvent =
  | { type: 'settings.open' }
  | { type: 'settings.openSchemes' }
  | { type: 'settings.close' }
  | { type: 'settings.change'; change: SettingsChange }
  | { type: 'settings.chooseScheme'; theme: string }
  | { type: 'settings.changeShortcuts'; shortcuts: string[] }
  | { type: 'settings.save' }
  /** The signed-in user changed (sign-in, the fresh user at start-up, sign-out): start from their settings. */
  | ({ type: 'settings.load' } & SettingsInput);

export type SettingsEmitted =
  | { type: 'settings.saved'; message: string }
  | { type: 'settings.saveFailed'; error: string };

/** The spec's text (section 8); the server answers with the same words. */
export const settingsMessages = {
  saved: 'Selected settings changed successfully. Please check',
  saveFailed: 'The settings could not be saved. Please try again.',
} as const;

export const settingsMachine = setup({
  types: {
    context: {} as SettingsContext,
    input: {} as SettingsInput,
    events: {} as SettingsEvent,
    emitted: {} as SettingsEmitted,
    /** open: a sheet shows; saving: the save call runs. */
    tags: {} as 'open' | 'saving',
  },
  actors: {
    /** POST /api/patient/savethemesettings with the session's token; supplied at app start. */
    saveSettings: fromPromise<{ message: string }, SettingsValues>(async () => {
      throw new Error('The saveSettings actor is supplied at app start with .provide()');
    }),
  },
  actions: {
    /** A guest's settings go to this browser's storage; supplied at app start. */
    storeGuestSettings: (_, _values: SettingsValues) => {},
    clearNotice: assign({ message: null, error: null }),
    announceSaved: emit(({ context }) => ({ type: 'settings.saved' as const, message: context.message ?? '' })),
    /** The app's snackbar (a sibling in the app's actor system) shows the save ('...changed successfully', 2 s). */
    showSaved: ({ context, system }) => system.get('snackbar')?.send(savedSnackbar(context.message ?? '')),
    /** Tells the reader that saving failed, in their language; supplied at app start (the text needs i18n). */
    reportSaveFailed: () => {},
    /** The navbar (once the shell made it) follows the folded flag: another user's settings, the panel's choice. */
    syncNavbar: ({ context, system }) =>
      system.get('navbar')?.send({ type: 'navbar.syncFolded', folded: context.settings.layout.config.navbar?.folded ?? false }),
  },
  guards: {
    isGuest: ({ context }) => context.isGuest,
  },
}).createMachine({
  id: 'settings',
  context: ({ input }) => ({ ...input, message: null, error: null }),
  type: 'parallel',
  on: {
    'settings.change': {
      actions: [
        'clearNotice',
        assign({ settings: ({ context, event }) => applySettingsChange(context.settings, event.change) }),
        'syncNavbar',
      ],
    },
    'settings.chooseScheme': {
      actions: [
        'clearNotice',
        assign({
          settings: ({ context, event }) => ({
            ...context.settings,
            theme: { main: event.theme, navbar: event.theme, toolbar: event.theme, footer: event.theme },
          }),
        }),
      ],
    },
    'settings.changeShortcuts': { actions: assign({ shortcuts: ({ event }) => event.shortcuts }) },
  },
  states: {
    panel: {
      initial: 'closed',
      states: {
        closed: {},
        settings: { tags: 'open' },
        schemes: { tags: 'open' },
      },
      on: {
        'settings.open': { target: '.settings', actions: 'clearNotice' },
        'settings.openSchemes': { target: '.schemes', actions: 'clearNotice' },
        'settings.close': '.closed',
        // Another user's settings never show in a sheet opened by the previous one. (Handled here, not at the
        // root: a region's transition would take the event away from a root one.)
        'settings.load': {
          target: '.closed',
          actions: [
            assign(({ event }) => ({
              settings: event.settings,
              shortcuts: event.shortcuts,
              isGuest: event.isGuest,
              message: null,
              error: null,
            })),
            'syncNavbar',
          ],
        },
      },
    },
    persistence: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'settings.save': [
              {
                guard: 'isGuest',
                actions: [
                  {
                    type: 'storeGuestSettings',
                    params: ({ context }) => ({ settings: context.settings, shortcuts: context.shortcuts }),
                  },
                  assign({ message: settingsMessages.saved, error: null }),
                  'announceSaved',
                  'showSaved',
                ],
              },
              { target: 'saving', actions: 'clearNotice' },
            ],
          },
        },
        saving: {
          tags: 'saving',
          invoke: {
            src: 'saveSettings',
            input: ({ context }) => ({ settings: context.settings, shortcuts: context.shortcuts }),
            onDone: {
              target: 'idle',
              actions: [
                assign({ message: ({ event }) => event.output.message || settingsMessages.saved }),
                'announceSaved',
                'showSaved',
              ],
            },
            onError: {
              target: 'idle',
              // The server's own text is not shown (spec section 8); the choice stays applied, so saving again works.
              actions: [
                assign({ error: settingsMessages.saveFailed }),
                emit({ type: 'settings.saveFailed' as const, error: settingsMessages.saveFailed }),
                'reportSaveFailed',
              ],
            },
          },
          // A user switch while saving abandons the call (its answer would belong to the previous user).
          on: { 'settings.load': 'idle' },
        },
      },
    },
  },
});

import type { ThemeSettings } from './settings';

// Zod-free, so the browser's start-up (the guest's theme, the settings machine) needs no schema library;
// `./settings` re-exports every name and builds the schemas from them.

export const lightThemes = Array.from({ length: 20 }, (_, i) => `light${i + 1}`);
export const darkThemes = Array.from({ length: 14 }, (_, i) => `dark${i + 1}`);
export const themeNames = [...lightThemes, ...darkThemes] as [string, ...string[]];

export const defaultThemeSettings: ThemeSettings = {
  layout: {
    style: 'vertical',
    config: {
      mode: 'fullwidth',
      scroll: 'content',
      navbar: { display: true, position: 'left', folded: false },
      toolbar: { display: true, style: 'fixed', position: 'below' },
      footer: { display: true, style: 'fixed', position: 'below' },
    },
  },
  customScrollbars: true,
  animations: true,
  direction: 'ltr',
  theme: { main: 'light17', navbar: 'light17', toolbar: 'light17', footer: 'light17' },
};

import { darkThemes, defaultThemeSettings, lightThemes, themeNames } from './themes';
import { z } from './zod';

// The theme names and defaults live in the zod-free ./themes (the browser's start-up); every name stays here too.
export { darkThemes, defaultThemeSettings, lightThemes, themeNames };

export const ThemeName = z.enum(themeNames);

const Bar = z.object({
  display: z.boolean(),
  style: z.enum(['fixed', 'static']).optional(),
  position: z.enum(['above', 'below', 'left', 'right']).optional(),
  folded: z.boolean().optional(),
});

export const ThemeSettings = z.object({
  layout: z.object({
    style: z.enum(['vertical', 'horizontal', 'kiosk']),
    config: z.object({
      mode: z.enum(['fullwidth', 'boxed']).optional(),
      scroll: z.enum(['content', 'body']).optional(),
      navbar: Bar.optional(),
      toolbar: Bar.optional(),
      footer: Bar.optional(),
    }),
  }),
  customScrollbars: z.boolean(),
  animations: z.boolean(),
  direction: z.enum(['ltr', 'rtl']),
  theme: z.object({ main: ThemeName, navbar: ThemeName, toolbar: ThemeName, footer: ThemeName }),
});
export type ThemeSettings = z.infer<typeof ThemeSettings>;

/** Navigation access flag: menu ids 201..209 (and others) are hidden when access is false. Set by admins only. */
export const MenuAccess = z.object({ menuId: z.number().int().min(1).max(9999), access: z.boolean() });
export type MenuAccess = z.infer<typeof MenuAccess>;

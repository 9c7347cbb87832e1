import { z } from './zod';

export const lightThemes = Array.from({ length: 20 }, (_, i) => `light${i + 1}`);
export const darkThemes = Array.from({ length: 14 }, (_, i) => `dark${i + 1}`);
export const themeNames = [...lightThemes, ...darkThemes] as [string, ...string[]];
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

/** Navigation access flag: menu ids 201..209 (and others) are hidden when access is false. Set by admins only. */
export const MenuAccess = z.object({ menuId: z.number().int().min(1).max(9999), access: z.boolean() });
export type MenuAccess = z.infer<typeof MenuAccess>;

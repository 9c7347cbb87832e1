import { darkThemes } from '../contract/themes';

/**
 * A theme's mode for <html data-mode>: the `type` of its palette (src/theme/palettes.ts), known from its name so
 * that start-up needs none of the palettes' data (tests/unit/theme.test.ts holds the two together).
 */
export const themeModeOf = (name: string): 'light' | 'dark' => (darkThemes.includes(name) ? 'dark' : 'light');

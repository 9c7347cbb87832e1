import { themeNames } from '../contract/themes';
import type { ThemePalette } from './palette';
import { light1 } from './themes/light1';
import { light2 } from './themes/light2';
import { light3 } from './themes/light3';
import { light4 } from './themes/light4';
import { light5 } from './themes/light5';
import { light6 } from './themes/light6';
import { light7 } from './themes/light7';
import { light8 } from './themes/light8';
import { light9 } from './themes/light9';
import { light10 } from './themes/light10';
import { light11 } from './themes/light11';
import { light12 } from './themes/light12';
import { light13 } from './themes/light13';
import { light14 } from './themes/light14';
import { light15 } from './themes/light15';
import { light16 } from './themes/light16';
import { light17 } from './themes/light17';
import { light18 } from './themes/light18';
import { light19 } from './themes/light19';
import { light20 } from './themes/light20';
import { dark1 } from './themes/dark1';
import { dark2 } from './themes/dark2';
import { dark3 } from './themes/dark3';
import { dark4 } from './themes/dark4';
import { dark5 } from './themes/dark5';
import { dark6 } from './themes/dark6';
import { dark7 } from './themes/dark7';
import { dark8 } from './themes/dark8';
import { dark9 } from './themes/dark9';
import { dark10 } from './themes/dark10';
import { dark11 } from './themes/dark11';
import { dark12 } from './themes/dark12';
import { dark13 } from './themes/dark13';
import { dark14 } from './themes/dark14';

/**
 * The colours of all 34 themes as data (a few KB of JavaScript): the pickers and scheme cards preview them without
 * loading any theme's CSS. The CSS of a theme comes only with loadTheme.
 */
export const palettes: Record<string, ThemePalette> = {
  light1, light2, light3, light4, light5, light6, light7, light8, light9, light10, light11, light12, light13, light14, light15, light16, light17, light18, light19, light20, dark1, dark2, dark3, dark4, dark5, dark6, dark7, dark8, dark9, dark10, dark11, dark12, dark13, dark14,
};

/** light1..light20, then dark1..dark14: the order of the pickers. */
export const themeOrder: readonly string[] = themeNames;

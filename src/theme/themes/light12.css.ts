import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { light12 } from './light12';

/** Class name that applies light12; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(light12), 'light12');

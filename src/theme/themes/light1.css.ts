import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { light1 } from './light1';

/** Class name that applies light1; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(light1), 'light1');

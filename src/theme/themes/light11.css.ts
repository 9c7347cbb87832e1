import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { light11 } from './light11';

/** Class name that applies light11; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(light11), 'light11');

import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { light6 } from './light6';

/** Class name that applies light6; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(light6), 'light6');

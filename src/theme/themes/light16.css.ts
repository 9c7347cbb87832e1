import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { light16 } from './light16';

/** Class name that applies light16; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(light16), 'light16');

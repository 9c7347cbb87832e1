import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { light13 } from './light13';

/** Class name that applies light13; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(light13), 'light13');

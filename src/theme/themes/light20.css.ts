import { createTheme } from '@vanilla-extract/css';
import { vars } from '../contract.css';
import { toTokens } from '../palette';
import { light20 } from './light20';

/** Class name that applies light20; loaded on demand by loadTheme (its own CSS chunk). */
export const theme = createTheme(vars, toTokens(light20), 'light20');

import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

const spin = keyframes({ to: { transform: 'rotate(1turn)' } });

export const spinner = style({ display: 'grid', placeItems: 'center' });

export const ring = style({
  inlineSize: '2.5rem',
  blockSize: '2.5rem',
  borderRadius: '50%',
  border: `4px solid ${vars.color.border}`,
  borderBlockStartColor: vars.color.accent,
  animation: `${spin} 0.9s linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '3s' } },
});

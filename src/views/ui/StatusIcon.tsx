import * as styles from './icon.css';

/**
 * The icons the app-wide snackbar shows (its kinds and close). Apart from ./Icon's full table, so that the entry
 * chunk (where the snackbar lives) carries these few paths only; ./Icon has them under the same names.
 */
export const statusIconPaths = {
  close: 'M6 6l12 12M18 6L6 18',
  info: 'M12 3a9 9 0 1 1 0 18a9 9 0 1 1 0-18zM12 11v6M12 7.5v.5',
  success: 'M12 3a9 9 0 1 1 0 18a9 9 0 1 1 0-18zM8 12.5l3 3l5-6',
  warning: 'M12 3.5L21.5 20h-19zM12 10v4.5M12 17v.5',
  error: 'M12 3a9 9 0 1 1 0 18a9 9 0 1 1 0-18zM9 9l6 6M15 9l-6 6',
} as const;

/**
 * One outline icon on a 24 px grid in the current text colour (a stroke path). Decorative: the control around it
 * carries the accessible name. `mirrored` icons point the other way in right-to-left layouts.
 */
export function SvgIcon({ d, size = 24, mirrored = false }: { d: string; size?: number; mirrored?: boolean }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={mirrored ? styles.mirrored : styles.icon}
    >
      <path d={d} />
    </svg>
  );
}

export function StatusIcon({ name, size }: { name: keyof typeof statusIconPaths; size?: number }) {
  return <SvgIcon d={statusIconPaths[name]} size={size} />;
}

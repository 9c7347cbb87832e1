import type { ReactNode } from 'react';
import { Button, Link, Tooltip, TooltipTrigger } from 'react-aria-components';
import type { ButtonProps, LinkProps } from 'react-aria-components';
import { Icon } from './Icon';
import type { IconName } from './Icon';
import * as styles from './menu.css';

interface Common {
  /** The accessible name, also shown as a tooltip on hover and keyboard focus. */
  label: string;
  /** Without one, `children` draw the picture. */
  icon?: IconName;
  /** Shown beside (or instead of) the icon. */
  children?: ReactNode;
}

/** A round toolbar button with an icon, named by `label` (its tooltip). */
export function IconButton({ label, icon, children, ...props }: Common & Omit<ButtonProps, 'className' | 'children'>) {
  return (
    <TooltipTrigger delay={600}>
      <Button {...props} aria-label={label} className={styles.iconButton}>
        {icon && <Icon name={icon} />}
        {children}
      </Button>
      <Tooltip offset={6} className={styles.tooltip}>
        {label}
      </Tooltip>
    </TooltipTrigger>
  );
}

/** The same look for a link (a shortcut, the store button of admins). */
export function IconLink({ label, icon, children, ...props }: Common & Omit<LinkProps, 'className' | 'children'>) {
  return (
    <TooltipTrigger delay={600}>
      <Link {...props} aria-label={label} className={styles.iconButton}>
        {icon && <Icon name={icon} />}
        {children}
      </Link>
      <Tooltip offset={6} className={styles.tooltip}>
        {label}
      </Tooltip>
    </TooltipTrigger>
  );
}

import { useId } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import type { ButtonProps as AriaButtonProps } from 'react-aria-components';
import { button, disabledReason as reasonStyle } from './button.css';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'style'> {
  variant?: keyof typeof button;
  /**
   * Why the button is disabled, shown beside it while it is and read as its description: a disabled button never
   * leaves the person guessing. (Where a press could say what is missing instead, keep it enabled and refuse the
   * submit with an error summary.)
   */
  disabledReason?: string | false | undefined;
}

export function Button({ variant = 'primary', disabledReason, ...props }: ButtonProps) {
  const reasonId = useId();
  const reason = props.isDisabled && disabledReason ? disabledReason : null;
  const describedBy = [props['aria-describedby'], reason && reasonId].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <AriaButton {...props} aria-describedby={describedBy} className={button[variant]} />
      {reason && (
        <span id={reasonId} className={reasonStyle}>
          {reason}
        </span>
      )}
    </>
  );
}

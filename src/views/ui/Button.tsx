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

/** What a press would do: left out while the button is pending. */
const pressHandlers = ['onPress', 'onPressStart', 'onPressEnd', 'onPressChange', 'onPressUp', 'onClick'] as const;

export function Button({ variant = 'primary', disabledReason, isPending = false, ...props }: ButtonProps) {
  const reasonId = useId();
  const reason = props.isDisabled && disabledReason ? disabledReason : null;
  const describedBy = [props['aria-describedby'], reason && reasonId].filter(Boolean).join(' ') || undefined;
  // Pending is drawn here, not with React Aria's isPending: that one announces the focused button through a node of
  // its live announcer labelled by the button's id, which names nothing once the button is gone (a sign-in that
  // opens the next page: axe role-img-alt for seven seconds). The button keeps the focus, says it is unavailable
  // (aria-disabled) and ignores presses; a submit button stops submitting its form (Enter in a field included).
  const pending: Partial<AriaButtonProps> = isPending
    ? {
        ...Object.fromEntries(pressHandlers.map((handler) => [handler, undefined])),
        type: props.type === 'submit' ? 'button' : props.type,
        'aria-disabled': true,
      }
    : {};
  return (
    <>
      <AriaButton {...props} {...pending} aria-describedby={describedBy} className={button[variant]} />
      {reason && (
        <span id={reasonId} className={reasonStyle}>
          {reason}
        </span>
      )}
    </>
  );
}

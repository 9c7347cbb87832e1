import { Button as AriaButton } from 'react-aria-components';
import type { ButtonProps as AriaButtonProps } from 'react-aria-components';
import { button } from './button.css';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'style'> {
  variant?: keyof typeof button;
}

export function Button({ variant = 'primary', ...props }: ButtonProps) {
  return <AriaButton {...props} className={button[variant]} />;
}

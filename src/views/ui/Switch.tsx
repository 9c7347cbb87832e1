import type { ReactNode } from 'react';
import { Switch as AriaSwitch } from 'react-aria-components';
import type { SwitchProps as AriaSwitchProps } from 'react-aria-components';
import * as styles from './switch.css';

export interface SwitchProps extends Omit<AriaSwitchProps, 'className' | 'style' | 'children'> {
  children: ReactNode;
}

/** An on/off setting (role switch) with its label. */
export function Switch({ children, ...props }: SwitchProps) {
  return (
    <AriaSwitch {...props} className={styles.switchRoot}>
      <span className={styles.track} aria-hidden="true">
        <span className={styles.knob} />
      </span>
      {children}
    </AriaSwitch>
  );
}

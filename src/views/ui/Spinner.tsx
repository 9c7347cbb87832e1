import { ProgressBar } from 'react-aria-components';
import * as styles from './spinner.css';

/** An indeterminate progress indicator; `label` is what a screen reader says is happening. */
export function Spinner({ label }: { label: string }) {
  return (
    <ProgressBar isIndeterminate aria-label={label} className={styles.spinner}>
      <span className={styles.ring} />
    </ProgressBar>
  );
}

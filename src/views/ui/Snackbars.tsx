import { useSelector } from '@xstate/react';
import { Button } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/appI18n';
import type { Snackbar } from '../../machines/snackbar.machine';
import { useSnackbarActor } from './shellActors';
import { StatusIcon } from './StatusIcon';
import * as styles from './snackbar.css';

/**
 * The message the snackbar actor is showing. Both live regions are always in the page so that screen readers
 * announce what appears in them: errors and warnings at once (role=alert), the rest politely (role=status). The
 * roles sit on the message itself, so an empty region is not an empty alert.
 */
export function Snackbars() {
  const snackbar = useSnackbarActor();
  const current = useSelector(snackbar, (snapshot) => snapshot.context.current);
  const urgent = current !== null && (current.kind === 'error' || current.kind === 'warning');
  const close = () => snackbar.send({ type: 'snackbar.close' });
  return (
    <>
      <div aria-live="polite" className={styles.region}>
        {current && !urgent && <SnackbarMessage role="status" snackbar={current} onClose={close} />}
      </div>
      <div aria-live="assertive" className={styles.region}>
        {current && urgent && <SnackbarMessage role="alert" snackbar={current} onClose={close} />}
      </div>
    </>
  );
}

function SnackbarMessage(props: { role: 'status' | 'alert'; snackbar: Snackbar; onClose: () => void }) {
  const { role, snackbar, onClose } = props;
  const { t, i18n } = useTranslation();
  return (
    <div key={snackbar.id} role={role} className={styles.snackbar[snackbar.kind]} data-placement={snackbar.placement}>
      <StatusIcon name={snackbar.kind} />
      <span className={styles.message}>{translateMessage(i18n, snackbar.message)}</span>
      <Button aria-label={t('shell.snackbar.close')} onPress={onClose} className={styles.close}>
        <StatusIcon name="close" size={20} />
      </Button>
    </div>
  );
}

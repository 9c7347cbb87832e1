import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { lockQueries, useClearLock } from '../../api/locks';
import type { LockFilter } from '../../api/locks';
import type { AccountLock } from '../../contract/locks';
import { translateError } from '../../i18n/apiErrors';
import { savedSnackbar } from '../../machines/snackbar.machine';
import { useTenantId } from './useTenant';
import { useFormats } from './format';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Isolated } from '../ui/Isolated';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useSnackbarActor } from '../ui/shellActors';
import { useOneAtATime } from '../ui/useOneAtATime';
import * as styles from './account.css';

/** The latest failure the account or any of its address and device counters saw. */
const lastFailureOf = (lock: AccountLock) =>
  [lock.lastFailedAt, ...lock.counters.map((c) => c.lastFailedAt)].filter((at): at is string => !!at).sort().at(-1) ?? null;

/**
 * One account's sign-in failures (GET /api/staff/locks narrowed to it), for admins and staff: how many, whether a
 * new device must pass the emailed code step, the last failure, each address or device counter, and Clear (after a
 * confirmation). Draws nothing while the account has none; a clerk answering "it asks me for a code" sees why.
 */
export function SignInFailures({ filter, heading: Heading = 'h2' }: { filter: LockFilter; heading?: 'h2' | 'h3' }) {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const formats = useFormats();
  const snackbar = useSnackbarActor();
  const once = useOneAtATime();
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const query = useQuery(lockQueries.of(tenantId, filter));
  const clear = useClearLock(tenantId, {
    onSuccess: () => snackbar.send(savedSnackbar(t('signInFailures.cleared'))),
    onSettled: () => setConfirming(false),
  });

  if (query.isError) return <Alert>{t('signInFailures.readError', { reason: translateError(i18n, query.error) })}</Alert>;
  const lock = query.data?.locks[0];
  if (!lock) return null;
  const last = lastFailureOf(lock);
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <Heading id={titleId} className={styles.panelTitle}>
        {t('signInFailures.title')}
      </Heading>
      <ul className={styles.list}>
        {lock.accountFailures > 0 && <li>{t('signInFailures.failures', { number: formats.integer(lock.accountFailures) })}</li>}
        <li>
          <strong>{lock.codeStepRequired ? t('signInFailures.codeStep') : t('signInFailures.noCodeStep')}</strong>
        </li>
        {last && <li>{t('signInFailures.last', { date: formats.dateTime(last) })}</li>}
        {lock.counters.map((counter, i) => (
          <li key={`${counter.scope}-${i}`}>
            {counter.scope.startsWith('ip:')
              ? (
                  <Isolated values={{ address: counter.scope.slice('ip:'.length) }}>
                    {(marked) => t('signInFailures.fromAddress', { ...marked, number: formats.integer(counter.failures) })}
                  </Isolated>
                )
              : t('signInFailures.fromDevice', { number: formats.integer(counter.failures) })}
          </li>
        ))}
      </ul>
      {clear.isError && <Alert>{t('signInFailures.clearError', { reason: translateError(i18n, clear.error) })}</Alert>}
      <div className={styles.actions}>
        <Button variant="secondary" onPress={() => setConfirming(true)}>
          {t('signInFailures.clear')}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={confirming}
        question={t('signInFailures.confirm', { name: lock.displayName || lock.email })}
        confirmLabel={t('signInFailures.clear')}
        cancelLabel={t('signInFailures.cancel')}
        isPending={clear.isPending}
        onConfirm={() => once((done) => clear.mutate(lock.userId, { onSettled: done }))}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

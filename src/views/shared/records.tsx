import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { translateError } from '../../i18n/apiErrors';
import type { RecordsScope } from '../../api/records';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { useSessionActor } from '../ui/session';
import * as styles from './records.css';

export interface RecordsAccess {
  tenantId: string;
  roles: readonly string[];
  displayName: string;
  /**
   * Whose records the page shows: a patient always sees their own (whatever ids the address carries; the server
   * holds them to it too); staff and admins see the patient the address names; null when there is none to show.
   */
  scope: RecordsScope | null;
}

/** Who is asking and for whose records, from the signed-in session and the address's patient id (if any). */
export function useRecordsAccess(patientId?: string): RecordsAccess {
  const session = useSessionActor();
  const current = useSelector(session, (snapshot) => snapshot.context.session);
  const roles = current?.user.role ?? [];
  const isPatient = roles.includes('patient');
  const scope: RecordsScope | null = isPatient
    ? { kind: 'own' }
    : patientId
      ? { kind: 'patient', patientId }
      : null;
  return {
    tenantId: current?.tenantId ?? '',
    roles,
    displayName: current?.user.data.displayName ?? '',
    scope,
  };
}

/** A record page: its level-1 heading, then what it shows. */
export function RecordsPage({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={className ? `${styles.page} ${className}` : styles.page} aria-labelledby="records-title">
      <h1 id="records-title" className={styles.title}>
        {title}
      </h1>
      {children}
    </section>
  );
}

/** A friendly box for "nothing here yet" (and any other quiet message). */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className={styles.state}>
      <p className={styles.muted}>{children}</p>
    </div>
  );
}

/**
 * Loading, failed (with Try again) or the data. A 404 says the record was not found (no retry: asking again will
 * not find it); a 4xx with the API's message shows that message.
 */
export function QueryView<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t, i18n } = useTranslation();
  if (query.isPending) {
    return (
      <div className={styles.state}>
        <Spinner label={t('records.loading')} />
        {/* Said once to a screen reader: the progress bar carries the same words. */}
        <p className={styles.muted} aria-hidden="true">
          {t('records.loading')}
        </p>
      </div>
    );
  }
  if (query.isError) {
    const error = query.error;
    // A record that is not there (or not the reader's) is information, not an alarm: no alert, no retry.
    if (error instanceof ApiError && error.status === 404) return <EmptyState>{t('records.notFound')}</EmptyState>;
    const message = error instanceof ApiError && error.status < 500 && error.body ? translateError(i18n, error) : undefined;
    return (
      <div role="alert" className={styles.state}>
        <p className={styles.heading}>{t('records.loadFailed')}</p>
        <p className={styles.muted}>{message ?? t('records.loadFailedHint')}</p>
        <Button variant="secondary" onPress={() => void query.refetch()}>
          {t('records.retry')}
        </Button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}

type Tone = keyof typeof styles.tone;

/** A status in words (never colour alone). */
export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles.tone[tone]}`}>{children}</span>;
}

/** A value read left to right whatever the page direction (prescription values, codes). */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

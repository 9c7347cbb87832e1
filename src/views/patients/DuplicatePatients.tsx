import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { patientQueries, useMergePatients } from '../../api/patients';
import type { DuplicatePair, DuplicateSide } from '../../contract/patientsAdmin';
import { translateError } from '../../i18n/apiErrors';
import { useFormats } from '../shared/format';
import { useRecentsActor } from '../shared/recentsActor';
import * as list from '../shared/listPage.css';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { visuallyHidden } from '../ui/visuallyHidden.css';
import { chartHref } from './chartHref';
import * as styles from './duplicates.css';

const countKeys = ['rx', 'appointments', 'invoices', 'labOrders', 'recalls', 'forms', 'messages'] as const;


/**
 * 'Possible duplicates' above the staff patient list: pairs of records that are likely one person (the server's
 * rule, the kiosk's), each side by side with its contact details and how many records it holds, and a Merge that
 * keeps the older record after a confirmation saying what moves. Nothing is shown when there is no pair; a store
 * chosen in the list's filter shows only the pairs with a record there.
 */
export function DuplicatePatients({ tenantId, locationId, storeNames }: { tenantId: string; locationId: string; storeNames: ReadonlyMap<string, string> }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const formats = useFormats();
  const duplicates = useQuery(patientQueries.duplicates(tenantId));
  const [confirming, setConfirming] = useState<DuplicatePair | null>(null);
  const [done, setDone] = useState<{ kept: DuplicateSide; retired: DuplicateSide } | null>(null);
  const nameOf = (p: DuplicateSide) => t('patientList.name', { first: p.firstName, last: p.lastName });
  const recents = useRecentsActor();

  // Said where the pair was (a status with the kept patient's chart), rather than in a passing snackbar.
  const merge = useMergePatients(tenantId, {
    onSuccess: (result, request) => {
      // A recents entry of the retired patient leads to the kept chart from now on.
      recents?.send({ type: 'recents.patientMerged', from: result.retiredId, to: result.kept.id });
      const pair = confirming;
      setConfirming(null);
      if (pair && pair.first.id === request.keep) setDone({ kept: pair.first, retired: pair.second });
    },
    onError: () => setConfirming(null),
  });

  // Secondary to the list below it: a failure is said quietly, the list still works.
  if (duplicates.isError) return <p className={styles.error}>{t('patientList.duplicates.loadFailed')}</p>;
  const pairs = (duplicates.data?.pairs ?? []).filter((p) => !locationId || p.first.locationId === locationId || p.second.locationId === locationId);
  if (pairs.length === 0 && !done) return null;

  const failed = merge.error instanceof ApiError && merge.error.body ? translateError(i18n, merge.error) : merge.error ? t('patientList.duplicates.failed') : null;
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={list.heading}>
        {t('patientList.duplicates.title')}
      </h2>
      {done && (
        <p role="status" className={list.muted}>
          <bdi>{t('patientList.duplicates.merged', { kept: nameOf(done.kept), retired: nameOf(done.retired) })}</bdi>{' '}
          <Link href={chartHref(done.kept)} className={list.link}>
            {t('patientList.duplicates.openKept', { name: nameOf(done.kept) })}
          </Link>
        </p>
      )}
      {failed && (
        <p role="alert" className={styles.error}>
          {failed}
        </p>
      )}
      {pairs.length > 0 && (
        <>
          <p className={list.muted}>{t('patientList.duplicates.intro')}</p>
          <ul className={styles.pairs}>
            {pairs.map((pair) => (
              <li key={`${pair.first.id}:${pair.second.id}`} className={styles.pair} aria-label={t('patientList.duplicates.pairLabel', { first: nameOf(pair.first), second: nameOf(pair.second) })}>
                <div className={styles.sides}>
                  <Side patient={pair.first} older storeNames={storeNames} />
                  <Side patient={pair.second} older={false} storeNames={storeNames} />
                </div>
                <div className={styles.actions}>
                  <Button
                    onPress={() => setConfirming(pair)}
                    aria-label={t('patientList.duplicates.mergeLabel', { kept: nameOf(pair.first), retired: nameOf(pair.second) })}
                  >
                    {t('patientList.duplicates.merge')}
                  </Button>
                  <span className={list.muted}>
                    <bdi>{t('patientList.duplicates.keep', { name: nameOf(pair.first) })}</bdi>
                  </span>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        isOpen={confirming !== null}
        question={t('patientList.duplicates.confirmTitle')}
        confirmLabel={t('patientList.duplicates.confirm')}
        cancelLabel={t('patientList.duplicates.cancel')}
        isPending={merge.isPending}
        onConfirm={() => confirming && merge.mutate({ keep: confirming.first.id, retire: confirming.second.id })}
        onCancel={() => setConfirming(null)}
      >
        {confirming && (
          <>
            <p className={list.muted}>
              {t('patientList.duplicates.confirmText', {
                kept: nameOf(confirming.first),
                retired: nameOf(confirming.second),
                dateOfBirth: formats.date(confirming.second.dateOfBirth),
              })}
            </p>
            {confirming.second.hasPortalAccount && <p className={list.muted}>{t('patientList.duplicates.confirmPortal')}</p>}
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}

function Side({ patient, older, storeNames }: { patient: DuplicateSide; older: boolean; storeNames: ReadonlyMap<string, string> }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const missing = (
    <>
      <span aria-hidden="true">—</span>
      <span className={visuallyHidden}>{t('patientList.missing')}</span>
    </>
  );
  return (
    <div className={styles.side}>
      <h3 className={styles.sideTitle}>
        <Link href={chartHref(patient)} className={list.link}>
          <bdi>{t('patientList.name', { first: patient.firstName, last: patient.lastName })}</bdi>
        </Link>
      </h3>
      <p className={styles.tag}>
        {older ? t('patientList.duplicates.older') : t('patientList.duplicates.newer')} ·{' '}
        {t('patientList.duplicates.created', { date: formats.dayOf(patient.createdAt), via: t(`patientList.duplicates.via.${viaKey(patient.createdVia)}`) })}
      </p>
      {patient.hasPortalAccount && <p className={styles.tag}>{t('patientList.duplicates.portal')}</p>}
      <dl className={styles.facts}>
        <dt>{t('patientList.duplicates.dateOfBirth')}</dt>
        <dd>{formats.date(patient.dateOfBirth)}</dd>
        <dt>{t('patientList.duplicates.phone')}</dt>
        <dd>{patient.phone ? <bdi dir="ltr">{patient.phone}</bdi> : missing}</dd>
        <dt>{t('patientList.duplicates.email')}</dt>
        <dd>{patient.email ? <bdi dir="ltr">{patient.email}</bdi> : missing}</dd>
        <dt>{t('patientList.duplicates.store')}</dt>
        <dd>{storeNames.get(patient.locationId) ?? missing}</dd>
      </dl>
      <ul className={styles.counts} aria-label={t('patientList.duplicates.records')}>
        {countKeys.map((key) => (
          <li key={key}>
            {t(`patientList.duplicates.counts.${key}`)}: {formats.integer(patient.counts[key])}
          </li>
        ))}
      </ul>
    </div>
  );
}

const viaKey = (via: string) => (via === 'kiosk' || via === 'import' ? via : 'staff');

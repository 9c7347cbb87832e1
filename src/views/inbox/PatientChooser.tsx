import { useDeferredValue, useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { patientSearchQuery } from '../../api/eformsAdmin';
import { translateError } from '../../i18n/apiErrors';
import { useTenantId } from '../shared/useTenant';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import * as styles from './inbox.css';

export interface ChosenPatient {
  id: string;
  name: string;
}

/**
 * Staff writing a new message: who it is to. The patients of the clerk's stores are searched by name, email or
 * phone (the patient list's search, as the eForm assignment does); once one is chosen it shows with 'Change'.
 * The server's refusal of the patient (`problem`) shows here, at the field.
 */
export function PatientChooser({
  chosen,
  onChoose,
  problem,
  problemId,
}: {
  chosen: ChosenPatient | null;
  onChoose: (patient: ChosenPatient | null) => void;
  problem: string | null;
  problemId: string;
}) {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const fieldId = useId();
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  const found = useQuery({ ...patientSearchQuery(tenantId, { search }), enabled: chosen === null && search.length >= 2, placeholderData: keepPreviousData });
  const problemLine = problem && (
    <p id={problemId} className={styles.error} role="alert">
      {problem}
    </p>
  );

  if (chosen) {
    return (
      <div className={styles.form} role="group" aria-labelledby={fieldId} data-field="patientId" tabIndex={-1}>
        <span id={fieldId} className={styles.label}>
          {t('inbox.to')}
        </span>
        <div className={styles.bar}>
          <bdi aria-describedby={problem ? problemId : undefined}>{chosen.name}</bdi>
          <Button variant="secondary" onPress={() => onChoose(null)}>
            {t('inbox.changePatient')}
          </Button>
        </div>
        {problemLine}
      </div>
    );
  }

  const items = search.length >= 2 ? (found.data?.items ?? []) : [];
  return (
    <div className={styles.form}>
      <label htmlFor={fieldId} className={styles.label}>
        {t('inbox.findPatient')}
      </label>
      <input
        id={fieldId}
        name="patientId"
        className={styles.input}
        type="search"
        autoComplete="off"
        maxLength={100}
        value={text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {problemLine}
      {search.length >= 2 && found.isPending && <Spinner label={t('inbox.searching')} />}
      {found.isError && <Alert>{translateError(i18n, found.error)}</Alert>}
      {items.length > 0 && (
        <ul className={styles.list} aria-label={t('inbox.patientsFound')}>
          {items.map((patient) => {
            const name = `${patient.firstName} ${patient.lastName}`;
            const more = [patient.dateOfBirth, patient.email || patient.phone].filter(Boolean).join(' · ');
            return (
              <li key={patient.id}>
                <button type="button" className={styles.item} onClick={() => onChoose({ id: patient.id, name })}>
                  <span className={styles.itemHead}>
                    <bdi>{name}</bdi>
                  </span>
                  {more && <span className={styles.itemMeta}>{more}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <span role="status" className={styles.muted}>
        {search.length < 2 ? t('inbox.searchHint') : found.isSuccess && !found.isPlaceholderData && items.length === 0 ? t('inbox.noPatients') : ''}
      </span>
    </div>
  );
}

import { useEffect, useId, useState } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fetchPatientPage, patientsKey } from '../../../api/patients';
import { recordsQueries } from '../../../api/records';
import type { SaleCustomer } from '../../../machines/posSale.machine';
import { useRecentsActor } from '../../shared/recentsActor';
import { Button } from '../../ui/Button';
import { NewPatientForm } from './NewPatientForm';
import * as styles from './sale.css';

const patientSearch = (tenantId: string, search: string) =>
  queryOptions({
    queryKey: [...patientsKey(tenantId), 'pos-search', search],
    queryFn: ({ signal }) => fetchPatientPage({ search, limit: 8 }, signal),
    staleTime: 30_000,
  });

/** The patient of the chart opened last (recents' selected patient), offered first. */
function useChartPatient(): { id: string; name: string } | null {
  const recents = useRecentsActor();
  return useSelector(recents ?? undefined, (snapshot) => {
    const url = snapshot?.context.selectedPatient;
    const entry = snapshot?.context.entries.find((e) => e.url === url);
    return entry?.patientId ? { id: entry.patientId, name: entry.displayName } : null;
  }, (a, b) => a?.id === b?.id && a?.name === b?.name);
}

/**
 * Who the sale is for: a patient (searched by name, email or phone; the one whose chart is open; or a new one added
 * here) or a walk-in. Searching and adding patients need the connection; a walk-in never does.
 */
export function CustomerPicker({
  tenantId,
  locationId,
  customer,
  online,
  onChoose,
  onClear,
}: {
  tenantId: string;
  /** The register's store: a patient added here belongs to it. */
  locationId: string;
  customer: SaleCustomer | null;
  online: boolean;
  onChoose: (customer: SaleCustomer) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [adding, setAdding] = useState(false);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const chart = useChartPatient();
  // A chart opened by its address has no name in the recents until its profile loads: read the name here then.
  const chartProfile = useQuery({
    ...recordsQueries.profile(tenantId, { kind: 'patient', patientId: chart?.id ?? '' }),
    enabled: Boolean(chart && !chart.name && tenantId && online),
  });
  const chartName =
    chart?.name || (chartProfile.data ? t('patientChart.name', { first: chartProfile.data.firstName, last: chartProfile.data.lastName }) : '');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 150);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useQuery({ ...patientSearch(tenantId, search), enabled: search.length >= 2 && online && tenantId !== '', placeholderData: keepPreviousData });

  if (customer) {
    return (
      <section className={styles.section} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className={styles.heading}>
          {t('posSale.customer.title')}
        </h2>
        <p>{customer.kind === 'walkIn' ? t('posSale.customer.walkIn') : customer.name}</p>
        <div className={styles.actions}>
          <Button variant="secondary" onPress={onClear}>
            {t('posSale.customer.change')}
          </Button>
        </div>
      </section>
    );
  }

  const choose = (patient: { id: string; name: string }) => {
    onChoose({ kind: 'patient', id: patient.id, name: patient.name });
    setText('');
  };
  const items = search.length >= 2 ? (found.data?.items ?? []) : [];
  if (adding) {
    return (
      <section className={styles.section} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className={styles.heading}>
          {t('posSale.customer.title')}
        </h2>
        <NewPatientForm
          tenantId={tenantId}
          locationId={locationId}
          online={online}
          onCreated={(patient) => {
            setAdding(false);
            choose(patient);
          }}
          onCancel={() => {
            setAdding(false);
            requestAnimationFrame(() => document.getElementById(`${id}-new`)?.focus());
          }}
        />
      </section>
    );
  }
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.heading}>
        {t('posSale.customer.title')}
      </h2>
      <div className={styles.actions}>
        <Button variant="secondary" onPress={() => onChoose({ kind: 'walkIn' })}>
          {t('posSale.customer.sellWalkIn')}
        </Button>
        <Button id={`${id}-new`} variant="secondary" isDisabled={!online} aria-describedby={online ? undefined : `${id}-offline`} onPress={() => setAdding(true)}>
          {t('posSale.newPatient.open')}
        </Button>
        {chart && (
          <Button variant="secondary" onPress={() => choose({ id: chart.id, name: chartName })}>
            {chartName ? t('posSale.customer.chartPatient', { name: chartName }) : t('posSale.customer.chartPatientUnnamed')}
          </Button>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {t('posSale.customer.search')}
        </label>
        <input
          id={id}
          className={styles.input}
          type="search"
          autoComplete="off"
          maxLength={100}
          value={text}
          disabled={!online}
          aria-describedby={!online ? `${id}-offline` : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        {!online && (
          <span id={`${id}-offline`} className={styles.muted}>
            {t('apiErrors.pos.needsConnection', { what: t('posSale.needs.patients') })}
          </span>
        )}
      </div>
      {items.length > 0 && (
        <ul className={styles.payments} aria-label={t('posSale.customer.results')}>
          {items.map((patient) => {
            const name = `${patient.firstName} ${patient.lastName}`;
            return (
              <li key={patient.id}>
                <Button variant="secondary" onPress={() => choose({ id: patient.id, name })}>
                  {t('posSale.customer.choose', { name, birth: patient.dateOfBirth })}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <span role="status" className={styles.muted}>
        {search.length >= 2 && found.isSuccess && !found.isPlaceholderData && items.length === 0 && t('posSale.customer.none')}
      </span>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { patientNameQuery } from '../../api/eformsAdmin';
import { translateError } from '../../i18n/apiErrors';
import { PatientEforms } from '../eforms/admin/PatientEforms';
import { useTenantId } from '../eforms/admin/useTenant';
import * as styles from '../eforms/admin/eformsAdmin.css';
import { Alert } from '../ui/Alert';
import { Spinner } from '../ui/Spinner';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /admin/patients/{patientid}/{locationId}: the patient chart. For now its heading (the patient's name, from the
 * profile) and the eForms section; the chart's other sections come with their own issue.
 */
export function PatientChartPage({ patientId, locationId }: { patientId: string; locationId: string }) {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const patient = useQuery(patientNameQuery(tenantId, patientId));
  if (patient.isPending) {
    return (
      <section className={styles.page}>
        <Spinner label={t('patientChart.loading')} />
      </section>
    );
  }
  if (patient.isError) {
    return (
      <section className={styles.page} aria-labelledby="patient-chart-title">
        <h1 id="patient-chart-title" className={styles.title}>
          {t('patientChart.title')}
        </h1>
        <Alert>{translateError(i18n, patient.error)}</Alert>
      </section>
    );
  }
  const name = `${patient.data.firstName} ${patient.data.lastName}`;
  // The address's second part is the store; a chart opened by number falls back to the patient's own store.
  const store = uuidPattern.test(locationId) ? locationId : (patient.data.locationId ?? locationId);
  return (
    <section className={styles.page} aria-labelledby="patient-chart-title">
      <h1 id="patient-chart-title" className={styles.title}>
        {name}
      </h1>
      <p className={styles.muted}>{t('patientChart.subtitle')}</p>
      <PatientEforms patientId={patientId} patientName={name} locationId={store} />
    </section>
  );
}

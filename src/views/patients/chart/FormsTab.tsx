import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { recordsQueries } from '../../../api/records';
import { PatientEforms } from '../../eforms/admin/PatientEforms';
import { useTenantId } from '../../eforms/admin/useTenant';
import { QueryView } from '../../patient/common';
import type { ChartTabProps } from './types';

/** Tab 7: the patient's eForm assignments (assign, copy the link, send) at the chart's store. */
export default function FormsTab({ patientId, locationId }: ChartTabProps) {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const profile = useQuery(recordsQueries.profile(tenantId, { kind: 'patient', patientId }));
  return (
    <QueryView query={profile}>
      {(patient) => (
        <PatientEforms
          patientId={patientId}
          patientName={t('patientChart.name', { first: patient.firstName, last: patient.lastName })}
          locationId={locationId}
        />
      )}
    </QueryView>
  );
}

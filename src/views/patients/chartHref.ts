import type { PatientListItem } from '../../contract/patientsAdmin';

/** The patient chart of one patient at their store. */
export const chartHref = (patient: Pick<PatientListItem, 'id' | 'locationId'>) =>
  `/admin/patients/${encodeURIComponent(patient.id)}/${encodeURIComponent(patient.locationId)}`;

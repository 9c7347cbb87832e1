import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatientEformsProps } from '../../shared/slots';
import { AssignToPatientDialog } from './AssignDialog';
import { AssignmentsPanel } from './AssignmentsPanel';


/**
 * The patient chart's 'eForms' section: this patient's assignments with their status, the submitted answers
 * (read-only), and 'Assign' to send one of the store's published forms.
 */
export function PatientEforms({ patientId, patientName, locationId }: PatientEformsProps) {
  const { t } = useTranslation();
  const [assigning, setAssigning] = useState(false);
  return (
    <>
      <AssignmentsPanel patientId={patientId} title={t('eformsAdmin.patient.section')} onAssign={() => setAssigning(true)} />
      {assigning && (
        <AssignToPatientDialog patientId={patientId} patientName={patientName} locationId={locationId} onClose={() => setAssigning(false)} />
      )}
    </>
  );
}

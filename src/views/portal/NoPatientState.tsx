import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { authRoles, hasPermission } from '../../contract/access';
import { EmptyState, useRecordsAccess } from '../shared/records';
import { useViewSlot } from '../shared/slots';

/** The chart tabs (1-based, src/views/patients/chart/tabs.ts) each staff 'My Information' page shows. */
export const staffTabsOf: Record<string, readonly number[]> = {
  '/patient/demographicinfo': [1],
  '/patient/rxinfo': [2],
  '/patient/appointment': [3],
  '/patient/invoice': [4],
  '/patient/orderstatus': [5],
  '/patient/recalls': [6],
  // Notes and consents live in the details tab.
  '/patient/otherinfo': [1, 8, 9],
};

/** Shown on a bare /patient/... page to someone who is not a patient: staff see the selected patient's tabs. */
export function NoPatientState() {
  const { t } = useTranslation();
  const { roles } = useRecordsAccess();
  const [path] = useLocation();
  const StaffPatientTabs = useViewSlot('StaffPatientTabs');
  // Staff's 'My Information': the chart tabs of the patient selected in recents.
  const tabs = staffTabsOf[path.toLowerCase().replace(/\/+$/, '')];
  if (tabs && hasPermission(authRoles.staff, roles)) return <StaffPatientTabs tabs={tabs} />;
  return <EmptyState>{t('records.notOwn')}</EmptyState>;
}

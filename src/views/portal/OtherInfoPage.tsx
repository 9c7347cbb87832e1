import { useTranslation } from 'react-i18next';
import { RecordsPage } from '../shared/records';
import { NoPatientState } from './NoPatientState';

/**
 * /patient/otherinfo (staff's 'My Information'; the spec lists it without a screen): the notes and consents (the
 * details tab), messages and activity of the patient selected in recents.
 */
export function OtherInfoPage() {
  const { t } = useTranslation();
  return (
    <RecordsPage title={t('records.titles.otherInfo')}>
      <NoPatientState />
    </RecordsPage>
  );
}

import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../patient/common';
import type { ChartTabProps } from './types';

export default function AppointmentsTab(_props: ChartTabProps) {
  const { t } = useTranslation();
  return <EmptyState>{t('patientChart.loadingTab')}</EmptyState>;
}

import { useTranslation } from 'react-i18next';
import type { Appointment, Recall } from '../../contract/records';
import { Badge } from './records';
import { useFormats } from './format';
import type { Column } from './RowsTable';

/** A recall's columns, as the chart's tab and the portal's page list them: type (naming the row), due day (overdue said in words), store, status. */
export function useRecallColumns(): Column<Recall>[] {
  const { t } = useTranslation();
  const formats = useFormats();
  return [
    { heading: t('records.recalls.type'), rowHeader: true, cell: (recall) => t(`records.recalls.types.${recall.type}`) },
    {
      heading: t('records.recalls.dueOn'),
      cell: (recall) => (
        <>
          <time dateTime={recall.dueOn}>{formats.date(recall.dueOn)}</time>
          {recall.overdue && (
            <>
              {' '}
              <Badge tone="danger">{t('records.recalls.overdue')}</Badge>
            </>
          )}
        </>
      ),
    },
    { heading: t('records.recalls.store'), cell: (recall) => <bdi>{recall.storeName}</bdi> },
    { heading: t('records.recalls.status'), cell: (recall) => t(`records.recalls.statuses.${recall.status}`) },
  ];
}

/** What a visit is and where, the columns the chart's and the portal's visit tables share: type, store, provider. */
export function useVisitColumns(): Record<'type' | 'store' | 'provider', Column<Appointment>> {
  const { t } = useTranslation();
  return {
    type: { heading: t('records.appointments.type'), cell: (appointment) => t(`records.appointments.types.${appointment.type}`) },
    store: { heading: t('records.appointments.store'), cell: (appointment) => <bdi>{appointment.storeName}</bdi> },
    provider: { heading: t('records.appointments.provider'), cell: (appointment) => <bdi>{appointment.providerName}</bdi> },
  };
}

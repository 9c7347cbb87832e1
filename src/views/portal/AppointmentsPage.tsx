import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { translateError } from '../../i18n/apiErrors';
import { recordsQueries, useCancelOwnAppointment } from '../../api/records';
import type { RecordsScope } from '../../api/records';
import type { Appointment } from '../../contract/records';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useSnackbarActor } from '../ui/shellActors';
import { Badge, EmptyState, QueryView, RecordsPage, useRecordsAccess } from '../shared/records';
import { NoPatientState } from './NoPatientState';
import { BookVisit } from './BookVisit';
import { useFormats } from '../shared/format';
import * as styles from '../shared/records.css';
import { RowsTable } from '../shared/RowsTable';
import type { Column } from '../shared/RowsTable';
import { useVisitColumns } from '../shared/recordColumns';

const statusTone = (status: Appointment['status']) =>
  status === 'cancelled' || status === 'no-show' ? 'warning' : status === 'completed' ? 'neutral' : 'good';

function AppointmentTable({
  appointments,
  labelledBy,
  onCancel,
}: {
  appointments: Appointment[];
  /** The id of the heading that names the table. */
  labelledBy: string;
  onCancel?: (appointment: Appointment) => void;
}) {
  const { t } = useTranslation();
  const formats = useFormats();
  const visit = useVisitColumns();
  const when = (appointment: Appointment) => formats.dateTime(appointment.startsAt, appointment.timeZone, 'full');
  const columns: Column<Appointment>[] = [
    { heading: t('records.appointments.when'), cell: (appointment) => <time dateTime={appointment.startsAt}>{when(appointment)}</time> },
    visit.type,
    visit.store,
    visit.provider,
    {
      heading: t('records.appointments.status'),
      cell: (appointment) => <Badge tone={statusTone(appointment.status)}>{t(`records.appointments.statuses.${appointment.status}`)}</Badge>,
    },
  ];
  if (onCancel) {
    columns.push({
      heading: t('records.appointments.actions'),
      cell: (appointment) =>
        appointment.canCancel && (
          <Button variant="secondary" aria-label={t('records.appointments.cancelLabel', { when: when(appointment) })} onPress={() => onCancel(appointment)}>
            {t('records.appointments.cancel')}
          </Button>
        ),
    });
  }
  return (
    <RowsTable
      className={styles.table}
      aria-labelledby={labelledBy}
      cards={onCancel !== undefined}
      rows={appointments}
      rowKey={(appointment) => appointment.id}
      columns={columns}
    />
  );
}

function Appointments({ scope, tenantId }: { scope: RecordsScope; tenantId: string }) {
  const { t, i18n } = useTranslation();
  const formats = useFormats();
  const snackbar = useSnackbarActor();
  const query = useQuery(recordsQueries.appointments(tenantId, scope));
  const [asking, setAsking] = useState<Appointment | null>(null);
  const [booking, setBooking] = useState(false);
  // Whatever happened, the hook shows what the server now has (the visit, the home page's next visit).
  const cancel = useCancelOwnAppointment(tenantId, scope, {
    onSuccess: () => snackbar.send({ type: 'snackbar.show', kind: 'success', message: t('records.appointments.cancelled') }),
    onError: (error) =>
      snackbar.send({
        type: 'snackbar.show',
        kind: 'error',
        message:
          error instanceof ApiError && error.status < 500 && error.body ? translateError(i18n, error) : t('records.appointments.cancelFailed'),
      }),
    onSettled: () => setAsking(null),
  });

  return (
    <QueryView query={query}>
      {({ upcoming, past }) => (
        <>
          {scope.kind === 'own' &&
            (booking ? (
              <BookVisit tenantId={tenantId} onClose={() => setBooking(false)} />
            ) : (
              <div className={styles.actions}>
                <Button onPress={() => setBooking(true)}>{t('booking.bookAction')}</Button>
              </div>
            ))}
          <p className={styles.muted}>{t('records.appointments.zoneNote')}</p>
          <h2 id="upcoming-visits" className={styles.heading}>
            {t('records.appointments.upcoming')}
          </h2>
          {upcoming.length === 0 ? (
            <EmptyState>{t('records.appointments.noUpcoming')}</EmptyState>
          ) : (
            <AppointmentTable
              appointments={upcoming}
              labelledBy="upcoming-visits"
              onCancel={scope.kind === 'own' ? setAsking : undefined}
            />
          )}
          <h2 id="past-visits" className={styles.heading}>
            {t('records.appointments.past')}
          </h2>
          {past.length === 0 ? (
            <EmptyState>{t('records.appointments.noPast')}</EmptyState>
          ) : (
            <AppointmentTable appointments={past} labelledBy="past-visits" />
          )}
          <ConfirmDialog
            isOpen={asking !== null}
            question={
              asking
                ? t('records.appointments.cancelQuestion', {
                    type: t(`records.appointments.types.${asking.type}`),
                    store: asking.storeName,
                    when: formats.dateTime(asking.startsAt, asking.timeZone, 'full'),
                  })
                : ''
            }
            confirmLabel={t('records.appointments.cancelYes')}
            cancelLabel={t('records.appointments.cancelNo')}
            isPending={cancel.isPending}
            onConfirm={() => asking && cancel.mutate(asking.id)}
            onCancel={() => !cancel.isPending && setAsking(null)}
          />
        </>
      )}
    </QueryView>
  );
}

/** /patient/appointment: upcoming and past visits in the store's time zone; an upcoming one may be cancelled. */
export function AppointmentsPage() {
  const { t } = useTranslation();
  const { scope, tenantId } = useRecordsAccess();
  return (
    <RecordsPage title={t('records.titles.appointments')}>
      {scope ? <Appointments scope={scope} tenantId={tenantId} /> : <NoPatientState />}
    </RecordsPage>
  );
}

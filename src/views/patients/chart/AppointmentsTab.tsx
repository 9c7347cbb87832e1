import { useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { chartQueries, useBookAppointment, useMoveAppointment } from '../../../api/chart';
import { ApiError } from '../../../api/http';
import { recordsQueries } from '../../../api/records';
import { storesQuery } from '../../../api/stores';
import type { Appointment } from '../../../contract/records';
import { appointmentEdges, appointmentTypes } from '../../../contract/sales';
import type { AppointmentStatus } from '../../../contract/sales';
import { translateError } from '../../../i18n/apiErrors';
import { savedSnackbar } from '../../../machines/snackbar.machine';
import { useTenantId } from '../../shared/useTenant';
import { Badge, EmptyState, QueryView } from '../../shared/records';
import { useFormats } from '../../shared/format';
import { useUnsavedChanges } from '../../shared/useUnsavedChanges';
import { Button } from '../../ui/Button';
import { ErrorSummary } from '../../ui/ErrorSummary';
import { useErrorSummary } from '../../ui/useErrorSummary';
import { table } from '../../ui/dataTable.css';
import { useSnackbarActor } from '../../ui/shellActors';
import { TextField } from '../../ui/TextField';
import * as styles from './chart.css';
import { useFieldErrors } from '../../shared/fieldErrors';
import { SelectField } from '../../shared/fields';
import type { ChartTabProps } from './types';
import { zonedToIso } from '../../../contract/zonedTime';
import { useOneAtATime } from '../../ui/useOneAtATime';
import { ChartForm, FormActions, MoveButtons } from './chartControls';
import { RowsTable } from '../../shared/RowsTable';
import { useVisitColumns } from '../../shared/recordColumns';

const lengths = [10, 15, 20, 30, 45, 60, 90, 120] as const;
/** The staff moves, in the order a visit goes. */
const moves: readonly AppointmentStatus[] = ['confirmed', 'checked-in', 'completed', 'no-show', 'cancelled'];

interface BookingDraft {
  locationId: string;
  providerId: string;
  type: string;
  date: string;
  time: string;
  durationMinutes: string;
  notes: string;
}

/** Book a visit: store, provider, type, start (the store's local time) and length. A taken slot is refused (409). */
function BookingForm({ patientId, locationId, onDone }: { patientId: string; locationId: string; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const tenantId = useTenantId();
  const snackbar = useSnackbarActor();
  const stores = useQuery(storesQuery(tenantId));
  const initial: BookingDraft = { locationId, providerId: '', type: 'eye-exam', date: '', time: '', durationMinutes: '30', notes: '' };
  const [draft, setDraft] = useState(initial);
  useUnsavedChanges(JSON.stringify(draft) !== JSON.stringify(initial));
  const providers = useQuery({ ...chartQueries.providers(tenantId, draft.locationId), enabled: draft.locationId !== '' });
  const store = stores.data?.stores.find((s) => s.id === draft.locationId);
  const providerId = draft.providerId || providers.data?.providers[0]?.id || '';
  const once = useOneAtATime();
  const mutation = useBookAppointment(tenantId, patientId, {
    onSuccess: () => {
      snackbar.send(savedSnackbar(t('patientChart.appointments.booked')));
      onDone();
    },
  });
  const serverFields = useFieldErrors(mutation.error);
  const taken = mutation.error instanceof ApiError && mutation.error.body?.code === 'appointments.slotTaken';
  const takenText = taken ? translateError(i18n, mutation.error) : undefined;
  const timeError = serverFields.startsAt ?? takenText;
  // A day or time left empty is told at once, in the reader's words (the server would name only the start).
  const [missing, setMissing] = useState<Record<string, string>>({});
  const fields: Record<string, string> = { ...serverFields, ...(timeError ? { time: timeError } : {}), ...missing };
  // The start is told at the time field, the one the person reads it at (the form has no 'startsAt').
  const { startsAt: _startsAt, ...shown } = fields;
  const { summary, refuse, accept } = useErrorSummary({
    error: mutation.error,
    fields: shown,
    labels: {
      locationId: t('patientChart.appointments.store'),
      providerId: t('patientChart.appointments.provider'),
      type: t('patientChart.appointments.type'),
      date: t('patientChart.appointments.date'),
      time: t('patientChart.appointments.time'),
      durationMinutes: t('patientChart.appointments.length'),
      notes: t('patientChart.appointments.notes'),
    },
    title: t('patientChart.fixFields'),
  });
  const set = (patch: Partial<BookingDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const empty = {
      ...(draft.date ? {} : { date: t('patientChart.appointments.dateRequired') }),
      ...(draft.time ? {} : { time: t('patientChart.appointments.timeRequired') }),
      // A store without providers is told so (the list is empty), not only that one is missing.
      ...(providerId
        ? {}
        : { providerId: providers.data?.providers.length === 0 ? t('patientChart.appointments.noProviders') : t('patientChart.appointments.providerRequired') }),
    };
    setMissing(empty);
    if (Object.keys(empty).length > 0) {
      mutation.reset();
      return refuse();
    }
    accept();
    once((done) =>
      mutation.mutate(
        {
          patientId,
          locationId: draft.locationId,
          providerId,
          type: draft.type as Appointment['type'],
          // An unreadable start goes as typed: the server answers the field's rule.
          startsAt: (store && zonedToIso(draft.date, draft.time, store.timeZone)) ?? `${draft.date}T${draft.time}`,
          durationMinutes: Number(draft.durationMinutes),
          notes: draft.notes,
        },
        { onSettled: done },
      ),
    );
  };

  return (
    <ChartForm id="booking-title" title={t('patientChart.appointments.bookTitle')} onSubmit={submit} fields={fields}>
      {summary && <ErrorSummary {...summary} />}
      <div className={styles.fieldGrid}>
        <SelectField
          name="locationId"
          label={t('patientChart.appointments.store')}
          value={draft.locationId}
          onChange={(v) => set({ locationId: v, providerId: '' })}
          error={fields.locationId}
          options={(stores.data?.stores ?? []).map((s) => ({ value: s.id, label: s.name, dir: 'auto' as const }))}
        />
        <SelectField
          name="providerId"
          label={t('patientChart.appointments.provider')}
          value={providerId}
          onChange={(v) => set({ providerId: v })}
          error={fields.providerId}
          isDisabled={!providers.data}
          options={(providers.data?.providers ?? []).map((p) => ({ value: p.id, label: p.name, dir: 'auto' as const }))}
        />
        <SelectField
          name="type"
          label={t('patientChart.appointments.type')}
          value={draft.type}
          onChange={(v) => set({ type: v })}
          error={fields.type}
          options={appointmentTypes.map((type) => ({ value: type, label: t(`records.appointments.types.${type}`) }))}
        />
        <TextField name="date" label={t('patientChart.appointments.date')} type="date" isRequired value={draft.date} onChange={(v) => set({ date: v })} />
        <TextField name="time" label={t('patientChart.appointments.time')} type="time" isRequired value={draft.time} onChange={(v) => set({ time: v })} />
        <SelectField
          name="durationMinutes"
          label={t('patientChart.appointments.length')}
          value={draft.durationMinutes}
          onChange={(v) => set({ durationMinutes: v })}
          error={fields.durationMinutes}
          options={lengths.map((n) => ({ value: String(n), label: t('patientChart.appointments.minutes', { count: n }) }))}
        />
      </div>
      {store && <p className={styles.muted}>{t('patientChart.appointments.zone', { zone: store.timeZone })}</p>}
      <TextField name="notes" label={t('patientChart.appointments.notes')} value={draft.notes} onChange={(v) => set({ notes: v })} />
      <FormActions submit={t('patientChart.appointments.book')} pending={mutation.isPending} onCancel={onDone} />
    </ChartForm>
  );
}

/** The next moves of one visit as buttons (none when it has none). */
function Moves({ appointment, patientId, when }: { appointment: Appointment; patientId: string; when: string }) {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const mutation = useMoveAppointment(tenantId, patientId, appointment.id);
  const next = moves.filter((to) => appointmentEdges[appointment.status].includes(to));
  if (next.length === 0) return null;
  return (
    <MoveButtons
      next={next}
      mutation={mutation}
      secondary={(to) => to === 'cancelled' || to === 'no-show'}
      text={(to) => t(`patientChart.appointments.moves.${to}`)}
      label={(to) => t(`patientChart.appointments.moveLabels.${to}`, { when })}
    />
  );
}

function Visits({ list, patientId, label }: { list: Appointment[]; patientId: string; label: string }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const when = (appointment: Appointment) => formats.dateTime(appointment.startsAt, appointment.timeZone);
  const visit = useVisitColumns();
  return (
    <RowsTable
      className={table}
      aria-label={label}
      cards
      rows={list}
      rowKey={(appointment) => appointment.id}
      columns={[
        {
          heading: t('records.appointments.when'),
          rowHeader: true,
          cell: (appointment) => (
            <>
              <time dateTime={appointment.startsAt}>{when(appointment)}</time> (
              {t('patientChart.appointments.minutes', { count: appointment.durationMinutes })})
            </>
          ),
        },
        visit.type,
        visit.store,
        visit.provider,
        {
          heading: t('records.appointments.status'),
          cell: (appointment) => (
            <Badge tone={appointment.status === 'cancelled' || appointment.status === 'no-show' ? 'warning' : 'neutral'}>
              {t(`patientChart.appointments.statuses.${appointment.status}`)}
            </Badge>
          ),
        },
        { heading: t('records.appointments.bookedVia'), cell: (appointment) => t(`records.appointments.sources.${appointment.source}`) },
        {
          heading: t('records.appointments.reply'),
          cell: (appointment) =>
            appointment.patientReply ? (
              <>
                {t(`records.appointments.replies.${appointment.patientReply.answer}_${appointment.patientReply.channel}`)}
                <br />
                <time dateTime={appointment.patientReply.at}>{formats.dateTime(appointment.patientReply.at, appointment.timeZone)}</time>
              </>
            ) : (
              t(`records.appointments.replies.${appointment.status === 'booked' ? 'unconfirmed' : 'none'}`)
            ),
        },
        {
          heading: t('records.appointments.actions'),
          cell: (appointment) => <Moves appointment={appointment} patientId={patientId} when={when(appointment)} />,
        },
      ]}
    />
  );
}

/** Tab 3: book a visit; upcoming and past visits with their next moves (check in, complete, no-show, cancel). */
export default function AppointmentsTab({ patientId, locationId }: ChartTabProps) {
  const { t } = useTranslation();
  const tenantId = useTenantId();
  const query = useQuery(recordsQueries.appointments(tenantId, { kind: 'patient', patientId }));
  const [booking, setBooking] = useState(false);
  return (
    <div className={styles.section}>
      {booking ? (
        <BookingForm patientId={patientId} locationId={locationId} onDone={() => setBooking(false)} />
      ) : (
        <div className={styles.toolbar}>
          <Button onPress={() => setBooking(true)}>{t('patientChart.appointments.bookAction')}</Button>
        </div>
      )}
      <QueryView query={query}>
        {({ upcoming, past }) => (
          <>
            <h2 className={styles.sectionHeading}>{t('records.appointments.upcoming')}</h2>
            {upcoming.length === 0 ? (
              <EmptyState>{t('patientChart.appointments.noUpcoming')}</EmptyState>
            ) : (
              <Visits list={upcoming} patientId={patientId} label={t('records.appointments.upcoming')} />
            )}
            <h2 className={styles.sectionHeading}>{t('records.appointments.past')}</h2>
            {past.length === 0 ? (
              <EmptyState>{t('patientChart.appointments.noPast')}</EmptyState>
            ) : (
              <Visits list={past} patientId={patientId} label={t('records.appointments.past')} />
            )}
          </>
        )}
      </QueryView>
    </div>
  );
}

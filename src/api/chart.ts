import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { PatientActivity, PatientMessages, ProviderList } from '../contract/chart';
import { PatientAdminView } from '../contract/patientsAdmin';
import type { PatientUpdate } from '../contract/patientsAdmin';
import { RxCreated, RxGiven } from '../contract/rx';
import type { ContactLensRxInput, SpectacleRxInput } from '../contract/rx';
import { AppointmentView, RecallView } from '../contract/sales';
import type { AppointmentCreate, AppointmentStatus, RecallCreate, RecallStatus } from '../contract/sales';
import { apiRequest } from './http';
import { changedMeanwhile } from './mutations';
import type { ViewEffects } from './mutations';
import { recordsKey } from './records';

/**
 * The staff chart's writes and its own reads (src/views/patients/chart). Reads shared with the patient portal are
 * in ./records.ts (keyed per patient under recordsKey); a write invalidates that patient's records.
 */

const id = encodeURIComponent;
type Eyes<T> = Omit<T, 'right' | 'left'> & { right: unknown; left: unknown };

/** The rx body as typed; the server checks every value and answers field messages ('right.axis'). */
export type SpectacleRxDraft = Eyes<Partial<SpectacleRxInput>>;
export type ContactLensRxDraft = Eyes<Partial<ContactLensRxInput>>;

/** A new Rx (no `correcting`), or a correction of the version the clerk opened. */
type Correcting = { id: string; version: string } | null;

export const saveSpectacleRx = (patientId: string, correcting: Correcting, body: SpectacleRxDraft) =>
  apiRequest(`/api/patients/${id(patientId)}/spectacle-rx${correcting ? `/${id(correcting.id)}` : ''}`, {
    method: correcting ? 'PUT' : 'POST',
    body,
    version: correcting?.version,
    schema: RxCreated,
  });

export const saveContactLensRx = (patientId: string, correcting: Correcting, body: ContactLensRxDraft) =>
  apiRequest(`/api/patients/${id(patientId)}/contact-lens-rx${correcting ? `/${id(correcting.id)}` : ''}`, {
    method: correcting ? 'PUT' : 'POST',
    body,
    version: correcting?.version,
    schema: RxCreated,
  });

export const markRxGiven = (patientId: string, rxId: string) =>
  apiRequest(`/api/patients/${id(patientId)}/prescriptions/${id(rxId)}/given`, { method: 'POST', schema: RxGiven });

/** Saves the changed fields over the version the clerk read (`version`: its updatedAt). */
export const updatePatient = (patientId: string, version: string, body: PatientUpdate) =>
  apiRequest(`/api/patients/${id(patientId)}`, { method: 'PATCH', body, version, schema: PatientAdminView });

export const bookAppointment = (body: Omit<AppointmentCreate, 'notes'> & { notes?: string }) =>
  apiRequest('/api/appointments', { method: 'POST', body, schema: AppointmentView });

export const moveAppointment = (appointmentId: string, to: AppointmentStatus) =>
  apiRequest(`/api/appointments/${id(appointmentId)}/status`, { method: 'POST', body: { to }, schema: AppointmentView });

export const createRecall = (body: Omit<RecallCreate, 'notes'> & { notes?: string }) =>
  apiRequest('/api/recalls', { method: 'POST', body, schema: RecallView });

export const moveRecall = (recallId: string, to: RecallStatus) =>
  apiRequest(`/api/recalls/${id(recallId)}/status`, { method: 'POST', body: { to }, schema: RecallView });

const pageQuery = (before: string | undefined) => (before ? `?before=${id(before)}` : '');

export const chartQueries = {
  providers: (tenantId: string, locationId: string) =>
    queryOptions({
      queryKey: ['t', tenantId, 'providers', locationId],
      queryFn: ({ signal }) => apiRequest(`/api/appointments/providers?locationId=${id(locationId)}`, { schema: ProviderList, signal }),
      staleTime: 5 * 60_000,
    }),
  messages: (tenantId: string, patientId: string) =>
    infiniteQueryOptions({
      queryKey: [...recordsKey(tenantId, { kind: 'patient', patientId }), 'messages'],
      queryFn: ({ pageParam, signal }) =>
        apiRequest(`/api/patients/${id(patientId)}/messages${pageQuery(pageParam)}`, { schema: PatientMessages, signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  activity: (tenantId: string, patientId: string) =>
    infiniteQueryOptions({
      queryKey: [...recordsKey(tenantId, { kind: 'patient', patientId }), 'activity'],
      queryFn: ({ pageParam, signal }) =>
        apiRequest(`/api/patients/${id(patientId)}/activity${pageQuery(pageParam)}`, { schema: PatientActivity, signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
};

// ---- mutations ------------------------------------------------------------------------------------------------------

/** Every chart write changes what the chart reads of that patient (all under their recordsKey). */
function useInvalidatePatient(tenantId: string, patientId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: recordsKey(tenantId, { kind: 'patient', patientId }) });
}

export type RxSave =
  | { kind: 'spectacle'; correcting: Correcting; body: SpectacleRxDraft }
  | { kind: 'contact-lens'; correcting: Correcting; body: ContactLensRxDraft };

/** A new Rx or a correction; a refused stale correction reads the newer version at once. */
export function useSaveRx(tenantId: string, patientId: string, view: ViewEffects<RxCreated, RxSave> = {}) {
  const invalidate = useInvalidatePatient(tenantId, patientId);
  return useMutation({
    mutationFn: (rx: RxSave) =>
      rx.kind === 'spectacle' ? saveSpectacleRx(patientId, rx.correcting, rx.body) : saveContactLensRx(patientId, rx.correcting, rx.body),
    onError: (error, rx) => {
      if (changedMeanwhile(error)) void invalidate();
      view.onError?.(error, rx);
    },
    onSuccess: (saved, rx) => {
      void invalidate();
      view.onSuccess?.(saved, rx);
    },
  });
}

/** Pending until the chart is read again, so the button shows the date as soon as it stops spinning. */
export function useMarkRxGiven(tenantId: string, patientId: string) {
  const invalidate = useInvalidatePatient(tenantId, patientId);
  return useMutation({ mutationFn: (rxId: string) => markRxGiven(patientId, rxId), onSettled: invalidate });
}

export type PatientSave = { version: string; changes: PatientUpdate };

export function useUpdatePatient(tenantId: string, patientId: string, view: ViewEffects<PatientAdminView, PatientSave> = {}) {
  const client = useQueryClient();
  const invalidate = useInvalidatePatient(tenantId, patientId);
  return useMutation({
    mutationFn: ({ version, changes }: PatientSave) => updatePatient(patientId, version, changes),
    onError: (error, sent) => {
      if (changedMeanwhile(error)) void invalidate();
      view.onError?.(error, sent);
    },
    onSuccess: (saved, sent) => {
      void invalidate();
      // The patient lists show the name, phone and email too.
      void client.invalidateQueries({ queryKey: ['t', tenantId, 'patients'] });
      view.onSuccess?.(saved, sent);
    },
  });
}

type AppointmentBooking = Parameters<typeof bookAppointment>[0];

export function useBookAppointment(tenantId: string, patientId: string, view: ViewEffects<AppointmentView, AppointmentBooking> = {}) {
  const invalidate = useInvalidatePatient(tenantId, patientId);
  return useMutation({
    mutationFn: (booking: AppointmentBooking) => bookAppointment(booking),
    onSuccess: (booked, booking) => {
      void invalidate();
      view.onSuccess?.(booked, booking);
    },
  });
}

export function useMoveAppointment(tenantId: string, patientId: string, appointmentId: string) {
  const invalidate = useInvalidatePatient(tenantId, patientId);
  return useMutation({ mutationFn: (to: AppointmentStatus) => moveAppointment(appointmentId, to), onSettled: invalidate });
}

type RecallDraft = Parameters<typeof createRecall>[0];

export function useCreateRecall(tenantId: string, patientId: string, view: ViewEffects<RecallView, RecallDraft> = {}) {
  const invalidate = useInvalidatePatient(tenantId, patientId);
  return useMutation({
    mutationFn: (recall: RecallDraft) => createRecall(recall),
    onSuccess: (created, recall) => {
      void invalidate();
      view.onSuccess?.(created, recall);
    },
  });
}

export function useMoveRecall(tenantId: string, patientId: string, recallId: string) {
  const invalidate = useInvalidatePatient(tenantId, patientId);
  return useMutation({ mutationFn: (to: RecallStatus) => moveRecall(recallId, to), onSettled: invalidate });
}

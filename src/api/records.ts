import { useCallback } from 'react';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AppointmentLists,
  EnterpriseSummary,
  InvoiceDetail,
  InvoiceList,
  LabOrderList,
  PatientDashboard,
  PatientProfile,
  Prescriptions,
  RecallList,
  RxOrders,
} from '../contract/records';
import type { ContactUpdate } from '../contract/records';
import { KioskRegistered } from '../contract/patientsAdmin';
import type { KioskDraft } from '../machines/kioskRegistration.machine';
import { z } from '../contract/zod';
import { apiRequest } from './http';
import type { ViewEffects } from './mutations';
import { recordsPaths } from './recordsPaths';
import type { RecordsScope } from './recordsPaths';

/**
 * Patient records: one fetcher per endpoint (addresses in ./recordsPaths.ts) and TanStack Query options
 * keyed by tenant. The server decides what each caller may see.
 */
export type { RecordsScope };

const scopeKey = (scope: RecordsScope) => (scope.kind === 'own' ? 'own' : scope.patientId);

/** Every records query of a tenant starts with this key (the session's end clears the whole cache). */
export const recordsKey = (tenantId: string, scope: RecordsScope) => ['t', tenantId, 'records', scopeKey(scope)] as const;

export const fetchProfile = (scope: RecordsScope, signal?: AbortSignal) =>
  apiRequest(recordsPaths.profile(scope), { schema: PatientProfile, signal });
export const fetchPrescriptions = (scope: RecordsScope, signal?: AbortSignal) =>
  apiRequest(recordsPaths.prescriptions(scope), { schema: Prescriptions, signal });
export const fetchRxOrders = (scope: RecordsScope, rxId: string, signal?: AbortSignal) =>
  apiRequest(recordsPaths.rxOrders(scope, rxId), { schema: RxOrders, signal });
export const fetchAppointments = (scope: RecordsScope, signal?: AbortSignal) =>
  apiRequest(recordsPaths.appointments(scope), { schema: AppointmentLists, signal });
export const fetchInvoices = (scope: RecordsScope, signal?: AbortSignal) =>
  apiRequest(recordsPaths.invoices(scope), { schema: InvoiceList, signal });
export const fetchInvoice = (scope: RecordsScope, invoiceId: string, signal?: AbortSignal) =>
  apiRequest(recordsPaths.invoice(scope, invoiceId), { schema: InvoiceDetail, signal });
export const fetchRecalls = (scope: RecordsScope, signal?: AbortSignal) =>
  apiRequest(recordsPaths.recalls(scope), { schema: RecallList, signal });
export const fetchOrders = (scope: RecordsScope, signal?: AbortSignal) =>
  apiRequest(recordsPaths.orders(scope), { schema: LabOrderList, signal });
export const fetchDashboard = (signal?: AbortSignal) =>
  apiRequest(recordsPaths.dashboard(), { schema: PatientDashboard, signal });
export const fetchEnterpriseSummary = (signal?: AbortSignal) =>
  apiRequest(recordsPaths.enterpriseSummary(), { schema: EnterpriseSummary, signal });

/** The patient corrects their contact details; the answer is the updated profile. */
export const updateProfile = (changes: ContactUpdate, signal?: AbortSignal) =>
  apiRequest(recordsPaths.profile({ kind: 'own' }), { method: 'PATCH', body: changes, schema: PatientProfile, signal });

/** Whatever the cancel call answers, the lists are fetched again afterwards. */
const anyAnswer = z.unknown();

/** The patient cancels one of their upcoming visits (when the store allows it: `canCancel`). */
export const cancelAppointment = (appointmentId: string, signal?: AbortSignal) =>
  apiRequest(recordsPaths.cancelAppointment(appointmentId), {
    method: 'POST',
    body: {},
    schema: anyAnswer,
    signal,
  });

/** The kiosk registers a walk-in patient at its own store; the answer says only whom to greet. */
export const registerAtKiosk = (values: KioskDraft, signal?: AbortSignal) =>
  apiRequest('/api/kiosk/patients', { method: 'POST', body: values, schema: KioskRegistered, signal });

export const recordsQueries = {
  profile: (tenantId: string, scope: RecordsScope) =>
    queryOptions({
      queryKey: [...recordsKey(tenantId, scope), 'profile'],
      queryFn: ({ signal }) => fetchProfile(scope, signal),
    }),
  prescriptions: (tenantId: string, scope: RecordsScope) =>
    queryOptions({
      queryKey: [...recordsKey(tenantId, scope), 'prescriptions'],
      queryFn: ({ signal }) => fetchPrescriptions(scope, signal),
    }),
  rxOrders: (tenantId: string, scope: RecordsScope, rxId: string) =>
    queryOptions({
      queryKey: [...recordsKey(tenantId, scope), 'prescriptions', rxId, 'orders'],
      queryFn: ({ signal }) => fetchRxOrders(scope, rxId, signal),
    }),
  appointments: (tenantId: string, scope: RecordsScope) =>
    queryOptions({
      queryKey: [...recordsKey(tenantId, scope), 'appointments'],
      queryFn: ({ signal }) => fetchAppointments(scope, signal),
    }),
  invoices: (tenantId: string, scope: RecordsScope) =>
    queryOptions({
      queryKey: [...recordsKey(tenantId, scope), 'invoices'],
      queryFn: ({ signal }) => fetchInvoices(scope, signal),
    }),
  invoice: (tenantId: string, scope: RecordsScope, invoiceId: string) =>
    queryOptions({
      queryKey: [...recordsKey(tenantId, scope), 'invoices', invoiceId],
      queryFn: ({ signal }) => fetchInvoice(scope, invoiceId, signal),
    }),
  recalls: (tenantId: string, scope: RecordsScope) =>
    queryOptions({
      queryKey: [...recordsKey(tenantId, scope), 'recalls'],
      queryFn: ({ signal }) => fetchRecalls(scope, signal),
    }),
  orders: (tenantId: string, scope: RecordsScope) =>
    queryOptions({
      queryKey: [...recordsKey(tenantId, scope), 'orders'],
      queryFn: ({ signal }) => fetchOrders(scope, signal),
    }),
  dashboard: (tenantId: string) =>
    queryOptions({
      queryKey: [...recordsKey(tenantId, { kind: 'own' }), 'dashboard'],
      queryFn: ({ signal }) => fetchDashboard(signal),
    }),
  enterpriseSummary: (tenantId: string) =>
    queryOptions({
      queryKey: ['t', tenantId, 'enterprise', 'summary'],
      queryFn: ({ signal }) => fetchEnterpriseSummary(signal),
    }),
};

/** A form the patient filled in (or that closed) leaves the dashboard's 'Forms to fill in'. Stable, for an effect. */
export function useRefreshDashboard(tenantId: string) {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: recordsQueries.dashboard(tenantId).queryKey }), [client, tenantId]);
}

/** The patient's contact details corrected: the answer is their profile, and the rest of their records is read again. */
export function useUpdateOwnProfile(tenantId: string, view: ViewEffects<PatientProfile, ContactUpdate> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: ContactUpdate) => updateProfile(changes),
    onSuccess: (updated, changes) => {
      const scope: RecordsScope = { kind: 'own' };
      client.setQueryData(recordsQueries.profile(tenantId, scope).queryKey, updated);
      void client.invalidateQueries({ queryKey: recordsKey(tenantId, scope) });
      view.onSuccess?.(updated, changes);
    },
  });
}

/** A patient cancels a visit; whatever happened, their records (the visit, the home page's next visit) are read again. */
export function useCancelOwnAppointment(tenantId: string, scope: RecordsScope, view: ViewEffects<unknown, string> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (appointmentId: string) => cancelAppointment(appointmentId),
    onSuccess: view.onSuccess,
    onError: view.onError,
    onSettled: (data, error, appointmentId) => {
      view.onSettled?.(data, error, appointmentId);
      return client.invalidateQueries({ queryKey: recordsKey(tenantId, scope) });
    },
  });
}

/** The kiosk's registration answer is kept under this key only until the next person (then removed). */
export const kioskKey = (tenantId: string) => ['t', tenantId, 'kiosk', 'registration'] as const;

/**
 * The kiosk's registration of one person: `register` sends it; `forget` drops it from the mutation and from TanStack
 * Query's mutation cache, so the next person at the kiosk finds nothing of the previous one.
 */
export function useKioskRegistration(tenantId: string) {
  const client = useQueryClient();
  const mutationKey = kioskKey(tenantId);
  const registration = useMutation({ mutationKey, mutationFn: (values: KioskDraft) => registerAtKiosk(values) });
  return {
    register: registration.mutateAsync,
    forget() {
      registration.reset();
      const cache = client.getMutationCache();
      for (const mutation of cache.findAll({ mutationKey })) cache.remove(mutation);
    },
  };
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { BookedVisit, BookingOptions, BookingSettings, FreeSlots, StoreDay } from '../contract/booking';
import type { BookingRules, PatientBookingCreate, SlotsQuery, StoreDayQuery } from '../contract/booking';
import { apiRequest } from './http';
import type { ViewEffects } from './mutations';
import { recordsKey } from './records';

/**
 * Online booking: a store's rules (admins, General settings 'Online booking') and the patient's stores, free slots
 * and booking. A booking (or a refusal that says the slot is gone) reads the slots again; a booking also the
 * patient's own records (the appointments, and the home's forms to fill in that came with it).
 */
const bookingKey = (tenantId: string) => ['t', tenantId, 'booking'] as const;

export const bookingSettingsQuery = (tenantId: string, locationId: string) =>
  queryOptions({
    queryKey: [...bookingKey(tenantId), 'settings', locationId],
    queryFn: ({ signal }) => apiRequest(`/api/settings/booking/${encodeURIComponent(locationId)}`, { schema: BookingSettings, signal }),
  });

export function useSaveBookingRules(tenantId: string, locationId: string, view: ViewEffects<BookingSettings, BookingRules> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rules: BookingRules) => apiRequest(`/api/settings/booking/${encodeURIComponent(locationId)}`, { method: 'PUT', body: rules, schema: BookingSettings }),
    onSuccess: (settings, rules) => {
      client.setQueryData(bookingSettingsQuery(tenantId, locationId).queryKey, settings);
      view.onSuccess?.(settings, rules);
    },
    onError: view.onError,
  });
}

export const bookingStoresQuery = (tenantId: string) =>
  queryOptions({
    queryKey: [...bookingKey(tenantId), 'stores'],
    queryFn: ({ signal }) => apiRequest('/api/my/booking/stores', { schema: BookingOptions, signal }),
  });

export const freeSlotsQuery = (tenantId: string, query: SlotsQuery) =>
  queryOptions({
    queryKey: [...bookingKey(tenantId), 'slots', query],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ locationId: query.locationId, type: query.type, from: query.from, to: query.to, ...(query.providerId ? { providerId: query.providerId } : {}) });
      return apiRequest(`/api/my/booking/slots?${params}`, { schema: FreeSlots, signal });
    },
  });

/** Staff: a store's day, per provider the hours, free slots and live visits (GET /api/booking/day). */
export const storeDayQuery = (tenantId: string, query: StoreDayQuery) =>
  queryOptions({
    queryKey: [...bookingKey(tenantId), 'day', query],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ locationId: query.locationId, date: query.date, type: query.type });
      return apiRequest(`/api/booking/day?${params}`, { schema: StoreDay, signal });
    },
  });

/** The patient books a slot; whatever the answer, the slots are read again (a refusal means someone took it). */
export function useBookVisit(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (booking: PatientBookingCreate) => apiRequest('/api/my/booking', { method: 'POST', body: booking, schema: BookedVisit }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [...recordsKey(tenantId, { kind: 'own' })] }),
    onSettled: () => void client.invalidateQueries({ queryKey: [...bookingKey(tenantId), 'slots'] }),
  });
}

// The store's public booking page (/{company}/{store}/book, a guest) calls the API without queries: ./guestBooking.ts.

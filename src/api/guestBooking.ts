import { useCallback, useEffect, useState } from 'react';
import { BookedVisit, FreeSlots, GuestBookingStore, GuestCodeSent } from '../contract/booking';
import type { GuestBookingConfirm, GuestBookingRequest, GuestSlotsQuery } from '../contract/booking';
import { apiRequest } from './http';

/**
 * The store's public booking page's calls (/{company}/{store}/book: a guest, no session), without TanStack Query:
 * a guest page of a few calls whose answers no other page shares, so it does not download the query library
 * (bench/booking-js.ts; like the public eForm page, whose machine calls the API itself). The signed-in patient's
 * booking keeps its queries and mutations (./booking.ts).
 */
const guestPath = (company: string, store: string) => `/api/book/${encodeURIComponent(company)}/${encodeURIComponent(store)}`;

export const fetchGuestStore = (company: string, store: string, signal?: AbortSignal) =>
  apiRequest(guestPath(company, store), { auth: 'none', schema: GuestBookingStore, signal });

export const fetchGuestSlots = (company: string, store: string, query: GuestSlotsQuery, signal?: AbortSignal) => {
  const params = new URLSearchParams({ type: query.type, from: query.from, to: query.to, ...(query.providerId ? { providerId: query.providerId } : {}) });
  return apiRequest(`${guestPath(company, store)}/slots?${params}`, { auth: 'none', schema: FreeSlots, signal });
};

/** Sends the new patient's one-time code (nothing is held). */
export const sendGuestCode = (company: string, store: string, request: GuestBookingRequest) =>
  apiRequest(`${guestPath(company, store)}/code`, { method: 'POST', auth: 'none', body: request, schema: GuestCodeSent });

/** Confirms the code: the patient and the booking. */
export const confirmGuestBooking = (company: string, store: string, confirm: GuestBookingConfirm) =>
  apiRequest(`${guestPath(company, store)}/confirm`, { method: 'POST', auth: 'none', body: confirm, schema: BookedVisit });

/** A read's state as the page draws it. */
export type GuestRead<T> = { status: 'pending' } | { status: 'error'; error: unknown; retry: () => void } | { status: 'success'; data: T };

/**
 * One read of the page, asked when `key` changes (a step drawn again reads again: the slots are fresh each time the
 * slot step shows), the previous one cancelled.
 */
export function useGuestRead<T>(key: string, read: (signal: AbortSignal) => Promise<T>): GuestRead<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; read: GuestRead<T> }>({ key: '', read: { status: 'pending' } });
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    const controller = new AbortController();
    setState({ key, read: { status: 'pending' } });
    read(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ key, read: { status: 'success', data } }),
      (error: unknown) => !controller.signal.aborted && setState({ key, read: { status: 'error', error, retry } }),
    );
    return () => controller.abort();
    // `read` is the call for `key`: a new key is a new read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt, retry]);
  return state.key === key ? state.read : { status: 'pending' };
}

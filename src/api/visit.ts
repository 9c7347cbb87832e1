import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { FreeSlots } from '../contract/booking';
import { VisitAnswer, VisitPage, type VisitAction, type VisitReschedule } from '../contract/visitReply';
import { apiRequest } from './http';
import type { ViewEffects } from './mutations';

/** The guest visit page of a reminder's link (/visit/{key}): no session. */
export const visitQuery = (key: string) =>
  queryOptions({
    queryKey: ['guest', 'visit', key],
    queryFn: ({ signal }) => apiRequest(`/api/public/visit/${encodeURIComponent(key)}`, { auth: 'none', schema: VisitPage, signal }),
    retry: false,
  });

/** Confirm or cancel the visit; the page then shows the visit as the server answered it. */
export function useAnswerVisit(key: string, effects: ViewEffects<VisitAnswer, VisitAction['action']> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: VisitAction['action']) =>
      apiRequest(`/api/public/visit/${encodeURIComponent(key)}`, { auth: 'none', method: 'POST', body: { action }, schema: VisitAnswer }),
    onSuccess: (answer, action) => {
      queryClient.setQueryData(visitQuery(key).queryKey, answer.visit);
      effects.onSuccess?.(answer, action);
    },
    onError: (error, action) => {
      // A refusal may mean the visit changed meanwhile (cancelled by the store, started): read it again.
      void queryClient.invalidateQueries({ queryKey: visitQuery(key).queryKey });
      effects.onError?.(error, action);
    },
  });
}

/** The free times the visit may move to (days `from` to `to`, the store's zone). */
export const visitSlotsQuery = (key: string, days: { from: string; to: string }) =>
  queryOptions({
    queryKey: ['guest', 'visit', key, 'slots', days.from, days.to],
    queryFn: ({ signal }) =>
      apiRequest(`/api/public/visit/${encodeURIComponent(key)}/slots?${new URLSearchParams(days).toString()}`, { auth: 'none', schema: FreeSlots, signal }),
    retry: false,
  });

/** Move the visit to a free time; the page then shows it as the server answered. */
export function useRescheduleVisit(key: string, effects: ViewEffects<VisitAnswer, VisitReschedule> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (to: VisitReschedule) =>
      apiRequest(`/api/public/visit/${encodeURIComponent(key)}/reschedule`, { auth: 'none', method: 'POST', body: to, schema: VisitAnswer }),
    onSuccess: (answer, to) => {
      queryClient.setQueryData(visitQuery(key).queryKey, answer.visit);
      effects.onSuccess?.(answer, to);
    },
    onError: (error, to) => {
      // The time may have gone, or the visit changed: both are read again.
      void queryClient.invalidateQueries({ queryKey: visitQuery(key).queryKey });
      effects.onError?.(error, to);
    },
  });
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { VisitAnswer, VisitPage, type VisitAction } from '../contract/visitReply';
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

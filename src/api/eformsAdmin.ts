import { useCallback } from 'react';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AssignmentList,
  Card,
  CardSaved,
  FormList,
  FormStores,
  RemoveFormAnswer,
  Submission,
} from '../contract/eforms';
import type { AssignmentStatus, CardInput, CardStatus } from '../contract/eforms';
import { PatientListPage } from '../contract/patientsAdmin';
import type { CardDraft } from '../machines/formBuilder.machine';
import { apiRequest } from './http';
import type { Shape } from './shapes';

/**
 * The admin eForm screens' server data (spec 7: formstores, getform, updateform, removeform; our /eforms/* calls for
 * the list, publishing, duplicating and assignments). One fetcher per endpoint, `queryOptions` factories keyed by
 * tenant, and mutation hooks that invalidate what they change.
 */

/** Answers the screens do not read (the lists are fetched again afterwards). */
const anything: Shape<unknown> = { parse: (value) => value };

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

const id = (value: string) => encodeURIComponent(value);

// ---- fetchers ----------------------------------------------------------------------------------------------------

export const fetchFormStores = (locationId: string, signal?: AbortSignal) =>
  apiRequest(`/api/patient/formstores${query({ locationId })}`, { schema: FormStores, signal });

export const fetchCard = (formId: string, signal?: AbortSignal) =>
  apiRequest(`/api/patient/getform${query({ formId })}`, { schema: Card, signal });

export interface FormFilter {
  search?: string;
  locationId?: string;
  status?: CardStatus;
}

export const fetchForms = (filter: FormFilter, signal?: AbortSignal) =>
  apiRequest(`/api/eforms/forms${query({ ...filter })}`, { schema: FormList, signal });

export const fetchAssignments = (of: { formId: string } | { patientId: string }, signal?: AbortSignal) =>
  apiRequest(`/api/eforms/assignments${query(of)}`, { schema: AssignmentList, signal });

export const fetchSubmission = (assignmentId: string, signal?: AbortSignal) =>
  apiRequest(`/api/eforms/assignments/${id(assignmentId)}/submission`, { schema: Submission, signal });

export const fetchPatients = (params: { search?: string; locationId?: string; limit?: number }, signal?: AbortSignal) =>
  apiRequest(`/api/patients${query(params)}`, { schema: PatientListPage, signal });

/** Saving a card: created when it has no id yet (answers the card and 'Card Saved'). */
export function saveCard(card: CardDraft, signal?: AbortSignal) {
  const body: CardInput = {
    ...(card.id ? { id: card.id } : {}),
    boardId: card.boardId,
    name: card.name,
    description: card.description,
    requiresCode: card.requiresCode,
    linkValidDays: card.linkValidDays,
    sections: card.sections,
    language: card.language,
    translations: card.translations,
  };
  return apiRequest('/api/patient/updateform', { method: 'POST', body, schema: CardSaved, signal });
}

// ---- queries -------------------------------------------------------------------------------------------------------

const root = (tenantId: string) => ['t', tenantId, 'eforms'] as const;

export const eformKeys = {
  all: root,
  boards: (tenantId: string, locationId: string) => [...root(tenantId), 'boards', locationId] as const,
  forms: (tenantId: string) => [...root(tenantId), 'forms'] as const,
  card: (tenantId: string, formId: string) => [...root(tenantId), 'card', formId] as const,
  assignments: (tenantId: string) => [...root(tenantId), 'assignments'] as const,
};

export const boardsQuery = (tenantId: string, locationId: string) =>
  queryOptions({ queryKey: eformKeys.boards(tenantId, locationId), queryFn: ({ signal }) => fetchFormStores(locationId, signal) });

export const formsQuery = (tenantId: string, filter: FormFilter) =>
  queryOptions({ queryKey: [...eformKeys.forms(tenantId), filter], queryFn: ({ signal }) => fetchForms(filter, signal) });

export const cardQuery = (tenantId: string, formId: string) =>
  queryOptions({ queryKey: eformKeys.card(tenantId, formId), queryFn: ({ signal }) => fetchCard(formId, signal), staleTime: 0 });

export const assignmentsQuery = (tenantId: string, of: { formId: string } | { patientId: string }) =>
  queryOptions({
    queryKey: [...eformKeys.assignments(tenantId), of],
    queryFn: ({ signal }) => fetchAssignments(of, signal),
  });

export const submissionQuery = (tenantId: string, assignmentId: string) =>
  queryOptions({
    queryKey: [...eformKeys.assignments(tenantId), 'submission', assignmentId],
    queryFn: ({ signal }) => fetchSubmission(assignmentId, signal),
  });

export const patientSearchQuery = (tenantId: string, params: { search: string; locationId?: string }) =>
  queryOptions({
    queryKey: ['t', tenantId, 'patients', 'search', params],
    queryFn: ({ signal }) => fetchPatients({ ...params, search: params.search.trim() || undefined, limit: 20 }, signal),
    staleTime: 30_000,
  });

// ---- mutations ------------------------------------------------------------------------------------------------------

/** Every eForm list of the tenant is read again after a change. */
function useInvalidateEforms(tenantId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: eformKeys.all(tenantId) });
}

/**
 * The builder saved a card (its machine sends the request): the card is the answer, and every eForm list is read
 * again but the open cards. Stable, for the page's subscription to the builder.
 */
export function useCardSaved(tenantId: string) {
  const client = useQueryClient();
  return useCallback(
    (card: Card) => {
      client.setQueryData(cardQuery(tenantId, card.id).queryKey, card);
      void client.invalidateQueries({ queryKey: eformKeys.all(tenantId), predicate: (q) => q.queryKey[3] !== 'card' });
    },
    [client, tenantId],
  );
}

export function useCreateBoard(tenantId: string) {
  const invalidate = useInvalidateEforms(tenantId);
  return useMutation({
    mutationFn: (board: { locationId: string; name: string; uri?: string }) =>
      apiRequest('/api/eforms/boards', { method: 'POST', body: board, schema: anything }),
    onSuccess: invalidate,
  });
}

export function usePublishForm(tenantId: string) {
  const invalidate = useInvalidateEforms(tenantId);
  return useMutation({
    mutationFn: (formId: string) => apiRequest(`/api/eforms/forms/${id(formId)}/publish`, { method: 'POST', schema: anything }),
    onSuccess: invalidate,
  });
}

/** The copy's id, when the answer names it (`{ card }`, `{ id }` or the card itself). */
function copiedId(answer: unknown): string | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const record = answer as { id?: unknown; card?: { id?: unknown } };
  const value = record.card?.id ?? record.id;
  return typeof value === 'string' ? value : null;
}

export function useDuplicateForm(tenantId: string) {
  const invalidate = useInvalidateEforms(tenantId);
  return useMutation({
    mutationFn: async (formId: string) =>
      copiedId(await apiRequest(`/api/eforms/forms/${id(formId)}/duplicate`, { method: 'POST', schema: anything })),
    onSuccess: invalidate,
  });
}

export function useRemoveForm(tenantId: string) {
  const invalidate = useInvalidateEforms(tenantId);
  return useMutation({
    mutationFn: (formId: string) =>
      apiRequest('/api/patient/removeform', { method: 'POST', body: { id: formId }, schema: RemoveFormAnswer }),
    onSuccess: invalidate,
  });
}

export type Channel = 'email' | 'sms';

export function useAssignForm(tenantId: string) {
  const invalidate = useInvalidateEforms(tenantId);
  return useMutation({
    mutationFn: ({ formId, patientIds, channels }: { formId: string; patientIds: string[]; channels: Channel[] }) =>
      apiRequest(`/api/eforms/forms/${id(formId)}/assign`, {
        method: 'POST',
        body: { patientIds, channels },
        schema: anything,
      }),
    onSuccess: invalidate,
  });
}

export function useAssignmentAction(tenantId: string) {
  const invalidate = useInvalidateEforms(tenantId);
  return useMutation({
    mutationFn: ({ assignmentId, action }: { assignmentId: string; action: 'revoke' | 'resend' }) =>
      apiRequest(`/api/eforms/assignments/${id(assignmentId)}/${action}`, { method: 'POST', schema: anything }),
    onSuccess: invalidate,
  });
}

/** An assignment can still be revoked or sent again while its link is open. */
export const isOpenAssignment = (status: AssignmentStatus) => status === 'sent' || status === 'opened' || status === 'verified';

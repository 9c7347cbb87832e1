import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { DuplicateList, MergedInto, MergeResult, PatientAdminView, PatientListPage } from '../contract/patientsAdmin';
import type { MergeRequest, PatientInput, PatientListItem, PatientListType } from '../contract/patientsAdmin';
import { ApiError, apiRequest } from './http';
import type { ViewEffects } from './mutations';
import type { z } from '../contract/zod';

/**
 * The staff patient list (/admin/patients/{type}): GET /api/patients (the stores the user may see, or one; a search;
 * keyset paging with the answer's nextCursor) and GET /api/stores for the store filter and the store column.
 */

export interface PatientListFilter {
  /** all (default), balance, recall, today or new. */
  type?: PatientListType;
  /** A prefix of a name or email, "first last", "last, first", or the first or last digits of a phone. */
  search?: string;
  /** One store; all the user may see when not given. */
  locationId?: string;
}

/** Rows per page (the server allows 1 to 100). */
export const patientPageSize = 25;

const queryString = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

export const fetchPatientPage = (
  { type, search, locationId, cursor, limit = patientPageSize }: PatientListFilter & { cursor?: string; limit?: number },
  signal?: AbortSignal,
) => apiRequest(`/api/patients${queryString({ type: type === 'all' ? undefined : type, locationId, search, cursor, limit })}`, { schema: PatientListPage, signal });

/** POST /api/patients: a new patient in one of the user's stores (the register's "New patient"). */
export const createPatient = (input: z.input<typeof PatientInput>) => apiRequest('/api/patients', { method: 'POST', body: input, schema: PatientAdminView });

/** POST /api/duplicate-patients/merge: every record of `retire` moves to `keep`, and `retire` is no longer listed. */
export const mergePatients = (body: MergeRequest) => apiRequest('/api/duplicate-patients/merge', { method: 'POST', body, schema: MergeResult });

/** Every patient query of a tenant starts with this key (the session's end clears the whole cache). */
/** Where a chart read of a patient merged into another leads (404 `patients.merged`), or null for any other answer. */
export function mergedInto(error: unknown): MergedInto | null {
  if (!(error instanceof ApiError) || error.status !== 404 || error.body?.code !== 'patients.merged') return null;
  const parsed = MergedInto.safeParse(error.body.details);
  return parsed.success ? parsed.data : null;
}

export const patientsKey = (tenantId: string) => ['t', tenantId, 'patients'] as const;

export const patientQueries = {
  /** The list's pages, one query per filter; each next page asks with the previous page's cursor. */
  list: (tenantId: string, filter: PatientListFilter) =>
    infiniteQueryOptions({
      queryKey: [...patientsKey(tenantId), 'list', { type: filter.type ?? 'all', search: filter.search ?? '', locationId: filter.locationId ?? '' }],
      queryFn: ({ pageParam, signal }) => fetchPatientPage({ ...filter, cursor: pageParam }, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  /** GET /api/duplicate-patients: possible duplicate pairs of the user's stores, with their records' counts. */
  duplicates: (tenantId: string) =>
    queryOptions({
      queryKey: [...patientsKey(tenantId), 'duplicates'],
      queryFn: ({ signal }) => apiRequest('/api/duplicate-patients', { schema: DuplicateList, signal }),
    }),
};

/** A patient as a list already in the cache shows them (the row the clerk just clicked), or undefined. */
export function listedPatient(queryClient: QueryClient, tenantId: string, patientId: string): PatientListItem | undefined {
  const lists = queryClient.getQueriesData<InfiniteData<z.infer<typeof PatientListPage>>>({ queryKey: [...patientsKey(tenantId), 'list'] });
  for (const [, data] of lists) {
    for (const page of data?.pages ?? []) {
      const found = page.items.find((item) => item.id === patientId);
      if (found) return found;
    }
  }
  return undefined;
}

/** A new patient: the patient lists are read again before `view.onSuccess` (the register then chooses them). */
/** Merges a possible duplicate pair; whatever happened, the list, the pairs and any chart of either patient are read again. */
export function useMergePatients(tenantId: string, view: ViewEffects<z.infer<typeof MergeResult>, MergeRequest> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: mergePatients,
    onSuccess: view.onSuccess,
    onError: view.onError,
    onSettled: () => client.invalidateQueries({ queryKey: patientsKey(tenantId) }),
  });
}

export function useCreatePatient(tenantId: string, view: ViewEffects<PatientAdminView, z.input<typeof PatientInput>> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPatient,
    onSuccess: async (patient, input) => {
      await client.invalidateQueries({ queryKey: patientsKey(tenantId) });
      view.onSuccess?.(patient, input);
    },
    onError: view.onError,
  });
}

import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { FormReviewResult, type FormReviewBody } from '../contract/formReview';
import { LabOrderBulkResult, LabOrderLookupPage, type LabOrderBulkMove, type LabOrderLookupType } from '../contract/labOrderLookup';
import { LabOrderStatusResult, LabOrderView, type LabOrderCreate, type LabOrderStatusChange } from '../contract/labOrders';
import { WorkDesk, type WorkDeskType } from '../contract/workDesk';
import { eformKeys } from './eformsAdmin';
import { apiRequest } from './http';
import type { ViewEffects } from './mutations';
import { recordsKey } from './records';

/**
 * Lab orders for staff and the work desk: the lookup (GET /api/lab-orders, keyset pages), moving one order or
 * several (POST /api/lab-orders/:id/status, POST /api/lab-orders/status), creating one, the work desk
 * (GET /api/workdesk) and reviewing a submitted form into the chart.
 */

export interface LabOrderLookupFilter {
  type: LabOrderLookupType;
  search?: string;
  locationId?: string;
}

export const labOrderPageSize = 25;

const queryString = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

export const fetchLabOrderPage = (filter: LabOrderLookupFilter & { cursor?: string }, signal?: AbortSignal) =>
  apiRequest(`/api/lab-orders${queryString({ type: filter.type, search: filter.search, locationId: filter.locationId, cursor: filter.cursor, limit: labOrderPageSize })}`, {
    schema: LabOrderLookupPage,
    signal,
  });

export const moveLabOrders = (body: LabOrderBulkMove) => apiRequest('/api/lab-orders/status', { method: 'POST', body, schema: LabOrderBulkResult });
export const moveLabOrder = (orderId: string, body: LabOrderStatusChange) =>
  apiRequest(`/api/lab-orders/${encodeURIComponent(orderId)}/status`, { method: 'POST', body, schema: LabOrderStatusResult });
export const createLabOrder = (body: LabOrderCreate) => apiRequest('/api/lab-orders', { method: 'POST', body, schema: LabOrderView });

export const fetchWorkDesk = (type: WorkDeskType, locationId: string | undefined, signal?: AbortSignal) =>
  apiRequest(`/api/workdesk${queryString({ type, locationId })}`, { schema: WorkDesk, signal });

export const reviewSubmission = (assignmentId: string, body: FormReviewBody) =>
  apiRequest(`/api/eforms/assignments/${encodeURIComponent(assignmentId)}/review`, { method: 'POST', body, schema: FormReviewResult });

/** Every lab-order lookup and work-desk query of a tenant starts with these keys (a move invalidates both). */
export const labOrdersKey = (tenantId: string) => ['t', tenantId, 'lab-orders'] as const;
export const workDeskKey = (tenantId: string) => ['t', tenantId, 'workdesk'] as const;

export const labOrderQueries = {
  lookup: (tenantId: string, filter: LabOrderLookupFilter) =>
    infiniteQueryOptions({
      queryKey: [...labOrdersKey(tenantId), 'lookup', { type: filter.type, search: filter.search ?? '', locationId: filter.locationId ?? '' }],
      queryFn: ({ pageParam, signal }) => fetchLabOrderPage({ ...filter, cursor: pageParam }, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  workDesk: (tenantId: string, type: WorkDeskType, locationId?: string) =>
    queryOptions({
      queryKey: [...workDeskKey(tenantId), { type, locationId: locationId ?? '' }],
      queryFn: ({ signal }) => fetchWorkDesk(type, locationId, signal),
    }),
};

// ---- mutations ------------------------------------------------------------------------------------------------------

/** A move or a new order changes the lookup, the work desk and the charts of the orders' patients. */
function useInvalidateLabOrders(tenantId: string) {
  const client = useQueryClient();
  return (patientIds: Iterable<string>) => {
    void client.invalidateQueries({ queryKey: labOrdersKey(tenantId) });
    void client.invalidateQueries({ queryKey: workDeskKey(tenantId) });
    for (const patientId of patientIds) void client.invalidateQueries({ queryKey: recordsKey(tenantId, { kind: 'patient', patientId }) });
  };
}

/** Several orders moved at once from the lookup (`orders`: the chosen ones, whose charts are read again). */
export type LabOrdersMove<Order extends { patientId: string }> = { body: LabOrderBulkMove; orders: Order[] };

export function useMoveLabOrders<Order extends { patientId: string }>(
  tenantId: string,
  view: ViewEffects<LabOrderBulkResult, LabOrdersMove<Order>> = {},
) {
  const invalidate = useInvalidateLabOrders(tenantId);
  return useMutation({
    mutationFn: ({ body }: LabOrdersMove<Order>) => moveLabOrders(body),
    onSuccess: view.onSuccess,
    onSettled: (_answer, _error, { orders }) => invalidate(orders.map((o) => o.patientId)),
  });
}

export type LabOrderMove = { orderId: string; change: LabOrderStatusChange };

/** One order of a patient's chart moved. */
export function useMoveLabOrder(tenantId: string, patientId: string, view: ViewEffects<LabOrderStatusResult, LabOrderMove> = {}) {
  const invalidate = useInvalidateLabOrders(tenantId);
  return useMutation({
    mutationFn: ({ orderId, change }: LabOrderMove) => moveLabOrder(orderId, change),
    onSuccess: view.onSuccess,
    onSettled: () => invalidate([patientId]),
  });
}

export function useCreateLabOrder(tenantId: string, patientId: string, view: ViewEffects<LabOrderView, LabOrderCreate> = {}) {
  const invalidate = useInvalidateLabOrders(tenantId);
  return useMutation({
    mutationFn: (body: LabOrderCreate) => createLabOrder(body),
    onSuccess: view.onSuccess,
    onSettled: () => invalidate([patientId]),
  });
}

type ReviewCopies = FormReviewBody['copies'];

/** Copying a submitted form's answers into the chart: the form's assignments, the chart and the work desk change. */
export function useReviewSubmission(
  tenantId: string,
  assignment: { id: string; patientId: string },
  view: ViewEffects<FormReviewResult, ReviewCopies> = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (copies: ReviewCopies) => reviewSubmission(assignment.id, { copies }),
    onSuccess: view.onSuccess,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: eformKeys.assignments(tenantId) });
      void client.invalidateQueries({ queryKey: recordsKey(tenantId, { kind: 'patient', patientId: assignment.patientId }) });
      void client.invalidateQueries({ queryKey: workDeskKey(tenantId) });
    },
  });
}

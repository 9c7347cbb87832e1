import { labOrderMainPath } from '../../contract/records';
import type { LabOrder, LabOrderEvent, LabOrderStatus } from '../../contract/records';

export type StepState = 'done' | 'current' | 'pending';

export interface OrderStep {
  status: LabOrderStatus;
  state: StepState;
  /** The change that reached this step (the last one, if it was reached twice). */
  event: LabOrderEvent | null;
}

const mainIndex = (status: LabOrderStatus) => (labOrderMainPath as readonly LabOrderStatus[]).indexOf(status);

/**
 * A lab order as ordered steps: the main path (draft ... delivered) with each step done, current or still to come.
 * A side status (on hold, remake, cancelled) is shown as the current step after the last main step reached; after
 * a cancellation or a remake nothing more is to come for this order.
 */
export function orderSteps(order: Pick<LabOrder, 'status' | 'events'>): OrderStep[] {
  const lastEventOf = (status: LabOrderStatus) => order.events.findLast((event) => event.status === status) ?? null;
  const current = mainIndex(order.status);
  if (current >= 0) {
    const finished = order.status === 'delivered';
    return labOrderMainPath.map((status, index) => ({
      status,
      state: index < current || finished ? 'done' : index === current ? 'current' : 'pending',
      event: index <= current ? lastEventOf(status) : null,
    }));
  }
  const reached = Math.max(0, ...order.events.map((event) => mainIndex(event.status)));
  const done: OrderStep[] = labOrderMainPath
    .slice(0, reached + 1)
    .map((status) => ({ status, state: 'done', event: lastEventOf(status) }));
  const side: OrderStep = { status: order.status, state: 'current', event: lastEventOf(order.status) };
  const ahead: OrderStep[] =
    order.status === 'on-hold'
      ? labOrderMainPath.slice(reached + 1).map((status) => ({ status, state: 'pending', event: null }))
      : [];
  return [...done, side, ...ahead];
}

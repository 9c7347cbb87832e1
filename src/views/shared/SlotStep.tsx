import type { ReactNode } from 'react';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { FreeSlot, FreeSlots } from '../../contract/booking';
import { QueryView } from './records';
import { SlotStepView } from './SlotStepView';

/** The patient's slot step: the free slots of the days shown from its query, drawn by ./SlotStepView.tsx. */
export function SlotStep<Key extends readonly unknown[]>({
  slotsQuery,
  ...view
}: {
  /** The slots of the days shown, `from` to `to`. */
  slotsQuery: UseQueryOptions<FreeSlots, Error, FreeSlots, Key>;
  from: string;
  to: string;
  canGoEarlier: boolean;
  step: ReactNode;
  back: ReactNode;
  onDays: (days: number) => void;
  onChoose: (slot: FreeSlot) => void;
}) {
  const slots = useQuery(slotsQuery);
  return <SlotStepView {...view} list={(draw) => <QueryView query={slots}>{({ slots: free }) => draw(free)}</QueryView>} />;
}

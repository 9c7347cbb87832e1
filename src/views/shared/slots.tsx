import { createContext, useContext } from 'react';
import type { ComponentType } from 'react';

/** The patient chart's eForms section: this patient's assignments and 'Assign'. */
export interface PatientEformsProps {
  patientId: string;
  patientName: string;
  /** The store whose published forms can be assigned. */
  locationId: string;
}

/**
 * What one feature's page shows of another feature. The app supplies these (src/app/viewSlots.tsx), so that a
 * feature folder imports only src/views/shared, src/views/ui and itself (eslint.config.js) and no two features
 * depend on each other.
 */
export interface ViewSlots {
  /** The portal's pages to staff ('My Information'): the chart tabs (1-based) of the patient selected in recents. */
  StaffPatientTabs: ComponentType<{ tabs: readonly number[] }>;
  /** The chart's forms tab: the patient's eForm assignments and the dialog that assigns one. */
  PatientEforms: ComponentType<PatientEformsProps>;
}

const SlotsContext = createContext<ViewSlots | null>(null);

export const ViewSlotsProvider = SlotsContext.Provider;

export function useViewSlot<K extends keyof ViewSlots>(name: K): ViewSlots[K] {
  const slots = useContext(SlotsContext);
  if (!slots) throw new Error(`${name} is drawn inside ViewSlotsProvider (src/app/viewSlots.tsx).`);
  return slots[name];
}

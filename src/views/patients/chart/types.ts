/** What every chart tab is given: the patient and the store the chart is opened at (a store UUID). */
export interface ChartTabProps {
  patientId: string;
  locationId: string;
}

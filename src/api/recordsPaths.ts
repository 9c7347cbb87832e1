/**
 * The addresses of the patient-record reads, without their schemas: the fetchers of ./records.ts use
 * them, and so does the early start of a page load (src/app/earlyStart.ts), which is in the entry chunk and must
 * not pull zod in. Whose records: `own` is the signed-in patient (/api/my/...); `patient` is one patient a staff
 * member or admin opened (/api/patients/:patientId/..., the same shapes).
 */
export type RecordsScope = { kind: 'own' } | { kind: 'patient'; patientId: string };

const segment = (value: string) => encodeURIComponent(value);

const baseOf = (scope: RecordsScope) =>
  scope.kind === 'own' ? '/api/my' : `/api/patients/${segment(scope.patientId)}`;

export const recordsPaths = {
  profile: (scope: RecordsScope) => `${baseOf(scope)}/profile`,
  prescriptions: (scope: RecordsScope) => `${baseOf(scope)}/prescriptions`,
  rxOrders: (scope: RecordsScope, rxId: string) => `${baseOf(scope)}/prescriptions/${segment(rxId)}/orders`,
  appointments: (scope: RecordsScope) => `${baseOf(scope)}/appointments`,
  cancelAppointment: (appointmentId: string) => `/api/my/appointments/${segment(appointmentId)}/cancel`,
  invoices: (scope: RecordsScope) => `${baseOf(scope)}/invoices`,
  invoice: (scope: RecordsScope, invoiceId: string) => `${baseOf(scope)}/invoices/${segment(invoiceId)}`,
  recalls: (scope: RecordsScope) => `${baseOf(scope)}/recalls`,
  orders: (scope: RecordsScope) => `${baseOf(scope)}/orders`,
  dashboard: () => '/api/my/dashboard',
  enterpriseSummary: () => '/api/enterprise/summary',
} as const;

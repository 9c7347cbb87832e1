import type { InvoiceStatus } from '../../contract/records';

const part = encodeURIComponent;

/** The spec's addresses of one prescription's orders and of one invoice (the ids the server checks again). */
export const rxOrdersHref = (rx: { id: string; patientId: string; locationId: string }) =>
  `/patient/rxinfo/orders/${part(rx.id)}/${part(rx.patientId)}/${part(rx.locationId)}`;

export const invoiceHref = (invoice: { id: string; patientId: string; locationId: string }) =>
  `/patient/invoice/orders/${part(invoice.id)}/${part(invoice.patientId)}/${part(invoice.locationId)}`;

export const invoiceTone = (status: InvoiceStatus) => (status === 'open' ? 'warning' : status === 'paid' ? 'good' : 'neutral');

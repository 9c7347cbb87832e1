/** The patient's home: one read drawing on the record reads of each feature. */
import { labOrderClosedStatuses, type PatientDashboard } from '../../src/contract/records';
import type { Tx } from '../db/client';
import { readAppointments } from '../appointments/appointments';
import { formsToFill } from '../eforms/eforms';
import { labOrderRows } from '../labOrders/labOrders';
import { readRecalls } from '../recalls/recalls';
import { readPrescriptions } from '../rx/rx';
import { invoiceSummaries, openBalances } from '../sales/sales';
import type { ReadContext } from '../scope/patientRecord';
import { readProfile } from './profile';

export async function readDashboard(tx: Tx, patientId: string, ctx: ReadContext): Promise<PatientDashboard | null> {
  const profile = await readProfile(tx, patientId, ctx);
  if (!profile) return null;
  const [appts, rx, orders, invoices, recalls, forms] = [
    await readAppointments(tx, patientId, ctx),
    await readPrescriptions(tx, patientId, ctx),
    await labOrderRows(tx, patientId, ctx.now),
    await invoiceSummaries(tx, patientId),
    await readRecalls(tx, patientId, ctx),
    await formsToFill(tx, patientId, ctx.now),
  ];
  return {
    patient: { id: profile.id, firstName: profile.firstName, lastName: profile.lastName, locationId: profile.locationId, storeName: profile.storeName },
    nextAppointment: appts.upcoming[0] ?? null,
    currentRx: rx.spectacle[0] ?? null,
    currentContactLensRx: rx.contactLens[0] ?? null,
    ordersInProgress: orders.filter((o) => !(labOrderClosedStatuses as readonly string[]).includes(o.status)),
    balance: openBalances(invoices),
    recallsDue: recalls.recalls.filter((r) => r.status === 'pending' || r.status === 'sent').sort((a, b) => a.dueOn.localeCompare(b.dueOn)),
    formsToFill: forms,
  };
}

/**
 * Emailing a receipt: the invoice's lines and totals merged into the `sale.receipt` template (store, company or
 * built-in text) and queued through the outbox to the patient's email address or one the clerk typed; the
 * communication log keeps it.
 */
import { asc, eq } from 'drizzle-orm';
import type { ReceiptEmailResult } from '../../src/contract/invoiceLookup';
import { numberLocale } from '../../src/contract/locale';
import { formatMoney } from '../../src/contract/money';
import type { Tx } from '../db/client';
import { locations } from '../db/schema';
import { invoiceLines, invoices } from '../db/schema-invoices';
import { HttpError } from '../http/errors';
import { maskEmail, notifyPatient } from '../messaging/messaging';
import type { Done } from '../scope/audited';
import { balanceOf } from './sales';
import { NotVisible, requireStore, visiblePatient, type Scope } from '../scope/scope';

/**
 * `to`: an address the clerk typed (a walk-in, a patient without email, or another address the patient asked
 * for); without it the patient's email on file. Either way the message is queued and logged like any other
 * receipt (in the patient's chart when there is one); the audit names the masked address and whether it was typed.
 */
export async function emailReceipt(tx: Tx, scope: Scope, invoiceId: string, to?: string): Done<ReceiptEmailResult> {
  const [inv] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!inv) throw new NotVisible('invoice', invoiceId);
  requireStore(scope, inv.locationId, 'invoice');
  // The invoice's store was checked: its patient is read past the store check (a patient may buy in another store).
  const patient = inv.patientId ? await visiblePatient(tx, { ...scope, stores: 'all' }, inv.patientId) : null;
  const [store] = await tx.select({ timeZone: locations.timeZone }).from(locations).where(eq(locations.id, inv.locationId));
  const lines = await tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, inv.id)).orderBy(asc(invoiceLines.lineNo));
  const sent = await notifyPatient(tx, {
    tenantId: scope.tenantId,
    patient,
    recipient: to,
    locationId: inv.locationId,
    key: 'sale.receipt',
    channel: 'email',
    // The amounts and the date as a reader of the template's language writes them (the screen's formatter).
    fields: (language) => {
      const money = (minor: number) => formatMoney(minor, inv.currency, language);
      const day = new Intl.DateTimeFormat(numberLocale(language), { dateStyle: 'medium', timeZone: store?.timeZone ?? 'UTC' });
      return {
        invoiceNumber: String(inv.number),
        invoiceDate: day.format(inv.issuedAt),
        lines: lines.map((l) => `${l.quantity} × ${l.description}: ${money(l.total)}`).join('\n'),
        total: money(inv.total),
        paid: money(inv.paidTotal),
        balance: money(balanceOf(inv.status, inv.total, inv.paidTotal)),
      };
    },
  });
  // A walk-in's sale, or a patient without email, has nobody to send it to unless an address is typed.
  if (!sent) throw new HttpError(409, 'sales.noEmailAddress');
  const masked = maskEmail(sent.recipient);
  return {
    result: { messageId: sent.ref.id, recipient: masked },
    audit: {
      targetType: 'invoice',
      targetId: inv.id,
      patientId: inv.patientId ?? undefined,
      details: { messageId: sent.ref.id, template: sent.template, recipient: masked, typedAddress: Boolean(to) },
    },
    deliver: [sent.ref],
  };
}

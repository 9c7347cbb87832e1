/**
 * Emailing a register sale's receipt to an address the clerk typed (POST /api/pos/invoices/:id/receipt-email with
 * `{ email }`): a walk-in's sale, a patient without email, a patient who asks for another address; queued through
 * the communication log like any other receipt and audited with the masked address; a bad address is a 400 at the
 * field, never a message queued.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { receiptEmailMessages } from '../../src/contract/invoiceLookup';
import { formatMoney } from '../../src/contract/money';
import { posDemoIds, posDemoSkus } from '../../server/db/seed-pos';
import { admin, call, h, newPatient, ok, otherAdmin, staff } from './clinical-fixtures';
import { startClinical } from './clinical-fixtures';
import { json, ownerRows } from './harness';
import { openRegister, product, saleBody, type Hit, type Sale } from './pos-fixtures';

startClinical();

let session: string;
let cloth: Hit;

beforeAll(async () => {
  session = await openRegister(staff, posDemoIds.downtownFrontDesk);
  cloth = await product(staff, posDemoSkus.cloth);
});

const sell = (patientId: string | null = null) => ok<Sale>(call(staff, 'POST', '/api/pos/sales', saleBody(session, [{ product: cloth }], { patientId })));
const emailTo = (invoiceId: string, body?: unknown) => call(staff, 'POST', `/api/pos/invoices/${invoiceId}/receipt-email`, body);
const logged = async (messageId: string) =>
  (
    await ownerRows<{ template: string; channel: string; recipient: string; patient_id: string | null; status: string; body: string }>(
      h,
      sql`select template, channel, recipient, patient_id, status, body from communication_log where id = ${messageId}`,
    )
  )[0]!;
const receiptCount = async () => (await ownerRows<{ n: number }>(h, sql`select count(*)::int as n from communication_log where template = 'sale.receipt'`))[0]!.n;

describe('a typed address', () => {
  it('sends a walk-in’s receipt to it through the communication log, greets a customer, and audits the masked address', async () => {
    const sale = await sell();
    const sent = await ok<{ messageId: string; recipient: string }>(emailTo(sale.invoice.id, { email: '  Walk.In@Example.TEST ' }), 202);
    expect(sent.recipient).toBe('w******@example.test');
    const message = await logged(sent.messageId);
    expect(message).toMatchObject({ template: 'sale.receipt', channel: 'email', recipient: 'walk.in@example.test', patient_id: null, status: 'queued' });
    expect(message.body).toContain('Dear customer,');
    expect(message.body).toContain(`1 × ${cloth.name}`);
    expect(message.body).not.toContain('{{');
    const audits = await ownerRows<{ outcome: string; details: Record<string, unknown> }>(
      h,
      sql`select outcome, details from audit_log where action = 'invoice.receipt.email' and target_id = ${sale.invoice.id}`,
    );
    expect(audits).toEqual([{ outcome: 'success', details: expect.objectContaining({ messageId: sent.messageId, recipient: 'w******@example.test', typedAddress: true }) }]);
    // Without an address a walk-in's receipt still has nobody to go to.
    expect(json(await emailTo(sale.invoice.id))).toMatchObject({ code: 'sales.noEmailAddress' });
  });

  it('sends a patient without email their receipt at the typed address, in their chart’s messages', async () => {
    const patient = await newPatient(admin, { email: '', preferredChannel: 'sms', phone: '+1 555 010 4242' });
    const sale = await sell(patient.id);
    const none = await emailTo(sale.invoice.id);
    expect(none.statusCode).toBe(409);
    expect(json(none)).toMatchObject({ code: 'sales.noEmailAddress' });
    const sent = await ok<{ messageId: string }>(emailTo(sale.invoice.id, { email: 'typed@example.test' }), 202);
    expect(await logged(sent.messageId)).toMatchObject({ recipient: 'typed@example.test', patient_id: patient.id });
    expect((await logged(sent.messageId)).body).toContain(`Dear Test ${patient.lastName},`);
  });

  it('keeps the one-click send to a patient’s own email, and sends to another address when one is typed', async () => {
    const patient = await newPatient(admin, { email: 'own-address@example.test' });
    const sale = await sell(patient.id);
    const own = await ok<{ messageId: string }>(emailTo(sale.invoice.id), 202);
    expect((await logged(own.messageId)).recipient).toBe('own-address@example.test');
    const other = await ok<{ messageId: string }>(emailTo(sale.invoice.id, { email: 'work@example.test' }), 202);
    expect((await logged(other.messageId)).recipient).toBe('work@example.test');
    const typed = await ownerRows<{ typed: boolean }>(
      h,
      sql`select (details->>'typedAddress')::boolean as typed from audit_log where action = 'invoice.receipt.email' and target_id = ${sale.invoice.id} order by at`,
    );
    expect(typed.map((a) => a.typed)).toEqual([false, true]);
  });

  it('writes the amounts of an Arabic receipt as an Arabic reader does, with the screens’ formatter', async () => {
    const patient = await newPatient(admin, { email: 'arabic-reader@example.test', preferredLanguage: 'ar' });
    const sale = await sell(patient.id);
    const body = (await logged((await ok<{ messageId: string }>(emailTo(sale.invoice.id), 202)).messageId)).body;
    expect(body).toContain('الإجمالي: ');
    expect(body).toContain(`الإجمالي: ${formatMoney(sale.invoice.total, 'USD', 'ar')}\n`);
    expect(body).toContain(`المتبقي: ${formatMoney(sale.invoice.balance, 'USD', 'ar')}\n`);
    // Not the English text of the amount ($9.00) in an Arabic sentence.
    expect(body).not.toMatch(/\$\d/);
  });

  it('answers a bad address with a 400 at the field and queues nothing', async () => {
    const sale = await sell();
    const before = await receiptCount();
    for (const email of ['not-an-address', '', '   ', `${'a'.repeat(250)}@example.test`, 42, null]) {
      const res = await emailTo(sale.invoice.id, { email });
      expect(res.statusCode, JSON.stringify(email)).toBe(400);
      expect(json(res), JSON.stringify(email)).toMatchObject({ fields: { email: receiptEmailMessages.email } });
    }
    const unknown = await emailTo(sale.invoice.id, { to: 'a@example.test' });
    expect(unknown.statusCode).toBe(400);
    expect(await receiptCount()).toBe(before);
  });

  it('does not reach another company’s sale, and the invoice screen’s endpoint takes the address too', async () => {
    const sale = await sell();
    expect((await call(otherAdmin, 'POST', `/api/pos/invoices/${sale.invoice.id}/receipt-email`, { email: 'x@example.test' })).statusCode).toBe(404);
    const sent = await ok<{ messageId: string }>(call(staff, 'POST', `/api/invoices/${sale.invoice.id}/receipt-email`, { email: 'desk@example.test' }), 202);
    expect((await logged(sent.messageId)).recipient).toBe('desk@example.test');
  });
});

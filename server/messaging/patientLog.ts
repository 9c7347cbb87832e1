/**
 * The communication log of one patient (the chart's messages tab): every email and SMS about them, newest first,
 * with codes and link tokens masked (shownText).
 */
import { sql } from 'drizzle-orm';
import type { PatientMessages } from '../../src/contract/chart';
import type { Tx } from '../db/client';
import { isoOrNull, iso, rows } from '../db/values';
import type { Outcome } from '../scope/patientRecord';
import { shownText } from './shownText';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One page of the patient's messages. The cursor is the last message's id: the next page continues after it in
 * (created_at, id) order, so messages written meanwhile never shift a page.
 */
export async function patientMessages(tx: Tx, patientId: string, page: { before?: string; limit: number }): Promise<Outcome<PatientMessages>> {
  if (page.before !== undefined && !uuid.test(page.before)) {
    return { ok: false, status: 400, code: 'request.fieldsInvalid', fields: { before: 'The page cursor is not valid' }, reason: 'bad-cursor' };
  }
  const after = page.before
    ? sql`and (m.created_at, m.id) < (select c.created_at, c.id from communication_log c where c.id = ${page.before} and c.patient_id = ${patientId})`
    : sql``;
  const found = await rows(
    tx,
    sql`select m.id, m.channel, m.recipient, m.template, m.subject, m.body, m.status, m.error, m.created_at, m.sent_at
      from communication_log m
      where m.patient_id = ${patientId} ${after}
      order by m.created_at desc, m.id desc
      limit ${page.limit + 1}`,
  );
  const messages = found.slice(0, page.limit).map((m) => ({
    id: m.id as string,
    channel: m.channel as 'email' | 'sms',
    recipient: m.recipient as string,
    template: m.template as string,
    subject: shownText(m.template as string, m.subject as string),
    body: shownText(m.template as string, m.body as string),
    status: m.status as 'queued' | 'sent' | 'failed',
    error: (m.error as string | null) ?? null,
    createdAt: iso(m.created_at),
    sentAt: isoOrNull(m.sent_at),
  }));
  return { ok: true, value: { messages, nextCursor: found.length > page.limit ? messages.at(-1)!.id : null } };
}

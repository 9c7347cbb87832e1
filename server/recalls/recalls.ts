/** Recall reads of one patient (exam and contact-lens check reminders). */
import { sql } from 'drizzle-orm';
import type { Recall } from '../../src/contract/records';
import type { Tx } from '../db/client';
import { isoOrNull, rows, storeToday } from '../db/values';
import type { ReadContext } from '../scope/patientRecord';

export async function readRecalls(tx: Tx, patientId: string, ctx: ReadContext): Promise<{ recalls: Recall[] }> {
  const found = await rows(
    tx,
    sql`select r.id, r.patient_id, r.location_id, l.name as store_name, r.type, r.due_on::text as due_on, r.status, r.channel,
        r.last_sent_at, r.status in ('pending', 'sent') and r.due_on < ${storeToday(ctx.now, sql`l.time_zone`)} as overdue
      from recalls r join locations l on l.tenant_id = r.tenant_id and l.id = r.location_id
      where r.patient_id = ${patientId}
      order by r.due_on desc, r.id`,
  );
  return {
    recalls: found.map((r) => ({
      id: r.id as string,
      patientId: r.patient_id as string,
      locationId: r.location_id as string,
      storeName: r.store_name as string,
      type: r.type as Recall['type'],
      dueOn: r.due_on as string,
      status: r.status as Recall['status'],
      channel: r.channel as Recall['channel'],
      lastSentAt: isoOrNull(r.last_sent_at),
      overdue: r.overdue as boolean,
    })),
  };
}

/** The audit rows about one patient (the chart's activity tab): who did what and how it ended, newest first. */
import { sql } from 'drizzle-orm';
import type { PatientActivity } from '../../src/contract/chart';
import type { Tx } from '../db/client';
import { iso, rows } from '../db/values';
import type { Outcome } from '../scope/patientRecord';

/** One page; the cursor is the last row's id (the log only grows, so ids order it). Details are never shown. */
export async function patientActivity(tx: Tx, patientId: string, page: { before?: string; limit: number }): Promise<Outcome<PatientActivity>> {
  if (page.before !== undefined && !/^[0-9]{1,18}$/.test(page.before)) {
    return { ok: false, status: 400, code: 'request.fieldsInvalid', fields: { before: 'The page cursor is not valid' }, reason: 'bad-cursor' };
  }
  const found = await rows(
    tx,
    sql`select a.id::text as id, a.at, a.action, a.outcome, a.target_type, coalesce(u.display_name, '') as actor_name
      from audit_log a left join users u on u.tenant_id = a.tenant_id and u.id = a.actor_user_id
      where a.patient_id = ${patientId} ${page.before ? sql`and a.id < ${page.before}::bigint` : sql``}
      order by a.id desc
      limit ${page.limit + 1}`,
  );
  const entries = found.slice(0, page.limit).map((a) => ({
    id: a.id as string,
    at: iso(a.at),
    action: a.action as string,
    outcome: a.outcome as 'success' | 'failure' | 'denied',
    actorName: a.actor_name as string,
    targetType: (a.target_type as string | null) ?? null,
  }));
  return { ok: true, value: { entries, nextCursor: found.length > page.limit ? entries.at(-1)!.id : null } };
}

/** What other features read of eForms: the forms a patient still has to fill in (the patient's home). */
import { sql } from 'drizzle-orm';
import type { FormToFill } from '../../src/contract/records';
import type { Tx } from '../db/client';
import { iso, isoOrNull, rows } from '../db/values';

/** eForm assignments the patient still has to fill in: not submitted, not revoked, not expired. */
export async function formsToFill(tx: Tx, patientId: string, now: Date): Promise<FormToFill[]> {
  const found = await rows(
    tx,
    sql`select f.id, f.form_snapshot->>'name' as name, f.location_id, l.name as store_name, f.expires_at, f.requires_code, f.sent_at
      from form_assignments f join locations l on l.tenant_id = f.tenant_id and l.id = f.location_id
      where f.patient_id = ${patientId} and f.submitted_at is null and f.revoked_at is null
        and f.expires_at > ${now.toISOString()}::timestamptz
      order by f.expires_at, f.id`,
  );
  return found.map((f) => ({
    id: f.id as string,
    name: (f.name as string | null) ?? '',
    locationId: f.location_id as string,
    storeName: f.store_name as string,
    expiresAt: iso(f.expires_at),
    requiresCode: f.requires_code as boolean,
    sentAt: isoOrNull(f.sent_at),
  }));
}

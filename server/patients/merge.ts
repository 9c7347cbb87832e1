/**
 * Possible duplicate patients and their merge. A pair is two patients of the stores the caller may see who are the
 * same person by the kiosk's rule (samePerson, patients.ts). Merging moves every record of the retired patient to
 * the kept one in one transaction, retires the other row (merged_into, merged_at: no longer listed, searched or
 * reachable) and is audited; the audit log itself is history and keeps naming the retired id.
 */
import { eq, sql } from 'drizzle-orm';
import type { DuplicatePair, DuplicateSide, MergeRequest, MergeResult, RecordCounts } from '../../src/contract/patientsAdmin';
import { queryRows, type Tx } from '../db/client';
import { patients } from '../db/schema-records';
import { HttpError } from '../http/errors';
import { mergePatientBooks } from '../ledger/ledger';
import type { Done } from '../scope/audited';
import { canSeeStore, NotVisible, type Scope, type Stores } from '../scope/scope';
import { rowIdentity, samePerson, toAdminView } from './patients';

/** At most this many pairs are listed at once: each merge takes one off the list. */
export const duplicatePairsMax = 50;

/**
 * Every table with a patient_id that a merge re-points here; the books (invoices, store credit) are the ledger's to
 * write (server/ledger/merge.ts), and the audit log is append-only history.
 */
export const repointedTables = [
  'spectacle_rx',
  'contact_lens_rx',
  'appointments',
  'lab_orders',
  'recalls',
  'form_assignments',
  'inbox_conversations',
  'communication_log',
  'parked_sales',
  'sms_replies',
] as const;

const storeFilter = (stores: Stores, alias: string): ReturnType<typeof sql> =>
  stores === 'all'
    ? sql`true`
    : stores.length === 0
      ? sql`false`
      : sql`${sql.raw(alias)}.location_id in (${sql.join(
          stores.map((s) => sql`${s}::uuid`),
          sql`, `,
        )})`;

interface SideRow {
  id: string;
  location_id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  phone: string;
  email: string;
  created_via: string;
  created_at: Date;
  has_portal_account: boolean;
  rx: number;
  appointments: number;
  invoices: number;
  lab_orders: number;
  recalls: number;
  forms: number;
  messages: number;
}

/** The columns of one side of a pair (alias `p`), with the counts of what a merge would move. */
const sideColumns = sql`p.id, p.location_id, p.first_name, p.last_name, p.date_of_birth::text as date_of_birth, p.phone, p.email,
  p.created_via, p.created_at, p.user_id is not null as has_portal_account,
  (select count(*) from spectacle_rx x where x.patient_id = p.id)::int + (select count(*) from contact_lens_rx x where x.patient_id = p.id)::int as rx,
  (select count(*) from appointments x where x.patient_id = p.id)::int as appointments,
  (select count(*) from invoices x where x.patient_id = p.id)::int as invoices,
  (select count(*) from lab_orders x where x.patient_id = p.id)::int as lab_orders,
  (select count(*) from recalls x where x.patient_id = p.id)::int as recalls,
  (select count(*) from form_assignments x where x.patient_id = p.id)::int as forms,
  (select count(*) from communication_log x where x.patient_id = p.id)::int
    + (select count(*) from inbox_messages m join inbox_conversations c on c.tenant_id = m.tenant_id and c.id = m.conversation_id where c.patient_id = p.id)::int as messages`;

function toSide(r: SideRow): DuplicateSide {
  const counts: RecordCounts = {
    rx: r.rx,
    appointments: r.appointments,
    invoices: r.invoices,
    labOrders: r.lab_orders,
    recalls: r.recalls,
    forms: r.forms,
    messages: r.messages,
  };
  return {
    id: r.id,
    locationId: r.location_id,
    firstName: r.first_name,
    lastName: r.last_name,
    dateOfBirth: r.date_of_birth,
    phone: r.phone,
    email: r.email,
    createdVia: r.created_via,
    createdAt: new Date(r.created_at).toISOString(),
    hasPortalAccount: r.has_portal_account,
    counts,
  };
}

/**
 * The possible duplicates among the patients of `stores`: older record first, by name. Candidates are the records
 * the database marks as sharing a birth date and an email or phone digits with another record not merged away
 * (duplicate_candidate, migration 0048: a partial index holds just them), paired by birth date; samePerson then
 * decides, as it does for the kiosk.
 */
export async function listDuplicates(tx: Tx, tenantId: string, stores: Stores): Promise<DuplicatePair[]> {
  const pairs = await queryRows<{ a: string; b: string }>(
    tx,
    sql`select a.id as a, b.id as b from patients a
      join patients b on b.tenant_id = ${tenantId} and b.date_of_birth = a.date_of_birth and b.duplicate_candidate and b.merged_into is null
      where a.tenant_id = ${tenantId} and a.duplicate_candidate and a.merged_into is null and (b.created_at, b.id) > (a.created_at, a.id)
        and ${storeFilter(stores, 'a')} and ${storeFilter(stores, 'b')} and ${samePerson(rowIdentity('a'), rowIdentity('b'))}
      order by a.last_name_key, a.first_name_key, a.created_at, b.created_at
      limit ${duplicatePairsMax}`,
  );
  if (pairs.length === 0) return [];
  const ids = [...new Set(pairs.flatMap((p) => [p.a, p.b]))];
  const rows = await queryRows<SideRow>(
    tx,
    sql`select ${sideColumns} from patients p where p.tenant_id = ${tenantId} and p.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  const byId = new Map(rows.map((r) => [r.id, toSide(r)]));
  return pairs.map((p) => ({ first: byId.get(p.a)!, second: byId.get(p.b)! }));
}

/**
 * Merges `retire` into `keep`: both must be this company's (RLS), of stores the caller may see, not merged away,
 * and the same person by the duplicate rule. Both rows are locked (in id order, so two merges of one pair never
 * deadlock). Asking again for a merge already done answers the kept patient with nothing moved.
 */
export async function mergePatients(tx: Tx, scope: Scope, body: MergeRequest, now: Date): Done<MergeResult> {
  const { keep, retire } = body;
  if (keep === retire) throw new HttpError(400, 'patients.mergeSelf');
  const locked = await tx
    .select()
    .from(patients)
    .where(sql`${patients.id} in (${keep}::uuid, ${retire}::uuid)`)
    .orderBy(patients.id)
    .for('update');
  const kept = locked.find((p) => p.id === keep);
  const retired = locked.find((p) => p.id === retire);
  if (!kept || !canSeeStore(scope.stores, kept.locationId)) throw new NotVisible('patient', keep);
  if (!retired || !canSeeStore(scope.stores, retired.locationId)) throw new NotVisible('patient', retire);
  const audit = { targetType: 'patient', targetId: keep, patientId: keep };

  if (retired.mergedInto === keep) {
    return { result: { kept: toAdminView(kept), retiredId: retire, moved: {}, alreadyMerged: true }, audit: { ...audit, details: { retiredId: retire, alreadyMerged: true } } };
  }
  if (kept.mergedInto || retired.mergedInto) throw new HttpError(409, 'patients.mergedAlready');
  const [same] = await queryRows<{ same: boolean }>(
    tx,
    sql`select ${samePerson(rowIdentity('a'), rowIdentity('b'))} as same from patients a, patients b where a.id = ${keep}::uuid and b.id = ${retire}::uuid`,
  );
  if (!same?.same) throw new HttpError(409, 'patients.mergeNotSamePerson');
  if (kept.userId && retired.userId) throw new HttpError(409, 'patients.mergeBothPortal');

  const moved: Record<string, number> = {};
  for (const table of repointedTables) {
    const rows = await queryRows<{ n: number }>(
      tx,
      sql`with moved as (update ${sql.raw(table)} set patient_id = ${keep}::uuid where patient_id = ${retire}::uuid returning 1) select count(*)::int as n from moved`,
    );
    moved[table] = rows[0]?.n ?? 0;
  }
  const books = await mergePatientBooks(tx, scope, { from: retire, to: keep, at: now });
  moved.invoices = books.invoices;
  moved.store_credit_entries = books.storeCredit;

  // The portal account follows the record: the retired patient's sign-in now opens the kept patient's records.
  // (The unique account key is freed on the retired row first.)
  await tx.update(patients).set({ mergedInto: keep, mergedAt: now, userId: null, updatedAt: now }).where(eq(patients.id, retire));
  const [row] = await tx
    .update(patients)
    .set({ ...(retired.userId ? { userId: retired.userId } : {}), updatedAt: now })
    .where(eq(patients.id, keep))
    .returning();
  return {
    result: { kept: toAdminView(row!), retiredId: retire, moved, alreadyMerged: false },
    audit: { ...audit, details: { retiredId: retire, moved, portalAccountMoved: retired.userId !== null } },
  };
}

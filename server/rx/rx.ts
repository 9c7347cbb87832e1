/** Prescription reads of one patient: spectacle and contact-lens Rx, and one Rx with the lab orders made from it. */
import { sql } from 'drizzle-orm';
import type { ContactLensRx, Prescriptions, RxOrders, SpectacleEye, SpectacleRx } from '../../src/contract/records';
import type { Tx } from '../db/client';
import type { ContactLensEye, SpectacleEye as StoredSpectacleEye } from '../db/schema-records';
import { iso, isoOrNull, rows, storeToday, type Row } from '../db/values';
import { labOrderRows } from '../labOrders/labOrders';
import type { ReadContext } from '../scope/patientRecord';

const round2 = (n: number) => Math.round(n * 100) / 100;

function spectacleEye(e: StoredSpectacleEye): SpectacleEye {
  return {
    sphere: e.sphere,
    cylinder: e.cylinder ?? null,
    axis: e.axis ?? null,
    add: e.add ?? null,
    prism: e.prism ?? null,
    prismBase: e.prismBase ?? null,
    pdDistance: e.pdDistance ?? null,
    pdNear: e.pdNear ?? null,
    readingSphere: e.add === null || e.add === undefined ? null : round2(e.sphere + e.add),
  };
}
const clEye = (e: ContactLensEye) => ({
  power: e.power,
  baseCurve: e.baseCurve,
  diameter: e.diameter,
  cylinder: e.cylinder ?? null,
  axis: e.axis ?? null,
  add: e.add ?? null,
});

const rxHeader = (r: Row) => ({
  id: r.id as string,
  patientId: r.patient_id as string,
  locationId: r.location_id as string,
  storeName: r.store_name as string,
  examDate: r.exam_date as string,
  expiresOn: r.expires_on as string,
  expired: r.expired as boolean,
  prescriber: r.prescriber as string,
  notes: r.notes as string,
  createdAt: iso(r.created_at),
  givenAt: isoOrNull(r.given_at),
  updatedAt: iso(r.updated_at),
});

async function spectacleRxRows(tx: Tx, patientId: string, ctx: ReadContext, rxId?: string): Promise<SpectacleRx[]> {
  const found = await rows(
    tx,
    sql`select r.id, r.patient_id, r.location_id, l.name as store_name, r.exam_date::text as exam_date,
        r.expires_on::text as expires_on, r.expires_on < ${storeToday(ctx.now, sql`l.time_zone`)} as expired, r.prescriber,
        r.source, r.right_eye, r.left_eye, r.notes, r.created_at, r.given_at, r.updated_at
      from spectacle_rx r join locations l on l.tenant_id = r.tenant_id and l.id = r.location_id
      where r.patient_id = ${patientId} ${rxId ? sql`and r.id = ${rxId}` : sql``}
      order by r.exam_date desc, r.created_at desc, r.id`,
  );
  return found.map((r) => ({
    ...rxHeader(r),
    source: r.source as SpectacleRx['source'],
    right: spectacleEye(r.right_eye as StoredSpectacleEye),
    left: spectacleEye(r.left_eye as StoredSpectacleEye),
  }));
}

async function contactLensRxRows(tx: Tx, patientId: string, ctx: ReadContext, rxId?: string): Promise<ContactLensRx[]> {
  const found = await rows(
    tx,
    sql`select r.id, r.patient_id, r.location_id, l.name as store_name, r.exam_date::text as exam_date,
        r.expires_on::text as expires_on, r.expires_on < ${storeToday(ctx.now, sql`l.time_zone`)} as expired, r.prescriber,
        r.brand, r.manufacturer, r.replacement, r.right_eye, r.left_eye, r.notes, r.created_at, r.given_at, r.updated_at
      from contact_lens_rx r join locations l on l.tenant_id = r.tenant_id and l.id = r.location_id
      where r.patient_id = ${patientId} ${rxId ? sql`and r.id = ${rxId}` : sql``}
      order by r.exam_date desc, r.created_at desc, r.id`,
  );
  return found.map((r) => ({
    ...rxHeader(r),
    brand: r.brand as string,
    manufacturer: r.manufacturer as string,
    replacement: r.replacement as ContactLensRx['replacement'],
    right: clEye(r.right_eye as ContactLensEye),
    left: clEye(r.left_eye as ContactLensEye),
  }));
}

export async function readPrescriptions(tx: Tx, patientId: string, ctx: ReadContext): Promise<Prescriptions> {
  return { spectacle: await spectacleRxRows(tx, patientId, ctx), contactLens: await contactLensRxRows(tx, patientId, ctx) };
}

/** One prescription of this patient (spectacle or contact lens) with the lab orders made from it; null if not theirs. */
export async function readRxOrders(tx: Tx, patientId: string, rxId: string, ctx: ReadContext): Promise<RxOrders | null> {
  const [spectacle] = await spectacleRxRows(tx, patientId, ctx, rxId);
  if (spectacle) {
    return { kind: 'spectacle', spectacle, contactLens: null, orders: await labOrderRows(tx, patientId, ctx.now, sql`and o.rx_id = ${rxId}`) };
  }
  const [contactLens] = await contactLensRxRows(tx, patientId, ctx, rxId);
  if (contactLens) return { kind: 'contact-lens', spectacle: null, contactLens, orders: [] };
  return null;
}

/**
 * Order tracking links (/pr/{key}): the in-process and ready messages carry a fresh link to the lab
 * order's timeline. The key is 128 random bits (base64url, 22 characters) and is stored only as its keyed hash
 * (HMAC-SHA256 under a key derived from the installation's code secret), so the table cannot be turned back into
 * working links. The guest page finds the tenant through app_tracking_link_tenant() and reads the rest under that
 * tenant's RLS. A link answers as expired 7 days after the order was delivered (or ended: cancelled, remade), and
 * at once when its company is suspended. It shows the patient's first name only.
 */
import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { LabOrderStatus } from '../../src/contract/labOrders';
import type { TrackingView } from '../../src/contract/inbox';
import { queryRows, withoutTenant, withTenant, type Database, type Tx } from '../db/client';
import { companies, locations } from '../db/schema';
import { orderTrackingLinks } from '../db/schema-inbox';
import { labOrderEvents, labOrders, patients } from '../db/schema-records';
import type { Secrets } from '../db/secrets';
import { storeSettingsOf } from '../settings/settings';

/** How long a link keeps working after its order was delivered (or ended). */
export const TRACKING_DAYS_AFTER_DELIVERY = 7;
/** Statuses after which the order has nothing more to follow: the link's 7 days start. */
const endStatuses: LabOrderStatus[] = ['delivered', 'cancelled', 'remake'];

const derived = new WeakMap<Buffer, Buffer>();
function linkKey(secrets: Secrets): Buffer {
  let key = derived.get(secrets.codeKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secrets.codeKey, Buffer.alloc(0), 'order-tracking-v1', 32));
    derived.set(secrets.codeKey, key);
  }
  return key;
}

export function hashTrackingKey(secrets: Secrets, key: string): string {
  return createHmac('sha256', linkKey(secrets)).update(key).digest('hex');
}

/** What a caller needs to make links: the key's secret and the address the page lives at. */
export interface TrackingLinks {
  secrets: Secrets;
  publicUrl: string;
}

/** Stores a new link to the order and answers its address (the only place the key ever appears). */
export async function issueTrackingLink(tx: Tx, links: TrackingLinks, tenantId: string, labOrderId: string, now: Date): Promise<string> {
  const key = randomBytes(16).toString('base64url');
  await tx.insert(orderTrackingLinks).values({ tenantId, labOrderId, keyHash: hashTrackingKey(links.secrets, key), createdAt: now });
  return `${links.publicUrl.replace(/\/+$/, '')}/pr/${key}`;
}

export type TrackingAnswer = { kind: 'open'; view: TrackingView } | { kind: 'expired' } | { kind: 'notFound' };

/** The guest page's answer for a key: the order's timeline, expired, or no such link. */
export async function readTracking(db: Database, secrets: Secrets, key: string, now: Date): Promise<TrackingAnswer> {
  const hash = hashTrackingKey(secrets, key);
  const [found] = await withoutTenant(db, (tx) => queryRows<{ tenant_id: string | null }>(tx, sql`select app_tracking_link_tenant(${hash}) as tenant_id`));
  const tenantId = found?.tenant_id;
  if (!tenantId) return { kind: 'notFound' };
  return withTenant(db, tenantId, async (tx) => {
    const [row] = await tx
      .select({
        orderId: labOrders.id,
        number: labOrders.number,
        status: labOrders.status,
        expectedOn: labOrders.expectedOn,
        firstName: patients.firstName,
        locationId: locations.id,
        storeName: locations.name,
        address: locations.address,
        phone: locations.phone,
        suspendedAt: companies.suspendedAt,
      })
      .from(orderTrackingLinks)
      .innerJoin(labOrders, and(eq(labOrders.tenantId, orderTrackingLinks.tenantId), eq(labOrders.id, orderTrackingLinks.labOrderId)))
      .innerJoin(patients, and(eq(patients.tenantId, labOrders.tenantId), eq(patients.id, labOrders.patientId)))
      .innerJoin(locations, and(eq(locations.tenantId, labOrders.tenantId), eq(locations.id, labOrders.locationId)))
      .innerJoin(companies, eq(companies.tenantId, labOrders.tenantId))
      .where(eq(orderTrackingLinks.keyHash, hash));
    if (!row) return { kind: 'notFound' as const };
    if (row.suspendedAt !== null) return { kind: 'expired' as const };
    if (endStatuses.includes(row.status)) {
      const [ended] = await tx
        .select({ at: labOrderEvents.at })
        .from(labOrderEvents)
        .where(and(eq(labOrderEvents.labOrderId, row.orderId), inArray(labOrderEvents.toStatus, endStatuses)))
        .orderBy(desc(labOrderEvents.id))
        .limit(1);
      const endedAt = ended?.at ?? now;
      if (now.getTime() >= endedAt.getTime() + TRACKING_DAYS_AFTER_DELIVERY * 86_400_000) return { kind: 'expired' as const };
    }
    const { hours } = await storeSettingsOf(tx, row.locationId);
    const events = await tx
      .select({ status: labOrderEvents.toStatus, at: labOrderEvents.at })
      .from(labOrderEvents)
      .where(eq(labOrderEvents.labOrderId, row.orderId))
      .orderBy(asc(labOrderEvents.at), asc(labOrderEvents.id));
    return {
      kind: 'open' as const,
      view: {
        firstName: row.firstName,
        orderNumber: row.number,
        status: row.status,
        expectedOn: row.expectedOn,
        events: events.map((e) => ({ status: e.status, at: e.at.toISOString() })),
        store: { name: row.storeName, address: row.address, phone: row.phone, hours },
      },
    };
  });
}

/**
 * The reminder's link to the visit page (/visit/{key}): the key is 128 random bits (base64url, 22 characters) and is
 * stored only as its keyed hash (HMAC-SHA256 under a key derived from the installation's code secret), bound to one
 * appointment of one company, working until the visit starts. The guest page finds the company through
 * app_visit_link_tenant() and reads the rest under that company's RLS, as the order tracking page does.
 */
import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { visitPath } from '../../src/contract/visitReply';
import { queryRows, withoutTenant, type Database, type Tx } from '../db/client';
import { appointmentLinks } from '../db/schema-reminders';
import type { Secrets } from '../db/secrets';

const derived = new WeakMap<Buffer, Buffer>();
function linkKey(secrets: Secrets): Buffer {
  let key = derived.get(secrets.codeKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secrets.codeKey, Buffer.alloc(0), 'visit-link-v1', 32));
    derived.set(secrets.codeKey, key);
  }
  return key;
}

export function hashVisitKey(secrets: Secrets, key: string): string {
  return createHmac('sha256', linkKey(secrets)).update(key).digest('hex');
}

/** What a caller needs to make links: the key's secret and the address the page lives at. */
export interface VisitLinks {
  secrets: Secrets;
  publicUrl: string;
}

/** A new link's key and its row (inserted by the caller, with its message); the key appears only in the message. */
export function newVisitLink(links: VisitLinks, appointmentId: string, startsAt: Date, now: Date) {
  const key = randomBytes(16).toString('base64url');
  return {
    url: `${links.publicUrl.replace(/\/+$/, '')}${visitPath(key)}`,
    row: { tokenHash: hashVisitKey(links.secrets, key), appointmentId, expiresAt: startsAt, createdAt: now },
  };
}

export async function issueVisitLink(tx: Tx, links: VisitLinks, appointmentId: string, startsAt: Date, now: Date): Promise<string> {
  const link = newVisitLink(links, appointmentId, startsAt, now);
  await tx.insert(appointmentLinks).values(link.row);
  return link.url;
}

/** The company of a key, or null for no such link. */
export async function visitLinkTenant(db: Database, secrets: Secrets, key: string): Promise<{ tenantId: string; hash: string } | null> {
  const hash = hashVisitKey(secrets, key);
  const [found] = await withoutTenant(db, (tx) => queryRows<{ tenant_id: string | null }>(tx, sql`select app_visit_link_tenant(${hash}) as tenant_id`));
  return found?.tenant_id ? { tenantId: found.tenant_id, hash } : null;
}

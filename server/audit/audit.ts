import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';

export interface AuditEvent {
  tenantId: string;
  action: string;
  outcome: 'success' | 'failure' | 'denied';
  actorUserId?: string | null;
  actorRoles?: string[];
  targetType?: string;
  targetId?: string;
  patientId?: string;
  ip?: string;
  details?: Record<string, unknown>;
}

/**
 * Request text in the details made storable in jsonb: a lone UTF-16 surrogate or a NUL would make PostgreSQL refuse
 * the row, and the event (a refused sign-in, say) must be written whatever the caller sent.
 */
export function storable(value: unknown): unknown {
  // eslint-disable-next-line no-control-regex -- NUL is exactly what jsonb cannot hold
  if (typeof value === 'string') return value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|\u0000/g, '\ufffd');
  if (Array.isArray(value)) return value.map(storable);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k) as string, storable(v)]));
  }
  return value;
}

/** Appends one event to the audit log, inside the caller's transaction (it is written if and only if that commits). */
export async function audit(tx: Tx, e: AuditEvent): Promise<void> {
  await tx.execute(auditStatement(e));
}

/** audit()'s insert as a statement, for a transaction that sends it with its COMMIT (request.work). */
export function auditStatement(e: AuditEvent): SQL {
  const roles = `{${(e.actorRoles ?? []).map((r) => `"${r.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  const details = JSON.stringify(e.details ? storable(e.details) : {});
  return sql`insert into audit_log (tenant_id, action, outcome, actor_user_id, actor_roles, target_type, target_id, patient_id, ip, details)
    values (${e.tenantId}, ${e.action}, ${e.outcome}, ${e.actorUserId ?? null}, ${roles}::text[], ${e.targetType ?? null},
      ${e.targetId ?? null}, ${e.patientId ?? null}, ${e.ip ?? null}, ${details}::jsonb)`;
}

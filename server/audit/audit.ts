import type { Tx } from '../db/client';
import { auditLog } from '../db/schema';

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

/** Appends one event to the audit log, inside the caller's transaction (it is written if and only if that commits). */
export async function audit(tx: Tx, e: AuditEvent): Promise<void> {
  await tx.insert(auditLog).values({
    tenantId: e.tenantId,
    action: e.action,
    outcome: e.outcome,
    actorUserId: e.actorUserId ?? null,
    actorRoles: e.actorRoles ?? [],
    targetType: e.targetType ?? null,
    targetId: e.targetId ?? null,
    patientId: e.patientId ?? null,
    ip: e.ip ?? null,
    details: e.details ?? {},
  });
}

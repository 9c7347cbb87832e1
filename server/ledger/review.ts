/**
 * Sales to review: an offline sale the server recorded otherwise than the register sent it (change taken as
 * payment, a method that needs the connection, prices changed since, its time outside its session) is listed,
 * never corrected silently.
 */
import type { Tx } from '../db/client';
import { salesToReview } from '../db/schema-pos';
import type { Scope } from '../scope/scope';

export type ReviewReason = 'overpaid' | 'priceChanged' | 'needsConnection' | 'storeCreditShort' | 'soldAtMoved';

export async function flagForReview(
  tx: Tx,
  scope: Scope,
  sale: { invoiceId: string; locationId: string; registerSessionId: string | null; reasons: ReviewReason[]; details: Record<string, unknown> },
): Promise<void> {
  if (!sale.reasons.length) return;
  await tx.insert(salesToReview).values({ tenantId: scope.tenantId, ...sale });
}

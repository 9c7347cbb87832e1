/**
 * Sales to review: an offline sale the server recorded otherwise than the register sent it (change taken as
 * payment, a method that needs the connection, prices changed since, its time outside its session) is listed,
 * never corrected silently.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { ReviewReason } from '../../src/contract/salesToReview';
import type { Tx } from '../db/client';
import { salesToReview } from '../db/schema-pos';
import type { Scope } from '../scope/scope';

export type { ReviewReason };

export async function flagForReview(
  tx: Tx,
  scope: Scope,
  sale: { invoiceId: string; locationId: string; registerSessionId: string | null; reasons: ReviewReason[]; details: Record<string, unknown> },
): Promise<void> {
  if (!sale.reasons.length) return;
  await tx.insert(salesToReview).values({ ...sale });
}

/** Marks a sale reviewed (once: the first reviewer and time stay). Answers whether it was listed. */
export async function markReviewed(tx: Tx, scope: Scope, invoiceId: string, now: Date): Promise<boolean> {
  const [listed] = await tx.select({ reviewedAt: salesToReview.reviewedAt }).from(salesToReview).where(eq(salesToReview.invoiceId, invoiceId)).for('update');
  if (!listed) return false;
  await tx
    .update(salesToReview)
    .set({ reviewedAt: now, reviewedBy: scope.userId })
    .where(and(eq(salesToReview.invoiceId, invoiceId), isNull(salesToReview.reviewedAt)));
  return true;
}

/**
 * A store's stock: on hand is the sum of its movements. Every sold or returned line of a stocked product moves it
 * once, with the invoice (or credit record) that moved it; a sale beyond what is on hand is sold to order.
 */
import { inArray, sql } from 'drizzle-orm';
import { stockedKinds, type ProductKind } from '../../src/contract/pos';
import type { Tx } from '../db/client';
import { products, productStock, stockMovements } from '../db/schema-pos';
import { num } from '../db/values';
import type { Scope } from '../scope/scope';

export interface GoodsLine {
  productId: string | null;
  quantity: number;
}

/** The stocked products of `lines` with their summed quantities (services and manual lines move nothing). */
export async function stockedQuantities(tx: Tx, lines: readonly GoodsLine[]): Promise<Map<string, number>> {
  const ids = [...new Set(lines.flatMap((l) => (l.productId ? [l.productId] : [])))];
  const kinds = ids.length ? await tx.select({ id: products.id, kind: products.kind }).from(products).where(inArray(products.id, ids)) : [];
  const stocked = new Set(kinds.filter((k) => stockedKinds.includes(k.kind as ProductKind)).map((k) => k.id));
  const out = new Map<string, number>();
  for (const l of lines) if (l.productId && stocked.has(l.productId)) out.set(l.productId, (out.get(l.productId) ?? 0) + l.quantity);
  return out;
}

/**
 * Moves stock at a store: `direction` -1 takes the quantities (a sale), +1 puts them back (a refund or void).
 * Answers the products a sale took beyond what was on hand.
 */
export async function moveStock(
  tx: Tx,
  scope: Scope,
  move: { locationId: string; quantities: Map<string, number>; direction: -1 | 1; reason: 'sale' | 'refund'; invoiceId: string; at: Date },
): Promise<string[]> {
  const soldToOrder: string[] = [];
  for (const [productId, quantity] of [...move.quantities].sort(([a], [b]) => a.localeCompare(b))) {
    const change = move.direction * quantity;
    const [left] = await tx
      .insert(productStock)
      .values({ locationId: move.locationId, productId, onHand: change, updatedAt: move.at })
      .onConflictDoUpdate({
        target: [productStock.tenantId, productStock.locationId, productStock.productId],
        set: { onHand: sql`${productStock.onHand} + ${change}`, updatedAt: move.at },
      })
      .returning({ onHand: productStock.onHand });
    const short = move.direction < 0 && num(left!.onHand) < 0;
    if (short) soldToOrder.push(productId);
    await tx.insert(stockMovements).values({
      locationId: move.locationId,
      productId,
      quantity: change,
      reason: move.reason,
      invoiceId: move.invoiceId,
      at: move.at,
      byUserId: scope.userId,
      soldToOrder: short,
    });
  }
  return soldToOrder;
}

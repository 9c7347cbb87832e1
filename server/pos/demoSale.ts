/**
 * One demo sale to review, so the work desk's 'Sales to review' has something on a fresh start: yesterday the
 * Downtown front desk lost its connection, and a walk-in's two cleaning cloths were rung up offline with the $20.00
 * note handed over entered as the cash amount. The server kept the total as the payment and the rest as change, and
 * listed the sale. It is written the way the register's requests write it (open, sale sent later, close counted
 * exactly), so its books balance like any other day's.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { SaleSubmit, type DenominationCount } from '../../src/contract/pos';
import type { Tx } from '../db/client';
import { products } from '../db/schema-pos';
import { posDemoIds, posDemoSkus } from '../db/seed-pos';
import { storeTime } from '../db/seed-rows';
import type { Scope } from '../scope/scope';
import { completeSale, priceLines } from './sales';
import { closeSession, openSession, sessionReport } from './sessions';

const DAY = 24 * 60 * 60 * 1000;
const notes = [10_000, 5_000, 2_000, 1_000, 500, 100, 25, 10, 5, 1];

/** A cash amount as the notes and coins a clerk counts. */
function countOf(amount: number): DenominationCount[] {
  let left = amount;
  return notes.flatMap((denomination) => {
    const count = Math.floor(left / denomination);
    left -= count * denomination;
    return count ? [{ denomination, count }] : [];
  });
}

export async function seedSaleToReview(tx: Tx, now: Date, ids: { tenantId: string; locationId: string; timeZone: string; staffId: string }): Promise<void> {
  const scope: Scope = { tenantId: ids.tenantId, userId: ids.staffId, roles: ['staff'], stores: [ids.locationId], signedInAt: ids.locationId };
  // The register's writes take their tenant from the transaction's tenant setting, as in a request.
  await tx.execute(sql`select set_config('app.tenant_id', ${ids.tenantId}, true)`);
  const yesterday = new Date(now.getTime() - DAY);
  const at = (hour: number, minute: number) => storeTime(yesterday, hour, minute, ids.timeZone);
  const [cloth] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.tenantId, ids.tenantId), eq(products.sku, posDemoSkus.cloth)));
  const float = [
    { denomination: 2_000, count: 3 },
    { denomination: 1_000, count: 5 },
    { denomination: 500, count: 4 },
    { denomination: 100, count: 20 },
  ];
  const opened = await openSession(tx, scope, posDemoIds.downtownFrontDesk, { float, note: '' }, at(9, 0));
  const lines = [{ productId: cloth!.id, quantity: 2, optionIds: [], discount: null, rxId: null, fitting: null }];
  const { pricing } = await priceLines(tx, ids.locationId, { lines, orderDiscount: null });
  const handed = 2_000;
  const sale = SaleSubmit.parse({
    clientSaleId: randomUUID(),
    registerSessionId: opened.result.id,
    patientId: null,
    lines,
    payments: [{ method: 'cash', amount: handed, tendered: handed }],
    shownTotal: pricing.total,
    soldOffline: true,
    soldAt: at(11, 40).toISOString(),
  });
  await completeSale(tx, scope, sale, at(11, 52));
  // At closing the drawer held exactly what it should.
  const { expectedCash } = await sessionReport(tx, opened.result.id);
  await closeSession(tx, scope, opened.result.id, { counted: countOf(expectedCash), note: '' }, at(18, 0));
  await tx.execute(sql`select set_config('app.tenant_id', '', true)`);
}

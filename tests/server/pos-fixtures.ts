/**
 * Shared helpers of the point-of-sale tests (pos-*.test.ts), on top of clinical-fixtures: open a register session,
 * find demo products by SKU, and build a sale the way the register does (priced with the contract's priceSale).
 */
import { randomUUID } from 'node:crypto';
import { type Discount } from '../../src/contract/pos';
import { priceSale } from '../../src/contract/money';
import { call, ok } from './clinical-fixtures';
import { demoIds, type SignedIn } from './harness';

export interface Hit {
  id: string;
  sku: string;
  name: string;
  kind: string;
  price: number;
  stock: number | null;
  taxRateBp: number;
  barcodes: string[];
  options: { id: string; group: string; name: string; price: number }[];
}

export async function product(who: SignedIn, sku: string, locationId: string = demoIds.downtown): Promise<Hit> {
  const { items } = await ok<{ items: Hit[] }>(call(who, 'GET', `/api/pos/products?locationId=${locationId}&q=${encodeURIComponent(sku)}`), 200);
  const hit = items.find((i) => i.sku === sku);
  if (!hit) throw new Error(`no product ${sku}`);
  return hit;
}

/** Opens a session on the register (closing an open one first, counted as expected). */
export async function openRegister(who: SignedIn, registerId: string, float = [{ denomination: 1_000, count: 10 }]): Promise<string> {
  const res = await call(who, 'POST', `/api/pos/registers/${registerId}/sessions`, { float });
  if (res.statusCode === 409) {
    const { registers } = await ok<{ registers: { id: string; openSession: { id: string } | null }[] }>(call(who, 'GET', '/api/pos/registers'), 200);
    const open = registers.find((r) => r.id === registerId)!.openSession!.id;
    await ok(call(who, 'POST', `/api/pos/sessions/${open}/close`, { counted: [] }), 200);
    return openRegister(who, registerId, float);
  }
  return (await ok<{ id: string }>(Promise.resolve(res))).id;
}

export interface LineIn {
  product: Hit;
  quantity?: number;
  optionIds?: string[];
  discount?: Discount | null;
  rxId?: string | null;
  fitting?: { heightRight: number | null; heightLeft: number | null } | null;
}

/** A lens line's options as the register starts them: its first material (a lens takes exactly one). */
export const oneMaterial = (lens: Hit): string[] => lens.options.filter((o) => o.group === 'material').slice(0, 1).map((o) => o.id);

/** The register's own pricing of the lines (what it shows as the total). */
export function shownTotal(lines: LineIn[], orderDiscount: Discount | null = null): number {
  return priceSale(
    lines.map((l) => {
      const options = l.product.options.filter((o) => (l.optionIds ?? []).includes(o.id));
      return {
        productId: l.product.id,
        description: l.product.name,
        quantity: l.quantity ?? 1,
        unitPrice: l.product.price + options.reduce((a, o) => a + o.price, 0),
        taxRateBp: l.product.taxRateBp,
        discount: l.discount ?? null,
      };
    }),
    orderDiscount,
  ).total;
}

export function saleBody(
  sessionId: string,
  lines: LineIn[],
  extra: { patientId?: string | null; payments?: unknown[]; orderDiscount?: Discount | null; deposit?: boolean; soldOffline?: boolean; shownTotal?: number; clientSaleId?: string; parkedId?: string } = {},
) {
  const total = shownTotal(lines, extra.orderDiscount ?? null);
  return {
    clientSaleId: extra.clientSaleId ?? randomUUID(),
    registerSessionId: sessionId,
    patientId: extra.patientId ?? null,
    lines: lines.map((l) => ({
      productId: l.product.id,
      quantity: l.quantity ?? 1,
      optionIds: l.optionIds ?? [],
      discount: l.discount ?? null,
      rxId: l.rxId ?? null,
      fitting: l.fitting ?? null,
    })),
    orderDiscount: extra.orderDiscount ?? null,
    payments: extra.payments ?? [{ method: 'cash', amount: total, tendered: total }],
    deposit: extra.deposit ?? false,
    shownTotal: extra.shownTotal ?? total,
    soldOffline: extra.soldOffline ?? false,
    ...(extra.parkedId ? { parkedId: extra.parkedId } : {}),
  };
}

export interface Sale {
  invoice: { id: string; number: number; status: string; total: number; paidTotal: number; balance: number; patientId: string | null; lines: { lineNo: number; total: number; quantity: number }[] };
  pricing: { total: number; lines: { discount: number; gross: number }[] };
  change: number;
  labOrderIds: string[];
  replayed: boolean;
  difference: number;
  soldToOrder: string[];
}

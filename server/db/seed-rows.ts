/**
 * What the demo records are made of (seed-records.ts, seed-crowd.ts): a seeded pseudo-random generator (never
 * Math.random), dates on the store's calendar, the rows collected for one insert per table, and the makers of an
 * invoice and a lab order with their lines, payments and steps.
 */
import { zonedDate, zonedToIso } from '../../src/contract/zonedTime';
import type { ContactLensEye, Frame, Lens, SpectacleEye } from './schema-records';
import type { appointments, contactLensRx, labOrderEvents, labOrders, patients, recalls, spectacleRx } from './schema-records';
import type { invoiceLines, invoices, payments } from './schema-invoices';

export const DAY = 24 * 60 * 60 * 1000;

/** mulberry32: small, fast, deterministic. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
    /** A value on a grid of `step` between min and max. */
    grid: (min: number, max: number, step: number) => min + step * Math.floor(next() * (Math.round((max - min) / step) + 1)),
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
      hex[12] = '4';
      hex[16] = ((Math.floor(next() * 4) + 8) as number).toString(16);
      const s = hex.join('');
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
    },
  };
}
export type Rng = ReturnType<typeof prng>;

export const isoDate = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (d: Date, n: number) => new Date(d.getTime() + n * DAY);
export const round2 = (n: number) => Math.round(n * 100) / 100;

/** The instant of a wall-clock time on the store's calendar day that holds the instant `day`, in its time zone. */
export function storeTime(day: Date, hour: number, minute: number, timeZone: string): Date {
  const wall = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  return new Date(zonedToIso(zonedDate(day, timeZone), wall, timeZone)!);
}

export interface Store {
  tenantId: string;
  id: string;
  timeZone: string;
  taxRateBp: number;
  /** The store's currency (the demo stores sell in US dollars). */
  currency: string;
  providerId: string;
  providerName: string;
  /** Invoice and lab-order numbers continue from these. */
  invoiceNo: number;
  orderNo: number;
}

export interface Rows {
  patients: (typeof patients.$inferInsert)[];
  spectacleRx: (typeof spectacleRx.$inferInsert)[];
  contactLensRx: (typeof contactLensRx.$inferInsert)[];
  appointments: (typeof appointments.$inferInsert)[];
  invoices: (typeof invoices.$inferInsert)[];
  invoiceLines: (typeof invoiceLines.$inferInsert)[];
  payments: (typeof payments.$inferInsert)[];
  labOrders: (typeof labOrders.$inferInsert)[];
  labOrderEvents: (typeof labOrderEvents.$inferInsert)[];
  recalls: (typeof recalls.$inferInsert)[];
}

export const eye = (e: Partial<SpectacleEye> & { sphere: number }): SpectacleEye => ({
  cylinder: null,
  axis: null,
  add: null,
  prism: null,
  prismBase: null,
  pdDistance: null,
  pdNear: null,
  ...e,
});
export const clEye = (e: Partial<ContactLensEye> & { power: number }): ContactLensEye => ({
  baseCurve: 8.6,
  diameter: 14.2,
  cylinder: null,
  axis: null,
  add: null,
  ...e,
});

export interface LineInput {
  kind: 'product' | 'service';
  sku: string;
  description: string;
  quantity: number;
  unitPrice: number;
  discount?: number;
}

/** Adds an invoice with its lines and payments; totals and tax are computed like the POS does. */
export function addInvoice(
  rows: Rows,
  store: Store,
  rng: Rng,
  o: { id?: string; patientId: string; issuedAt: Date; status: 'open' | 'paid' | 'void'; lines: LineInput[]; payments: { method: 'cash' | 'card' | 'cheque' | 'insurance' | 'store-credit'; amount?: number; reference?: string; at?: Date }[]; notes?: string },
) {
  const id = o.id ?? rng.uuid();
  const number = store.invoiceNo++;
  let subtotal = 0;
  let discountTotal = 0;
  let taxTotal = 0;
  o.lines.forEach((l, i) => {
    const gross = l.quantity * l.unitPrice;
    const discount = l.discount ?? 0;
    // Eye examinations are not taxed; goods are.
    const tax = l.kind === 'product' ? Math.round(((gross - discount) * store.taxRateBp) / 10_000) : 0;
    subtotal += gross;
    discountTotal += discount;
    taxTotal += tax;
    rows.invoiceLines.push({ tenantId: store.tenantId, invoiceId: id, lineNo: i + 1, kind: l.kind, sku: l.sku, description: l.description, quantity: l.quantity, unitPrice: l.unitPrice, discount, tax, total: gross - discount + tax });
  });
  const total = subtotal - discountTotal + taxTotal;
  let paidTotal = 0;
  for (const p of o.payments) {
    const amount = p.amount ?? total - paidTotal;
    paidTotal += amount;
    rows.payments.push({ tenantId: store.tenantId, id: rng.uuid(), invoiceId: id, method: p.method, amount, paidAt: p.at ?? o.issuedAt, reference: p.reference ?? '', createdBy: store.providerId });
  }
  rows.invoices.push({ tenantId: store.tenantId, id, locationId: store.id, number, patientId: o.patientId, status: o.status, issuedAt: o.issuedAt, currency: store.currency, subtotal, discountTotal, taxTotal, total, paidTotal, notes: o.notes ?? '', createdBy: store.providerId, createdAt: o.issuedAt });
  return { id, number, total };
}

export const mainPath = ['draft', 'sent-to-lab', 'in-production', 'received', 'ready-for-pickup', 'delivered'] as const;
export type OrderStatus = (typeof mainPath)[number] | 'on-hold' | 'remake' | 'cancelled';

/** Adds a lab order whose history walks the allowed transitions up to `status`, one step every few days. */
export function addLabOrder(
  rows: Rows,
  store: Store,
  rng: Rng,
  o: { id?: string; patientId: string; rxId: string; invoiceId: string; lineNo: number; status: OrderStatus; startedAt: Date; frame: Frame; lens: Lens; remakeOfId?: string; remakeReason?: string; labName: string; now: Date },
) {
  const id = o.id ?? rng.uuid();
  const path: OrderStatus[] =
    o.status === 'on-hold'
      ? ['draft', 'sent-to-lab', 'in-production', 'on-hold']
      : o.status === 'remake'
        ? ['draft', 'sent-to-lab', 'in-production', 'received', 'remake']
        : o.status === 'cancelled'
          ? ['draft', 'cancelled']
          : mainPath.slice(0, mainPath.indexOf(o.status) + 1);
  let at = o.startedAt;
  let from: OrderStatus | null = null;
  for (const [i, to] of path.entries()) {
    if (i > 0) at = new Date(Math.min(at.getTime() + rng.int(1, 4) * DAY + rng.int(0, 6) * 3600_000, o.now.getTime() - 3600_000));
    const note =
      to === 'on-hold' ? 'Waiting for the frame from the supplier' : to === 'remake' ? 'Axis out of tolerance on the right lens' : to === 'ready-for-pickup' ? 'Patient notified' : '';
    rows.labOrderEvents.push({ tenantId: store.tenantId, labOrderId: id, fromStatus: from, toStatus: to, at, byUserId: store.providerId, byName: store.providerName, note });
    from = to;
  }
  const open = !['delivered', 'cancelled', 'remake'].includes(o.status);
  rows.labOrders.push({
    tenantId: store.tenantId,
    id,
    locationId: store.id,
    number: store.orderNo++,
    patientId: o.patientId,
    rxId: o.rxId,
    invoiceId: o.invoiceId,
    invoiceLineNo: o.lineNo,
    status: o.status,
    frame: o.frame,
    lens: o.lens,
    fittingHeights: { right: rng.int(18, 26), left: rng.int(18, 26) },
    labName: o.labName,
    expectedOn: open ? isoDate(addDays(o.startedAt, 14)) : null,
    remakeOfId: o.remakeOfId ?? null,
    remakeReason: o.remakeReason ?? null,
    createdBy: store.providerId,
    createdAt: o.startedAt,
    updatedAt: at,
  });
  return id;
}

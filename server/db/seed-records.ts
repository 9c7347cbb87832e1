/**
 * Demo patients and their clinical and sales records (shared/design/domain.md, "Demo data"): Jane Doe and John Roe
 * exactly as described there, and a deterministic crowd of further patients per company (a seeded pseudo-random
 * generator, never Math.random) so lists, search and paging are real. Dates are relative to `now`. Rows are
 * collected first and written with one insert per table (the start-up budget is tight).
 */
import { zonedDate, zonedToIso } from '../../src/contract/zonedTime';
import type { ContactLensEye, Frame, Lens, SpectacleEye } from './schema-records';
import { appointments, contactLensRx, labOrderEvents, labOrders, locationPolicies, patients, recalls, spectacleRx } from './schema-records';
import { invoiceLines, invoices, payments } from './schema-invoices';
import type { Tx } from './client';
import { demoIds, type DemoUserIds } from './seed';

const DAY = 24 * 60 * 60 * 1000;

/** Fixed ids of Jane Doe's and John Roe's records, for tests and reviewers (the crowd's ids are seeded too). */
export const recordDemoIds = {
  janeOldRx: 'c1ea0000-0000-4000-8000-0000000b0001',
  janeRx: 'c1ea0000-0000-4000-8000-0000000b0002',
  janeContactLensRx: 'c1ea0000-0000-4000-8000-0000000b0003',
  janePastAppointment: 'c1ea0000-0000-4000-8000-0000000b0004',
  janeUpcomingAppointment: 'c1ea0000-0000-4000-8000-0000000b0005',
  janePaidInvoice: 'c1ea0000-0000-4000-8000-0000000b0006',
  janeOpenInvoice: 'c1ea0000-0000-4000-8000-0000000b0007',
  janeOrder: 'c1ea0000-0000-4000-8000-0000000b0008',
  janeRecall: 'c1ea0000-0000-4000-8000-0000000b0009',
  johnRx: 'b1e00000-0000-4000-8000-0000000b0001',
  johnAppointment: 'b1e00000-0000-4000-8000-0000000b0002',
  johnInvoice: 'b1e00000-0000-4000-8000-0000000b0003',
  johnOrder: 'b1e00000-0000-4000-8000-0000000b0004',
  johnRecall: 'b1e00000-0000-4000-8000-0000000b0005',
  /** One person registered twice at Downtown (staff years ago, the kiosk lately): the patient list's possible duplicates. */
  mariaOlder: 'c1ea0000-0000-4000-8000-0000000a0101',
  mariaNewer: 'c1ea0000-0000-4000-8000-0000000a0102',
} as const;

/** mulberry32: small, fast, deterministic. */
function prng(seed: number) {
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
type Rng = ReturnType<typeof prng>;

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * DAY);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The instant of a wall-clock time on the store's calendar day that holds the instant `day`, in its time zone. */
export function storeTime(day: Date, hour: number, minute: number, timeZone: string): Date {
  const wall = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  return new Date(zonedToIso(zonedDate(day, timeZone), wall, timeZone)!);
}

interface Store {
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

interface Rows {
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

const eye = (e: Partial<SpectacleEye> & { sphere: number }): SpectacleEye => ({
  cylinder: null,
  axis: null,
  add: null,
  prism: null,
  prismBase: null,
  pdDistance: null,
  pdNear: null,
  ...e,
});
const clEye = (e: Partial<ContactLensEye> & { power: number }): ContactLensEye => ({
  baseCurve: 8.6,
  diameter: 14.2,
  cylinder: null,
  axis: null,
  add: null,
  ...e,
});

interface LineInput {
  kind: 'product' | 'service';
  sku: string;
  description: string;
  quantity: number;
  unitPrice: number;
  discount?: number;
}

/** Adds an invoice with its lines and payments; totals and tax are computed like the POS does. */
function addInvoice(
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

const mainPath = ['draft', 'sent-to-lab', 'in-production', 'received', 'ready-for-pickup', 'delivered'] as const;
type OrderStatus = (typeof mainPath)[number] | 'on-hold' | 'remake' | 'cancelled';

/** Adds a lab order whose history walks the allowed transitions up to `status`, one step every few days. */
function addLabOrder(
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

// ---------------------------------------------------------------------------------------------------------------
// The crowd

interface Person {
  first: string;
  last: string;
  sex: 'female' | 'male';
  language: 'en' | 'tr' | 'ar';
}
const people: Record<'en' | 'tr' | 'ar', { female: string[]; male: string[]; last: string[] }> = {
  en: {
    female: ['Emily', 'Olivia', 'Grace', 'Hannah', 'Chloe', 'Sophia', 'Margaret', 'Ruth', 'Lucy', 'Priya', 'Mei', 'Isabella', 'Aisha', 'Claire', 'Naomi'],
    male: ['James', 'Liam', 'Noah', 'Ethan', 'Daniel', 'Marcus', 'Robert', 'George', 'Owen', 'Raj', 'Wei', 'Mateo', 'Samuel', 'Henry', 'Victor'],
    last: ['Smith', 'Johnson', 'Williams', 'Brown', 'Garcia', 'Miller', 'Davis', 'Martinez', 'Nguyen', 'Patel', 'Kim', "O'Brien", 'Anderson', 'Thompson', 'Okafor', 'Chen', 'Walker', 'Hughes', 'Rivera', 'Bennett'],
  },
  tr: {
    female: ['Ayşe', 'Elif', 'Zeynep', 'Fatma', 'Merve', 'Selin'],
    male: ['Mehmet', 'Mustafa', 'Emre', 'Burak', 'Can', 'Kerem'],
    last: ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Öztürk', 'Aydın', 'Arslan'],
  },
  ar: {
    female: ['Fatima', 'Layla', 'Mariam', 'Noor', 'Huda', 'Salma'],
    male: ['Omar', 'Yusuf', 'Khalid', 'Karim', 'Tariq', 'Hassan'],
    last: ['Haddad', 'Khoury', 'Mansour', 'Saleh', 'Nasser', 'Aziz', 'Farouk', 'Hamdan'],
  },
};

function person(rng: Rng): Person {
  const language = rng.chance(0.7) ? 'en' : rng.chance(0.5) ? 'tr' : 'ar';
  const sex = rng.chance(0.52) ? 'female' : 'male';
  const set = people[language];
  return { first: rng.pick(set[sex]), last: rng.pick(set.last), sex, language };
}

const asciiFold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i')
    .replace(/ş/g, 's')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

const frames: Frame[] = [
  { brand: 'Ray-Ban', model: 'RB5154 Clubmaster', colour: 'Tortoise', a: 51, b: 42, dbl: 21 },
  { brand: 'Oakley', model: 'OX8156 Holbrook RX', colour: 'Satin Black', a: 54, b: 40, dbl: 18 },
  { brand: 'Tom Ford', model: 'FT5401', colour: 'Dark Havana', a: 52, b: 43, dbl: 20 },
  { brand: 'Lindberg', model: 'Strip 9704', colour: 'Gunmetal', a: 50, b: 38, dbl: 19 },
  { brand: 'Silhouette', model: 'Momentum 5529', colour: 'Rose Gold', a: 53, b: 36, dbl: 17 },
  { brand: 'Persol', model: 'PO3007V', colour: 'Striped Brown', a: 50, b: 41, dbl: 19 },
  { brand: 'Nike', model: '7042 Kids', colour: 'Blue Fade', a: 46, b: 34, dbl: 16 },
];
const lensChoices: Lens[] = [
  { type: 'single vision', material: '1.5 CR-39', coatings: ['anti-reflective'] },
  { type: 'single vision', material: '1.6 high-index', coatings: ['anti-reflective', 'blue-light filter'] },
  { type: 'single vision', material: 'polycarbonate', coatings: ['scratch-resistant', 'UV400'] },
  { type: 'progressive', material: '1.67 high-index', coatings: ['anti-reflective', 'photochromic'] },
  { type: 'bifocal', material: '1.5 CR-39', coatings: ['anti-reflective'] },
];
const labs = ['Essilor Lab Services', 'Zeiss Vision Lab', 'Hoya Lens Lab'];
const prescribers = ['Dr. Maya Patel', 'Dr. Daniel Brooks', 'Dr. Leila Haddad'];
const clBrands = [
  { brand: 'Acuvue Oasys', manufacturer: 'Johnson & Johnson Vision', replacement: 'two-weekly', baseCurve: 8.4, diameter: 14.0 },
  { brand: 'Dailies Total1', manufacturer: 'Alcon', replacement: 'daily', baseCurve: 8.5, diameter: 14.1 },
  { brand: 'Biofinity', manufacturer: 'CooperVision', replacement: 'monthly', baseCurve: 8.6, diameter: 14.0 },
  { brand: 'Air Optix plus HydraGlyde', manufacturer: 'Alcon', replacement: 'monthly', baseCurve: 8.6, diameter: 14.2 },
] as const;

/** A spectacle eye with a realistic power for the age. */
function randomEye(rng: Rng, age: number, base: number, withPrism: boolean): SpectacleEye {
  const sphere = round2(Math.max(-12, Math.min(8, base + rng.grid(-0.5, 0.5, 0.25))));
  const hasCyl = rng.chance(0.55);
  const cylinder = hasCyl ? -rng.grid(0.25, 2.5, 0.25) : null;
  const add = age >= 42 ? Math.min(3, 0.75 + 0.25 * Math.floor((age - 42) / 4)) : null;
  const pd = rng.grid(29, 34, 0.5);
  return {
    sphere,
    cylinder,
    axis: hasCyl ? rng.int(1, 180) : null,
    add,
    prism: withPrism ? rng.grid(0.5, 2, 0.25) : null,
    prismBase: withPrism ? rng.pick(['in', 'out', 'up', 'down'] as const) : null,
    pdDistance: pd,
    pdNear: add !== null ? pd - 1.5 : null,
  };
}

/** Contact-lens power from a spectacle sphere (vertex-corrected, on the 0.25 / 0.50 grid). */
function clPower(sphere: number): number {
  const p = sphere / (1 - 0.012 * sphere);
  const step = Math.abs(p) > 6 ? 0.5 : 0.25;
  return round2(Math.round(p / step) * step);
}

/** A provider's booked slot: `providerId|ISO start` (the database refuses a second live booking of one). */
const slotKey = (providerId: string, start: Date) => `${providerId}|${start.toISOString()}`;

function addCrowd(rows: Rows, rng: Rng, now: Date, count: number, stores: Store[], company: { city: string; streets: string[]; postal: string[]; emailDomain: string }) {
  const slots = new Set(rows.appointments.map((a) => slotKey(a.providerId!, a.startsAt)));
  for (let n = 0; n < count; n++) {
    const store = stores[n % stores.length]!;
    const p = person(rng);
    const age = rng.chance(0.12) ? rng.int(6, 16) : rng.int(18, 88);
    const dob = addDays(now, -Math.round(age * 365.25) - rng.int(0, 360));
    const id = rng.uuid();
    const local = asciiFold(p.first) + '.' + asciiFold(p.last);
    const minor = age < 18;
    const guardian = minor ? `${rng.pick(people[p.language].female)} ${p.last}` : '';
    const channel = rng.chance(0.3) ? 'sms' : 'email';
    const created = addDays(now, -rng.int(120, 1500));
    rows.patients.push({
      tenantId: store.tenantId,
      id,
      locationId: store.id,
      firstName: p.first,
      lastName: p.last,
      dateOfBirth: isoDate(dob),
      sex: p.sex,
      phone: `+1 555 ${String(rng.int(1000, 9999))}`,
      email: rng.chance(0.9) ? `${local}${n}@${company.emailDomain}` : '',
      addressLine: `${rng.int(1, 980)} ${rng.pick(company.streets)}`,
      city: company.city,
      postalCode: rng.pick(company.postal),
      preferredChannel: channel,
      preferredLanguage: p.language,
      guardianName: guardian,
      notes: rng.chance(0.15) ? rng.pick(['Prefers morning appointments', 'Dry eye: recommend preservative-free drops', 'Sensitive to progressive lenses; consider office lenses']) : '',
      consentContact: rng.chance(0.8),
      consentPrivacy: true,
      consentAt: created,
      createdVia: rng.chance(0.2) ? 'kiosk' : 'staff',
      createdAt: created,
      updatedAt: created,
    });

    // Prescriptions: an older one for some, a recent one for most.
    const base = rng.chance(0.75) ? rng.grid(-6, -0.25, 0.25) : rng.grid(0.25, 4, 0.25);
    const rxCount = rng.chance(0.12) ? 0 : rng.chance(0.4) ? 2 : 1;
    let latestRx: { id: string; exam: Date } | null = null;
    for (let r = 0; r < rxCount; r++) {
      // About a quarter were examined in the last month: their orders are still on the way.
      const exam = r === 0 && rxCount === 2 ? addDays(now, -rng.int(800, 1400)) : addDays(now, rng.chance(0.3) ? -rng.int(3, 30) : -rng.int(31, 900));
      const rxId = rng.uuid();
      const prism = rng.chance(0.08);
      rows.spectacleRx.push({
        tenantId: store.tenantId,
        id: rxId,
        patientId: id,
        locationId: store.id,
        examDate: isoDate(exam),
        expiresOn: isoDate(addDays(exam, minor ? 365 : 730)),
        prescriber: rng.pick(prescribers),
        source: rng.chance(0.85) ? 'manifest' : 'current-glasses',
        right: randomEye(rng, age, base, prism),
        left: randomEye(rng, age, base + rng.grid(-0.75, 0.75, 0.25), false),
        notes: rng.chance(0.2) ? rng.pick(['Computer use: consider anti-fatigue lenses', 'Stable since last exam', 'Monitor IOP next visit']) : '',
        createdBy: store.providerId,
        createdAt: exam,
      });
      latestRx = { id: rxId, exam };
    }
    if (!minor && latestRx && rng.chance(0.3)) {
      const b = rng.pick(clBrands);
      const exam = latestRx.exam;
      rows.contactLensRx.push({
        tenantId: store.tenantId,
        id: rng.uuid(),
        patientId: id,
        locationId: store.id,
        examDate: isoDate(exam),
        expiresOn: isoDate(addDays(exam, 365)),
        prescriber: rng.pick(prescribers),
        brand: b.brand,
        manufacturer: b.manufacturer,
        replacement: b.replacement,
        right: clEye({ power: clPower(base), baseCurve: b.baseCurve, diameter: b.diameter }),
        left: clEye({ power: clPower(base - 0.25), baseCurve: b.baseCurve, diameter: b.diameter }),
        createdBy: store.providerId,
        createdAt: exam,
      });
    }

    // Appointments: past ones with their outcomes, and about half the patients with one ahead.
    const appts = rng.int(1, 3);
    for (let a = 0; a < appts; a++) {
      const future = a === 0 && rng.chance(0.5);
      let start: Date;
      let key: string;
      do {
        const day = addDays(now, future ? rng.int(1, 45) : -rng.int(2, 500));
        start = storeTime(day, rng.int(9, 16), rng.pick([0, 30]), store.timeZone);
        key = slotKey(store.providerId, start);
      } while (slots.has(key));
      slots.add(key);
      const type = rng.pick(['eye-exam', 'eye-exam', 'contact-lens-fitting', 'pickup', 'repair'] as const);
      const status = future ? rng.pick(['booked', 'confirmed'] as const) : rng.pick(['completed', 'completed', 'completed', 'no-show', 'cancelled'] as const);
      rows.appointments.push({
        tenantId: store.tenantId,
        id: rng.uuid(),
        locationId: store.id,
        patientId: id,
        providerId: store.providerId,
        providerName: store.providerName,
        type,
        startsAt: start,
        durationMinutes: type === 'eye-exam' ? 30 : type === 'contact-lens-fitting' ? 45 : 15,
        status,
        cancelledAt: status === 'cancelled' ? addDays(start, -1) : null,
        cancelledBy: null,
        createdAt: addDays(start, -14),
        updatedAt: addDays(start, -1),
      });
    }

    // A sale for most patients with a prescription, and a lab order made from it.
    if (latestRx && rng.chance(0.8)) {
      const frame = rng.pick(frames.filter((f) => (minor ? f.brand === 'Nike' : f.brand !== 'Nike')));
      const lens = rng.pick(lensChoices.filter((l) => (age >= 42 ? l.type !== 'single vision' || rng.chance(0.3) : l.type === 'single vision')));
      const issuedAt = addDays(latestRx.exam, rng.int(0, 3));
      const recent = now.getTime() - issuedAt.getTime() < 40 * DAY;
      const status = rng.chance(0.25) ? 'open' : rng.chance(0.05) ? 'void' : 'paid';
      const lines: LineInput[] = [
        { kind: 'service', sku: 'EXAM-COMP', description: 'Comprehensive eye exam', quantity: 1, unitPrice: rng.pick([8500, 9500, 11000]) },
        { kind: 'product', sku: `LENS-${lens.type.toUpperCase().replace(/ /g, '')}`, description: `${lens.type[0]!.toUpperCase()}${lens.type.slice(1)} lenses, ${lens.material}, ${lens.coatings.join(', ')}`, quantity: 1, unitPrice: lens.type === 'progressive' ? 38000 : lens.type === 'bifocal' ? 22000 : rng.pick([9900, 14900, 18900]) },
        { kind: 'product', sku: `FRM-${frame.model.split(' ')[0]}`, description: `${frame.brand} ${frame.model}, ${frame.colour} ${frame.a}-${frame.dbl}`, quantity: 1, unitPrice: rng.pick([8900, 12900, 16900, 24500]), discount: rng.chance(0.3) ? 2000 : 0 },
      ];
      if (rng.chance(0.25)) lines.push({ kind: 'product', sku: 'CLEAN-KIT', description: 'Lens cleaning kit', quantity: rng.int(1, 2), unitPrice: 1200 });
      const pays =
        status === 'paid'
          ? rng.chance(0.2)
            ? [{ method: 'insurance' as const, amount: 15000, reference: `VSP claim ${rng.int(100000, 999999)}` }, { method: rng.pick(['card', 'cash'] as const) }]
            : [{ method: rng.pick(['card', 'card', 'cash', 'cheque'] as const), reference: '' }]
          : status === 'open' && rng.chance(0.6)
            ? [{ method: 'card' as const, amount: rng.pick([5000, 10000, 20000]), reference: '' }]
            : [];
      const inv = addInvoice(rows, store, rng, { patientId: id, issuedAt, status, lines, payments: pays, notes: status === 'void' ? 'Voided: entered twice' : '' });
      if (status !== 'void') {
        const orderStatus: OrderStatus = recent
          ? rng.pick(['draft', 'sent-to-lab', 'in-production', 'received', 'ready-for-pickup', 'on-hold'] as const)
          : rng.chance(0.06)
            ? 'cancelled'
            : rng.chance(0.06)
              ? 'remake'
              : 'delivered';
        const labName = rng.pick(labs);
        const orderId = addLabOrder(rows, store, rng, { patientId: id, rxId: latestRx.id, invoiceId: inv.id, lineNo: 2, status: orderStatus, startedAt: issuedAt, frame, lens, labName, now });
        if (orderStatus === 'remake') {
          const redo = addDays(issuedAt, 12);
          addLabOrder(rows, store, rng, { patientId: id, rxId: latestRx.id, invoiceId: inv.id, lineNo: 2, status: 'delivered', startedAt: redo, frame, lens, labName, now, remakeOfId: orderId, remakeReason: 'Axis out of tolerance on the right lens' });
        }
      }
    }

    // Recalls.
    if (rng.chance(0.6)) {
      const status = rng.pick(['pending', 'pending', 'sent', 'booked', 'dismissed'] as const);
      const due = addDays(now, rng.int(-60, 200));
      rows.recalls.push({
        tenantId: store.tenantId,
        id: rng.uuid(),
        patientId: id,
        locationId: store.id,
        type: rng.pick(['annual-exam', 'annual-exam', 'contact-lens-check', 'follow-up'] as const),
        dueOn: isoDate(due),
        status,
        channel,
        lastSentAt: status === 'sent' || status === 'booked' ? addDays(due, -21) : null,
      });
    }
  }
}

/**
 * Maria Gonzalez at Downtown twice: the record staff made years ago (an Rx, a visit, a paid invoice), and the one she
 * made herself at the kiosk lately, typed in lower case, before the kiosk recognised a returning patient (a visit
 * ahead and a recall). Same birth date and email: the staff patient list offers to merge them. Made after the crowd,
 * so the crowd's random draws stay as they were.
 */
function addDuplicatePair(rows: Rows, rng: Rng, now: Date, store: Store) {
  const older = recordDemoIds.mariaOlder;
  const newer = recordDemoIds.mariaNewer;
  const base = { tenantId: store.tenantId, locationId: store.id, dateOfBirth: '1986-07-21', sex: 'female' as const, email: 'maria.gonzalez@example.com', consentPrivacy: true };
  rows.patients.push(
    {
      ...base, id: older, firstName: 'Maria', lastName: 'Gonzalez', phone: '+1 555 0188', addressLine: '118 Oak Avenue', city: 'Springfield', postalCode: '62702',
      preferredChannel: 'email', preferredLanguage: 'en', consentContact: true, consentAt: addDays(now, -900), createdVia: 'staff', createdAt: addDays(now, -900), updatedAt: addDays(now, -400),
    },
    {
      ...base, id: newer, firstName: 'maria', lastName: 'gonzalez', phone: '', preferredChannel: 'email', preferredLanguage: 'en',
      consentContact: false, consentAt: addDays(now, -45), createdVia: 'kiosk', createdAt: addDays(now, -45), updatedAt: addDays(now, -45),
    },
  );
  const exam = addDays(now, -400);
  const rxId = rng.uuid();
  rows.spectacleRx.push({
    tenantId: store.tenantId, id: rxId, patientId: older, locationId: store.id, examDate: isoDate(exam), expiresOn: isoDate(addDays(exam, 730)),
    prescriber: 'Dr. Maya Patel', source: 'manifest', createdBy: store.providerId, createdAt: exam, notes: '',
    right: eye({ sphere: -1.5, cylinder: -0.25, axis: 90, pdDistance: 31 }),
    left: eye({ sphere: -1.25, pdDistance: 30.5 }),
  });
  rows.appointments.push(
    {
      tenantId: store.tenantId, id: rng.uuid(), locationId: store.id, patientId: older, providerId: store.providerId, providerName: store.providerName, type: 'eye-exam',
      startsAt: storeTime(exam, 8, 30, store.timeZone), durationMinutes: 30, status: 'completed', createdAt: addDays(exam, -7), updatedAt: exam,
    },
    {
      tenantId: store.tenantId, id: rng.uuid(), locationId: store.id, patientId: newer, providerId: store.providerId, providerName: store.providerName, type: 'eye-exam',
      startsAt: storeTime(addDays(now, 9), 8, 30, store.timeZone), durationMinutes: 30, status: 'booked', createdAt: addDays(now, -45), updatedAt: addDays(now, -45),
    },
  );
  addInvoice(rows, store, rng, {
    patientId: older, issuedAt: new Date(exam.getTime() + 3600_000), status: 'paid',
    lines: [
      { kind: 'service', sku: 'EXAM-COMP', description: 'Comprehensive eye exam', quantity: 1, unitPrice: 9500 },
      { kind: 'product', sku: 'LENS-SINGLEVISION', description: 'Single vision lenses, 1.6 high-index, anti-reflective', quantity: 1, unitPrice: 14900 },
    ],
    payments: [{ method: 'card', reference: 'VISA **** 1187' }],
  });
  rows.recalls.push({ tenantId: store.tenantId, id: rng.uuid(), patientId: newer, locationId: store.id, type: 'annual-exam', dueOn: isoDate(addDays(now, 30)), status: 'pending', channel: 'email' });
}

// ---------------------------------------------------------------------------------------------------------------

export async function seedRecords(tx: Tx, now: Date, userIds: DemoUserIds): Promise<void> {
  const rng = prng(20260522);
  const rows: Rows = { patients: [], spectacleRx: [], contactLensRx: [], appointments: [], invoices: [], invoiceLines: [], payments: [], labOrders: [], labOrderEvents: [], recalls: [] };
  const staffId = userIds['staff@clearview.test']!;
  const clearviewAdmin = userIds['admin@clearview.test']!;
  const brightsightAdmin = userIds['admin@brightsight.test']!;
  const downtown: Store = { tenantId: demoIds.clearview, id: demoIds.downtown, timeZone: 'America/New_York', taxRateBp: 825, currency: 'USD', providerId: staffId, providerName: 'Sam Staff', invoiceNo: 1001, orderNo: 5001 };
  const uptown: Store = { tenantId: demoIds.clearview, id: demoIds.uptown, timeZone: 'America/New_York', taxRateBp: 825, currency: 'USD', providerId: clearviewAdmin, providerName: 'Alex Admin', invoiceNo: 2001, orderNo: 6001 };
  const main: Store = { tenantId: demoIds.brightsight, id: demoIds.main, timeZone: 'America/Chicago', taxRateBp: 700, currency: 'USD', providerId: brightsightAdmin, providerName: 'Blair Admin', invoiceNo: 1001, orderNo: 3001 };

  // --- Jane Doe (Downtown), exactly as domain.md describes her.
  const jane = demoIds.janeDoe;
  rows.patients.push({
    tenantId: demoIds.clearview, id: jane, locationId: demoIds.downtown, firstName: 'Jane', lastName: 'Doe', dateOfBirth: '1978-04-12', sex: 'female',
    phone: '+1 555 0142', email: 'patient@clearview.test', addressLine: '42 Elm Street, Apt 3B', city: 'Springfield', postalCode: '62701',
    preferredChannel: 'email', preferredLanguage: 'en', userId: userIds['patient@clearview.test'] ?? null, notes: 'Prefers late-afternoon appointments',
    consentContact: true, consentPrivacy: true, consentAt: addDays(now, -1100), createdAt: addDays(now, -1100), updatedAt: addDays(now, -21),
  });
  const oldExam = addDays(now, -1120);
  const janeOldRx = recordDemoIds.janeOldRx;
  rows.spectacleRx.push({
    tenantId: demoIds.clearview, id: janeOldRx, patientId: jane, locationId: demoIds.downtown, examDate: isoDate(oldExam), expiresOn: isoDate(addDays(oldExam, 730)),
    prescriber: 'Dr. Maya Patel', source: 'manifest', createdBy: staffId, createdAt: oldExam, notes: '',
    right: eye({ sphere: -2.0, cylinder: -0.5, axis: 180, pdDistance: 31.5 }),
    left: eye({ sphere: -1.75, cylinder: -0.25, axis: 175, pdDistance: 31 }),
  });
  const exam = addDays(now, -21);
  const janeRx = recordDemoIds.janeRx;
  rows.spectacleRx.push({
    tenantId: demoIds.clearview, id: janeRx, patientId: jane, locationId: demoIds.downtown, examDate: isoDate(exam), expiresOn: isoDate(addDays(exam, 730)),
    prescriber: 'Dr. Maya Patel', source: 'manifest', createdBy: staffId, createdAt: exam, notes: 'Early presbyopia: first progressive lenses',
    right: eye({ sphere: -2.5, cylinder: -0.75, axis: 10, add: 1.25, prism: 1, prismBase: 'in', pdDistance: 31.5, pdNear: 30 }),
    left: eye({ sphere: -2.25, cylinder: -0.5, axis: 170, add: 1.25, pdDistance: 31, pdNear: 29.5 }),
  });
  rows.contactLensRx.push({
    tenantId: demoIds.clearview, id: recordDemoIds.janeContactLensRx, patientId: jane, locationId: demoIds.downtown, examDate: isoDate(exam), expiresOn: isoDate(addDays(exam, 365)),
    prescriber: 'Dr. Maya Patel', brand: 'Acuvue Oasys', manufacturer: 'Johnson & Johnson Vision', replacement: 'two-weekly', createdBy: staffId, createdAt: exam,
    right: clEye({ power: -2.25, baseCurve: 8.4, diameter: 14.0 }), left: clEye({ power: -2.0, baseCurve: 8.4, diameter: 14.0 }), notes: 'Wear up to 12 hours a day',
  });
  rows.appointments.push(
    {
      tenantId: demoIds.clearview, id: recordDemoIds.janePastAppointment, locationId: demoIds.downtown, patientId: jane, providerId: staffId, providerName: 'Sam Staff', type: 'eye-exam',
      startsAt: storeTime(exam, 16, 30, 'America/New_York'), durationMinutes: 30, status: 'completed', createdAt: addDays(exam, -10), updatedAt: exam,
    },
    {
      tenantId: demoIds.clearview, id: recordDemoIds.janeUpcomingAppointment, locationId: demoIds.downtown, patientId: jane, providerId: staffId, providerName: 'Sam Staff', type: 'contact-lens-fitting',
      startsAt: storeTime(addDays(now, 6), 16, 0, 'America/New_York'), durationMinutes: 45, status: 'confirmed', notes: 'Follow-up fitting of the new contact lenses',
      createdAt: exam, updatedAt: exam,
    },
  );
  const janePaid = addInvoice(rows, downtown, rng, {
    id: recordDemoIds.janePaidInvoice, patientId: jane, issuedAt: new Date(exam.getTime() + 2 * 3600_000), status: 'paid',
    lines: [
      { kind: 'service', sku: 'EXAM-COMP', description: 'Comprehensive eye exam', quantity: 1, unitPrice: 9500 },
      { kind: 'product', sku: 'LENS-PROGRESSIVE', description: 'Progressive lenses, 1.67 high-index, anti-reflective, blue-light filter', quantity: 1, unitPrice: 38000 },
      { kind: 'product', sku: 'FRM-RB5154', description: 'Ray-Ban RB5154 Clubmaster, Tortoise 51-21', quantity: 1, unitPrice: 16900, discount: 2000 },
    ],
    payments: [{ method: 'card', reference: 'VISA **** 4242' }],
  });
  addInvoice(rows, downtown, rng, {
    id: recordDemoIds.janeOpenInvoice, patientId: jane, issuedAt: new Date(exam.getTime() + 2.5 * 3600_000), status: 'open',
    lines: [
      { kind: 'product', sku: 'CL-OASYS-6', description: 'Acuvue Oasys two-weekly, 6-pack', quantity: 4, unitPrice: 4200 },
      { kind: 'product', sku: 'CL-SOLUTION', description: 'Multipurpose solution 360 ml', quantity: 2, unitPrice: 1450 },
    ],
    payments: [{ method: 'cash', amount: 5000 }],
  });
  const janeOrder = recordDemoIds.janeOrder;
  rows.labOrders.push({
    tenantId: demoIds.clearview, id: janeOrder, locationId: demoIds.downtown, number: downtown.orderNo++, patientId: jane, rxId: janeRx, invoiceId: janePaid.id, invoiceLineNo: 2,
    status: 'in-production', frame: frames[0]!, lens: { type: 'progressive', material: '1.67 high-index', coatings: ['anti-reflective', 'blue-light filter'] },
    fittingHeights: { right: 22, left: 22 }, labName: 'Essilor Lab Services', expectedOn: isoDate(addDays(now, 4)), createdBy: staffId, createdAt: exam, updatedAt: addDays(now, -15),
  });
  rows.labOrderEvents.push(
    { tenantId: demoIds.clearview, labOrderId: janeOrder, fromStatus: null, toStatus: 'draft', at: new Date(exam.getTime() + 3 * 3600_000), byUserId: staffId, byName: 'Sam Staff', note: '' },
    { tenantId: demoIds.clearview, labOrderId: janeOrder, fromStatus: 'draft', toStatus: 'sent-to-lab', at: addDays(now, -20), byUserId: staffId, byName: 'Sam Staff', note: 'Frame sent with the order' },
    { tenantId: demoIds.clearview, labOrderId: janeOrder, fromStatus: 'sent-to-lab', toStatus: 'in-production', at: addDays(now, -15), byUserId: staffId, byName: 'Sam Staff', note: 'Lab confirmed: surfacing' },
  );
  rows.recalls.push({ tenantId: demoIds.clearview, id: recordDemoIds.janeRecall, patientId: jane, locationId: demoIds.downtown, type: 'contact-lens-check', dueOn: isoDate(addDays(now, 60)), status: 'pending', channel: 'email' });

  // --- John Roe (Main Street).
  const john = demoIds.johnRoe;
  rows.patients.push({
    tenantId: demoIds.brightsight, id: john, locationId: demoIds.main, firstName: 'John', lastName: 'Roe', dateOfBirth: '1965-09-30', sex: 'male',
    phone: '+1 555 0277', email: 'patient@brightsight.test', addressLine: '17 Cedar Lane', city: 'Riverton', postalCode: '82501',
    preferredChannel: 'sms', preferredLanguage: 'en', userId: userIds['patient@brightsight.test'] ?? null,
    consentContact: true, consentPrivacy: true, consentAt: addDays(now, -700), createdAt: addDays(now, -700), updatedAt: addDays(now, -40),
  });
  const johnExam = addDays(now, -40);
  const johnRx = recordDemoIds.johnRx;
  rows.spectacleRx.push({
    tenantId: demoIds.brightsight, id: johnRx, patientId: john, locationId: demoIds.main, examDate: isoDate(johnExam), expiresOn: isoDate(addDays(johnExam, 730)),
    prescriber: 'Dr. Aaron Whitfield', source: 'manifest', createdBy: brightsightAdmin, createdAt: johnExam, notes: '',
    right: eye({ sphere: 1.75, cylinder: -1.25, axis: 95, add: 2.25, pdDistance: 33, pdNear: 31.5 }),
    left: eye({ sphere: 2.0, cylinder: -1.0, axis: 85, add: 2.25, pdDistance: 32.5, pdNear: 31 }),
  });
  rows.appointments.push({
    tenantId: demoIds.brightsight, id: recordDemoIds.johnAppointment, locationId: demoIds.main, patientId: john, providerId: brightsightAdmin, providerName: 'Blair Admin', type: 'pickup',
    startsAt: storeTime(addDays(now, 3), 11, 0, 'America/Chicago'), durationMinutes: 15, status: 'booked', createdAt: johnExam, updatedAt: johnExam,
  });
  const johnInv = addInvoice(rows, main, rng, {
    id: recordDemoIds.johnInvoice, patientId: john, issuedAt: johnExam, status: 'paid',
    lines: [
      { kind: 'service', sku: 'EXAM-COMP', description: 'Comprehensive eye exam', quantity: 1, unitPrice: 9000 },
      { kind: 'product', sku: 'LENS-PROGRESSIVE', description: 'Progressive lenses, 1.6 high-index, photochromic', quantity: 1, unitPrice: 34000 },
    ],
    payments: [{ method: 'insurance', amount: 20000, reference: 'EyeMed claim 448120' }, { method: 'card', reference: 'MC **** 8810' }],
  });
  addLabOrder(rows, main, rng, {
    id: recordDemoIds.johnOrder, patientId: john, rxId: johnRx, invoiceId: johnInv.id, lineNo: 2, status: 'ready-for-pickup', startedAt: johnExam, now,
    frame: frames[3]!, lens: { type: 'progressive', material: '1.6 high-index', coatings: ['photochromic'] }, labName: 'Zeiss Vision Lab',
  });
  rows.recalls.push({ tenantId: demoIds.brightsight, id: recordDemoIds.johnRecall, patientId: john, locationId: demoIds.main, type: 'annual-exam', dueOn: isoDate(addDays(johnExam, 365)), status: 'pending', channel: 'sms' });

  // --- The crowd: Clearview across both stores, Brightsight at Main Street.
  addCrowd(rows, rng, now, 44, [downtown, uptown], {
    city: 'Springfield',
    streets: ['Elm Street', 'Oak Avenue', 'Maple Drive', 'Cedar Court', 'Lakeview Road', 'Pine Street', 'Chestnut Boulevard', 'Willow Way'],
    postal: ['62701', '62702', '62703', '62704'],
    emailDomain: 'example.com',
  });
  addCrowd(rows, rng, now, 11, [main], {
    city: 'Riverton',
    streets: ['Birch Road', 'River Road', 'Aspen Way', 'Prairie Avenue', 'Mill Lane'],
    postal: ['82501', '82520'],
    emailDomain: 'example.net',
  });

  addDuplicatePair(rows, rng, now, downtown);

  await tx.insert(locationPolicies).values([
    { tenantId: demoIds.clearview, locationId: demoIds.downtown, patientsMayCancel: true, cancelNoticeHours: 24 },
    { tenantId: demoIds.clearview, locationId: demoIds.uptown, patientsMayCancel: false, cancelNoticeHours: 48 },
    { tenantId: demoIds.brightsight, locationId: demoIds.main, patientsMayCancel: true, cancelNoticeHours: 12 },
  ]);
  await tx.insert(patients).values(rows.patients);
  await tx.insert(spectacleRx).values(rows.spectacleRx);
  await tx.insert(contactLensRx).values(rows.contactLensRx);
  await tx.insert(appointments).values(rows.appointments);
  await tx.insert(invoices).values(rows.invoices);
  await tx.insert(invoiceLines).values(rows.invoiceLines);
  await tx.insert(payments).values(rows.payments);
  await tx.insert(labOrders).values(rows.labOrders);
  await tx.insert(labOrderEvents).values(rows.labOrderEvents);
  await tx.insert(recalls).values(rows.recalls);
}

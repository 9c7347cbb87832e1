/**
 * A deterministic crowd of further patients per company (shared/design/domain.md, "Demo data"), so lists, search and
 * paging are real: names in the company's languages, prescriptions, visits, invoices, lab orders and recalls drawn
 * from a seeded generator; and one person registered twice (the patient list's possible duplicates).
 */
import type { Frame, Lens, SpectacleEye } from './schema-records';
import { addDays, addInvoice, addLabOrder, clEye, DAY, eye, isoDate, round2, storeTime, type LineInput, type OrderStatus, type Rng, type Rows, type Store } from './seed-rows';

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

export const frames: Frame[] = [
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

export function addCrowd(rows: Rows, rng: Rng, now: Date, count: number, stores: Store[], company: { city: string; streets: string[]; postal: string[]; emailDomain: string }) {
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
export function addDuplicatePair(rows: Rows, rng: Rng, now: Date, store: Store, { older, newer }: { older: string; newer: string }) {
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

/**
 * Demo patients and their clinical and sales records (shared/design/domain.md, "Demo data"): Jane Doe and John Roe
 * exactly as described there, beside the crowd of seed-crowd.ts. Dates are relative to `now`. Rows are collected
 * first and written with one insert per table (the start-up budget is tight).
 */
import { appointments, contactLensRx, labOrderEvents, labOrders, locationPolicies, patients, recalls, spectacleRx } from './schema-records';
import { invoiceLines, invoices, payments } from './schema-invoices';
import type { Tx } from './client';
import { demoIds, type DemoUserIds } from './seed';
import { addCrowd, addDuplicatePair, frames } from './seed-crowd';
import { addDays, addInvoice, addLabOrder, clEye, eye, isoDate, prng, storeTime, type Rows, type Store } from './seed-rows';

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

  addDuplicatePair(rows, rng, now, downtown, { older: recordDemoIds.mariaOlder, newer: recordDemoIds.mariaNewer });

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

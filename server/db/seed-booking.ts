/**
 * Demo online-booking rules: Downtown takes online bookings with Sam Staff on weekdays and Alex Admin on Tuesday,
 * Thursday and Saturday mornings (10-minute buffer, 2 hours' notice, 60 days ahead, 12 a day, new patients welcome,
 * closed on Christmas and New Year's Day; Sam's team meeting blocks 12:00-13:00 next Wednesday), sending New Patient Intake with a new patient's eye exam and Contact Lens
 * Consent with every contact-lens fitting; Uptown has its rules written but online booking off; Brightsight Main
 * takes eye exams and pick-ups with Blair Admin on weekdays. Runs after the eForms seed (the forms it names).
 */
import { addDays } from '../../src/contract/booking';
import type { StoreHours } from '../../src/contract/generalSettings';
import { zonedDate } from '../../src/contract/zonedTime';
import type { Tx } from './client';
import type { DemoUserIds } from './seed';
import { demoIds } from './seed';
import { and, eq, inArray } from 'drizzle-orm';
import { bookingIntakeForms, bookingRules, providerSchedules } from './schema-booking';
import { forms } from './schema-eforms';

const weekdaysOnly = (opens: string, closes: string): StoreHours => ({
  mon: { opens, closes },
  tue: { opens, closes },
  wed: { opens, closes },
  thu: { opens, closes },
  fri: { opens, closes },
  sat: null,
  sun: null,
});

/** The store's next Wednesday after today (its calendar): the demo's blocked team meeting. */
function nextWednesday(now: Date, timeZone: string): string {
  let date = addDays(zonedDate(now, timeZone), 1);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 3) date = addDays(date, 1);
  return date;
}

export async function seedBookingRules(tx: Tx, now: Date, userIds: DemoUserIds): Promise<void> {
  const year = now.getUTCFullYear();
  const holidays = [
    { date: `${year}-12-25`, label: 'Christmas Day' },
    { date: `${year + 1}-01-01`, label: "New Year's Day" },
  ];
  await tx.insert(bookingRules).values([
    {
      tenantId: demoIds.clearview,
      locationId: demoIds.downtown,
      onlineEnabled: true,
      newPatientsMayBook: true,
      onlineTypes: ['eye-exam', 'contact-lens-fitting', 'pickup', 'repair'],
      bufferMinutes: 10,
      minNoticeHours: 2,
      horizonDays: 60,
      maxOnlinePerDay: 12,
      closures: holidays,
      updatedAt: now,
    },
    {
      tenantId: demoIds.clearview,
      locationId: demoIds.uptown,
      onlineEnabled: false,
      newPatientsMayBook: false,
      onlineTypes: ['eye-exam', 'pickup'],
      bufferMinutes: 5,
      minNoticeHours: 24,
      horizonDays: 30,
      maxOnlinePerDay: 6,
      closures: holidays,
      updatedAt: now,
    },
    {
      tenantId: demoIds.brightsight,
      locationId: demoIds.main,
      onlineEnabled: true,
      newPatientsMayBook: false,
      onlineTypes: ['eye-exam', 'pickup'],
      bufferMinutes: 0,
      minNoticeHours: 4,
      horizonDays: 45,
      maxOnlinePerDay: 10,
      closures: [{ date: `${year}-12-25`, label: 'Christmas Day' }],
      updatedAt: now,
    },
  ]);
  await tx.insert(providerSchedules).values([
    {
      tenantId: demoIds.clearview,
      locationId: demoIds.downtown,
      providerId: userIds['staff@clearview.test']!,
      hours: weekdaysOnly('09:00', '17:00'),
      daysOff: [],
      blocks: [{ date: nextWednesday(now, 'America/New_York'), from: '12:00', to: '13:00', label: 'Team meeting' }],
    },
    {
      tenantId: demoIds.clearview,
      locationId: demoIds.downtown,
      providerId: userIds['admin@clearview.test']!,
      hours: { mon: null, tue: { opens: '10:00', closes: '16:00' }, wed: null, thu: { opens: '10:00', closes: '16:00' }, fri: null, sat: { opens: '10:00', closes: '14:00' }, sun: null },
      daysOff: [],
    },
    { tenantId: demoIds.clearview, locationId: demoIds.uptown, providerId: userIds['admin@clearview.test']!, hours: weekdaysOnly('10:00', '18:00'), daysOff: [] },
    { tenantId: demoIds.brightsight, locationId: demoIds.main, providerId: userIds['admin@brightsight.test']!, hours: weekdaysOnly('09:00', '17:00'), daysOff: [] },
  ]);
  const downtownForms = await tx
    .select({ id: forms.id, name: forms.name })
    .from(forms)
    .where(and(eq(forms.locationId, demoIds.downtown), inArray(forms.name, ['New Patient Intake', 'Contact Lens Consent'])));
  const formNamed = (name: string) => downtownForms.find((f) => f.name === name)!.id;
  await tx.insert(bookingIntakeForms).values([
    { tenantId: demoIds.clearview, locationId: demoIds.downtown, type: 'eye-exam', formId: formNamed('New Patient Intake'), newPatientsOnly: true },
    { tenantId: demoIds.clearview, locationId: demoIds.downtown, type: 'contact-lens-fitting', formId: formNamed('Contact Lens Consent'), newPatientsOnly: false },
  ]);
}

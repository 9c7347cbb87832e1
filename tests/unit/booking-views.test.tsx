/**
 * The booking screens against a fake API: the patient's 'Book a visit' (a time taken meanwhile shows the next free
 * ones and one of them is booked; in Arabic the steps speak Arabic), and the admin's 'Online booking' section (a
 * refused buffer is said at its field; the saved rules are what the server is sent).
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Call, Reply } from '../fixtures/fakeApi';
import { janeDoe } from '../fixtures/auth';
import type { BookingSettings, FreeSlot } from '../../src/contract/booking';
import { defaultAppointmentTypes, defaultStoreHours, type StoreSettings } from '../../src/contract/generalSettings';
import { AppointmentsPage } from '../../src/views/portal/AppointmentsPage';
import { BookingRulesForm } from '../../src/views/settings/general/BookingRulesForm';
import * as data from './records-fixtures';
import { renderPage, tearDownPage, withRoles } from './records-harness';

let rendered: ReturnType<typeof renderPage> | undefined;
afterEach(() => {
  tearDownPage(rendered);
  rendered = undefined;
});

const downtown = 'c1ea0000-0000-4000-8000-00000000d001';
const sam = 'a0000000-0000-4000-8000-000000000001';
const intakeAssignment = 'f0000000-0000-4000-8000-000000000001';
const intakeForm = 'f1000000-0000-4000-8000-000000000001';
const consentForm = 'f1000000-0000-4000-8000-000000000002';
const slot = (localDate: string, localTime: string, startsAt: string): FreeSlot => ({ startsAt, providerId: sam, providerName: 'Sam Staff', localDate, localTime });
const nine = slot('2031-03-04', '09:00', '2031-03-04T14:00:00.000Z');
const later = slot('2031-03-04', '10:45', '2031-03-04T15:45:00.000Z');
const stores = { stores: [{ id: downtown, name: 'Downtown', timeZone: 'America/New_York', types: [{ type: 'eye-exam', minutes: 30 }], providers: [{ id: sam, name: 'Sam Staff' }] }] };

function patientApi(bookings: Call[]) {
  return (call: Call): Reply => {
    if (call.method === 'GET' && call.path === '/api/my/appointments') return { status: 200, body: data.appointments };
    if (call.method === 'GET' && call.path === '/api/my/booking/stores') return { status: 200, body: stores };
    if (call.method === 'GET' && call.path.startsWith('/api/my/booking/slots')) return { status: 200, body: { timeZone: 'America/New_York', minutes: 30, slots: [nine] } };
    if (call.method === 'POST' && call.path === '/api/my/booking') {
      bookings.push(call);
      if (bookings.length === 1) {
        return { status: 409, body: { error: 'This time has just been taken. Please choose another time.', code: 'booking.slotGone', details: { nextSlots: [later] } } };
      }
      const appointment = { ...data.appointments.upcoming[0]!, id: 'e0000000-0000-4000-8000-000000000009', startsAt: later.startsAt, providerName: 'Sam Staff', source: 'online' };
      const intake = { id: intakeAssignment, name: 'New Patient Intake', names: { language: 'en', translated: {} }, locationId: downtown, storeName: 'Downtown', expiresAt: '2031-03-04T16:15:00.000Z', requiresCode: false, sentAt: '2031-03-03T12:00:00.000Z' };
      return { status: 201, body: { appointment, forms: [intake] } };
    }
    return { status: 404, body: { error: 'Not found' } };
  };
}

describe("the patient's 'Book a visit'", () => {
  it('type, store, a free time, confirm; the time is taken meanwhile: the next free one is offered and booked', async () => {
    const bookings: Call[] = [];
    rendered = renderPage(<AppointmentsPage />, { api: patientApi(bookings) });
    const user = rendered.user;
    await user.click(await screen.findByRole('button', { name: 'Book a visit' }));
    const region = await screen.findByRole('region', { name: 'Book a visit' });
    await user.click(await within(region).findByRole('button', { name: 'Eye exam' }));
    expect((within(region).getByRole('combobox', { name: 'Provider' }) as HTMLSelectElement).value).toBe('');
    await user.click(within(region).getByRole('button', { name: 'Next' }));
    await user.click(await within(region).findByRole('button', { name: /09:00 with Sam Staff$/ }));
    await within(region).findByRole('heading', { name: 'Confirm your visit' });
    await user.click(within(region).getByRole('button', { name: 'Book it' }));

    await within(region).findByRole('heading', { name: 'That time has just been taken' });
    expect(bookings[0]!.body).toEqual({ locationId: downtown, type: 'eye-exam', providerId: sam, startsAt: nine.startsAt });
    await user.click(within(region).getByRole('button', { name: /10:45/ }));
    await user.click(await within(region).findByRole('button', { name: 'Book it' }));
    expect(await within(region).findByRole('heading', { name: 'Your visit is booked' })).toBeTruthy();
    expect(bookings[1]!.body).toMatchObject({ startsAt: later.startsAt });
    // The form the store sent with the visit, to fill in before it (by the visit's day in the store's zone).
    const forms = within(region).getByRole('region', { name: 'Please fill in before your visit' });
    expect(within(forms).getByRole('link', { name: 'New Patient Intake' }).getAttribute('href')).toBe(`/patient/forms/${intakeAssignment}`);
    expect(within(forms).getByText(/by .*2031/)).toBeTruthy();
  });

  it('in Arabic', async () => {
    rendered = renderPage(<AppointmentsPage />, { api: patientApi([]), language: 'ar' });
    const user = rendered.user;
    await user.click(await screen.findByRole('button', { name: 'احجز زيارة' }));
    const region = await screen.findByRole('region', { name: 'احجز زيارة' });
    expect(within(region).getByText('الخطوة 1 من 4')).toBeTruthy();
    await user.click(await within(region).findByRole('button', { name: 'فحص النظر' }));
    await user.click(within(region).getByRole('button', { name: 'التالي' }));
    expect(await within(region).findByText('وقت متاح واحد')).toBeTruthy();
  });
});

describe("the admin's 'Online booking' section", () => {
  const store = { id: downtown, appointmentTypes: null } as StoreSettings;
  const settings: BookingSettings = {
    locationId: downtown,
    rules: {
      onlineEnabled: false,
      newPatientsMayBook: false,
      onlineTypes: ['eye-exam'],
      bufferMinutes: 0,
      minNoticeHours: 2,
      horizonDays: 60,
      maxOnlinePerDay: 20,
      closures: [],
      providers: [],
      intakeForms: [],
    },
    providers: [{ id: sam, name: 'Sam Staff' }],
    forms: [
      { id: consentForm, name: 'Contact Lens Consent', names: { language: 'en' as const, translated: { ar: 'موافقة العدسات اللاصقة' } } },
      { id: intakeForm, name: 'New Patient Intake', names: { language: 'en' as const, translated: {} } },
    ],
    updatedAt: null,
  };
  type Rules = BookingSettings['rules'];
  const fieldsRefused = (fields: Record<string, string>, fieldCodes: Record<string, string>): Reply => ({
    status: 400,
    body: { error: 'Please correct the highlighted fields.', code: 'request.fieldsInvalid', fields, fieldCodes },
  });
  /** The admin's settings API: the rules above; a save is refused when `refuse` answers, else saved as sent. */
  const renderRules = (saves: Call[], refuse: (rules: Rules, attempt: number) => Reply | null, language: 'en' | 'ar' = 'en') => {
    rendered = renderPage(<BookingRulesForm store={store} companyTypes={defaultAppointmentTypes} />, {
      user: withRoles(janeDoe, ['admin'], 'Alex Admin'),
      language,
      api: (call) => {
        if (call.method === 'GET' && call.path === `/api/settings/booking/${downtown}`) return { status: 200, body: settings };
        if (call.method === 'PUT' && call.path === `/api/settings/booking/${downtown}`) {
          saves.push(call);
          const rules = call.body as Rules;
          return refuse(rules, saves.length) ?? { status: 200, body: { ...settings, rules, updatedAt: '2031-03-03T12:00:00.000Z' } };
        }
        return { status: 404, body: { error: 'Not found' } };
      },
    });
    return rendered.user;
  };

  it('a refused buffer is said at its field; the rules saved are the ones on screen', async () => {
    const saves: Call[] = [];
    const user = renderRules(saves, (rules) => (rules.bufferMinutes % 5 !== 0 ? fieldsRefused({ bufferMinutes: 'Buffer must be 0 to 120 minutes, in steps of 5' }, { bufferMinutes: 'booking.buffer' }) : null));
    await user.click(await screen.findByRole('switch', { name: 'Take bookings online' }));
    const buffer = screen.getByRole('textbox', { name: 'Buffer between visits (minutes)' });
    await user.clear(buffer);
    await user.type(buffer, '7');
    await user.click(screen.getByRole('switch', { name: 'Sam Staff takes online bookings' }));
    await user.click(screen.getByRole('button', { name: 'Add a closure' }));
    await user.type(screen.getByLabelText('Date'), '2031-12-25');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Christmas Day');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Buffer must be 0 to 120 minutes, in steps of 5')).length).toBeGreaterThan(0);

    await user.clear(screen.getByRole('textbox', { name: 'Buffer between visits (minutes)' }));
    await user.type(screen.getByRole('textbox', { name: 'Buffer between visits (minutes)' }), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(saves[1]!.body).toEqual({
      ...settings.rules,
      onlineEnabled: true,
      bufferMinutes: 10,
      closures: [{ date: '2031-12-25', label: 'Christmas Day' }],
      providers: [{ providerId: sam, hours: defaultStoreHours, daysOff: [], blocks: [] }],
    });
  });

  it("the forms sent with a booking: a visit, a form, new patients only; a refused form is said at its field", async () => {
    const saves: Call[] = [];
    const user = renderRules(saves, (_rules, attempt) =>
      attempt === 1 ? fieldsRefused({ 'intakeForms.0.formId': 'Choose a published form of this store' }, { 'intakeForms.0.formId': 'booking.intakeForm' }) : null,
    );
    const section = await screen.findByRole('group', { name: 'Forms sent with a booking' });
    expect(within(section).getByText('No forms are sent with bookings.')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Add a form' }));
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Form' }), 'New Patient Intake');
    await user.click(within(section).getByRole('checkbox', { name: 'New patients only' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Choose a published form of this store')).length).toBeGreaterThan(0);
    expect(within(section).getByRole('combobox', { name: 'Form' }).getAttribute('aria-invalid')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect((saves[1]!.body as Rules).intakeForms).toEqual([{ type: 'eye-exam', formId: intakeForm, newPatientsOnly: true }]);
    const saved = screen.getByRole('group', { name: 'Forms sent with a booking' });
    expect(within(saved).getByRole('button', { name: 'Remove New Patient Intake from Eye exam' })).toBeTruthy();
  });

  it("in Arabic, a form is offered by its Arabic name, else its English one (issue 33)", async () => {
    const user = renderRules([], () => null, 'ar');
    const section = await screen.findByRole('group', { name: 'النماذج المرسلة مع الحجز' });
    await user.click(within(section).getByRole('button', { name: 'أضف نموذجًا' }));
    const translated = await within(section).findByRole('option', { name: 'موافقة العدسات اللاصقة' });
    expect([translated.getAttribute('lang'), translated.getAttribute('dir')]).toEqual(['ar', 'auto']);
    const untranslated = within(section).getByRole('option', { name: 'New Patient Intake' });
    expect([untranslated.getAttribute('lang'), untranslated.getAttribute('dir')]).toEqual(['en', 'auto']);
  });

  it("a provider's blocked time: added with its date, times and reason; one that ends before it starts is said at its field", async () => {
    const saves: Call[] = [];
    const user = renderRules(saves, (rules) => {
      const block = rules.providers[0]!.blocks[0]!;
      return block.to <= block.from ? fieldsRefused({ 'providers.0.blocks.0.to': 'A blocked time must end after it starts' }, { 'providers.0.blocks.0.to': 'booking.blockEnds' }) : null;
    });
    await user.click(await screen.findByRole('switch', { name: 'Sam Staff takes online bookings' }));
    const times = screen.getByRole('group', { name: 'Times Sam Staff is blocked' });
    expect(within(times).getByText('No blocked times.')).toBeTruthy();
    await user.click(within(times).getByRole('button', { name: 'Block a time for Sam Staff' }));
    await user.type(within(times).getByLabelText('Date'), '2031-03-05');
    const to = within(times).getByLabelText('To');
    await user.clear(to);
    await user.type(to, '11:00');
    await user.type(within(times).getByRole('textbox', { name: 'Reason' }), 'Team meeting');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('A blocked time must end after it starts')).length).toBeGreaterThan(0);
    expect(within(times).getByLabelText('To').getAttribute('aria-invalid')).toBe('true');

    await user.clear(within(times).getByLabelText('To'));
    await user.type(within(times).getByLabelText('To'), '13:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect((saves.at(-1)!.body as Rules).providers[0]!.blocks).toEqual([{ date: '2031-03-05', from: '12:00', to: '13:00', label: 'Team meeting' }]);
  });
});

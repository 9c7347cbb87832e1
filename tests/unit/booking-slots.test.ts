// @vitest-environment node
/**
 * freeSlots (src/contract/booking.ts) with fixed dates: the daylight-saving days of New York and Berlin (an hour
 * that does not exist is never offered, a repeated one once), and each rule at its boundary (buffer, notice,
 * horizon, daily cap, closures, days off, blocked times, the store's and the provider's hours), and one start per
 * time when the patient chose no provider.
 */
import { describe, expect, it } from 'vitest';
import { defaultBookingRules, freeSlots, type BookingRules, type SlotInput } from '../../src/contract/booking';
import type { StoreHours } from '../../src/contract/generalSettings';

const sam = { id: 'a0000000-0000-4000-8000-000000000001', name: 'Sam Staff' };
const alex = { id: 'a0000000-0000-4000-8000-000000000002', name: 'Alex Admin' };
const everyDay = (opens: string, closes: string): StoreHours => ({
  mon: { opens, closes },
  tue: { opens, closes },
  wed: { opens, closes },
  thu: { opens, closes },
  fri: { opens, closes },
  sat: { opens, closes },
  sun: { opens, closes },
});
const rules = (over: Partial<BookingRules> = {}): BookingRules => ({
  ...defaultBookingRules,
  onlineEnabled: true,
  minNoticeHours: 0,
  horizonDays: 365,
  maxOnlinePerDay: 500,
  providers: [
    { providerId: sam.id, hours: everyDay('00:00', '23:45'), daysOff: [], blocks: [] },
    { providerId: alex.id, hours: everyDay('00:00', '23:45'), daysOff: [], blocks: [] },
  ],
  ...over,
});
const input = (over: Partial<SlotInput>): SlotInput => ({
  rules: rules(),
  storeHours: everyDay('00:00', '05:00'),
  timeZone: 'America/New_York',
  minutes: 30,
  providers: [sam],
  busy: [],
  onlinePerDay: {},
  now: new Date('2031-01-01T00:00:00Z'),
  from: '2031-01-06',
  to: '2031-01-06',
  ...over,
});
const times = (over: Partial<SlotInput>) => freeSlots(input(over)).map((s) => `${s.localTime} ${s.startsAt.slice(11, 16)}`);
const quarterHours = (from: string, to: string) => {
  const out: string[] = [];
  for (let m = Number(from.slice(0, 2)) * 60 + Number(from.slice(3)); m <= Number(to.slice(0, 2)) * 60 + Number(to.slice(3)); m += 15) {
    out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return out;
};
/** Local wall times and their UTC time of day at a fixed offset (hours). */
const at = (locals: string[], offsetHours: number) =>
  locals.map((l) => {
    const m = (((Number(l.slice(0, 2)) * 60 + Number(l.slice(3)) - offsetHours * 60) % 1440) + 1440) % 1440;
    return `${l} ${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  });

describe('free slots across daylight-saving changes', () => {
  it('New York, spring forward (2031-03-09): 02:00-02:45 do not exist and are not offered', () => {
    expect(times({ from: '2031-03-09', to: '2031-03-09' })).toEqual([...at(quarterHours('00:00', '01:45'), -5), ...at(quarterHours('03:00', '04:30'), -4)]);
  });
  it('New York, fall back (2031-11-02): 01:00-01:45 happen twice and are offered once (here the first, in EDT)', () => {
    expect(times({ from: '2031-11-02', to: '2031-11-02' })).toEqual([...at(quarterHours('00:00', '01:45'), -4), ...at(quarterHours('02:00', '04:30'), -5)]);
  });
  it('Berlin, spring forward (2031-03-30) and fall back (2031-10-26)', () => {
    expect(times({ timeZone: 'Europe/Berlin', from: '2031-03-30', to: '2031-03-30' })).toEqual([...at(quarterHours('00:00', '01:45'), 1), ...at(quarterHours('03:00', '04:30'), 2)]);
    // 02:00-02:45 happen twice; each is offered once (zonedToIso's instant: here the second, in CET).
    expect(times({ timeZone: 'Europe/Berlin', from: '2031-10-26', to: '2031-10-26' })).toEqual([...at(quarterHours('00:00', '01:45'), 2), ...at(quarterHours('02:00', '04:30'), 1)]);
  });
  it('the days around a change keep their own offsets: 09:00 in New York before and after', () => {
    const slots = freeSlots(input({ storeHours: everyDay('09:00', '09:30'), from: '2031-03-08', to: '2031-03-10' }));
    expect(slots.map((s) => `${s.localDate} ${s.startsAt}`)).toEqual(['2031-03-08 2031-03-08T14:00:00.000Z', '2031-03-09 2031-03-09T13:00:00.000Z', '2031-03-10 2031-03-10T13:00:00.000Z']);
  });
  it('a visit may not run past closing on a changing day: 04:30 + 45 minutes is past 05:00', () => {
    expect(times({ minutes: 45, from: '2031-03-09', to: '2031-03-09' }).at(-1)).toBe('04:15 08:15');
  });
});

describe('free slots: each rule at its boundary', () => {
  const day = { from: '2031-01-06', to: '2031-01-06', storeHours: everyDay('09:00', '11:00') };
  it('a booking and the buffer around it: touching the buffer is free, overlapping it is not', () => {
    // Sam is busy 10:00-10:30 local (15:00Z-15:30Z); 10-minute buffer: 9:15 ends 9:45 (< 9:50) free, 9:30 ends 10:00
    // not; 10:30 starts before 10:40 and is not; 10:45 is.
    const busy = [{ providerId: sam.id, start: Date.parse('2031-01-06T15:00:00Z'), end: Date.parse('2031-01-06T15:30:00Z') }];
    const longer = { ...day, storeHours: everyDay('09:00', '11:30') };
    expect(freeSlots(input({ ...longer, busy, rules: rules({ bufferMinutes: 10 }) })).map((s) => s.localTime)).toEqual(['09:00', '09:15', '10:45', '11:00']);
    // Without a buffer, back to back is free on both sides.
    expect(freeSlots(input({ ...day, busy })).map((s) => s.localTime)).toEqual(['09:00', '09:15', '09:30', '10:30']);
    // Another provider's booking takes nothing from Sam.
    expect(freeSlots(input({ ...day, busy: [{ ...busy[0]!, providerId: alex.id }] })).map((s) => s.localTime)).toEqual(quarterHours('09:00', '10:30'));
  });
  it('minimum notice and horizon are counted from now in the store’s zone', () => {
    const now = new Date('2031-01-06T14:20:00Z'); // 09:20 in New York
    expect(freeSlots(input({ ...day, now, rules: rules({ minNoticeHours: 1 }) })).map((s) => s.localTime)).toEqual(['10:30']);
    // Horizon 2 days: the 8th is the last day offered.
    const range = freeSlots(input({ ...day, to: '2031-01-10', now, rules: rules({ horizonDays: 2 }) }));
    expect([...new Set(range.map((s) => s.localDate))]).toEqual(['2031-01-06', '2031-01-07', '2031-01-08']);
  });
  it('closures, days off, the daily cap, and the store’s and provider’s hours together', () => {
    const week = { ...day, from: '2031-01-06', to: '2031-01-12' };
    const dates = (over: Partial<SlotInput>) => [...new Set(freeSlots(input({ ...week, ...over })).map((s) => s.localDate))];
    expect(dates({ rules: rules({ closures: [{ date: '2031-01-07', label: 'Inventory' }] }) })).not.toContain('2031-01-07');
    expect(dates({ rules: rules({ providers: [{ providerId: sam.id, hours: everyDay('00:00', '23:45'), daysOff: ['2031-01-08'], blocks: [] }] }) })).not.toContain('2031-01-08');
    expect(dates({ rules: rules({ maxOnlinePerDay: 2 }), onlinePerDay: { '2031-01-09': 2, '2031-01-10': 1 } })).toEqual(['2031-01-06', '2031-01-07', '2031-01-08', '2031-01-10', '2031-01-11', '2031-01-12']);
    expect(dates({ storeHours: { ...everyDay('09:00', '11:00'), sun: null } })).not.toContain('2031-01-12');
    // The provider works 10:00-12:00 inside the store's 09:00-11:00: 10:00 to 10:30 starts.
    const narrow = rules({ providers: [{ providerId: sam.id, hours: everyDay('10:00', '12:00'), daysOff: [], blocks: [] }] });
    expect(freeSlots(input({ ...day, rules: narrow })).map((s) => s.localTime)).toEqual(['10:00', '10:15', '10:30']);
    // A provider without hours at the store has no slots.
    expect(freeSlots(input({ ...day, rules: rules({ providers: [] }) }))).toEqual([]);
  });
  it('without a chosen provider each start is offered once, with the first free provider', () => {
    const busy = [{ providerId: sam.id, start: Date.parse('2031-01-06T14:00:00Z'), end: Date.parse('2031-01-06T14:30:00Z') }];
    const slots = freeSlots(input({ ...day, providers: [sam, alex], busy, anyProvider: true }));
    expect(slots.map((s) => `${s.localTime} ${s.providerName}`)).toEqual(['09:00 Alex Admin', '09:15 Alex Admin', '09:30 Sam Staff', '09:45 Sam Staff', '10:00 Sam Staff', '10:15 Sam Staff', '10:30 Sam Staff']);
    // With both listed, every provider's free starts.
    expect(freeSlots(input({ ...day, providers: [sam, alex], busy }))).toHaveLength(7 + 5);
  });
});

describe('blocked times', () => {
  it("take away the provider's slots that overlap them, that date only, without the buffer between visits", () => {
    const meeting = { date: '2031-01-06', from: '01:00', to: '02:00', label: 'Team meeting' };
    const blocked = rules({ bufferMinutes: 10, providers: [{ providerId: sam.id, hours: everyDay('00:00', '23:45'), daysOff: [], blocks: [meeting] }] });
    const local = (over: Partial<SlotInput>) => freeSlots(input({ rules: blocked, ...over })).map((s) => s.localTime);
    // 00:30-01:00 ends as the meeting starts and 02:00 starts as it ends: both free; 00:45 to 01:45 overlap it.
    expect(local({})).toEqual([...quarterHours('00:00', '00:30'), ...quarterHours('02:00', '04:30')]);
    expect(local({ from: '2031-01-07', to: '2031-01-07' })).toEqual(quarterHours('00:00', '04:30'));
  });
});

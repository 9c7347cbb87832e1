/**
 * The demo data's times are wall-clock times on the store's own calendar: seeded at 00:40 UTC, when New York is
 * still on the evening before, "yesterday" is the day before New York's today (the store-day report of today must
 * not show yesterday's demo sale).
 */
import { describe, expect, it } from 'vitest';
import { storeTime } from '../../server/db/seed-rows';
import { zonedDate } from '../../src/contract/zonedTime';

describe('seed times on the store’s calendar', () => {
  it('takes the store’s date of the instant, not UTC’s', () => {
    const seededAt = new Date('2026-11-29T00:40:00Z');
    expect(zonedDate(seededAt, 'America/New_York')).toBe('2026-11-28');
    expect(storeTime(seededAt, 9, 0, 'America/New_York').toISOString()).toBe('2026-11-28T14:00:00.000Z');
    expect(storeTime(seededAt, 9, 0, 'Asia/Tokyo').toISOString()).toBe('2026-11-29T00:00:00.000Z');
  });

  it('settles the hours around a daylight-saving change', () => {
    // New York moves to summer time at 02:00 on 2026-03-08.
    expect(storeTime(new Date('2026-03-08T12:00:00Z'), 9, 0, 'America/New_York').toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(storeTime(new Date('2026-03-07T12:00:00Z'), 9, 0, 'America/New_York').toISOString()).toBe('2026-03-07T14:00:00.000Z');
  });
});

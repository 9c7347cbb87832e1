/**
 * "Overdue" is one rule, on the server, in the store's time zone: the lab-order lookup, the chart's and the portal's
 * lab orders and the work desk agree at an hour when the store's date is not UTC's (Downtown is in New York, where
 * 02:30 UTC is still the evening before).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, demoIds, json, ownerRows, signIn, startHarness, type Harness, type SignedIn } from './harness';

let h: Harness;
let admin: SignedIn;
const dayMs = 86_400_000;
const nyDate = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(at);

beforeAll(async () => {
  h = await startHarness();
  // The next 02:30 UTC: New York's date is the day before.
  const now = Date.now();
  const at = Math.floor(now / dayMs) * dayMs + 2.5 * 3_600_000;
  h.advance((at > now ? at : at + dayMs) - now);
  admin = await signIn(h, 'admin@clearview.test');
});
afterAll(() => h.close());

const get = async <T>(url: string): Promise<T> => {
  const res = await h.app.inject({ method: 'GET', url, headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return json<T>(res);
};

describe('overdue in the store’s time zone', () => {
  it('an order expected on the store’s today is not overdue anywhere; one expected the day before is overdue everywhere', async () => {
    const now = h.config.now();
    const storeToday = nyDate(now);
    expect(storeToday).not.toBe(now.toISOString().slice(0, 10));
    const storeYesterday = nyDate(new Date(now.getTime() - dayMs));
    const [due, late] = await ownerRows<{ id: string; number: number; patient_id: string }>(
      h,
      sql`select id, number, patient_id from lab_orders where location_id = ${demoIds.downtown} and status in ('sent-to-lab', 'in-production') order by number limit 2`,
    );
    await ownerRows(h, sql`update lab_orders set expected_on = ${storeToday}::date where id = ${due!.id}`);
    await ownerRows(h, sql`update lab_orders set expected_on = ${storeYesterday}::date where id = ${late!.id}`);

    type Flagged = { id: string; overdue: boolean };
    const overdueList = await get<{ items: Flagged[] }>(`/api/lab-orders?type=overdue&limit=100&locationId=${demoIds.downtown}`);
    expect(overdueList.items.map((o) => o.id)).toContain(late!.id);
    expect(overdueList.items.map((o) => o.id)).not.toContain(due!.id);
    for (const order of [due!, late!]) {
      const found = await get<{ items: Flagged[] }>(`/api/lab-orders?search=${order.number}`);
      expect(found.items.find((o) => o.id === order.id)?.overdue).toBe(order === late);
      const chart = await get<{ orders: Flagged[] }>(`/api/patients/${order.patient_id}/orders`);
      expect(chart.orders.find((o) => o.id === order.id)?.overdue).toBe(order === late);
    }
    const desk = await get<{ items: (Flagged & { kind: string })[] }>(`/api/workdesk?locationId=${demoIds.downtown}`);
    const orders = desk.items.filter((i) => i.kind === 'order');
    expect(orders.find((o) => o.id === late!.id)?.overdue).toBe(true);
    expect(orders.some((o) => o.id === due!.id)).toBe(false);
  });
});

/**
 * Round trips to PostgreSQL per request, counted at a TCP proxy between the app and its database: a request's cost
 * on a busy day is mostly its round trips (each a write and a wake-up on both sides; docs/operations.md, "A busy
 * day"). A unit of work sends the caller's stores and its savepoint with BEGIN and its audit row with COMMIT; a
 * statement's protocol messages leave in one write; a sale reads its products and its answer in one statement each.
 * The embedded database has no socket, so this is PostgreSQL only.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posDemoIds, posDemoSkus } from '../../server/db/seed-pos';
import { call, ok, staff, startClinical } from './clinical-fixtures';
import { demoIds } from './harness';
import { openRegister, product, saleBody, type Hit } from './pos-fixtures';

const pgBase = process.env.TEST_DATABASE_URL;

/** Chunks the app wrote on each proxied connection while `counting`. */
const written = new Map<net.Socket, number>();
let counting = false;
const proxy = net.createServer((app) => {
  written.set(app, 0);
  const target = new URL(pgBase ?? 'postgres://127.0.0.1:5432');
  const database = net.connect(Number(target.port || 5432), target.hostname);
  app.on('data', (chunk) => {
    if (counting) written.set(app, written.get(app)! + 1);
    database.write(chunk);
  });
  database.pipe(app);
  const end = () => (app.destroy(), database.destroy(), written.delete(app));
  app.on('error', end).on('close', end);
  database.on('error', end).on('close', end);
});

async function through(url: string): Promise<string> {
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = new URL(url);
  address.hostname = '127.0.0.1';
  address.port = String((proxy.address() as net.AddressInfo).port);
  return address.toString();
}

if (pgBase) startClinical({ connectThrough: through });
afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

/**
 * The round trips of one request: the writes on the connection that carried it (the one that wrote most; the
 * outbox's and the jobs' polls use other connections of the pool).
 */
async function roundTrips(request: () => Promise<unknown>): Promise<number> {
  written.forEach((_, socket) => written.set(socket, 0));
  counting = true;
  try {
    await request();
  } finally {
    counting = false;
  }
  return Math.max(...written.values());
}

describe.skipIf(!pgBase)('round trips to PostgreSQL per request (runs with TEST_DATABASE_URL)', () => {
  let session: string;
  let frame: Hit;
  let exam: Hit;
  const sale = () => ok(call(staff, 'POST', '/api/pos/sales', saleBody(session, [{ product: frame }, { product: exam }])));

  beforeAll(async () => {
    session = await openRegister(staff, posDemoIds.downtownFrontDesk);
    [frame, exam] = await Promise.all([product(staff, posDemoSkus.frame), product(staff, posDemoSkus.exam)]);
    // Warm: each connection has met each statement once (a first use also parses it).
    for (let i = 0; i < 3; i++) await sale();
  });

  it('the current user (the hottest read): 1', async () => {
    await call(staff, 'GET', '/api/patient/me');
    expect(await roundTrips(() => ok(call(staff, 'GET', '/api/patient/me'), 200))).toBe(1);
  });

  it("a store's patient list (an audited read): 4 (begin with the stores, the store's check, the page, the audit row with commit)", async () => {
    const list = () => ok(call(staff, 'GET', `/api/patients?locationId=${demoIds.downtown}`), 200);
    await list();
    expect(await roundTrips(list)).toBe(4);
  });

  it("the register's product search by a code: at most 5 (begin with the stores, the store's check, the words, the code, the audit row with commit)", async () => {
    const search = () => ok(call(staff, 'GET', `/api/pos/products?locationId=${demoIds.downtown}&q=${posDemoSkus.frame}`), 200);
    await search();
    expect(await roundTrips(search)).toBeLessThanOrEqual(5);
  });

  it('a sale of a frame and an exam, paid in cash: at most 17', async () => {
    expect(await roundTrips(sale)).toBeLessThanOrEqual(17);
  });
});

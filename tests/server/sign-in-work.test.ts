/**
 * A refused sign-in costs the same work whatever the reason, so its timing does not tell a stranger which addresses
 * have an account, nor that a password was right for a disabled, suspended or throttled one. Compared by the work
 * itself, not by a clock (a busy machine makes clocks useless at this scale): the password checks (the injected
 * check, tests/server/passwordGate.ts), the transactions, and the statements run in each.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tx } from '../../server/db/client';
import { demo, demoIds, DEMO_PASSWORD, ownerRows, startHarness, type Harness } from './harness';
import { passwordGate } from './passwordGate';

const gate = passwordGate();
let h: Harness;
/** What the app asked of the database since the last take(): per transaction, the statements it ran. */
let work: string[][] = [];

const STATEMENTS = new Set(['select', 'insert', 'update', 'delete', 'execute']);

/** The transaction the app works in, with each statement it starts recorded by kind. */
function counted(tx: Tx, log: string[]): Tx {
  return new Proxy(tx, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof prop !== 'string' || !STATEMENTS.has(prop) || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        log.push(prop);
        return (value as (...a: unknown[]) => unknown).apply(receiver, args);
      };
    },
  });
}

beforeAll(async () => {
  // The rate limit sweeps old counters on a random 2% of requests, whoever asks: not part of the comparison.
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
  h = await startHarness({}, { checkPassword: gate.check });
  const db = h.db;
  const transaction = db.tenantTransaction.bind(db);
  const read = db.tenantRead.bind(db);
  db.tenantTransaction = (tenantId, fn, session, plan) => {
    const log: string[] = [];
    work.push(log);
    return transaction(tenantId, (tx, ends) => fn(counted(tx, log), ends), session, plan);
  };
  db.tenantRead = (tenantId, query, session) => {
    work.push(['read']);
    return read(tenantId, query, session);
  };
  // The accounts of the refusals below: one disabled, one of a suspended company, one throttled at an address.
  await ownerRows(h, sql`update users set disabled_at = now() where email = 'patient@clearview.test'`);
  await ownerRows(h, sql`update companies set suspended_at = now() where tenant_id = ${demoIds.brightsight}`);
  await ownerRows(
    h,
    sql`insert into sign_in_failures (tenant_id, user_id, scope, failures, last_failed_at)
        select tenant_id, id, 'ip:203.0.113.77', 10, now() from users where email = 'admin@clearview.test'`,
  );
});
afterAll(async () => {
  vi.restoreAllMocks();
  await h.close();
});

/** One sign-in from its own address: its answer, the password checks it ran and the work it asked of the database. */
async function attempt(username: string, password: string, where: Record<string, unknown>, address: string) {
  const checks = gate.calls;
  work = [];
  const res = await h.app.inject({ method: 'POST', url: '/api/patient/login', payload: { username, password, ...where }, remoteAddress: address });
  return { status: res.statusCode, body: res.json() as unknown, passwordChecks: gate.calls - checks, work };
}

describe('refused sign-ins cost the same work', () => {
  it('unknown address, wrong password, disabled account, suspended company, throttled account: one hash, the same transactions and statements; only the right password of a suspended company learns why', async () => {
    const refusals = {
      unknownAccount: await attempt('nobody@clearview.test', 'Wrong-Password-1', demo.clearview, '203.0.113.71'),
      wrongPassword: await attempt('staff@clearview.test', 'Wrong-Password-1', demo.clearview, '203.0.113.72'),
      disabledAccount: await attempt('patient@clearview.test', DEMO_PASSWORD, demo.clearview, '203.0.113.73'),
      suspendedCompanyWrongPassword: await attempt('admin@brightsight.test', 'Wrong-Password-1', demo.brightsight, '203.0.113.75'),
      throttled: await attempt('admin@clearview.test', DEMO_PASSWORD, demo.clearview, '203.0.113.77'),
      throttledWrongPassword: await attempt('admin@clearview.test', 'Wrong-Password-1', demo.clearview, '203.0.113.77'),
    };
    const suspended = await attempt('admin@brightsight.test', DEMO_PASSWORD, demo.brightsight, '203.0.113.74');
    const reference = refusals.unknownAccount;
    expect({ status: suspended.status, body: suspended.body }).toEqual({ status: 403, body: expect.objectContaining({ code: 'auth.companySuspended' }) });
    expect({ passwordChecks: suspended.passwordChecks, work: suspended.work }).toEqual({ passwordChecks: 1, work: reference.work });
    expect(reference.status).toBe(401);
    expect(reference.passwordChecks).toBe(1);
    for (const [reason, r] of Object.entries(refusals)) {
      expect({ reason, status: r.status, body: r.body }).toEqual({ reason, status: 401, body: reference.body });
      expect({ reason, passwordChecks: r.passwordChecks, work: r.work }).toEqual({ reason, passwordChecks: 1, work: reference.work });
    }
    // The address's request counter, the store address's company, then one read (company, account, counters) and
    // one write (the refusal).
    expect(reference.work).toEqual([['insert'], ['select'], ['select', 'select', 'select'], ['execute']]);
    // The wrong password still counted where it should, in that same work.
    const [counter] = await ownerRows<{ failures: number }>(
      h,
      sql`select f.failures from sign_in_failures f join users u on u.id = f.user_id where u.email = 'staff@clearview.test' and f.scope = 'ip:203.0.113.72'`,
    );
    expect(counter?.failures).toBe(1);
  });

  it('where no company is named (/admin): an unknown address costs what a wrong password of a known one does, and the platform logs it', async () => {
    const unknown = await attempt('nobody@nowhere.test', 'Wrong-Password-1', {}, '203.0.113.81');
    const wrong = await attempt('staff@clearview.test', 'Wrong-Password-1', {}, '203.0.113.82');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.passwordChecks).toBe(1);
    expect(wrong.passwordChecks).toBe(1);
    // The same transactions with the same number of statements each (finding the company is a function call in
    // one case and a read of the company in the other).
    const shape = (work: string[][]) => work.map((statements) => statements.length);
    expect(shape(unknown.work)).toEqual(shape(wrong.work));
    const [logged] = await ownerRows<{ n: number }>(
      h,
      sql`select count(*)::int as n from audit_log where action = 'login' and outcome = 'failure' and details->>'username' = 'nobody@nowhere.test'`,
    );
    expect(logged?.n).toBe(1);
  });
});

import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PoolClient } from 'pg';
import type { Statement } from './pipelined';

/** A query runner: the owner's database, or the tenant-scoped transaction a request works in. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Db;

/**
 * A live-session check that rides along with the tenant settings (one round trip on PostgreSQL): the session is
 * open, its account enabled and holding exactly `roles`, its company not suspended. So a deactivation, a suspension
 * or a change of roles refuses the very next request of every session, in every process.
 */
export interface LiveSession {
  id: string;
  /** The token's subject: the session's account, read by its key. */
  userId: string;
  now: Date;
  /** The roles the access token claims; null for the new-user token, which claims none of the account's. */
  roles: readonly string[] | null;
}

export class SessionEndedError extends Error {}

/**
 * What a transaction sends with its first and its last round trip: statements (plain reads such as the caller's
 * stores, a SAVEPOINT) that travel with BEGIN, and the statements `fn` leaves for the end (`atCommit`, such as its
 * audit row) that travel with COMMIT. On PostgreSQL each end is then one round trip, not one per statement.
 */
export interface TransactionPlan {
  /** Sent with BEGIN, after the settings and the session check; their rows go to `fn` in order. */
  first?: SQL[];
}

export interface TransactionEnds {
  /** The rows of the plan's `first` statements, in order. */
  first: Record<string, unknown>[][];
  /** Runs `query` at the end, with COMMIT; a failure fails (and rolls back) the transaction. */
  atCommit(query: SQL): void;
}

export interface Database {
  /** Connected as the owner: migrations, seed, start-up checks. Requests go through withTenant(). */
  owner: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL address, when not PGlite. */
  url?: string;
  /** See withTenant(). */
  tenantTransaction<T>(tenantId: string | null, fn: (tx: Tx, ends: TransactionEnds) => Promise<T>, session?: LiveSession, plan?: TransactionPlan): Promise<T>;
  /** See readInTenant(). */
  tenantRead<T>(tenantId: string, query: SQL, session?: LiveSession): Promise<T[]>;
  /**
   * PostgreSQL only: `listener` hears that the database answered (a new connection, a transaction committed, a
   * read answered), so an outage is over; answers the unsubscribe.
   */
  onReachable?(listener: () => void): () => void;
  /** PGlite only: the data folder as a tar, which `openDatabase({ loadDataDir })` opens again (test templates). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function settingsSql(tenantId: string | null): string {
  if (tenantId !== null && !UUID.test(tenantId)) throw new Error('withTenant: tenant id is not a UUID');
  // Inlined only after the UUID check above: that is what lets them travel in one round trip with BEGIN.
  return tenantId
    ? `select set_config('role', 'app_runtime', true), set_config('app.tenant_id', '${tenantId}', true)`
    : `select set_config('role', 'app_runtime', true)`;
}

/** settingsSql() as a prepared statement with a parameter (the pipelined prelude and tenantRead on PostgreSQL). */
function settingsStatement(tenantId: string | null): Statement {
  if (tenantId === null) return { text: `select set_config('role', 'app_runtime', true)`, values: [] };
  if (!UUID.test(tenantId)) throw new Error('withTenant: tenant id is not a UUID');
  return { text: `select set_config('role', 'app_runtime', true), set_config('app.tenant_id', $1, true)`, values: [tenantId] };
}

/** The token's roles as a text[] literal; only role names (a-z) are accepted, so it can be inlined. */
function rolesLiteral(roles: readonly string[]): string {
  if (!roles.length || !roles.every((r) => /^[a-z]+$/.test(r))) throw new SessionEndedError();
  return `{${roles.join(',')}}`;
}

/**
 * The session check's condition over `f` (the family), `u` (its account) and `c` (its company), with the family id,
 * the account id, the time and the roles literal written as `id`, `user`, `now` and `roles` (parameters or checked
 * literals). Three rows read by their keys (the account by the token's subject, which must be the family's): the
 * check stays one statement, and its cost does not grow with the company's accounts.
 */
function liveCondition(id: string, user: string, now: string, roles: string | null): string {
  return `select 1 from refresh_families f
      join users u on u.tenant_id = f.tenant_id and u.id = ${user}
      join companies c on c.tenant_id = f.tenant_id
    where f.id = ${id} and f.user_id = ${user} and f.revoked_at is null and f.absolute_expires_at > ${now}
      and u.disabled_at is null and c.suspended_at is null${roles ? ` and u.roles @> ${roles} and u.roles <@ ${roles}` : ''}`;
}

/**
 * The read and the session check as one statement (one fewer to bind, run and parse on the hottest read): the check
 * is the outer row, `live`; the read's rows follow it only when it is true, each marked by `__row` (a read with no
 * rows still answers the check). One outer row, so the read's rows come in its own order.
 */
function withSessionCheck(text: string, values: unknown[], session: LiveSession): Statement {
  if (!UUID.test(session.id) || !UUID.test(session.userId)) throw new SessionEndedError();
  const id = values.length + 1;
  const roles = session.roles && rolesLiteral(session.roles);
  const condition = liveCondition(`$${id}::uuid`, `$${id + 1}::uuid`, `$${id + 2}::timestamptz`, roles && `$${id + 3}::text[]`);
  return {
    // Typed parameters: pgbench ran the check beside the user view twice as fast with them (docs/operations.md).
    text: `select s.__live, q.* from (select exists(${condition}) as __live) s
      left join lateral (select true as __row, r.* from (${text}) r) q on s.__live`,
    values: [...values, session.id, session.userId, session.now, ...(roles ? [roles] : [])],
  };
}

/** The read's rows of a withSessionCheck answer, without the two marks; SessionEndedError when the check failed. */
function rowsOfLiveSession(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  if (!rows[0]?.__live) throw new SessionEndedError();
  return rows
    .filter((row) => row.__row)
    .map(({ __live: _live, __row: _row, ...row }) => row);
}

/** The session check as a prepared statement with parameters (the pipelined prelude on PostgreSQL). */
function sessionStatement(session: LiveSession): Statement {
  if (!UUID.test(session.id) || !UUID.test(session.userId)) throw new SessionEndedError();
  const roles = session.roles && rolesLiteral(session.roles);
  return {
    text: liveCondition('$1::uuid', '$2::uuid', '$3::timestamptz', roles && '$4::text[]'),
    values: [session.id, session.userId, session.now, ...(roles ? [roles] : [])],
  };
}

function sessionSql(session: LiveSession): string {
  if (!UUID.test(session.id) || !UUID.test(session.userId)) throw new SessionEndedError();
  // Inlined only after the checks (UUIDs, an ISO time, role names): it travels with BEGIN in one round trip.
  const roles = session.roles && `'${rolesLiteral(session.roles)}'::text[]`;
  return liveCondition(`'${session.id}'::uuid`, `'${session.userId}'::uuid`, `'${session.now.toISOString()}'::timestamptz`, roles);
}

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite database in `dataDir` (or in memory for
 * `memory://`). Drivers are imported lazily so each deployment loads only its own.
 */
export async function openDatabase(opts: { url?: string; dataDir: string; poolSize?: number; connectTimeoutMs?: number; loadDataDir?: Blob }): Promise<Database> {
  if (opts.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { NodePgTransaction } = await import('drizzle-orm/node-postgres/session');
    const { namingStatements, runPipelined, runOnConnection } = await import('./pipelined');
    const { checkOut, guardConnections } = await import('./checkout');
    // A bounded wait for a connection (a new one, or a free one of the pool): a database that does not answer, or
    // a pool that stays full, fails the request (503) instead of holding it open.
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10, connectionTimeoutMillis: opts.connectTimeoutMs ?? 10_000 });
    // A connection losing its server must not crash the process, idle (the pool's event) or lent out (its
    // own); the query under way, or the next one, reports it.
    pool.on('error', () => {});
    guardConnections(pool);
    const reachable = new Set<() => void>();
    const reached = () => reachable.forEach((listener) => listener());
    pool.on('connect', reached);
    const runners = new WeakMap<PoolClient, Db>();
    return {
      owner: drizzle(pool),
      kind: 'postgres',
      url: opts.url,
      async tenantTransaction(tenantId, fn, session, plan) {
        const { client, release } = await checkOut(pool);
        let runner = runners.get(client);
        // A transaction object, not a database: the BEGIN below is drizzle's to know about, so that a nested
        // transaction is a savepoint. On a plain drizzle(client) it would send its own BEGIN and COMMIT, ending
        // this transaction early and with it the runtime role and tenant (RLS) for what follows.
        if (!runner) runners.set(client, (runner = new NodePgTransaction(dialect, drizzle(namingStatements(client))._.session, undefined) as unknown as Db));
        let broken: Error | undefined;
        try {
          // BEGIN, the settings, the session check and the plan's first statements before one Sync: one round
          // trip, each query prepared once per connection (a Sync inside BEGIN ends no transaction).
          const head = [{ text: 'begin', values: [] }, settingsStatement(tenantId), ...(session ? [sessionStatement(session)] : [])];
          const answers = await runOnConnection(client, [...head, ...(plan?.first ?? []).map(statementOf)]);
          if (session && !answers[2]?.rowCount) throw new SessionEndedError();
          const atEnd: SQL[] = [];
          const result = await fn(runner, { first: answers.slice(head.length).map((a) => a.rows), atCommit: (query) => void atEnd.push(query) });
          // The statements left for the end, then COMMIT, before one Sync: one round trip.
          if (atEnd.length) await runOnConnection(client, [...atEnd.map(statementOf), { text: 'commit', values: [] }]);
          else await client.query('commit');
          reached();
          return result;
        } catch (err) {
          await client.query('rollback').catch((e: Error) => (broken = e));
          throw err;
        } finally {
          release(broken);
        }
      },
      async tenantRead<T>(tenantId: string, query: SQL, session?: LiveSession): Promise<T[]> {
        // Prepared statements before one Sync (server/db/pipelined.ts): one round trip and one implicit
        // transaction, so the LOCAL settings hold for the statements after them.
        const { sql: text, params } = dialect.sqlToQuery(query);
        const read = session ? withSessionCheck(text, params, session) : { text, values: params };
        const [, answer] = await runPipelined(pool, [settingsStatement(tenantId), read]);
        reached();
        return (session ? rowsOfLiveSession(answer!.rows) : answer!.rows) as T[];
      },
      onReachable(listener) {
        reachable.add(listener);
        return () => void reachable.delete(listener);
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = new PGlite({ dataDir: opts.dataDir === 'memory://' ? undefined : opts.dataDir, loadDataDir: opts.loadDataDir, extensions: await pgliteExtensions() });
  await client.waitReady;
  const owner = drizzle(client);
  const database: Database = {
    owner,
    kind: 'pglite',
    tenantTransaction: (tenantId, fn, session, plan) =>
      owner.transaction(async (tx) => {
        await tx.execute(sql.raw(settingsSql(tenantId)));
        if (session && !(await queryRows(tx, sql.raw(sessionSql(session)))).length) throw new SessionEndedError();
        const first: Record<string, unknown>[][] = [];
        for (const query of plan?.first ?? []) first.push(await queryRows(tx, query));
        const atEnd: SQL[] = [];
        const result = await fn(tx, { first, atCommit: (query) => void atEnd.push(query) });
        for (const query of atEnd) await tx.execute(query);
        return result;
      }),
    tenantRead: <T>(tenantId: string, query: SQL, session?: LiveSession) =>
      withTenant(database, tenantId, (tx) => queryRows<T>(tx, query), session),
    dumpDataDir: () => client.dumpDataDir('gzip'),
    close: () => client.close(),
  };
  return database;
}

/**
 * Runs `fn` in one transaction as the runtime role with the tenant set, so row-level security admits that
 * tenant's rows only. Both settings are LOCAL: they end with the transaction and never leak to the next request
 * on a pooled connection (or PGlite's single one). With `session`, the transaction first checks that the
 * session is live and throws SessionEndedError when it is not.
 */
export function withTenant<T>(db: Database, tenantId: string, fn: (tx: Tx, ends: TransactionEnds) => Promise<T>, session?: LiveSession, plan?: TransactionPlan): Promise<T> {
  if (!UUID.test(tenantId)) return Promise.reject(new Error('withTenant: tenant id is not a UUID'));
  return db.tenantTransaction(tenantId, fn, session, plan);
}

/**
 * One read statement in the tenant, with the same settings and session check as withTenant(); on PostgreSQL it
 * travels with them in a single round trip (for hot reads such as the current user).
 */
export function readInTenant<T>(db: Database, tenantId: string, query: SQL, session?: LiveSession): Promise<T[]> {
  if (!UUID.test(tenantId)) return Promise.reject(new Error('readInTenant: tenant id is not a UUID'));
  return db.tenantRead<T>(tenantId, query, session);
}

const dialect = new PgDialect();

/** A drizzle query as the text and parameters the pipelined runner sends. */
function statementOf(query: SQL): Statement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, values: params };
}

/**
 * The query with its parameters written in as escaped literals, for the simple protocol (which takes no
 * parameters): an EXPLAIN of a query built with parameters (bench/patient-list.ts). Only plain values are
 * accepted; placeholders inside quoted text are left alone.
 */
export function inlineQuery(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const literal = (value: unknown): string => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'boolean') return value ? 'true' : 'false';
    if (value instanceof Date) return escapeLiteral(value.toISOString());
    if (typeof value === 'string') return escapeLiteral(value);
    throw new Error(`inlineQuery: cannot inline a ${typeof value}`);
  };
  return text.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)/g, (match, index?: string) =>
    index === undefined ? match : literal(params[Number(index) - 1]),
  );
}

/** PostgreSQL's own literal quoting (as libpq's PQescapeLiteral): quotes doubled, backslashes in E'' form. */
function escapeLiteral(value: string): string {
  if (value.includes('\0')) throw new Error('inlineQuery: NUL cannot be sent to PostgreSQL');
  const quoted = `'${value.replaceAll("'", "''").replaceAll('\\', '\\\\')}'`;
  return value.includes('\\') ? ` E${quoted}` : quoted;
}

/** Runs `fn` as the runtime role with no tenant: only non-tenant tables and the look-up functions answer. */
export function withoutTenant<T>(db: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.tenantTransaction(null, fn);
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(tx: Tx | Db, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The extensions the migrations create (btree_gist: appointments' exclusion constraint), for every PGlite opened. */
export async function pgliteExtensions() {
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  return { btree_gist };
}

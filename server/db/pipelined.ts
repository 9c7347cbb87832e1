/**
 * Several statements sent to PostgreSQL as prepared statements in one write, with one Sync after them: one round
 * trip, and one implicit transaction (the LOCAL settings of the first hold for the others, and end at the Sync).
 * Prepared, so PostgreSQL plans each statement once per connection instead of on every request: planning the
 * user view under row-level security cost more than running it (docs/operations.md).
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { checkOut } from './checkout';

export interface Statement {
  text: string;
  values: unknown[];
}

export interface StatementResult {
  rows: Record<string, unknown>[];
  rowCount: number | null;
}

/** A connection keeps at most this many of our statements; past it, statements are sent unnamed (planned each time). */
const MAX_PREPARED_PER_CONNECTION = 100;
const prepared = new WeakMap<pg.Connection, Set<string>>();
// Keyed by statement text. The texts come from the code's query templates, but a template with a list of variable
// length makes one text per length: the memo is dropped when it grows past what the templates can explain.
const names = new Map<string, string>();
const MAX_REMEMBERED_NAMES = 5_000;

function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    if (names.size >= MAX_REMEMBERED_NAMES) names.clear();
    names.set(text, (name = `pp_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`));
  }
  return name;
}

/** The statements a transaction's queries send; others (BEGIN, SAVEPOINT, COMMIT) stay unnamed. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * `client` with every query drizzle sends on it named (`pd_` and the hash of its text), so PostgreSQL parses and
 * plans it once per connection and the next request binds and runs the plan it keeps: under row-level security
 * planning the transactions' statements cost about as much as running them. A connection names at most
 * MAX_PREPARED_PER_CONNECTION texts; past it they go unnamed, as pg's own cache of a connection's statements
 * never forgets one.
 */
export function namingStatements(client: pg.PoolClient): pg.PoolClient {
  const named = new Set<string>();
  const query = (config: unknown, values?: unknown) => {
    const c = config as { text?: unknown; name?: string } | null;
    if (c && typeof c === 'object' && typeof c.text === 'string' && !c.name && PREPARABLE.test(c.text) && (named.has(c.text) || named.size < MAX_PREPARED_PER_CONNECTION)) {
      named.add(c.text);
      config = { ...c, name: `pd_${statementName(c.text).slice(3)}` };
    }
    return (client.query as (config: unknown, values?: unknown) => unknown)(config, values);
  };
  return new Proxy(client, { get: (target, prop) => (prop === 'query' ? query : Reflect.get(target, prop, target)) });
}

/** Values in PostgreSQL's text form; only plain values, as the queries here carry ids, dates and text. */
function textValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  throw new Error(`pipelined: cannot send a ${typeof value} as a parameter`);
}

/**
 * pg's own Query collects the answers (one result per statement, parsed by the client's type parsers); only what
 * is written differs. The names a connection prepared are recorded once its answer is complete; after a failed
 * batch the connection is dropped (runPipelined), so the record never disagrees with the server.
 */
class PipelinedQuery extends pg.Query {
  private readonly newNames: string[] = [];

  constructor(
    private readonly statements: { text: string; values: (string | null)[] }[],
    private readonly done: (err: Error | undefined, results?: StatementResult[]) => void,
  ) {
    super({ text: statements.map((s) => s.text).join(';\n') });
  }

  override submit = (connection: pg.Connection) => {
    let known = prepared.get(connection);
    if (!known) prepared.set(connection, (known = new Set()));
    const stream = connection.stream;
    stream.cork();
    try {
      for (const statement of this.statements) {
        // Only queries are kept prepared; a COMMIT or a SAVEPOINT goes unnamed.
        let name = PREPARABLE.test(statement.text) ? statementName(statement.text) : '';
        if (!name || (!known.has(name) && !this.newNames.includes(name))) {
          if (name && known.size + this.newNames.length >= MAX_PREPARED_PER_CONNECTION) name = '';
          else if (name) this.newNames.push(name);
          connection.parse({ name, text: statement.text, types: [] }, false);
        }
        connection.bind({ statement: name, values: statement.values }, false);
        connection.describe({ type: 'P', name: '' }, false);
        connection.execute({ portal: '' }, false);
      }
      connection.sync();
    } finally {
      stream.uncork();
    }
  };

  // pg calls these two (not in its typings): the answers are all in, or PostgreSQL refused a statement.
  handleReadyForQuery(connection: pg.Connection) {
    // A row pg could not parse: reported here, as pg's own Query does.
    const unparsable = (this as unknown as { _canceledDueToError: Error | false })._canceledDueToError;
    if (unparsable) return this.done(unparsable);
    const known = prepared.get(connection);
    for (const name of this.newNames) known?.add(name);
    const results = (this as unknown as { _results: StatementResult | StatementResult[] })._results;
    this.done(undefined, Array.isArray(results) ? results : [results]);
  }

  handleError(err: Error) {
    this.done(err);
  }
}

/**
 * Runs the statements on `client` (in its transaction, if one is open) in one round trip; the results in order, or
 * the first error, after which PostgreSQL skipped the rest. The caller drops a connection that saw an error.
 */
export function runOnConnection(client: pg.ClientBase, statements: Statement[]): Promise<StatementResult[]> {
  const sent = statements.map((s) => ({ text: s.text, values: s.values.map(textValue) }));
  return new Promise<StatementResult[]>((resolve, reject) => {
    client.query(new PipelinedQuery(sent, (err, answered) => (err ? reject(err) : resolve(answered!))));
  });
}

/**
 * Runs the statements on one pooled connection; the results in order, or the first error. A connection that saw an
 * error is dropped, as pool.query() does.
 */
export async function runPipelined(pool: pg.Pool, statements: Statement[]): Promise<StatementResult[]> {
  const { client, release } = await checkOut(pool);
  try {
    const results = await runOnConnection(client, statements);
    release();
    return results;
  } catch (err) {
    release(err as Error);
    throw err;
  }
}

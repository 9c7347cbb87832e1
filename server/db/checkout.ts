import type pg from 'pg';

export interface CheckedOut {
  client: pg.PoolClient;
  /** Back to the pool; with an error (or after the connection failed) the pool closes it instead of lending it again. */
  release(err?: Error): void;
}

/** The error that ended each connection, kept until the connection is released. */
const lost = new WeakMap<pg.ClientBase, Error>();

/**
 * Every connection the pool makes listens for pg's 'error' for its whole life. pg emits it when a connection ends
 * under it (the server restarted or failed over, an administrator or a timeout ended the backend), and the pool
 * itself listens only while a connection is idle: a checked-out one, even for the moment between the pool handing
 * it over and its borrower's next line (the pool can hand it over while pg is still reading the socket, which may
 * hold the ending), would end the process. The query under way fails on its own and its request answers for it.
 */
export function guardConnections(pool: pg.Pool): void {
  pool.on('connect', (client) => client.on('error', (err: Error) => void (lost.has(client) || lost.set(client, err))));
}

/**
 * A pooled connection for one unit of work (of a pool under guardConnections()): released with the error that
 * ended it, if any, so the pool closes it rather than lends it again.
 */
export async function checkOut(pool: pg.Pool): Promise<CheckedOut> {
  const client = await pool.connect();
  return { client, release: (err) => client.release(lost.get(client) ?? err) };
}

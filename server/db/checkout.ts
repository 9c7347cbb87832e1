import type pg from 'pg';

export interface CheckedOut {
  client: pg.PoolClient;
  /** Back to the pool; with an error (or after the connection failed) the pool closes it instead of lending it again. */
  release(err?: Error): void;
}

/**
 * A pooled connection for one unit of work. pg's client emits 'error' when its connection ends under it (the server
 * restarted or failed over, an administrator or a timeout ended the backend), and the pool listens only while the
 * client is idle: unheard, that event ends the process. The query under way fails on its own and the request
 * answers for it; the error is kept here so that release() hands it to the pool, which then drops the connection.
 */
export async function checkOut(pool: pg.Pool): Promise<CheckedOut> {
  const client = await pool.connect();
  let lost: Error | undefined;
  const onError = (err: Error) => {
    lost ??= err;
  };
  client.on('error', onError);
  return {
    client,
    release(err) {
      // The pool puts its own listener back inside release(): the client is never without one.
      client.off('error', onError);
      client.release(lost ?? err);
    },
  };
}

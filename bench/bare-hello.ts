/**
 * The baseline for the throughput bench: a bare Fastify app with one hello route, no plugins, no hooks, no
 * logging. bench/run.ts starts it as its own process (PORT, HOST from the environment) and compares the API
 * against it.
 */
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 3999);
const host = process.env.HOST ?? '127.0.0.1';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

let closing = false;
const shutdown = async () => {
  if (closing) return;
  closing = true;
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());

app
  .listen({ port, host })
  .then((address) => console.log(`bare hello listening at ${address}`))
  .catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });

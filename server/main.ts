/** Reads config, opens and migrates the database, seeds the demo data once, and serves the app and the API. */
import { mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { loadSecrets } from './db/secrets';
import { insecureModeNotice, loadConfig } from './config';
import { openDatabase } from './db/client';
import { assertRuntimeRoleIsConfined, migrateDatabase } from './db/migrate';
import { seedDemoData } from './db/seed';
import { createTransports } from './messaging/transports';

async function main() {
  const started = performance.now();
  const config = loadConfig();
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize, connectTimeoutMs: config.dbConnectTimeoutMs });
  await migrateDatabase(db);
  await assertRuntimeRoleIsConfined(db);
  const seeded = await seedDemoData(db.owner);
  const secrets = await loadSecrets(db.owner, config);
  const app = await buildApp({ config, db, secrets, transports: await createTransports(config) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // The bound an orchestrator can rely on: past it the process ends here rather than be killed mid-send by it.
    setTimeout(() => {
      app.log.error({ signal, seconds: config.shutdownTimeoutMs / 1000 }, 'shutdown took longer than SHUTDOWN_TIMEOUT_SECONDS: exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    // Stop taking requests and claiming messages, let those in flight finish, hand back the outbox's claims, then
    // close the database (PGlite flushes to disk).
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  const base = `http://localhost:${config.port}`;
  const where = db.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  console.log(
    [
      '',
      `Patient Portal is serving at ${base} (${address}), database: ${where}${seeded ? ', demo data created' : ''}.`,
      `Ready in ${Math.round(performance.now() - started)} ms.`,
      '',
      'Demo sign-in addresses (every demo password: Demo-Pass-2026!):',
      `  ${base}/clearview/downtown   Clearview Optical, Downtown (patient@clearview.test, staff@clearview.test, ...)`,
      `  ${base}/clearview/uptown     Clearview Optical, Uptown`,
      `  ${base}/brightsight/main     Brightsight Eyecare, Main Street (patient@brightsight.test)`,
      `  ${base}/admin                admins (admin@clearview.test) and enterprise admins (enterprise@portal.test)`,
      `  ${base}/kiosk/login          kiosk.downtown@clearview.test`,
      `  ${base}/login                patients`,
      `API docs: ${base}/api/docs`,
      config.smtpUrl ? '' : 'No SMTP_URL: emails are kept in the communication log.',
      config.sms ? '' : 'No SMS_URL: text messages are kept in the communication log.',
      insecureModeNotice(config) ?? '',
      '',
    ].join('\n'),
  );
}

/**
 * A failed start-up's error and the causes under it, each with what the database said (code, detail, hint, ...):
 * Drizzle's message quotes the statement that failed but not why, which is in its cause.
 */
function startupFailure(err: unknown): string {
  const lines: string[] = [];
  const facts = ['code', 'detail', 'hint', 'schema', 'table', 'column', 'constraint', 'where', 'address', 'port'] as const;
  const describe = (e: unknown, depth: number) => {
    if (depth > 4 || e === undefined || e === null) return;
    if (!(e instanceof Error)) {
      lines.push(`${depth ? 'caused by: ' : ''}${String(e)}`);
      return;
    }
    const known = facts.map((k) => [k, (e as unknown as Record<string, unknown>)[k]] as const).filter(([, v]) => v !== undefined && v !== '');
    const said = known.length ? ` (${known.map(([k, v]) => `${k}: ${String(v)}`).join(', ')})` : '';
    lines.push(`${depth ? 'caused by: ' : ''}${e.message || e.name}${said}`);
    // Node's connection errors list each address tried.
    if (e instanceof AggregateError) for (const inner of e.errors) describe(inner, depth + 1);
    describe(e.cause, depth + 1);
  };
  describe(err, 0);
  return lines.join('\n');
}

main().catch((err) => {
  console.error(startupFailure(err));
  process.exit(1);
});

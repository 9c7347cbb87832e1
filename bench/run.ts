/**
 * `npm run bench`: measures the real server as a user and an operator meet it, and checks the budgets.
 *
 *   1. Start-up: spawn → GET /api/health answers 200, on an empty database and on the second start of the same
 *      one, on PGlite (fresh DATA_DIR in a temp folder) and on PostgreSQL (a fresh `bench_<random>` database).
 *   2. Throughput (autocannon): GET /api/health, authenticated GET /api/patient/me, and a bare Fastify hello
 *      (bench/bare-hello.ts, its own process) for the baseline. Budgets on PostgreSQL; PGlite for information.
 *   3. Browser bundle: gzipped size of the JS that dist/index.html loads (entry script and modulepreloads).
 *   4. Browser (Chromium through playwright-core, against a fresh PGlite server serving dist/): every JS file the
 *      sign-in route /clearview/downtown requests until the network is idle (entry, preloads and the lazy chunks the
 *      page asks for at run time), the same for the admin's sign-in → signed-in shell and for a reload of the shell;
 *      the theme CSS files (one per theme, fetched only when that theme is chosen).
 *   5. Lighthouse (desktop preset: performance and accessibility) on the sign-in page, the median of a few runs.
 *   6. The busy day on PostgreSQL (bench/day.ts: 50 clients of a day's mix over 200 stores, beside GET /api/health).
 *   7. Free slots on PostgreSQL (bench/slots.ts: a store with 10 providers over 60 days, 1,000,000 appointments).
 *
 * Environment:
 *   BENCH_DURATION       seconds per load test (default 10), e.g. 3 for a quick check
 *   BENCH_DATABASE_URL   PostgreSQL to create the bench database in (default postgres://postgres@127.0.0.1:5432/test,
 *                        skipped when that default is unreachable; an explicit URL must be reachable)
 *   BENCH_CHROMIUM       the Chromium binary for sections 4 and 5 (default /usr/bin/chromium; none is downloaded)
 *   BENCH_LIGHTHOUSE_RUNS  Lighthouse runs on the sign-in page, the median counts (default 3; 0 skips Lighthouse)
 *   BENCH_STRICT=1       exit with status 1 when a budget is missed (errors always exit 1)
 *   BENCH_ONLY=throughput  section 2 on PostgreSQL only (one server start, no start-up figures, no PGlite, bundle,
 *                        browser or Lighthouse): for comparing the API's rates run after run
 *
 * Prints progress on stderr and the report on stdout; writes bench/results/latest.json (throughput.json with BENCH_ONLY). Every process started
 * and the bench database are removed on the way out, on failure and on Ctrl-C too.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureBrowser } from './browser';
import { checkBudgets } from './budgets';
import { measureBundle } from './bundle';
import { dayReport, measureDay } from './day';
import { CONNECTIONS, DURATION, LIGHTHOUSE_RUNS, WARMUP } from './config';
import { CHROMIUM } from './lib/chromium';
import { log, message } from './lib/format';
import { cpuBusy, gitCommit } from './lib/machine';
import { root } from './lib/paths';
import { installSignalHandlers, isInterrupted, onCleanup, runCleanups } from './lib/process';
import { runLighthouse } from './lighthouse';
import { createPgDatabase } from './postgres';
import { measureSlots, writeSlotsResults } from './slots';
import { report } from './report';
import type { Results } from './results';
import { measureStartups, startServer, type DbTarget, type Server } from './startup';
import { failures, loadApi, loadBare, type ApiLoad } from './throughput';

installSignalHandlers();

const only = process.env.BENCH_ONLY ?? '';
if (only !== '' && only !== 'throughput') throw new Error(`BENCH_ONLY must be "throughput" or unset, got "${only}"`);
const throughputOnly = only === 'throughput';
const notMeasured = { skipped: 'BENCH_ONLY=throughput' };
// A partial run keeps its own file, so the full run's figures stay where they are.
const resultsFile = path.join(root, 'bench', 'results', throughputOnly ? 'throughput.json' : 'latest.json');

async function main(): Promise<number> {
  const cpus = os.cpus();
  const results: Results = {
    meta: {
      date: new Date().toISOString(),
      node: process.version,
      platform: `${os.platform()} ${os.release()} ${os.arch()}`,
      cpus: `${cpus.length} CPU${cpus.length === 1 ? '' : 's'} (${cpus[0]?.model.trim() ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
      commit: gitCommit(),
      durationSeconds: DURATION,
      warmupSeconds: WARMUP,
      connections: CONNECTIONS,
      loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
      cpuBusyAtStart: await cpuBusy(1_000),
    },
    startup: {},
    throughput: {},
    budgets: [],
    errors: [],
  };
  const attempt = async <T>(what: string, fn: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await fn();
    } catch (err) {
      if (isInterrupted()) throw err;
      log(`  ERROR (${what}): ${message(err)}`);
      results.errors.push(`${what}: ${message(err)}`);
      return undefined;
    }
  };

  try {
    // PGlite: start-ups, leaving the second server running for its load test.
    const dataParent = mkdtempSync(path.join(os.tmpdir(), 'pp-bench-'));
    onCleanup(`remove ${dataParent}`, () => rmSync(dataParent, { recursive: true, force: true }));
    const pgliteTarget: DbTarget = { kind: 'pglite', dataDir: path.join(dataParent, 'data') };
    let pglite: Awaited<ReturnType<typeof measureStartups>> | undefined;
    if (throughputOnly) results.startup.pglite = notMeasured;
    else {
      log('PGlite');
      pglite = await attempt('PGlite start-up', () => measureStartups(pgliteTarget));
      if (pglite) results.startup.pglite = pglite.startups;
    }

    // PostgreSQL: a fresh database, start-ups, second server left running.
    log('PostgreSQL');
    const pgDb = await attempt('PostgreSQL bench database', createPgDatabase);
    let pgServer: Server | undefined;
    if (pgDb && 'skipped' in pgDb) {
      log(`  skipped: ${pgDb.skipped}`);
      results.startup.postgres = { skipped: pgDb.skipped };
      results.throughput.postgresSkipped = pgDb.skipped;
    } else if (pgDb) {
      const pgTarget: DbTarget = { kind: 'postgres', databaseUrl: pgDb.url, dataDir: path.join(dataParent, 'unused') };
      if (throughputOnly) {
        results.startup.postgres = notMeasured;
        pgServer = (await attempt('PostgreSQL start-up', () => startServer(pgTarget, 'load test')))?.server;
      } else {
        const measured = await attempt('PostgreSQL start-up', () => measureStartups(pgTarget));
        if (measured) {
          results.startup.postgres = measured.startups;
          pgServer = measured.server;
        }
      }
    }

    // Throughput: the baseline, then PostgreSQL (budgets), then PGlite (information).
    log('Throughput');
    results.throughput.bare = await attempt('bare Fastify hello load', loadBare);
    const bareRps = results.throughput.bare?.requestsPerSecond;
    const ratioOf = (api: ApiLoad) => (bareRps && failures(api.me) === 0 ? api.me.requestsPerSecond / bareRps : null);
    if (pgServer) {
      const server = pgServer;
      const database = pgDb && !('skipped' in pgDb) ? { url: pgDb.url, name: pgDb.database } : undefined;
      const pgLoad = await attempt('PostgreSQL load', () => loadApi('postgres', server, database));
      if (pgLoad) results.throughput.postgres = { ...pgLoad, ratioMeToBare: ratioOf(pgLoad) };
      await server.proc.stop();
    }
    if (pgDb && !('skipped' in pgDb)) await attempt('drop the bench database', pgDb.drop);
    if (pglite) {
      const server = pglite.server;
      const load = await attempt('PGlite load', () => loadApi('pglite', server));
      if (load) results.throughput.pglite = { ...load, ratioMeToBare: ratioOf(load) };
      await server.proc.stop();
    }

    if (throughputOnly) results.bundle = results.browser = results.lighthouse = notMeasured;
    else {
      // Bundle.
      log('Bundle');
      const distDir = path.join(root, 'dist');
      const built = existsSync(path.join(distDir, 'index.html'));
      results.bundle = built
        ? await attempt('bundle size', async () => measureBundle(distDir))
        : { skipped: 'no dist/index.html (run `npm run build`)' };

      // Browser and Lighthouse: a fresh PGlite server of its own (the load tests' rate limits and caches stay out of it).
      log('Browser');
      const noBrowser = !built ? 'no dist/index.html (run `npm run build`)' : !existsSync(CHROMIUM) ? `no Chromium at ${CHROMIUM} (set BENCH_CHROMIUM)` : null;
      if (noBrowser) {
        log(`  skipped: ${noBrowser}`);
        results.browser = { skipped: noBrowser };
        results.lighthouse = { skipped: noBrowser };
      } else {
        const started = await attempt('browser server start-up', () => startServer(pgliteTarget, 'browser'));
        if (started) {
          const { base } = started.server;
          results.browser = await attempt('browser measurement', () => measureBrowser(base, distDir));
          log('Lighthouse');
          results.lighthouse = await attempt('Lighthouse', () => runLighthouse(base, LIGHTHOUSE_RUNS));
          await started.server.proc.stop();
        }
      }
    }
    if (throughputOnly) results.day = notMeasured;
    else if (pgDb && 'skipped' in pgDb) results.day = { skipped: pgDb.skipped };
    else {
      const day = await attempt('busy day', () => measureDay(['postgres']));
      if (day) {
        results.day = day;
        results.errors.push(...day.errors);
      }
    }
    if (throughputOnly) results.slots = notMeasured;
    else if (pgDb && 'skipped' in pgDb) results.slots = { skipped: pgDb.skipped };
    else {
      log('Free slots');
      const slots = await attempt('free slots', measureSlots);
      if (slots) {
        results.slots = slots;
        writeSlotsResults(slots);
      }
    }
  } catch (err) {
    results.errors.push(message(err));
  } finally {
    await runCleanups();
  }

  results.budgets = checkBudgets(results);
  if (results.day && 'runs' in results.day) results.budgets.push(...results.day.runs.flatMap((r) => r.budgets));
  console.log(report(results));
  if (results.day && 'runs' in results.day) for (const run of results.day.runs) console.log(`\n6. The busy day (bench/day.ts; figures also in bench/results/day.json)\n${dayReport(run)}`);
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWritten ${path.relative(root, resultsFile)}`);

  if (results.errors.length) return 1;
  if (process.env.BENCH_STRICT === '1' && results.budgets.some((c) => c.status === 'MISS')) return 1;
  return 0;
}

main().then(
  (code) => process.exit(code),
  async (err: unknown) => {
    console.error(err);
    await runCleanups();
    process.exit(1);
  },
);

/** `npm run bench`: its settings (from the environment, see bench/run.ts) and its budgets. */

export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const CONNECTIONS = 50;
export const DURATION = parseDuration(process.env.BENCH_DURATION);
export const WARMUP = DURATION < 5 ? 1 : 2;
export const LIGHTHOUSE_RUNS = parseCount('BENCH_LIGHTHOUSE_RUNS', process.env.BENCH_LIGHTHOUSE_RUNS, 3);

export const budgets = {
  startupEmptyMs: 15_000,
  startupSecondMs: 5_000,
  ratioMin: 0.25,
  /** The authenticated read against GET /api/health, which also makes one round trip to the database. */
  meToHealthMin: 0.5,
  p99MaxMs: 50,
  signInJsGzipMaxBytes: 150_000,
  shellJsGzipMaxBytes: 300_000,
  themeCssGzipMaxBytes: 1_000,
  lighthouseMinScore: 95,
};

export function parseCount(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 20) throw new Error(`${name} must be a whole number (0-20), got "${raw}"`);
  return n;
}

export function parseDuration(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 10;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 600) throw new Error(`BENCH_DURATION must be a whole number of seconds (1-600), got "${raw}"`);
  return n;
}

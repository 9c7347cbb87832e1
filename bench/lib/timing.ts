/** The database benches' shared method (bench/patient-list.ts, bench/invoice-lookup.ts): warm up, then time runs. */
import pg from 'pg';

/** Runs one statement on the maintenance connection (create and drop the bench database). */
export async function adminQuery(base: string, query: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

export const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};
const round = (n: number) => Math.round(n * 100) / 100;

/** Ten warm-up calls, then `runs` timed ones: median, p95 and max in milliseconds. */
export async function time(runs: number, fn: () => Promise<unknown>): Promise<{ median: number; p95: number; max: number; runs: number }> {
  for (let i = 0; i < 10; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return { median: round(quantile(samples, 0.5)), p95: round(quantile(samples, 0.95)), max: round(Math.max(...samples)), runs };
}

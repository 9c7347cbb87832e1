/** Lighthouse (desktop preset: performance and accessibility) on the sign-in page, the median of a few runs. */
import type * as ChromeLauncher from 'chrome-launcher';
import type * as Lighthouse from 'lighthouse';
import { SIGN_IN_PATH } from './browser';
import { CHROMIUM, CHROMIUM_ARGS } from './lib/chromium';
import { log, message } from './lib/format';
import { onCleanup } from './lib/process';

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number };
  /** Audits of the two categories that did not score 1 (title, score, what Lighthouse says). */
  notPassed: { id: string; category: string; score: number; displayValue?: string }[];
}

export interface LighthouseResults {
  version: string;
  url: string;
  runs: LighthouseRun[];
  median: { performance: number; accessibility: number };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** Lighthouse's desktop preset (simulated throttling) on the sign-in page, `runs` times, each in a fresh Chromium. */
export async function runLighthouse(base: string, runs: number): Promise<LighthouseResults | { skipped: string }> {
  if (runs === 0) return { skipped: 'BENCH_LIGHTHOUSE_RUNS=0' };
  // Loaded here, so that a checkout without them still runs the rest of the bench.
  let lighthouse: typeof Lighthouse;
  let launcher: typeof ChromeLauncher;
  try {
    [lighthouse, launcher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  } catch (err) {
    return { skipped: `lighthouse is not installed (npm install): ${message(err)}` };
  }
  const url = `${base}${SIGN_IN_PATH}`;
  const results: LighthouseRun[] = [];
  let version = '';
  for (let i = 1; i <= runs; i++) {
    log(`  Lighthouse run ${i}/${runs} on ${url}...`);
    const chrome = await launcher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS], handleSIGINT: false });
    const close = onCleanup('stop Lighthouse Chromium', () => chrome.kill());
    try {
      const answer = await lighthouse.default(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
        lighthouse.desktopConfig,
      );
      if (!answer) throw new Error('Lighthouse returned no result');
      const lhr = answer.lhr;
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      version = lhr.lighthouseVersion;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const notPassed: LighthouseRun['notPassed'] = [];
      for (const category of ['performance', 'accessibility']) {
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (!audit || audit.score === null || audit.score >= 1) continue;
          if (['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode)) continue;
          notPassed.push({ id: ref.id, category, score: audit.score, ...(audit.displayValue ? { displayValue: audit.displayValue } : {}) });
        }
      }
      const run: LighthouseRun = {
        performance: score('performance'),
        accessibility: score('accessibility'),
        metrics: {
          fcpMs: Math.round(numeric('first-contentful-paint')),
          lcpMs: Math.round(numeric('largest-contentful-paint')),
          tbtMs: Math.round(numeric('total-blocking-time')),
          cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
          speedIndexMs: Math.round(numeric('speed-index')),
        },
        notPassed,
      };
      log(`    performance ${run.performance}, accessibility ${run.accessibility}`);
      results.push(run);
    } finally {
      await close();
    }
  }
  return {
    version,
    url,
    runs: results,
    median: { performance: median(results.map((r) => r.performance)), accessibility: median(results.map((r) => r.accessibility)) },
  };
}

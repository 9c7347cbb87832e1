/**
 * The staff chart's budget (run by `BENCH_ONLY=chart npm run bench:pages`, and within the whole page bench): the
 * Downtown clerk reads the patient list for a second (it fetches the chart's code meanwhile) and clicks Jane Doe;
 * the chart's route JS at most 60 kB gzipped and her details in the first tab under 300 ms after the click on the
 * mobile profile (median of three fresh phones, and of the same click again with the chart's code already in the
 * tab).
 *
 * BENCH_CHART_TRACE=1 also says where each first open's time went: the profile request (sent, answered), each
 * React commit and each long task (over 50 ms), in ms after the click. React's commits are counted through the
 * DevTools hook every React build calls, installed before the app loads.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { demoIds } from '../server/db/seed';
import { kB, log } from './lib/format';
import { median, ms, navigateInApp, phoneContext, recordJs, signIn, throttle, TIMEOUT } from './lib/phone';

export const chartBudgets = { routeJsGzip: 60_000, chartShownMs: 300 };

const tracing = process.env.BENCH_CHART_TRACE === '1';

export interface ChartFigures {
  /** The chart route's files (its page and first tab), gzip, fetched by opening it from the home page. */
  routeJs: { files: string[]; gzipBytes: number };
  /** From the click on Jane's name in the patient list (read for a second) to her details in the first tab, each on a fresh phone. */
  firstOpenMs: number[];
  /** The same first opens until the whole Details form is drawn (its Save button; the fields below her identity come in a later render). */
  wholeFormMs: number[];
  /** The same click again in the same tab (the chart's code already there, her data asked again). */
  againMs: number[];
  /** With BENCH_CHART_TRACE=1: each first open's timeline. */
  traces?: ChartTrace[];
}

/** A first open's timeline, in ms after the click. */
export interface ChartTrace {
  shownMs: number;
  profile: { sentMs: number; answeredMs: number } | null;
  commitsMs: number[];
  longTasks: { startMs: number; durationMs: number }[];
  /** The main thread's own time until she shows, by trace event (ms). */
  spentMs?: [string, number][];
}

/**
 * Before the app loads: React's commits (its DevTools hook) and the long tasks, kept in the page for the trace. A
 * string, not a function: tsx would wrap the functions in it in a helper the page does not have.
 */
const installTrace = `
  const trace = { commits: [], longTasks: [] };
  window.__chartTrace = trace;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { return 1; },
    onCommitFiberRoot() { trace.commits.push(performance.now()); },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) trace.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
`;

/** The clerk clicks Jane's name in the patient list; answers the time until her first name shows in the first tab. */
async function clickToChart(page: Page): Promise<{ shownMs: number; wholeFormMs: number; clickAt: number }> {
  return page.evaluate(
    () =>
      new Promise<{ shownMs: number; wholeFormMs: number; clickAt: number }>((resolve) => {
        // No named function in here: tsx would wrap it in a helper the page does not have.
        const name = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Doe, Jane')!;
        const start = performance.now();
        performance.mark('chart-click');
        let shownMs = 0;
        const observer = new MutationObserver(() => {
          if (!shownMs && (document.querySelector('input[name="firstName"]') as HTMLInputElement | null)?.value === 'Jane') {
            shownMs = performance.now() - start;
          }
          if (shownMs && document.querySelector('form button[type="submit"]')) {
            observer.disconnect();
            resolve({ shownMs, wholeFormMs: performance.now() - start, clickAt: start });
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        name.click();
      }),
  );
}

/** The timeline of the open that started at `clickAt` (page time), once the page has settled. */
async function traceOf(page: Page, clickAt: number, shownMs: number): Promise<ChartTrace> {
  await page.waitForTimeout(1_000);
  return page.evaluate(
    ({ clickAt, shownMs }) => {
      const trace = (window as unknown as { __chartTrace: { commits: number[]; longTasks: { start: number; duration: number }[] } }).__chartTrace;
      const profile = performance
        .getEntriesByType('resource')
        .find((e) => e.startTime >= clickAt - 1 && new URL(e.name).pathname.endsWith('/profile')) as PerformanceResourceTiming | undefined;
      return {
        shownMs: Math.round(shownMs),
        profile: profile ? { sentMs: Math.round(profile.startTime - clickAt), answeredMs: Math.round(profile.responseEnd - clickAt) } : null,
        commitsMs: trace.commits.filter((t) => t >= clickAt).map((t) => Math.round(t - clickAt)),
        longTasks: trace.longTasks
          .filter((t) => t.start + t.duration >= clickAt)
          .map((t) => ({ startMs: Math.round(t.start - clickAt), durationMs: Math.round(t.duration) })),
      };
    },
    { clickAt, shownMs },
  );
}

/** The patient list searched for 'Doe', Jane's link on screen. */
async function patientListWithJane(page: Page, base: string, inApp: boolean) {
  if (inApp) await navigateInApp(page, '/admin/patients/all');
  else await page.goto(`${base}/admin/patients/all`, { waitUntil: 'networkidle', timeout: TIMEOUT });
  await page.getByRole('textbox', { name: 'Search patients' }).fill('Doe');
  await page.getByRole('link', { name: 'Doe, Jane' }).waitFor({ timeout: TIMEOUT });
}

/** Jane's first name in the chart's first tab. */
const janeShown = (page: Page) =>
  page.waitForFunction(() => (document.querySelector('input[name="firstName"]') as HTMLInputElement | null)?.value === 'Jane', undefined, {
    timeout: TIMEOUT,
    polling: 16,
  });

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** Chromium's own trace of the tab (the DevTools timeline, V8's compiles), recorded until `stop` is called. */
async function recordTimeline(cdp: CDPSession): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8,disabled-by-default-v8.compile,blink.user_timing',
    transferMode: 'ReportEvents',
  });
  return async () => {
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await done;
    return events;
  };
}

/**
 * The main thread's time from the click to `untilMs` after it, by what it was spent on (each trace event's own
 * time, without the events inside it): style, layout, script, compiling, garbage collection.
 */
function timeBySpend(events: TraceEvent[], untilMs: number): [string, number][] {
  const click = events.find((e) => e.name === 'chart-click');
  if (!click) return [];
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === click.pid);
  const until = click.ts + untilMs * 1000;
  const slices = events
    .filter((e) => e.ph === 'X' && e.pid === click.pid && (!main || e.tid === main.tid) && e.ts >= click.ts && e.ts < until && e.dur)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: { end: number; name: string; own: number }[] = [];
  const close = (before: number) => {
    while (stack.length && stack[stack.length - 1]!.end <= before) {
      const done = stack.pop()!;
      self.set(done.name, (self.get(done.name) ?? 0) + done.own);
    }
  };
  for (const e of slices) {
    close(e.ts);
    const parent = stack[stack.length - 1];
    if (parent) parent.own -= e.dur!;
    stack.push({ end: e.ts + e.dur!, name: e.name, own: e.dur! });
  }
  close(Number.POSITIVE_INFINITY);
  return [...self.entries()]
    .map(([name, us]): [string, number] => [name, Math.round(us / 1000)])
    .filter(([, msSpent]) => msSpent >= 3)
    .sort((a, b) => b[1] - a[1]);
}

const describe = (trace: ChartTrace) =>
  `    ${ms(trace.shownMs)}: profile ${trace.profile ? `sent +${trace.profile.sentMs}, answered +${trace.profile.answeredMs}` : 'not asked'}; ` +
  `commits ${trace.commitsMs.map((t) => `+${t}`).join(' ')}; long tasks ${trace.longTasks.map((t) => `+${t.startMs} (${t.durationMs})`).join(', ') || 'none'}` +
  `\n      main thread: ${(trace.spentMs ?? []).map(([name, spent]) => `${name} ${spent}`).join(', ')}`;

/**
 * The chart's first tab after the click, on the mobile profile (three fresh phones). The list fetches the chart's
 * code while it is read (a second here), so the route's own JS is measured apart: a fresh phone opening Jane's
 * chart from the home page, with nothing of it fetched before.
 */
export async function measureChart(browser: Browser, base: string): Promise<ChartFigures> {
  const figures: ChartFigures = { routeJs: { files: [], gzipBytes: 0 }, firstOpenMs: [], wholeFormMs: [], againMs: [], ...(tracing ? { traces: [] } : {}) };
  for (let run = 0; run < 3; run++) {
    const context = await phoneContext(browser);
    if (tracing) await context.addInitScript({ content: installTrace });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await signIn(page, base, 'staff@clearview.test');
    await patientListWithJane(page, base, false);
    await page.waitForTimeout(1_000);
    await throttle(cdp, true);
    const timeline = tracing ? await recordTimeline(cdp) : null;
    const first = await clickToChart(page);
    figures.firstOpenMs.push(first.shownMs);
    figures.wholeFormMs.push(first.wholeFormMs);
    if (figures.traces && timeline) {
      const trace = await traceOf(page, first.clickAt, first.shownMs);
      trace.spentMs = timeBySpend(await timeline(), first.shownMs);
      figures.traces.push(trace);
      log(describe(trace));
    }
    await patientListWithJane(page, base, true);
    figures.againMs.push((await clickToChart(page)).shownMs);
    await context.close();
  }
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await signIn(page, base, 'staff@clearview.test');
  const files = recordJs(page);
  await navigateInApp(page, `/admin/patients/${demoIds.janeDoe}/${demoIds.downtown}`);
  await janeShown(page);
  const routeFiles = await files();
  figures.routeJs = { files: routeFiles.map((f) => f.path), gzipBytes: routeFiles.reduce((sum, f) => sum + f.gzipBytes, 0) };
  await context.close();
  log(`  chart: route JS ${kB(figures.routeJs.gzipBytes)} (${figures.routeJs.files.length} files), first open ${figures.firstOpenMs.map(ms).join(', ')} (whole form ${figures.wholeFormMs.map(ms).join(', ')}), again ${figures.againMs.map(ms).join(', ')}`);
  return figures;
}

export const chartChecks = (chart: ChartFigures) => [
  { name: 'Staff chart: route JS (gzip)', pass: chart.routeJs.gzipBytes <= chartBudgets.routeJsGzip, value: kB(chart.routeJs.gzipBytes), limit: `≤ ${kB(chartBudgets.routeJsGzip)}` },
  { name: 'Staff chart: first tab after the click (median)', pass: median(chart.firstOpenMs) < chartBudgets.chartShownMs, value: ms(median(chart.firstOpenMs)), limit: `< ${ms(chartBudgets.chartShownMs)}` },
  { name: 'Staff chart: first tab after the click, code cached (median)', pass: median(chart.againMs) < chartBudgets.chartShownMs, value: ms(median(chart.againMs)), limit: `< ${ms(chartBudgets.chartShownMs)}` },
];

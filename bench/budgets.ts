/** The budgets checked against the results: PASS, MISS, or SKIP when not measured. */
import path from 'node:path';
import { SIGN_IN_PATH } from './browser';
import { BOOKING_JS_BUDGET_GZIP, GUEST_BOOKING_PATH } from './booking-js';
import { SLOTS_BUDGET_MS } from './slots';
import { budgets } from './config';
import { kB, seconds } from './lib/format';
import type { BudgetCheck, Results } from './results';
import { kindName } from './startup';
import { failures } from './throughput';

export function checkBudgets(results: Results): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  for (const kind of ['pglite', 'postgres'] as const) {
    const s = results.startup[kind];
    const name = kindName[kind];
    const pair = s && 'empty' in s ? s : null;
    const why = s && 'skipped' in s ? s.skipped : 'not measured (see errors)';
    checks.push(
      pair
        ? { name: `${name} start-up, empty database`, status: pair.empty.ms < budgets.startupEmptyMs ? 'PASS' : 'MISS', value: seconds(pair.empty.ms), limit: `< ${budgets.startupEmptyMs / 1000} s` }
        : { name: `${name} start-up, empty database`, status: 'SKIP', value: '-', limit: `< ${budgets.startupEmptyMs / 1000} s`, note: why },
      pair
        ? { name: `${name} start-up, second start`, status: pair.second.ms < budgets.startupSecondMs ? 'PASS' : 'MISS', value: seconds(pair.second.ms), limit: `< ${budgets.startupSecondMs / 1000} s` }
        : { name: `${name} start-up, second start`, status: 'SKIP', value: '-', limit: `< ${budgets.startupSecondMs / 1000} s`, note: why },
    );
  }
  const pgLoad = results.throughput.postgres;
  const loadWhy = results.throughput.postgresSkipped ?? 'not measured (see errors)';
  const ratio = pgLoad?.ratioMeToBare ?? null;
  checks.push(
    ratio !== null
      ? { name: 'PostgreSQL authenticated read / bare req/s', status: ratio >= budgets.ratioMin ? 'PASS' : 'MISS', value: ratio.toFixed(3), limit: `≥ ${budgets.ratioMin}` }
      : { name: 'PostgreSQL authenticated read / bare req/s', status: 'SKIP', value: '-', limit: `≥ ${budgets.ratioMin}`, note: loadWhy },
  );
  const toHealth = pgLoad && failures(pgLoad.me) === 0 ? pgLoad.me.requestsPerSecond / pgLoad.health.requestsPerSecond : null;
  checks.push(
    toHealth !== null
      ? { name: 'PostgreSQL authenticated read / GET /api/health req/s', status: toHealth >= budgets.meToHealthMin ? 'PASS' : 'MISS', value: toHealth.toFixed(3), limit: `≥ ${budgets.meToHealthMin}` }
      : { name: 'PostgreSQL authenticated read / GET /api/health req/s', status: 'SKIP', value: '-', limit: `≥ ${budgets.meToHealthMin}`, note: loadWhy },
  );
  for (const key of ['me', 'health'] as const) {
    const r = pgLoad?.[key];
    const name = `PostgreSQL p99 ${key === 'me' ? 'GET /api/patient/me' : 'GET /api/health'}`;
    if (!r) {
      checks.push({ name, status: 'SKIP', value: '-', limit: `< ${budgets.p99MaxMs} ms`, note: loadWhy });
      continue;
    }
    const ok = r.latencyMs.p99 < budgets.p99MaxMs && failures(r) === 0;
    checks.push({
      name,
      status: ok ? 'PASS' : 'MISS',
      value: `${r.latencyMs.p99} ms`,
      limit: `< ${budgets.p99MaxMs} ms`,
      ...(failures(r) ? { note: `${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts` } : {}),
    });
  }
  const b = results.bundle;
  const br = results.browser && 'signIn' in results.browser ? results.browser : null;
  const browserWhy = results.browser && 'skipped' in results.browser ? results.browser.skipped : 'not measured (see errors)';
  const atMost = (name: string, bytes: number, max: number, note?: string): BudgetCheck => ({
    name,
    status: bytes <= max ? 'PASS' : 'MISS',
    value: kB(bytes),
    limit: `≤ ${kB(max)}`,
    ...(note ? { note } : {}),
  });
  // What Chromium fetched counts; without a browser, the JS index.html names is the best estimate (a lower bound).
  if (br) checks.push(atMost(`Sign-in route JS (gzip), Chromium ${SIGN_IN_PATH}`, br.signIn.js.gzipBytes, budgets.signInJsGzipMaxBytes));
  else if (b && 'files' in b) checks.push(atMost('Sign-in route JS (gzip), index.html only', b.totalGzipBytes, budgets.signInJsGzipMaxBytes, `no browser measurement: ${browserWhy}`));
  else checks.push({ name: 'Sign-in route JS (gzip)', status: 'SKIP', value: '-', limit: `≤ ${kB(budgets.signInJsGzipMaxBytes)}`, note: browserWhy });
  const shellLimit = `≤ ${kB(budgets.shellJsGzipMaxBytes)}`;
  if (br) {
    checks.push(
      atMost(`Signed-in shell JS (gzip), reload of ${new URL(br.shell.reload.url).pathname}`, br.shell.reload.js.gzipBytes, budgets.shellJsGzipMaxBytes),
      atMost('Sign-in → shell JS (gzip), the whole visit', br.shell.visit.js.gzipBytes, budgets.shellJsGzipMaxBytes),
    );
    checks.push(
      atMost(`Public booking page JS beyond the entry (gzip), ${GUEST_BOOKING_PATH}`, br.booking.guestPage.gzipBytes, BOOKING_JS_BUDGET_GZIP),
      atMost("Patient's 'Book a visit' JS beyond the entry and shell (gzip)", br.booking.patientBooking.gzipBytes, BOOKING_JS_BUDGET_GZIP, `a cold reload of /patient/appointment: ${kB(br.booking.patientReload.gzipBytes)} beyond the entry, the shell included`),
    );
    const t = br.themes;
    const largest = Math.max(0, ...t.files.map((f) => f.gzipBytes));
    const chosenFile = t.files.find((f) => f.theme === t.chosen);
    const problems = [
      t.withoutFile.length > 1 ? `no CSS file of its own: ${t.withoutFile.join(', ')}` : '',
      largest > budgets.themeCssGzipMaxBytes ? `largest ${kB(largest)} gzip` : '',
      t.fetchedByDefault.length ? `the default sign-in fetched ${t.fetchedByDefault.join(', ')}` : '',
      !chosenFile || t.fetchedWhenChosen.length !== 1 || !t.fetchedWhenChosen[0]!.endsWith(path.basename(chosenFile.file))
        ? `choosing ${t.chosen} fetched ${t.fetchedWhenChosen.join(', ') || 'no theme CSS'}`
        : '',
    ].filter(Boolean);
    checks.push({
      name: 'Theme CSS: a small file per theme, fetched when chosen',
      status: problems.length ? 'MISS' : 'PASS',
      value: `${t.files.length} files, ≤ ${kB(largest)}`,
      limit: `each ≤ ${kB(budgets.themeCssGzipMaxBytes)}`,
      note: problems.length ? problems.join('; ') : `default ${t.withoutFile.join(', ')} in the entry CSS; sign-in fetched none; ${t.chosen} chosen: only its file`,
    });
  } else {
    checks.push(
      { name: 'Signed-in shell JS (gzip)', status: 'SKIP', value: '-', limit: shellLimit, note: browserWhy },
      { name: 'Booking pages JS beyond the entry (gzip)', status: 'SKIP', value: '-', limit: `≤ ${kB(BOOKING_JS_BUDGET_GZIP)}`, note: browserWhy },
      { name: 'Theme CSS: a small file per theme, fetched when chosen', status: 'SKIP', value: '-', limit: `each ≤ ${kB(budgets.themeCssGzipMaxBytes)}`, note: browserWhy },
    );
  }
  const slots = results.slots;
  const slotsName = 'Free slots p95, 10 providers × 60 days, 1,000,000 appointments (PostgreSQL, HTTP)';
  if (slots && 'patientAny' in slots) {
    const worst = Math.max(slots.patientAny.p95, slots.guestAny.p95);
    checks.push({ name: slotsName, status: worst < SLOTS_BUDGET_MS ? 'PASS' : 'MISS', value: `${worst} ms`, limit: `< ${SLOTS_BUDGET_MS} ms`, note: `patient ${slots.patientAny.p95} ms, public page ${slots.guestAny.p95} ms (medians ${slots.patientAny.median}, ${slots.guestAny.median})` });
  } else checks.push({ name: slotsName, status: 'SKIP', value: '-', limit: `< ${SLOTS_BUDGET_MS} ms`, note: slots && 'skipped' in slots ? slots.skipped : 'not measured (see errors)' });
  const lh = results.lighthouse;
  for (const category of ['performance', 'accessibility'] as const) {
    const name = `Lighthouse ${category}, ${SIGN_IN_PATH} (desktop, median)`;
    const limit = `≥ ${budgets.lighthouseMinScore}`;
    if (lh && 'median' in lh) {
      const value = lh.median[category];
      checks.push({ name, status: value >= budgets.lighthouseMinScore ? 'PASS' : 'MISS', value: String(value), limit, note: `runs: ${lh.runs.map((r) => r[category]).join(', ')}` });
    } else {
      checks.push({ name, status: 'SKIP', value: '-', limit, note: lh && 'skipped' in lh ? lh.skipped : 'not measured (see errors)' });
    }
  }
  return checks;
}

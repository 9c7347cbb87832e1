/** The printed report of one bench run. */
import os from 'node:os';
import { SIGN_IN_PATH, type PageLoad } from './browser';
import { grouped, kB, seconds, table } from './lib/format';
import type { Results, Status } from './results';
import { kindName, type StartupRun } from './startup';
import type { LoadResult } from './throughput';

export function report(results: Results): string {
  const out: string[] = [];
  const m = results.meta;
  out.push('', `Patient Portal bench — ${m.date}`);
  out.push(`Node ${m.node} on ${m.platform}, ${m.cpus}; commit ${m.commit ?? 'unknown'}`);
  out.push(
    `Before the start: CPUs ${Math.round(m.cpuBusyAtStart * 100)}% busy, load average ${m.loadAverageAtStart.join(', ')}` +
      (m.cpuBusyAtStart > 0.2 ? ' — WARNING: other work was running; it skews every figure below' : ''),
  );

  out.push('', '1. Start-up of the real server (spawn `node --import tsx server/main.ts` → GET /api/health answers 200)');
  const rows: string[][] = [['', 'empty database', '(server log)', 'SIGTERM → exit', 'second start', '(server log)']];
  for (const kind of ['pglite', 'postgres'] as const) {
    const s = results.startup[kind];
    if (!s) rows.push([kindName[kind], 'not measured (see errors)']);
    else if ('skipped' in s) rows.push([kindName[kind], `skipped: ${s.skipped}`]);
    else {
      const ready = (r: StartupRun) => (r.readyLogMs === null ? '-' : `${grouped(r.readyLogMs)} ms`);
      rows.push([kindName[kind], seconds(s.empty.ms), ready(s.empty), s.empty.stop ? seconds(s.empty.stop.ms) : '-', seconds(s.second.ms), ready(s.second)]);
    }
  }
  out.push(table(rows));
  out.push('  ("server log" is the "Ready in N ms" the server prints: config to listening, without Node/tsx loading the code.)');

  out.push('', `2. Throughput (autocannon, ${m.connections} connections, ${m.durationSeconds} s each after a ${m.warmupSeconds} s warm-up; server LOG_LEVEL=warn)`);
  out.push(`  (autocannon runs inside the bench process, on the same ${os.cpus().length} CPUs as the servers and PostgreSQL;`);
  out.push('   CPU/req: CPU time of the server process and of the bench database\'s backends per request, from /proc)');
  const t = results.throughput;
  const lrows: string[][] = [['', 'req/s (avg)', 'p50', 'p90', 'p99', 'max', 'requests', 'non-2xx/err/timeout', 'CPU/req server', 'CPU/req PostgreSQL']];
  const us = (n: number | null | undefined) => (n == null ? '-' : `${grouped(n)} us`);
  const lrow = (label: string, r: LoadResult | undefined) => {
    if (!r) return;
    lrows.push([
      label,
      grouped(r.requestsPerSecond),
      `${r.latencyMs.p50} ms`,
      `${r.latencyMs.p90} ms`,
      `${r.latencyMs.p99} ms`,
      `${r.latencyMs.max} ms`,
      grouped(r.totalRequests),
      `${r.non2xx}/${r.errors}/${r.timeouts}`,
      us(r.cpu?.serverUs),
      us(r.cpu?.databaseUs),
    ]);
  };
  lrow('bare Fastify hello  GET /', t.bare);
  lrow('PostgreSQL  GET /api/health', t.postgres?.health);
  lrow('PostgreSQL  GET /api/patient/me', t.postgres?.me);
  lrow('PGlite      GET /api/health (info)', t.pglite?.health);
  lrow('PGlite      GET /api/patient/me (info)', t.pglite?.me);
  if (lrows.length > 1) out.push(table(lrows));
  else out.push('  not measured (see errors)');
  if (t.postgresSkipped) out.push(`  PostgreSQL skipped: ${t.postgresSkipped}`);
  const ratio = (x: { ratioMeToBare: number | null } | undefined) => (x?.ratioMeToBare == null ? '-' : x.ratioMeToBare.toFixed(3));
  out.push(`  authenticated read / bare: PostgreSQL ${ratio(t.postgres)}, PGlite ${ratio(t.pglite)} (info)`);
  const toHealth = (x: { health: LoadResult; me: LoadResult } | undefined) => (x ? (x.me.requestsPerSecond / x.health.requestsPerSecond).toFixed(3) : '-');
  out.push(`  authenticated read / GET /api/health: PostgreSQL ${toHealth(t.postgres)}, PGlite ${toHealth(t.pglite)} (info)`);

  out.push('', '3. Browser bundle: JS that dist/index.html names (script and modulepreload tags; gzip level 6; 1 kB = 1000 B)');
  const b = results.bundle;
  if (!b) out.push('  not measured (see errors)');
  else if ('skipped' in b) out.push(`  skipped: ${b.skipped}`);
  else {
    const brows: string[][] = [['', 'loaded as', 'raw', 'gzip']];
    for (const f of b.files) brows.push([f.file ?? f.src, f.how, kB(f.rawBytes), kB(f.gzipBytes)]);
    brows.push(['total', '', kB(b.totalRawBytes), kB(b.totalGzipBytes)]);
    out.push(table(brows));
  }

  out.push('', `4. Browser: what Chromium fetched from the real server (fresh profile; gzip level 6 of each body; "as served" = bytes on the wire, brotli as the server sends it)`);
  const br = results.browser;
  if (!br) out.push('  not measured (see errors)');
  else if ('skipped' in br) out.push(`  skipped: ${br.skipped}`);
  else {
    out.push(`  ${br.chromium}`);
    const rows: string[][] = [['', 'JS files', 'as served', 'gzip']];
    const load = (label: string, l: PageLoad) => {
      rows.push([label, String(l.js.count), kB(l.js.transferBytes), kB(l.js.gzipBytes)]);
      for (const f of l.files.filter((x) => x.kind === 'js')) rows.push([`    ${f.path}`, '', kB(f.transferBytes), kB(f.gzipBytes)]);
    };
    load(`sign-in route ${SIGN_IN_PATH} (guest)`, br.signIn);
    load(`admin: /admin → sign-in → ${new URL(br.shell.visit.url).pathname} (the whole visit)`, br.shell.visit);
    load(`signed-in shell: reload of ${new URL(br.shell.reload.url).pathname} (cache off)`, br.shell.reload);
    out.push(table(rows));
    const t = br.themes;
    const sizes = t.files.map((f) => f.gzipBytes);
    const range = sizes.length ? `${grouped(Math.min(...sizes))}-${grouped(Math.max(...sizes))} B gzip each` : 'none';
    out.push(
      `  Theme CSS: ${t.files.length} files of their own (${range}); without one: ${t.withoutFile.join(', ') || 'none'} (in the entry CSS).`,
      `  The guest sign-in fetched ${t.fetchedByDefault.join(', ') || 'no theme CSS'}; a guest who chose ${t.chosen}: ${t.fetchedWhenChosen.join(', ') || 'no theme CSS'}.`,
    );
  }

  const lh = results.lighthouse;
  out.push('', `5. Lighthouse${lh && 'version' in lh ? ` ${lh.version}` : ''} on the sign-in page (desktop preset, simulated throttling; performance and accessibility)`);
  if (!lh) out.push('  not measured (see errors)');
  else if ('skipped' in lh) out.push(`  skipped: ${lh.skipped}`);
  else {
    out.push(`  ${lh.url}`);
    const rows: string[][] = [['run', 'performance', 'accessibility', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index']];
    lh.runs.forEach((r, i) =>
      rows.push([String(i + 1), String(r.performance), String(r.accessibility), `${r.metrics.fcpMs} ms`, `${r.metrics.lcpMs} ms`, `${r.metrics.tbtMs} ms`, String(r.metrics.cls), `${r.metrics.speedIndexMs} ms`]),
    );
    rows.push(['median', String(lh.median.performance), String(lh.median.accessibility)]);
    out.push(table(rows));
    const notPassed = new Map<string, string>();
    for (const r of lh.runs) for (const a of r.notPassed) notPassed.set(`${a.category}: ${a.id}`, `${a.category}: ${a.id} (${a.score.toFixed(2)}${a.displayValue ? `, ${a.displayValue}` : ''})`);
    out.push(`  Audits below 1 in some run: ${notPassed.size ? [...notPassed.values()].join('; ') : 'none'}`);
  }

  out.push('', 'Budgets');
  out.push(
    table(
      results.budgets.map((c) => [c.status, c.name, c.value, c.limit, c.note ?? '']),
    ),
  );
  const count = (s: Status) => results.budgets.filter((c) => c.status === s).length;
  out.push('', `${count('PASS')} PASS, ${count('MISS')} MISS, ${count('SKIP')} SKIP${results.errors.length ? `, ${results.errors.length} ERROR` : ''}`);
  if (results.errors.length) {
    out.push('', 'Errors');
    for (const e of results.errors) out.push(`  ${e.split('\n').join('\n    ')}`);
  }
  return out.join('\n');
}

/**
 * Once for the e2e project: builds the browser app if there is no build, makes the run's data template (a fresh
 * PGlite directory with the demo data seeded on first start, support/server.ts makeDataTemplate), starts one real
 * server per worker, each on its own copy of it (development mode so the outbox prints codes), and hands their
 * addresses to the tests (`inject('e2eBaseURLs')`; a file uses its worker's, support/browser.ts). Files run side by
 * side, never two at once against one server, as people of different stores would not share one database's demo
 * rows. SIGTERM after the last file.
 *
 * The server admits 20 auth requests a minute per client address (security.md), and every browser here runs on
 * the same machine. TRUST_PROXY=1 (one proxy in front: the client is the rightmost X-Forwarded-For entry) lets
 * each browser context present its own client address in X-Forwarded-For (support/browser.ts), as distinct people
 * behind a reverse proxy would, so every test has its own budget and one server serves the whole run.
 */
import type { TestProject } from 'vitest/node';
import { buildAppIfStale, buildId, makeDataTemplate, startServer } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker: the file of worker n (VITEST_POOL_ID) uses entry n - 1. */
    e2eBaseURLs: string[];
    /** The build the server started with (support/server.ts buildId). */
    e2eBuildId: string;
    /** The PGlite data folder with the freshly seeded demo data that servers start on a copy of (support/server.ts). */
    e2eDataTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  buildAppIfStale();
  // Taken before the server registers the files of dist, so a build that lands during start-up is noticed too.
  project.provide('e2eBuildId', buildId() ?? '');
  // A first start takes about a minute on a busy two-core machine (migrations and the demo seed on fresh PGlite);
  // the servers after it start on a copy of what it left. E2E_SERVER_TIMEOUT_MS: more patience on a machine busy
  // with other work.
  const timeoutMs = Number(process.env.E2E_SERVER_TIMEOUT_MS) || 180_000;
  const template = await makeDataTemplate(timeoutMs);
  project.provide('e2eDataTemplate', template.dir);
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const servers = await Promise.all(
    Array.from({ length: workers }, () => startServer({ env: { TRUST_PROXY: '1' }, timeoutMs, dataTemplate: template.dir })),
  );
  project.provide(
    'e2eBaseURLs',
    servers.map((server) => server.baseURL),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    template.remove();
    const problems = servers.flatMap((server) =>
      server
        .output()
        .split('\n')
        .filter((line) => /"level":(50|60)|Error:|\[e2e\]/.test(line)),
    );
    if (problems.length > 0) console.warn(`The e2e servers reported problems:\n${problems.join('\n')}`);
  };
}

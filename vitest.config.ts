import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { startTexts } from './vite.config';

const e2eWorkers = Number(process.env.E2E_WORKERS) || 2;

/**
 * The route walk's parts are the longest browser files by far, but the smallest on disk: without timings of an
 * earlier run (a clean clone has none) Vitest starts the largest files first and the walks would start last and
 * finish alone. They go first; the rest follow in Vitest's own order (longest last time, else largest).
 */
class RouteWalkFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const isWalk = (file: TestSpecification) => /route-walk-\d+\.test\.ts$/.test(file.moduleId);
    return [...sorted.filter(isWalk), ...sorted.filter((file) => !isWalk(file))];
  }
}

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on the 2-core machines this runs on. The unit and
    // server files are independent (each server file has its own database), so both cores work.
    maxWorkers: 2,
    // One sequencer for every project (Vitest reads it from the root only); it moves only the route walk's files.
    sequence: { sequencer: RouteWalkFirst },
    projects: [
      {
        plugins: [vanillaExtractPlugin(), startTexts()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // A worker's files share their modules and jsdom window (import and environment time once per worker:
          // the stage took 107 s isolated, 49 s shared, on a quiet machine); tests/fixtures/unit-setup.ts gives each
          // file a fresh page's state, and shuffled orders pass (--sequence.shuffle.files).
          isolate: false,
          setupFiles: ['tests/fixtures/unit-setup.ts'],
          // A whole-screen story (sign in, open a panel, save) takes 1-3 s in jsdom; with both cores busy, twice that.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/template-setup.ts'],
          // One PGlite or PostgreSQL database per test file; files run in parallel workers. A worker's files share
          // their modules (each file still makes its own app and database): the server's imports are read once per
          // worker, not once per file (import time 15 s instead of about 120 s over the suite).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          // Chromium against the real server process (tests/e2e/global-setup.ts starts it); `npm test`'s last stage.
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // One browser file keeps about 1.6 of the two cores busy (Chromium's renderer and browser process, the server,
          // the test): E2E_WORKERS files run side by side, each worker against a server and data of its own
          // (global-setup.ts), so no file sees another's writes. More than two workers only queue for the CPU, and
          // on a slow day their page loads pass the tests' 15 s patience.
          maxWorkers: e2eWorkers,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

/** The Chromium every bench drives (playwright-core, puppeteer, Lighthouse's chrome-launcher); none is downloaded. */
export const CHROMIUM = process.env.BENCH_CHROMIUM || '/usr/bin/chromium';

/** Flags for every Chromium the bench starts. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];

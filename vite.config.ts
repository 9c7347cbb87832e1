import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, defineConfig, type InlineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import { bookingGroups, eformGroups, startGroups } from './src/i18n/startTexts.ts';
import { racContexts } from './scripts/build/racContexts.ts';
import { pagesChunk } from './scripts/build/pagesChunk.ts';

/** Writes .br and .gz beside each script, style and page, once at build: the server sends them as they are. */
function precompress(page: string): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const file of new Set([...Object.keys(bundle), page])) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const content = readFileSync(join(dir, file));
        writeFileSync(join(dir, `${file}.br`), brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(join(dir, `${file}.gz`), gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * `import texts from './locales/en.json?start'`: only the start-up groups of that JSON (src/i18n/startTexts.ts), so
 * the entry chunk does not carry the texts of pages it does not draw; `?eform`: only the public eForm page's groups
 * (its own entry, src/eformsMain.tsx); `?booking`: only the public booking page's (src/i18n/appI18n.ts,
 * fetchBookingTexts). Also in the unit tests (vitest.config.ts).
 */
export function startTexts(): Plugin {
  return {
    name: 'start-texts',
    enforce: 'pre',
    load(id) {
      const [file, query] = id.split('?', 2);
      const groups = query === 'start' ? startGroups : query === 'eform' ? eformGroups : query === 'booking' ? [...startGroups, ...bookingGroups] : null;
      if (!groups || !file?.endsWith('.json')) return null;
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      // A group is a top-level key, or a dotted path to a part of one (`apiErrors.eforms`), kept at the same path.
      const picked: Record<string, unknown> = {};
      for (const group of groups) {
        const path = group.split('.');
        const last = path.pop()!;
        let from: unknown = all;
        let to = picked;
        for (const key of path) {
          from = (from as Record<string, unknown> | undefined)?.[key];
          to = (to[key] ??= {}) as Record<string, unknown>;
        }
        to[last] = (from as Record<string, unknown> | undefined)?.[last];
      }
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`;
    },
  };
}

const prefetchEntry = 'src/eformsPrefetch.ts';

/**
 * eforms.html's first script, src/eformsPrefetch.ts (it starts the page's first two calls before the page's bundle
 * arrives), stays its own small file: Vite would bundle every module script of the page into one entry, so the tag
 * leaves the page before Vite reads it, the module is an entry of its own, and its built file's tag comes back, async,
 * ahead of the page's own script.
 */
function eformPrefetch(): Plugin {
  const tag = new RegExp(`\\s*<script type="module" async src="/${prefetchEntry}"></script>`);
  return {
    name: 'eform-prefetch',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => {
        if (!tag.test(html)) throw new Error(`eforms.html must load /${prefetchEntry} first (async module script)`);
        return html.replace(tag, '');
      },
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunk = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry && file.name === 'eformsPrefetch');
        const page = bundle['eforms.html'];
        if (!chunk || page?.type !== 'asset' || typeof page.source !== 'string') throw new Error('eforms.html: no prefetch chunk');
        page.source = page.source.replace('</title>', `</title>\n    <script type="module" async src="/${chunk.fileName}"></script>`);
      },
    },
  };
}

/** React's modules as the eForm page's build resolves them (exact ids, so nothing else is caught). */
const preactCompat = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

/** Set while a build made by `afterAppBuild` runs: its own plugins are not applied to it again. */
const SECOND_BUILD = 'VITE_SECOND_BUILD';

/** A plugin that runs another Vite build (its own config) once the app's build is written. */
function afterAppBuild(name: string, config: InlineConfig): Plugin {
  return {
    name,
    apply: (_config, env) => env.command === 'build' && !process.env[SECOND_BUILD],
    async closeBundle() {
      process.env[SECOND_BUILD] = name;
      try {
        await build({ configFile: false, logLevel: 'warn', ...config });
      } finally {
        delete process.env[SECOND_BUILD];
      }
    },
  };
}

/**
 * The public eForm page (eforms.html, src/eformsMain.tsx; server/app.ts serves it for /eforms) is built after the
 * app, by a second build into the same dist, so neither page's chunks are shaped by the other: the app's entry
 * stays one chunk, and the eForm page gets preact/compat and xstate in its own (docs/architecture.md, "The browser
 * bundle"). Its texts are only the page's groups (`?eform`).
 */
function eformPage(): Plugin {
  return afterAppBuild('eform-page', {
    plugins: [react(), vanillaExtractPlugin(), racContexts(), startTexts(), eformPrefetch(), precompress('eforms.html')],
    // This page only is drawn by preact/compat: React's API in ~5 kB gzip instead of react + react-dom's ~45 kB.
    resolve: { alias: preactCompat },
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      cssTarget,
      modulePreload: { polyfill: false },
      rolldownOptions: {
        input: { eforms: 'eforms.html', eformsPrefetch: prefetchEntry },
        // What the page needs before its first render in one chunk, as for the app; the prefetch in its own.
        output: {
          codeSplitting: { groups: [{ name: 'eforms', tags: ['$initial'], test: (id) => !id.endsWith(prefetchEntry) }] },
        },
      },
    },
  });
}

/** Where the first paint's server module is built (server/firstPaint/firstPaint.ts loads it); outside dist, which is served. */
export const firstPaintOutDir = 'dist-server';

/**
 * The server-drawn first paint (src/firstPaint/render.tsx) is built after the app as a server module into
 * dist-server: the same views, with the same vanilla-extract class names as the app's CSS (docs/architecture.md,
 * "The first paint from the server").
 */
function firstPaintBuild(): Plugin {
  return afterAppBuild('first-paint-build', {
    plugins: [react(), vanillaExtractPlugin(), racContexts(), startTexts()],
    // Everything bundled (one React for the views and their libraries) and React's production build, whatever
    // NODE_ENV the server runs with: its development build draws several times slower.
    ssr: { noExternal: true },
    publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: { ssr: 'src/firstPaint/render.tsx', outDir: firstPaintOutDir, emptyOutDir: true, target: 'node20' },
  });
}

// Named modern targets keep the CSS minifier from rewriting modern syntax (light-dark() and the like), so
// production CSS matches what dev shows.
const cssTarget = ['chrome120', 'firefox120', 'safari17'];

/**
 * The register keeps selling offline (pos.md): a Workbox service worker (dist/sw.js, registered by the register's
 * view, src/views/pos/sale/serviceWorker.ts) precaches the app's built scripts, styles and index.html, so a reload of
 * /admin/pos while offline opens the register. Only POS addresses fall back to the cached index.html: every other
 * page load still reaches the server (which draws patient pages itself). The API is never cached: a sale offline
 * waits in IndexedDB, not in a cache.
 */
const registerOffline = () =>
  VitePWA({
    strategies: 'generateSW',
    injectRegister: null,
    manifest: false,
    workbox: {
      globPatterns: ['**/*.{js,css,html}'],
      globIgnores: ['eforms.html'],
      navigateFallback: 'index.html',
      navigateFallbackAllowlist: [/^\/admin\/pos(\/|$)/],
      navigateFallbackDenylist: [/^\/api\//],
      runtimeCaching: [],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
    },
  });

const pages = pagesChunk();

export default defineConfig({
  plugins: [pages.plugin, react(), vanillaExtractPlugin(), racContexts(), startTexts(), precompress('index.html'), eformPage(), firstPaintBuild(), registerOffline()],
  build: {
    outDir: 'dist',
    cssTarget,
    // Every browser of those targets has <link rel="modulepreload">: the polyfill would only ever return early.
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json (not served: a dot folder): the CSS of the pages the server draws (server/firstPaint/firstPaint.ts).
    manifest: true,
    // The entry is one ~490 kB chunk (below; what it holds: docs/architecture.md, "The browser bundle"):
    // `npm run bench` holds its budget (gzip, what Chromium fetches), so Vite's generic 500 kB warning would only
    // repeat on every build.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (what every page needs before its first render) in one chunk:
          // split into the shared chunks rolldown would make, the same code costs more requests and ~5 kB more
          // gzip. Modules only lazy routes reach (the shell, the other pages, zod, TanStack Query, tr/ar and most of
          // en, themes) stay in theirs.
          groups: [
            { name: 'index', tags: ['$initial'] },
            ...pages.groups,
          ],
        },
      },
    },
  },
  server: {
    // The Fastify API runs beside Vite in development; one origin keeps the refresh cookie SameSite=Strict.
    proxy: { '/api': 'http://localhost:3000' },
  },
});

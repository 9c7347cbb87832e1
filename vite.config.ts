import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  build: {
    outDir: 'dist',
    // Named modern targets keep the CSS minifier from rewriting modern syntax (light-dark() and the like),
    // so production CSS matches what dev shows.
    cssTarget: ['chrome120', 'firefox120', 'safari17'],
    // The entry is one ~620 kB chunk (below): `npm run bench` holds its budget (gzip, what Chromium fetches), so
    // Vite's generic 500 kB warning would only repeat on every build.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (what every page needs before its first render) in one chunk:
          // split into the shared chunks rolldown would make, the same code costs more requests and ~5 kB more
          // gzip. Modules only lazy routes reach (the shell, the other auth pages, tr/ar, themes) stay in theirs.
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    // The Fastify API runs beside Vite in development; one origin keeps the refresh cookie SameSite=Strict.
    proxy: { '/api': 'http://localhost:3000' },
  },
});

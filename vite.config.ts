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
  },
  server: {
    // The Fastify API runs beside Vite in development; one origin keeps the refresh cookie SameSite=Strict.
    proxy: { '/api': 'http://localhost:3000' },
  },
});

import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema.ts', './server/db/schema-records.ts', './server/db/schema-eforms.ts', './server/db/schema-pos.ts'],
  out: './server/db/migrations',
  entities: { roles: { provider: '' } },
});

import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` (or `npm run db:generate`) writes SQL migrations from the schema into
// ./drizzle; the server applies them at start-up with drizzle's migrator (src/db/migrate.ts). The tables
// are read where they are defined — each concept's `*-schema.ts`, the shared ones in db/ — so no registry
// file imports upward (decision 042).
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/core-tables.ts', './src/**/*-schema.ts'],
  out: './drizzle',
  strict: true,
});

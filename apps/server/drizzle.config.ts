import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` (or `npm run db:generate`) writes SQL migrations from the schema into
// ./drizzle; the server applies them at start-up with drizzle's migrator (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  strict: true,
});

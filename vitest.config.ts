import { defineConfig } from 'vitest/config';

// One Vitest configuration with a project per part of the repo (`npm run test:unit`, `npm run test:server`).

/**
 * The server's tests run in two projects, one per cockpit database, which `npm test` runs side by side
 * (decision 040): `server` runs every file on in-memory PGlite; `server-postgres` runs again, on a
 * PostgreSQL database of their own, the files where the database is what is under test — and the files
 * that need PostgreSQL alone. Which file is where, and why, is decision 040's list.
 */
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

const databaseUnderTest = [
  // The executor, its drivers and the SQL it runs on the cockpit's own database (uploads, the demo data).
  'test/report-executor.test.ts',
  // Row rules over PostgreSQL, MariaDB and uploaded tables (decision 044).
  'test/row-rules.test.ts',
  'test/data-sources.test.ts',
  'test/data-sources-connect.test.ts',
  'test/data-source-accounts.test.ts',
  'test/statement-guard-sources.test.ts',
  'test/uploads.test.ts',
  'test/reports.test.ts',
  'test/query-reports.test.ts',
  'test/dashboards-content.test.ts',
  'test/report-limits.test.ts',
  'test/report-slices.test.ts',
  'test/report-downloads.test.ts',
  'test/run-path.test.ts',
  // The catalogue's store (documents, versions, concurrent edits).
  'test/catalogue.test.ts',
  // Durable jobs (pg-boss), subscriptions and their deliveries.
  'test/subscriptions.test.ts',
  'test/subscriptions-dashboards.test.ts',
  'test/subscriptions-instances.test.ts',
  // LISTEN/NOTIFY: live notifications and the CLI that sends them.
  'test/notifications.test.ts',
  'test/notify-cli.test.ts',
  // Faults of the database connection, pool metrics.
  'test/database-faults.test.ts',
  'test/database-outage-token.test.ts',
  'test/health.test.ts',
  'test/metrics.test.ts',
  // Migrations and the seed.
  'test/report-kinds-migration.test.ts',
  'test/seed.test.ts',
  'test/sales-seed.test.ts',
  // Sessions kept in the database and revoked across instances.
  'test/user-sessions.test.ts',
];

/** Suites of several server processes on one PostgreSQL: they skip themselves without it. */
const postgresOnly = [
  'test/cluster-session-events.test.ts',
  'test/notifications-scale-out.test.ts',
  'test/subscriptions-killed-worker.test.ts',
  'test/multi-instance/**/*.test.ts',
];

/**
 * Files that run once, moved to the PostgreSQL project when it runs so that the two projects take about as
 * long (decision 040): without TEST_DATABASE_URL they run on PGlite like every other file.
 */
const onceOnPostgres = [
  'test/hostile-input.test.ts',
  'test/graceful-shutdown.test.ts',
  'test/start-output.test.ts',
];

function serverProject(
  name: string,
  driver: 'pglite' | 'postgres',
  files: { include?: string[]; exclude?: string[] },
) {
  return {
    test: {
      name,
      root: './apps/server',
      include: files.include ?? ['test/**/*.test.ts', 'src/**/*.test.ts'],
      exclude: files.exclude ?? [],
      environment: 'node' as const,
      // The database of `testDrivers()` (test/helpers/build-test-app.ts).
      env: { COCKPIT_TEST_DRIVER: driver },
      // Says at the end which suites a missing PostgreSQL, Redis, nginx or MariaDB left out.
      globalSetup: ['./test/services-summary.ts'],
      // One file at a time per project: PGlite instances and argon2 are memory- and CPU-heavy, and the
      // CI machine's two cores run the two projects side by side.
      fileParallelism: false,
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      './apps/web/vite.config.ts',
      {
        test: {
          // Rules the whole repository keeps (checks/README.md): layers by lint, words, locale keys.
          name: 'repository',
          root: '.',
          include: ['checks/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      serverProject('server', 'pglite', {
        exclude: withPostgres ? [...postgresOnly, ...onceOnPostgres] : [],
      }),
      ...(withPostgres
        ? [
            serverProject('server-postgres', 'postgres', {
              include: [...databaseUnderTest, ...postgresOnly, ...onceOnPostgres],
            }),
          ]
        : []),
    ],
  },
});

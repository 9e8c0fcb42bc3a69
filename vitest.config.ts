import { defineConfig } from 'vitest/config';

// One Vitest configuration with a project per part of the repo (`npm run test:unit`, `npm run test:server`).
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
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          environment: 'node',
          // Says at the end which suites a missing PostgreSQL, Redis, nginx or MariaDB left out.
          globalSetup: ['./test/services-summary.ts'],
          // PGlite instances and argon2 are memory- and CPU-heavy; the CI machine has two cores.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

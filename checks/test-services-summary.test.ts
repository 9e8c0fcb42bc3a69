import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { root } from './source-files';

// The server project's summary of suites a missing service leaves out (apps/server/test/services-summary.ts,
// a globalSetup in vitest.config.ts): a local `npm test` without PostgreSQL, Redis, nginx or MariaDB says
// what it did not run and why; with everything there it says nothing.

type TestServices = {
  postgres: { url: string | undefined; reachable: boolean };
  sourcePostgres: boolean;
  mariadb: boolean;
  redis: { url: string; reachable: boolean };
  nginx: string | null;
};
type Helpers = {
  skippedSuites: (services: TestServices) => string[];
  probeTestServices: (options: {
    env: Record<string, string | undefined>;
    redis: { url: string; reachable: () => Promise<boolean> };
    nginx: () => string | null;
  }) => Promise<TestServices>;
};

// Loaded by path: the helper belongs to the server's tests (their TypeScript project), not to checks/.
const helpers = (await import(
  pathToFileURL(path.join(root, 'apps/server/test/helpers/test-services.ts')).href
)) as Helpers;

const everything: TestServices = {
  postgres: { url: 'postgres://postgres@127.0.0.1:5432/test', reachable: true },
  sourcePostgres: true,
  mariadb: true,
  redis: { url: 'redis://127.0.0.1:6379', reachable: true },
  nginx: '/usr/sbin/nginx',
};

describe('the server suites’ summary of missing services', () => {
  it('says nothing when every service is there (CI)', () => {
    expect(helpers.skippedSuites(everything)).toEqual([]);
  });

  it('names the PostgreSQL suites and why when TEST_DATABASE_URL is not set', () => {
    const lines = helpers.skippedSuites({ ...everything, postgres: { url: undefined, reachable: false } });
    expect(lines).toEqual([
      expect.stringMatching(/^skipped: PostgreSQL suites .*\(TEST_DATABASE_URL not set\)$/),
      'skipped: multi-instance suite behind nginx (TEST_DATABASE_URL not set)',
    ]);
  });

  it('says a set but unreachable PostgreSQL fails its suites, without the password', () => {
    const lines = helpers.skippedSuites({
      ...everything,
      postgres: { url: 'postgres://user:secret@db.example:6543/test', reachable: false },
    });
    expect(lines).toEqual([
      'failing: PostgreSQL suites (TEST_DATABASE_URL is set, but postgres://db.example:6543/test is not reachable)',
    ]);
  });

  it('names the Redis, nginx, MariaDB and source suites each with its reason', () => {
    const lines = helpers.skippedSuites({
      ...everything,
      sourcePostgres: false,
      mariadb: false,
      redis: { url: 'redis://127.0.0.1:6379', reachable: false },
      nginx: null,
    });
    expect(lines).toEqual([
      'skipped: report executor over a PostgreSQL source (nothing listens on 127.0.0.1:5432)',
      'skipped: report executor over a MariaDB source (nothing listens on 127.0.0.1:3306)',
      'skipped: Redis variants of the integrity, sign-in limit and Redis outage suites (Redis at redis://127.0.0.1:6379 not reachable)',
      'skipped: multi-instance suite behind nginx (Redis not reachable; nginx not installed: apt-get install -y nginx)',
    ]);
  });

  it('probes: a TEST_DATABASE_URL nothing listens on is not reachable', async () => {
    const services = await helpers.probeTestServices({
      env: { TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test' },
      redis: { url: 'redis://127.0.0.1:1', reachable: async () => false },
      nginx: () => null,
    });
    expect(services.postgres).toEqual({ url: 'postgres://postgres@127.0.0.1:1/test', reachable: false });
    expect(services.redis.reachable).toBe(false);
    expect(services.nginx).toBeNull();
  });
});

import net from 'node:net';
import { findNginx } from '../multi-instance/cluster';
import { redisReachable, testRedisUrl } from './redis';

// The services some server suites need beyond the embedded database, and which suites do without them
// when one is missing (README "Tests"). test/services-summary.ts prints the result at the end of the run,
// so a local `npm test` says what it did not run; CI has every service and prints nothing.

export interface TestServices {
  /** TEST_DATABASE_URL (the PostgreSQL variant of every suite, `testDrivers()`), and whether it answers. */
  postgres: { url: string | undefined; reachable: boolean };
  /** PostgreSQL on 127.0.0.1:5432: the report executor's PostgreSQL source tests. */
  sourcePostgres: boolean;
  /** MariaDB on 127.0.0.1:3306: the report executor's MariaDB source tests. */
  mariadb: boolean;
  redis: { url: string; reachable: boolean };
  /** The nginx binary, or null. */
  nginx: string | null;
}

/** Whether something accepts TCP connections at host:port within a second. */
export function listening(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function hostAndPort(databaseUrl: string): { host: string; port: number } | null {
  try {
    const url = new URL(databaseUrl);
    return { host: url.hostname || '127.0.0.1', port: Number(url.port || 5432) };
  } catch {
    return null;
  }
}

export interface ProbeOptions {
  env?: NodeJS.ProcessEnv;
  redis?: { url: string; reachable: () => Promise<boolean> };
  nginx?: () => string | null;
}

/** Looks for each service the way the suites that need it do. */
export async function probeTestServices(options: ProbeOptions = {}): Promise<TestServices> {
  const env = options.env ?? process.env;
  const redis = options.redis ?? { url: testRedisUrl, reachable: redisReachable };
  const postgresUrl = env.TEST_DATABASE_URL || undefined;
  const postgresAt = postgresUrl ? hostAndPort(postgresUrl) : null;
  const [postgres, sourcePostgres, mariadb, redisUp] = await Promise.all([
    postgresAt ? listening(postgresAt.host, postgresAt.port) : Promise.resolve(false),
    listening('127.0.0.1', 5432),
    listening('127.0.0.1', 3306),
    redis.reachable(),
  ]);
  return {
    postgres: { url: postgresUrl, reachable: postgres },
    sourcePostgres,
    mariadb,
    redis: { url: redis.url, reachable: redisUp },
    nginx: (options.nginx ?? findNginx)(),
  };
}

/** One line per group of suites that did not run (or cannot pass), with why; empty when all is there. */
export function skippedSuites(services: TestServices): string[] {
  const lines: string[] = [];
  const { postgres, redis } = services;
  if (!postgres.url) {
    lines.push(
      'skipped: PostgreSQL suites — the PostgreSQL variant of every server suite and the cross-process ' +
        'suites (TEST_DATABASE_URL not set)',
    );
  } else if (!postgres.reachable) {
    lines.push(
      `failing: PostgreSQL suites (TEST_DATABASE_URL is set, but ${describeUrl(postgres.url)} is not reachable)`,
    );
  }
  if (!services.sourcePostgres) {
    lines.push('skipped: report executor over a PostgreSQL source (nothing listens on 127.0.0.1:5432)');
  }
  if (!services.mariadb) {
    lines.push('skipped: report executor over a MariaDB source (nothing listens on 127.0.0.1:3306)');
  }
  if (!redis.reachable) {
    lines.push(
      `skipped: Redis variants of the integrity, sign-in limit and Redis outage suites (Redis at ${describeUrl(redis.url)} not reachable)`,
    );
  }
  const forNginxSuite = [
    ...(postgres.url ? [] : ['TEST_DATABASE_URL not set']),
    ...(redis.reachable ? [] : ['Redis not reachable']),
    ...(services.nginx ? [] : ['nginx not installed: apt-get install -y nginx']),
  ];
  if (forNginxSuite.length > 0) {
    lines.push(`skipped: multi-instance suite behind nginx (${forNginxSuite.join('; ')})`);
  }
  return lines;
}

/** A service address without its credentials, for a log line. */
function describeUrl(value: string): string {
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return 'the configured address';
  }
}

import { createHmac, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { integrityTokenHeader } from '@cockpit/contracts';
import pg from 'pg';
import { type LogStream, buildApp } from '../../src/app';
import type { App } from '../../src/app-types';
import { type Config, loadConfig } from '../../src/config';
import type { NameResolver } from '../../src/lib/name-resolver';
import type { DataSourceProbe } from '../../src/data-sources';
import { type DatabaseHandle, openDatabase } from '../../src/db/database';
import { demoSignIns } from '../../src/seed/demo-data';
import {
  type TemplateState,
  pgliteTemplate,
  postgresTemplate,
  seedTemplateState,
} from './database-templates';

// fastify/demo style (test/helper.ts): every test file builds the real app on a FRESH database and
// talks to it with `app.inject`: in-memory PGlite in the `server` project, a database of its own (dropped
// afterwards) in the `server-postgres` project, which runs the files where the database is under test
// (vitest.config.ts, decision 040). Each starts as a copy of a seeded template. Tests never share data.

export type TestDriver = 'pglite' | 'postgres';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** For `describe.each(testDrivers())`: the database of the Vitest project running the file. */
export function testDrivers(): TestDriver[] {
  return process.env.COCKPIT_TEST_DRIVER === 'postgres' ? ['postgres'] : ['pglite'];
}

export interface TestAppOptions {
  /** Demo organisations, users, menus and dashboards (default true). */
  seed?: boolean;
  /** Fact rows of the demo sales data set (decision 012); default 0 — none, so other tests stay fast. */
  salesRows?: number;
  /** Extra environment for loadConfig (e.g. WEB_DIST_DIR). */
  env?: Record<string, string>;
  /** Receives the app's log lines (set LOG_LEVEL in `env` too); test/logging.test.ts reads them. */
  logStream?: LogStream;
  /** PostgreSQL only: the URL the app connects with, e.g. through a fault proxy (helpers/tcp-proxy.ts). */
  connectThrough?: (databaseUrl: string) => string;
  /** DNS answers for single sign-on (provider addresses, domain proofs); default: the system's. */
  nameResolver?: NameResolver;
  /** Management → Data's connect, describe and host rule instead of the executor's (decision 027). */
  dataSourceProbe?: DataSourceProbe;
  /**
   * `tokenFor` signs in through the sign-in endpoint (proof of work, argon2id) instead of minting a session
   * directly: the suites of signing in, two-factor, single sign-on and forgotten passwords (decision 040).
   */
  realSignIn?: boolean;
}

export interface TestApp {
  app: App;
  config: Config;
  database: DatabaseHandle;
  /** Origin header the browser would send (better-auth checks it on POST with a cookie). */
  origin: string;
  /** Signs in and returns the `Cookie` header value of the session. */
  signIn(email: string, password?: string): Promise<string>;
  /** A bearer token for a demo user (a session minted once per file, then cached; see `realSignIn`). */
  tokenFor(email: string): Promise<string>;
  bearer(email: string): Promise<{ authorization: string }>;
  /** An API call as a demo user (their bearer token), with a JSON body when one is given. */
  as(
    email: string,
    method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<Awaited<ReturnType<App['inject']>>>;
  close(): Promise<void>;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    PORT: '3000',
    AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
    DATA_DIR: path.join(os.tmpdir(), 'cockpit-test-data'),
    WEB_DIST_DIR: path.join(os.tmpdir(), 'cockpit-test-no-web-dist'),
    LOG_LEVEL: 'silent',
    // Easy proof of work and roomy sign-in limits; the tests of those set their own (decisions 007 and 009).
    INTEGRITY_MAX_NUMBER: '20',
    INTEGRITY_COST: '10',
    SIGN_IN_MAX_ATTEMPTS_PER_ADDRESS: '100000',
    SIGN_IN_MAX_FAILURES_PER_ADDRESS: '100000',
    ...env,
  });
}

export async function buildTestApp(driver: TestDriver, options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.env);
  const { database, dropDatabase } = await openTestDatabase(driver, options.connectThrough, {
    seed: options.seed ?? true,
    salesRows: options.salesRows ?? 0,
  });
  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    databaseStatus: database,
    logStream: options.logStream,
    nameResolver: options.nameResolver,
    dataSourceProbe: options.dataSourceProbe,
  });
  await app.ready();

  const origin = config.publicUrl;
  const tokens = new Map<string, string>();

  const signIn = async (email: string, password?: string) => {
    const known = demoSignIns.find((demo) => demo.email === email);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin, ...(await integrityHeader(app)) },
      payload: { email, password: password ?? known?.password ?? '' },
    });
    if (response.statusCode !== 200)
      throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
    const session = response.cookies.find((cookie) => cookie.name.endsWith('session_token'));
    if (!session) throw new Error('sign-in set no session cookie');
    return `${session.name}=${session.value}`;
  };

  /**
   * A session as the sign-in endpoint makes one (better-auth's own adapter, so its database hooks run: a
   * deactivated user gets none), and its cookie signed as better-auth signs it (HMAC-SHA256 of the token).
   */
  const mintSession = async (email: string) => {
    const context = await app.auth.$context;
    const found = await context.internalAdapter.findUserByEmail(email);
    if (!found) throw new Error(`no user ${email}`);
    const session = await context.internalAdapter.createSession(found.user.id, false);
    if (!session) throw new Error(`no session for ${email}`);
    const signature = createHmac('sha256', context.secret).update(session.token).digest('base64');
    return `${context.authCookies.sessionToken.name}=${encodeURIComponent(`${session.token}.${signature}`)}`;
  };

  const tokenFor = async (email: string) => {
    const cached = tokens.get(email);
    if (cached) return cached;
    const cookie = options.realSignIn ? await signIn(email) : await mintSession(email);
    const response = await app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } });
    if (response.statusCode !== 200)
      throw new Error(`token of ${email}: ${response.statusCode} ${response.body}`);
    const token = response.json<{ token: string }>().token;
    tokens.set(email, token);
    return token;
  };

  return {
    app,
    config,
    database,
    origin,
    signIn,
    tokenFor,
    bearer: async (email) => ({ authorization: `Bearer ${await tokenFor(email)}` }),
    as: async (email, method, url, payload) =>
      app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${await tokenFor(email)}` },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      }),
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

/**
 * The header the SPA sends on sign-in after solving its proof of work (decision 007), with a token minted
 * directly; test/integrity.test.ts covers the real challenge → solution → token path.
 */
export async function integrityHeader(app: App): Promise<Record<string, string>> {
  return { [integrityTokenHeader]: (await app.integrity.issueToken()).token };
}

/** A database of its own for one test file: migrated and empty unless `state` says seeded. */
export async function openTestDatabase(
  driver: TestDriver,
  connectThrough: (databaseUrl: string) => string = (databaseUrl) => databaseUrl,
  state: TemplateState = { seed: false, salesRows: 0 },
): Promise<{ database: DatabaseHandle; dropDatabase: () => Promise<void> }> {
  if (driver === 'pglite') {
    const loadDataDir = await pgliteTemplate(state);
    return {
      database: await openDatabase({ driver: 'pglite', dataDir: null, loadDataDir }),
      dropDatabase: async () => {},
    };
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const template = await postgresTemplate(postgresUrl, state, async (templateUrl) => {
    const prepared = await openDatabase({ driver: 'pg', connectionString: templateUrl });
    try {
      await prepared.migrate();
      await seedTemplateState(prepared.db, state);
    } finally {
      await prepared.close();
    }
  });
  const name = `cockpit_t_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    database: await openDatabase({ driver: 'pg', connectionString: connectThrough(url.toString()) }),
    dropDatabase: () =>
      withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => {},
      ),
  };
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export const demoUsers = {
  admin: 'admin@example.com',
  member: 'member@example.com',
  basic: 'basic@example.com',
  beispielAdmin: 'admin@beispiel.example',
} as const;

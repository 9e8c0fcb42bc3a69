import os from 'node:os';
import path from 'node:path';
import { apiRoutes, integrityTokenHeader } from '@cockpit/contracts';
import { type LogStream, buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { seedDemoData } from '../../apps/server/src/seed/seed';

// The real app as the benches measure it: production configuration, a migrated database with the demo
// data, and bearer tokens of demo users obtained the way the browser gets them.

export interface BenchAppOptions {
  /** Names the data directory the configuration asks for (never written: the database is given). */
  name: string;
  /** PostgreSQL at this URL (migrated and seeded here); otherwise PGlite in memory. */
  databaseUrl?: string | undefined;
  /** Rows of the demo sales data set; 0 when the bench does not read it (a quick start). */
  salesRows: number;
  /** `info` logs every request as deployed (JSON lines, into `logStream`); `silent` logs nothing. */
  logLevel: 'info' | 'silent';
  logStream?: LogStream;
}

export async function startBenchApp({ name, databaseUrl, salesRows, logLevel, logStream }: BenchAppOptions) {
  const database = await openDatabase(
    databaseUrl ? { driver: 'pg', connectionString: databaseUrl } : { driver: 'pglite', dataDir: null },
  );
  await database.migrate();
  await seedDemoData(database.db, undefined, { salesRows });
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '3000',
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    DATA_DIR: path.join(os.tmpdir(), `cockpit-bench-${name}`),
    WEB_DIST_DIR: path.join(os.tmpdir(), 'cockpit-bench-no-web'),
    LOG_LEVEL: logLevel,
  });
  const app = await buildApp({ config, db: database.db, listen: database.listen, logStream });
  await app.ready();

  /** A bearer token of a user: signed in with e-mail and password (and an integrity token), then exchanged. */
  const tokenOf = async (email: string, password: string): Promise<string> => {
    const signIn = await app.inject({
      method: 'POST',
      url: apiRoutes.signInWithEmail.path,
      headers: { origin: config.publicUrl, [integrityTokenHeader]: (await app.integrity.issueToken()).token },
      payload: { email, password },
    });
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const answer = await app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie } });
    return answer.json<{ token: string }>().token;
  };

  return { app, database, config, tokenOf };
}

/** A bench's child process: on the parent's `stop` message, `close` and exit. */
export function stopOnMessage(close: () => Promise<void>): void {
  process.on('message', async (message: { type?: string }) => {
    if (message.type !== 'stop') return;
    await close();
    process.exit(0);
  });
}

import os from 'node:os';
import path from 'node:path';
import { apiRoutes, integrityTokenHeader } from '@cockpit/contracts';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { seedDemoData } from '../../apps/server/src/seed/seed';

// Child process of bench/api-throughput.bench.ts: the real app (seeded demo data) and a bare Fastify
// route, each on its own port, so the load generator in the parent process does not share this event
// loop. BENCH_THROUGHPUT_DATABASE_URL → that PostgreSQL database (migrated and seeded here); otherwise
// PGlite in memory.

const send = (message: object) => process.send?.(message);

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_THROUGHPUT_DATABASE_URL || undefined;
  const database = await openDatabase(
    databaseUrl ? { driver: 'pg', connectionString: databaseUrl } : { driver: 'pglite', dataDir: null },
  );
  await database.migrate();
  // The menu does not read the sales data set: left out, so the start is quick.
  await seedDemoData(database.db, undefined, { salesRows: 0 });

  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '3000',
    AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    DATA_DIR: path.join(os.tmpdir(), 'cockpit-bench-throughput'),
    WEB_DIST_DIR: path.join(os.tmpdir(), 'cockpit-bench-no-web'),
    // Request logging on, as deployed (JSON lines); written to a sink, not the terminal of the bench.
    LOG_LEVEL: 'info',
  });
  const app = await buildApp({ config, db: database.db, listen: database.listen, logStream: { write: () => {} } });
  await app.ready();

  const signIn = await app.inject({
    method: 'POST',
    url: apiRoutes.signInWithEmail.path,
    headers: { origin: config.publicUrl, [integrityTokenHeader]: (await app.integrity.issueToken()).token },
    payload: { email: 'member@example.com', password: 'Cockpit-member-1' },
  });
  const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const { token } = (await app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie } })).json<{
    token: string;
  }>();

  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));

  await app.listen({ port: 0, host: '127.0.0.1' });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const port = (server: typeof app.server) => (server.address() as { port: number }).port;
  send({
    type: 'ready',
    appPort: port(app.server),
    barePort: port(bare.server),
    token,
    driver: database.driver,
  });

  process.on('message', async (message: { type?: string }) => {
    if (message.type !== 'stop') return;
    await bare.close();
    await app.close();
    await database.close();
    process.exit(0);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

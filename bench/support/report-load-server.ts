import os from 'node:os';
import path from 'node:path';
import { apiRoutes, integrityTokenHeader } from '@cockpit/contracts';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { seedDemoData } from '../../apps/server/src/seed/seed';

// Child process of bench/report-load.bench.ts: the real app on a seeded sales data set, so the load
// generator in the parent does not share this event loop. BENCH_REPORT_LOAD_DATABASE_URL → that
// PostgreSQL database (migrated and seeded here); otherwise PGlite in memory.

const send = (message: object) => process.send?.(message);

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_REPORT_LOAD_DATABASE_URL || undefined;
  const salesRows = Number(process.env.BENCH_SALES_ROWS ?? 300_000);
  const database = await openDatabase(
    databaseUrl ? { driver: 'pg', connectionString: databaseUrl } : { driver: 'pglite', dataDir: null },
  );
  await database.migrate();
  await seedDemoData(database.db, undefined, { salesRows });

  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '3000',
    AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    DATA_DIR: path.join(os.tmpdir(), 'cockpit-bench-report-load'),
    WEB_DIST_DIR: path.join(os.tmpdir(), 'cockpit-bench-no-web'),
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, db: database.db, listen: database.listen });
  await app.ready();

  const tokenOf = async (email: string, password: string) => {
    const signIn = await app.inject({
      method: 'POST',
      url: apiRoutes.signInWithEmail.path,
      headers: { origin: config.publicUrl, [integrityTokenHeader]: (await app.integrity.issueToken()).token },
      payload: { email, password },
    });
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    return (await app.inject({ method: 'GET', url: apiRoutes.getToken.path, headers: { cookie } })).json<{ token: string }>()
      .token;
  };

  await app.listen({ port: 0, host: '127.0.0.1' });
  send({
    type: 'ready',
    port: (app.server.address() as { port: number }).port,
    heavyToken: await tokenOf('admin@example.com', 'Cockpit-admin-1'),
    menuToken: await tokenOf('member@example.com', 'Cockpit-member-1'),
    driver: database.driver,
    limits: config.reportLimits,
  });

  process.on('message', async (message: { type?: string }) => {
    if (message.type !== 'stop') return;
    await app.close();
    await database.close();
    process.exit(0);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

import { startBenchApp, stopOnMessage } from './bench-app';

// Child process of bench/report-load.bench.ts: the real app on a seeded sales data set, so the load
// generator in the parent does not share this event loop. BENCH_REPORT_LOAD_DATABASE_URL → that
// PostgreSQL database (migrated and seeded here); otherwise PGlite in memory.

const send = (message: object) => process.send?.(message);

async function main(): Promise<void> {
  const { app, database, config, tokenOf } = await startBenchApp({
    name: 'report-load',
    databaseUrl: process.env.BENCH_REPORT_LOAD_DATABASE_URL || undefined,
    salesRows: Number(process.env.BENCH_SALES_ROWS ?? 300_000),
    logLevel: 'silent',
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  send({
    type: 'ready',
    port: (app.server.address() as { port: number }).port,
    heavyToken: await tokenOf('admin@example.com', 'Cockpit-admin-1'),
    menuToken: await tokenOf('member@example.com', 'Cockpit-member-1'),
    driver: database.driver,
    limits: config.reportLimits,
  });

  stopOnMessage(async () => {
    await app.close();
    await database.close();
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

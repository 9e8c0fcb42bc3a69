import { monitorEventLoopDelay } from 'node:perf_hooks';
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
    // Request logging on, as deployed (JSON lines); written to a sink, not the terminal of the bench.
    logLevel: 'info',
    logStream: { write: () => {} },
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

  // Where a slow menu answer comes from: how long the event loop was held (parent asks around the load).
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'reset-delay') delay.reset();
    if (message.type === 'delay')
      send({ type: 'delay', p99Ms: delay.percentile(99) / 1e6, maxMs: delay.max / 1e6 });
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

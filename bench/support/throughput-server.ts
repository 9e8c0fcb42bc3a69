import Fastify from 'fastify';
import { startBenchApp, stopOnMessage } from './bench-app';

// Child process of bench/api-throughput.bench.ts: the real app (seeded demo data) and a bare Fastify
// route, each on its own port, so the load generator in the parent process does not share this event
// loop. BENCH_THROUGHPUT_DATABASE_URL → that PostgreSQL database (migrated and seeded here); otherwise
// PGlite in memory.

const send = (message: object) => process.send?.(message);

async function main(): Promise<void> {
  const { app, database, tokenOf } = await startBenchApp({
    name: 'throughput',
    databaseUrl: process.env.BENCH_THROUGHPUT_DATABASE_URL || undefined,
    // The menu does not read the sales data set: left out, so the start is quick.
    salesRows: 0,
    // Request logging on, as deployed (JSON lines); written to a sink, not the terminal of the bench.
    logLevel: 'info',
    logStream: { write: () => {} },
  });
  const token = await tokenOf('member@example.com', 'Cockpit-member-1');

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

  stopOnMessage(async () => {
    await bare.close();
    await app.close();
    await database.close();
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

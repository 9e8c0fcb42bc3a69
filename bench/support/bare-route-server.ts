import Fastify from 'fastify';

// The reference of bench/api-throughput.bench.ts: a bare Fastify route (no logger, no hooks) in a
// process of its own, so it shares no event loop with the app or the load generator. Tells its parent
// the port, and stops when the parent says so.

async function main(): Promise<void> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({ type: 'ready', port: (bare.server.address() as { port: number }).port });
  process.on('message', async (message: { type?: string }) => {
    if (message.type !== 'stop') return;
    await bare.close();
    process.exit(0);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

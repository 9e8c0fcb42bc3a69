import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';

// One API server process for bench/notifications.bench.ts, separate from the bench's clients so that
// its memory per open stream can be measured alone. Talks to the bench over the IPC channel of `fork`.

type Request =
  | { type: 'tokens'; users: { id: string; email: string; sessionId: string }[] }
  | { type: 'memory' }
  | { type: 'stop' };

const send = (message: unknown) => process.send?.(message);

async function main(): Promise<void> {
  const databaseUrl = process.argv[2];
  if (!databaseUrl) throw new Error('usage: notifications-bench-server <database url>');
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '3000',
    AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    DATA_DIR: path.join(os.tmpdir(), 'cockpit-bench-data'),
    WEB_DIST_DIR: path.join(os.tmpdir(), 'cockpit-bench-no-web-dist'),
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
  });
  const database = await openDatabase({ driver: 'pg', connectionString: databaseUrl });
  const app = await buildApp({ config, db: database.db, listen: database.listen });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  process.on('message', (message: Request) => {
    void (async () => {
      if (message.type === 'tokens') {
        // Bearer tokens as /api/auth/token issues them (sub, sid, email), without a sign-in per user.
        const sign = async (user: { id: string; email: string; sessionId: string }) =>
          (
            await app.auth.api.signJWT({
              body: { payload: { sub: user.id, sid: user.sessionId, email: user.email } },
            })
          ).token;
        // The first call creates the signing key; then a few at a time (each reads the key from the database).
        const tokens: string[] = [];
        for (let start = 0; start < message.users.length; start += 20) {
          tokens.push(...(await Promise.all(message.users.slice(start, start + 20).map(sign))));
        }
        send({ type: 'tokens', tokens });
      } else if (message.type === 'memory') {
        for (let i = 0; i < 3; i += 1) globalThis.gc?.();
        send({ type: 'memory', usage: process.memoryUsage() });
      } else {
        await app.close();
        await database.close();
        process.exit(0);
      }
    })();
  });
  send({ type: 'ready', address });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

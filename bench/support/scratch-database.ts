import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Runs `work` on a PostgreSQL database of its own (named `<prefix>_<random>`, created on the server of
 * `adminUrl` and dropped afterwards, whatever happens). When PostgreSQL cannot be reached, says so and
 * returns `'skipped'` without running `work`: the PostgreSQL figures of a bench are optional.
 */
export async function withScratchDatabase<T>(
  adminUrl: string,
  prefix: string,
  work: (url: string) => Promise<T>,
): Promise<T | 'skipped'> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  try {
    await withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.log(`  PostgreSQL not reachable at ${adminUrl} (${reason}): its figures are skipped`);
    return 'skipped';
  }
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  }
}

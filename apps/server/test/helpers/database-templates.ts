import { createHash } from 'node:crypto';
import {
  existsSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from '../../src/db/database';
import { seedDemoData } from '../../src/seed/seed';

// Decision 040: most test files start from the same state — migrated and seeded with the demo data (four
// argon2id hashes, the demo catalogue through the SQL guard). That state is made once per run and copied:
// on PGlite a dump loaded into a new in-memory database (initdb in WebAssembly costs ~2.5 s, a load ~0.9 s),
// on PostgreSQL `CREATE DATABASE … TEMPLATE`. Both are named by a hash of what makes the state — the
// migrations, the server's sources (the seed and what it calls), the PGlite version, the day (the demo
// data's dates are relative to it) and the seed's options — so a change to any of them makes a new one.

const serverRoot = path.resolve(import.meta.dirname, '../..');
const repoRoot = path.resolve(serverRoot, '../..');
const migrationsFolder = path.join(serverRoot, 'drizzle');

export interface TemplateState {
  /** Seeded with the demo data (false: only migrated). */
  seed: boolean;
  /** Fact rows of the demo sales data set. */
  salesRows: number;
}

function hashTree(hash: ReturnType<typeof createHash>, dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) hashTree(hash, full);
    else if (!entry.name.endsWith('.test.ts')) hash.update(entry.name).update(readFileSync(full));
  }
}

let sourcesHash: string | undefined;

/** What a template's content depends on, computed once per test file. */
function stateSources(): string {
  if (sourcesHash) return sourcesHash;
  const hash = createHash('sha256');
  const pgliteVersion = (
    JSON.parse(
      readFileSync(path.join(repoRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
    ) as {
      version: string;
    }
  ).version;
  hash.update(pgliteVersion);
  hashTree(hash, migrationsFolder);
  hashTree(hash, path.join(serverRoot, 'src'));
  hashTree(hash, path.join(repoRoot, 'packages/contracts/src'));
  sourcesHash = hash.digest('hex');
  return sourcesHash;
}

/** A short name for one state; the day is part of it because the demo data's dates follow today. */
export function templateKey(state: TemplateState): string {
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  const variant = state.seed ? `s${state.salesRows}` : 'm';
  const hash = createHash('sha256').update(stateSources()).update(variant).digest('hex').slice(0, 12);
  return `${day}_${variant}_${hash}`;
}

async function seedInto(db: Database, state: TemplateState): Promise<void> {
  if (state.seed) await seedDemoData(db, undefined, { salesRows: state.salesRows });
}

const filePrefix = 'cockpit-pglite-template-';

/** Template files of other states older than a day are left behind by edits; they are removed. */
function pruneOldPgliteTemplates(): void {
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of readdirSync(os.tmpdir())) {
    if (!name.startsWith(filePrefix)) continue;
    const full = path.join(os.tmpdir(), name);
    try {
      if (statSync(full).mtimeMs < dayAgo) unlinkSync(full);
    } catch {
      // Another run removed it first.
    }
  }
}

const pgliteTemplates = new Map<string, Promise<Blob>>();

/** A dump of a PGlite database in `state`, made once per state and kept in the temp directory. */
export function pgliteTemplate(state: TemplateState): Promise<Blob> {
  const key = templateKey(state);
  let template = pgliteTemplates.get(key);
  if (!template) {
    template = makePgliteTemplate(key, state);
    pgliteTemplates.set(key, template);
  }
  return template;
}

async function makePgliteTemplate(key: string, state: TemplateState): Promise<Blob> {
  const file = path.join(os.tmpdir(), `${filePrefix}${key}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  pruneOldPgliteTemplates();
  const client = state.seed
    ? new PGlite({ loadDataDir: await pgliteTemplate({ seed: false, salesRows: 0 }) })
    : new PGlite();
  try {
    const db = drizzle({ client });
    if (state.seed) await seedInto(db as unknown as Database, state);
    else await migrate(db, { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    const temporary = `${file}.${process.pid}`;
    writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
    renameSync(temporary, file); // atomic: a parallel run never reads half a file
    return dump;
  } finally {
    await client.close();
  }
}

/** The empty, fully migrated PGlite database (the tests of migrations and of the seed itself start here). */
export function migratedPgliteTemplate(): Promise<Blob> {
  return pgliteTemplate({ seed: false, salesRows: 0 });
}

const postgresTemplatePrefix = 'cockpit_tpl_';

/**
 * The name of a PostgreSQL database in `state` to copy with `CREATE DATABASE … TEMPLATE`; made once
 * (under an advisory lock: the two test lanes and other engineers' runs share the server) by `prepare`,
 * which migrates and seeds the database at the URL it is given.
 */
export async function postgresTemplate(
  adminUrl: string,
  state: TemplateState,
  prepare: (databaseUrl: string) => Promise<void>,
): Promise<string> {
  const name = `${postgresTemplatePrefix}${templateKey(state)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [postgresTemplatePrefix]);
    const exists = await admin.query('select datistemplate from pg_database where datname = $1', [name]);
    if (exists.rows[0]?.datistemplate === true) return name;
    // A run stopped half-way leaves a database that is not marked as a template: made again.
    await admin.query(`drop database if exists "${name}" with (force)`);
    await dropOldPostgresTemplates(admin, name);
    await admin.query(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await prepare(url.toString());
    await admin.query(`alter database "${name}" with is_template true allow_connections false`);
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [postgresTemplatePrefix]).catch(() => {});
    await admin.end();
  }
}

/** Templates of another day stay on a long-lived server otherwise; one still being copied is kept. */
async function dropOldPostgresTemplates(admin: pg.Client, keep: string): Promise<void> {
  const today = keep.slice(postgresTemplatePrefix.length, postgresTemplatePrefix.length + 8);
  const old = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname like 'cockpit\\_tpl\\_%' and datname not like $1`,
    [`${postgresTemplatePrefix}${today}%`],
  );
  for (const { datname } of old.rows) {
    try {
      await admin.query(`alter database "${datname}" with is_template false`);
      await admin.query(`drop database "${datname}"`);
    } catch {
      // In use by another run's copy: left for the next day's clean-up.
    }
  }
}

export { seedInto as seedTemplateState };

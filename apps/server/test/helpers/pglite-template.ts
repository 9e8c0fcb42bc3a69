import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

// Creating a PGlite database runs initdb in WebAssembly (~2.5 s on the CI machine); starting one from
// a dump of an already migrated database takes ~0.9 s. The dump is cached in the temp directory under
// a hash of the migrations, so it is rebuilt whenever they change.

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

function migrationsHash(): string {
  const hash = createHash('sha256');
  const pgliteVersion = JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, '../../../../node_modules/@electric-sql/pglite/package.json'),
      'utf8',
    ),
  ) as { version: string };
  hash.update(pgliteVersion.version);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

/** A dump of an empty, fully migrated PGlite database. */
export async function migratedPgliteTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `cockpit-pglite-template-${migrationsHash()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);

  const client = new PGlite();
  try {
    await migrate(drizzle({ client }), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    const temporary = `${file}.${process.pid}`;
    writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
    renameSync(temporary, file); // atomic: a parallel run never reads half a file
    return dump;
  } finally {
    await client.close();
  }
}

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from './helpers/build-test-app';

// Migration 0017 (decision 027, "Consequences"): the reviewed TypeScript queries and their report kind are
// gone. An installation's stored reports of that kind become query reports naming the demo definition of
// the same name when the organisation has it, and are removed otherwise (the menu item stays); its tiles
// become tiles of that definition's visual, or are removed. Run on a database migrated up to 0016 with
// rows as an older version wrote them, then migrated on.

const migrationsFolder = path.resolve(import.meta.dirname, '../drizzle');

/** A copy of the migrations folder whose journal ends before 0017. */
function foldersBefore0017(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'cockpit-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  writeFileSync(
    journalPath,
    JSON.stringify({ ...journal, entries: journal.entries.filter((entry) => entry.idx < 17) }),
  );
  return folder;
}

interface Connection {
  query<T>(text: string): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function connect(driver: 'pglite' | 'postgres'): Promise<Connection> {
  if (driver === 'pglite') {
    const client = new PGlite();
    const db = drizzlePglite(client);
    return {
      query: async <T>(text: string) => (await client.exec(text)).at(-1)?.rows as T[],
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `cockpit_m_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  // pool.end() can resolve before its socket has closed; the forced drop below then ends that session,
  // which the pool reports as an error of an idle client.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') throw error;
  });
  const db = drizzleNodePg(pool);
  return {
    query: async <T>(text: string) => (await pool.query(text)).rows as T[],
    migrate: (folder) => migrateNodePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

const definitionBody = (parameters: unknown[], visuals: unknown[]) =>
  JSON.stringify({ sql: 'select 1', parameters, columns: [], visuals }).replaceAll("'", "''");

const period = {
  name: 'period',
  type: 'date-range',
  label: { en: 'Period' },
  required: true,
  default: { preset: 'this-year' },
};
const grouping = (...values: string[]) => ({
  name: 'grouping',
  type: 'choice',
  label: { en: 'Grouping' },
  required: true,
  default: values[0],
  options: values.map((value) => ({ value, label: { en: value } })),
});

describe.each(testDrivers())('migration 0017: reports of the removed kind (%s)', (driver) => {
  let connection: Connection;
  let before: string;

  beforeAll(async () => {
    before = foldersBefore0017();
    connection = await connect(driver);
    await connection.migrate(before);
    // Two organisations as version 0016 stored them: one with the demo's definitions, one without.
    await connection.query(`
      insert into organisations (id, name) values ('org-demo', 'Demo'), ('org-own', 'Own');
      insert into data_sources (id, organisation_id, name, kind, title_en) values ('src', 'org-demo', 'demo-sales', 'uploads', 'Sales');
      insert into report_definitions (id, organisation_id, name, data_source_id, body) values
        ('d1', 'org-demo', 'sales-overview', 'src', '${definitionBody(
          [period, grouping('month', 'day', 'week', 'quarter')],
          [
            { type: 'kpi', id: 'kpis', items: [] },
            { type: 'chart', id: 'trend', kind: 'line', x: 'period', series: [] },
            { type: 'chart', id: 'by_region', kind: 'bar', x: 'region', series: [] },
            { type: 'table', id: 'table', columns: [] },
          ],
        )}'),
        ('d2', 'org-demo', 'product-mix', 'src', '${definitionBody([period], [{ type: 'table', id: 'table', columns: [] }])}');
      insert into reports (id, organisation_id, name, kind, query_key, params) values
        ('r1', 'org-demo', 'overview', 'builtin', 'sales-overview', '{"range": "last-year", "grouping": "week"}'),
        ('r2', 'org-demo', 'overview-odd', 'builtin', 'sales-overview', '{"range": "soon", "grouping": "product"}'),
        ('r3', 'org-demo', 'mix', 'builtin', 'product-mix', '{"range": "all", "grouping": "quarter"}'),
        ('r4', 'org-demo', 'trend', 'builtin', 'sales-trend', '{}'),
        ('r5', 'org-own', 'overview', 'builtin', 'sales-overview', '{}');
      insert into reports (id, organisation_id, name, kind, frame_url) values ('r6', 'org-demo', 'frame', 'embedded', '/x');
      insert into dashboard_groups (id, organisation_id, name, title_en) values ('g1', 'org-demo', 'boards', 'Boards'), ('g2', 'org-own', 'boards', 'Boards');
      insert into dashboards (id, organisation_id, layout_id, group_id, title_en) values ('b1', 'org-demo', 101, 'g1', 'Board'), ('b2', 'org-own', 101, 'g2', 'Board');
      insert into dashboard_tiles (id, dashboard_id, position, tile_type, query_key, params, title_en) values
        ('t1', 'b1', 1, 'kpi', 'sales-overview', '{"range": "last-30-days", "kpis": ["revenue"]}', 'KPIs'),
        ('t2', 'b1', 2, 'bar', 'sales-overview', '{"chart": "by-region"}', 'By region'),
        ('t3', 'b1', 3, 'line', 'sales-overview', '{"range": "this-year", "grouping": "month"}', 'Trend'),
        ('t4', 'b1', 4, 'kpi', 'product-mix', '{}', 'Mix KPIs'),
        ('t5', 'b1', 5, 'table', 'region-performance', '{}', 'Regions'),
        ('t6', 'b2', 1, 'kpi', 'sales-overview', '{}', 'Own KPIs');
      insert into dashboard_tiles (id, dashboard_id, position, tile_type, definition_name, visual, title_en) values
        ('t7', 'b1', 6, 'table', 'product-mix', 'table', 'Already a definition');
    `);
    await connection.migrate(migrationsFolder);
  }, 120_000);

  afterAll(async () => {
    await connection?.close();
    if (before) rmSync(before, { recursive: true, force: true });
  });

  it('turns each stored report into a query report of the definition of the same name, with its range and grouping', async () => {
    const rows = await connection.query<{
      id: string;
      kind: string;
      definition_name: string | null;
      params: unknown;
    }>('select id, kind, definition_name, params from reports order by id');
    expect(rows).toEqual([
      {
        id: 'r1',
        kind: 'query',
        definition_name: 'sales-overview',
        params: { period: { preset: 'last-year' }, grouping: 'week' },
      },
      // A range or grouping the definition does not know is left to the definition's defaults.
      {
        id: 'r2',
        kind: 'query',
        definition_name: 'sales-overview',
        params: { period: { preset: 'this-year' } },
      },
      // A definition without a grouping parameter gets no grouping value.
      { id: 'r3', kind: 'query', definition_name: 'product-mix', params: { period: { preset: 'all' } } },
      // r4 (no 'sales-trend' definition) and r5 (an organisation without definitions) are gone.
      { id: 'r6', kind: 'embedded', definition_name: null, params: {} },
    ]);
  });

  it("turns tiles into tiles of that definition's visual of their kind, and removes those without one", async () => {
    const rows = await connection.query<{
      id: string;
      definition_name: string;
      visual: string;
      values: unknown;
    }>('select id, definition_name, visual, "values" from dashboard_tiles order by id');
    expect(rows).toEqual([
      {
        id: 't1',
        definition_name: 'sales-overview',
        visual: 'kpis',
        values: { period: { preset: 'last-30-days' } },
      },
      {
        id: 't2',
        definition_name: 'sales-overview',
        visual: 'by_region',
        values: { period: { preset: 'this-year' } },
      },
      {
        id: 't3',
        definition_name: 'sales-overview',
        visual: 'trend',
        values: { period: { preset: 'this-year' }, grouping: 'month' },
      },
      // t4: 'product-mix' has no KPI visual; t5, t6: no such definition in the organisation.
      { id: 't7', definition_name: 'product-mix', visual: 'table', values: null },
    ]);
  });

  it('no longer stores the removed kind or its query keys', async () => {
    const columns = await connection.query<{ table_name: string; column_name: string }>(`
      select table_name, column_name from information_schema.columns
      where table_name in ('reports', 'dashboard_tiles') and column_name in ('query_key', 'params')
      order by table_name, column_name
    `);
    expect(columns).toEqual([{ table_name: 'reports', column_name: 'params' }]);
    await expect(
      connection.query(
        `insert into reports (id, organisation_id, name, kind, definition_name) values ('r9', 'org-demo', 'old', 'builtin', 'x')`,
      ),
    ).rejects.toThrow(/reports_kind_check/);
    await expect(
      connection.query(
        `insert into dashboard_tiles (id, dashboard_id, position, tile_type, title_en) values ('t9', 'b1', 9, 'kpi', 'No definition')`,
      ),
    ).rejects.toThrow(/definition_name/);
  });
});

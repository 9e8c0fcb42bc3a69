import { describe, expect, it } from 'vitest';
import { SqlRefused } from './sql-refused';
import { guardStatement } from './statement-guard';

// Before anything runs (decision 027): one SELECT per dialect; over uploaded tables only the
// organisation's own tables, its CTEs and the allowed functions.

async function refusal(text: string, dialect: 'postgres' | 'mysql' | 'uploads'): Promise<SqlRefused> {
  try {
    await guardStatement(text, dialect, scope);
  } catch (error) {
    if (error instanceof SqlRefused) return error;
    throw error;
  }
  throw new Error(`not refused: ${text}`);
}

const scope = { schema: 'uploads_abc', tables: new Set(['sales', 'regions']) };

describe('guardStatement: one SELECT', () => {
  it.each([
    'select 1',
    'with x as (select 1 a) select * from x',
    'select a from t where b = any($1) union all select 2',
    '(select 1) order by 1',
    'select 1;',
  ])('lets %s through on PostgreSQL', async (text) => {
    await expect(guardStatement(text, 'postgres')).resolves.toBeUndefined();
  });

  it.each([
    ['delete from t', 'DELETE'],
    ['update t set a = 1', 'UPDATE'],
    ['insert into t values (1)', 'INSERT'],
    ['select 1; delete from t', 'only one statement'],
    ['select 1; select 2', 'only one statement'],
    ['set search_path to public', 'VARIABLE SET'],
    ['create table x (a int)', 'CREATE'],
    ['copy t to program $$x$$', 'COPY'],
    ['select * into t2 from t', 'SELECT INTO'],
    ['select * from t for update', 'lock'],
    ['values (1)', 'VALUES'],
    ['', 'no statement'],
    ['-- just a comment', 'no statement'],
    ['select from where', 'cannot be read'],
  ])('refuses %s on PostgreSQL', async (text, reason) => {
    expect((await refusal(text, 'postgres')).reason).toContain(reason);
  });

  it('gives positions in characters (the parser counts bytes in its tree)', async () => {
    expect((await refusal("select 'ä', from", 'postgres')).position).toBe("select 'ä', ".length);
    expect((await refusal("select 'ä' from sales, pg_class", 'uploads')).position).toBe(
      "select 'ä' from sales, ".length,
    );
  });

  it.each([
    'select 1',
    'select a from t where b in (?, ?)',
    'with x as (select 1 a) select * from x',
    'select 1;',
  ])('lets %s through on MySQL', async (text) => {
    await expect(guardStatement(text, 'mysql')).resolves.toBeUndefined();
  });

  it.each([
    ['delete from t', 'DELETE'],
    ['select 1; delete from t', 'only one statement'],
    ["select * into outfile '/tmp/x' from t", 'INTO'],
    ['select a into @x from t', 'INTO'],
    ['select * from t for update', 'lock'],
    ['select 1 union select * from t for update', 'lock'],
    ['drop table t', 'DROP'],
  ])('refuses %s on MySQL', async (text, reason) => {
    expect((await refusal(text, 'mysql')).reason).toContain(reason);
  });
});

describe('guardStatement: uploaded tables', () => {
  it.each([
    'select region, sum(amount) from sales group by 1',
    'select * from uploads_abc.sales s join regions r on r.id = s.region_id',
    'with x as (select * from sales), y as (select * from x) select * from y',
    'with recursive r(n) as (select 1 union all select n + 1 from r where n < 3) select * from r',
    "select date_trunc('month', d)::date, round(avg(amount), 2), count(*) filter (where amount > 0) from sales group by 1",
    "select extract(year from d), trim(name), substring(name from 1 for 2), coalesce(a, 0), greatest(a, b), d at time zone 'UTC' from sales",
    'select row_number() over (partition by region order by d), current_date, now() from sales where region = any($1)',
    'select * from generate_series(1, 3) g',
    'select (select max(amount) from sales) as m, exists (select 1 from regions)',
  ])('lets %s through', async (text) => {
    await expect(guardStatement(text, 'uploads', scope)).resolves.toBeUndefined();
  });

  it.each([
    ['select * from public.user', "'public.user'"],
    ['select * from "user"', "'user' is not one of your uploaded tables"],
    ['select * from pg_class', 'system catalogue'],
    ['select * from pg_catalog.pg_authid', 'system catalogue'],
    ['select * from information_schema.tables', "'information_schema.tables'"],
    ['select * from uploads_other.sales', "'uploads_other.sales'"],
    ['select * from otherdb.uploads_abc.sales', 'another database'],
    ['select * from drizzle.__drizzle_migrations', 'drizzle'],
    ["select query_to_xml('select * from public.user', true, true, '')", 'query_to_xml'],
    ["select set_config('search_path', 'public', true)", 'set_config'],
    ["select pg_read_file('/etc/passwd')", 'pg_read_file'],
    ["select current_setting('search_path')", 'current_setting'],
    ['select pg_catalog.pg_sleep(1)', 'pg_sleep'],
    ['select public.my_function()', 'public.my_function'],
    ["select dblink('x', 'y')", 'dblink'],
    ["select 'public.user'::regclass", 'regclass'],
    ["select 'sales'::pg_catalog.regclass::oid", 'regclass'],
    ['select 1::public.mytype', 'public.mytype'],
    ['select current_user', 'current_user'],
    ['select current_schema', 'current_schema'],
    ['select * into t2 from sales', 'SELECT INTO'],
    ['select * from sales for share', 'lock'],
    ['with d as (delete from sales returning *) select * from d', 'Delete'],
    ['select xmlelement(name a)', 'Xml'],
    ['select * from sales tablesample system (10)', 'RangeTableSample'],
    ['with pg_class as (select 1) select * from pg_class', "CTE may not be called 'pg_class'"],
    // A CTE is only in scope in its own WITH: outside, the name would resolve elsewhere.
    ['select * from (with x as (select 1) select * from x) a, x', "'x' is not one of your uploaded tables"],
    [
      'with a as (select * from b), b as (select 1) select * from a',
      "'b' is not one of your uploaded tables",
    ],
    ['select a operator(public.+) b from sales', 'public.+'],
    ['select * from sales where region in (select relname from pg_class)', 'system catalogue'],
    ['select (select * from pg_catalog.pg_user limit 1)', 'system catalogue'],
  ])('refuses %s', async (text, reason) => {
    expect((await refusal(text, 'uploads')).reason).toContain(reason);
  });

  it('points at the refused name', async () => {
    const text = 'select * from sales, pg_class';
    expect((await refusal(text, 'uploads')).position).toBe(text.indexOf('pg_class'));
  });
});

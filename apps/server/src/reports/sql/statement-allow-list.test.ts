import { describe, expect, it } from 'vitest';
import { SqlRefused } from './sql-refused';
import { guardStatement } from './statement-guard';

// Over database sources only what is known to compute runs (docs/decisions/037-statement-guard-allow-list.md):
// functions on the allow-list, no reg* casts, no system relations of accounts, sessions and settings.
// Over uploaded tables, reg* casts are refused in their array spellings too.

async function refusal(text: string, dialect: 'postgres' | 'mysql' | 'uploads'): Promise<SqlRefused> {
  try {
    await guardStatement(text, dialect, { schema: 'uploads_abc', tables: new Set(['sales']) });
  } catch (error) {
    if (error instanceof SqlRefused) return error;
    throw error;
  }
  throw new Error(`not refused: ${text}`);
}

describe('database sources: the allow-list', () => {
  it.each([
    "select date_trunc('month', d)::date, extract(year from d), round(avg(x), 2), count(*) over (), lag(x) over (order by d) from t group by d, x",
    "select coalesce(a, 0), nullif(b, 0), greatest(a, b), upper(trim(c)), concat('--', c), to_char(d, 'YYYY'), current_setting('TimeZone') from t",
    "select string_agg(c, ', ' order by c), jsonb_agg(c), percentile_cont(0.5) within group (order by x) from t",
    'select * from generate_series(1, 3) g, unnest(array[1, 2]) u',
    'select table_name from information_schema.tables',
    'with pg_x as (select 1 a) select * from pg_x',
    "select pg_catalog.lower('A'), now() - interval '1 day', current_user",
    'select a from t where b = any($1::text[])',
  ])('lets %s through on PostgreSQL', async (text) => {
    await expect(guardStatement(text, 'postgres')).resolves.toBeUndefined();
  });

  it.each([
    ["select dblink('host=x', 'select 1')", "'dblink'"],
    ["select * from dblink_exec('x')", 'dblink_exec'],
    ['select pg_terminate_backend(1)', 'pg_terminate_backend'],
    ['select pg_cancel_backend(1)', 'pg_cancel_backend'],
    ["select pg_read_file('/etc/passwd')", 'pg_read_file'],
    ["select * from pg_ls_dir('.')", 'pg_ls_dir'],
    ['select pg_sleep(10)', 'pg_sleep'],
    ["select lo_import('/etc/passwd')", 'lo_import'],
    ["select set_config('statement_timeout', '0', false)", 'set_config'],
    ['select pg_advisory_lock(1)', 'pg_advisory_lock'],
    ["select query_to_xml('select 1', true, true, '')", 'query_to_xml'],
    ['select public.my_function()', 'public.my_function'],
    ['select 1 operator(public.+) 2', "operator 'public.+'"],
    ["select 'pg_authid'::regclass", 'regclass'],
    ['select 1::_regclass', '_regclass'],
    ['select cast(x as regrole[]) from t', 'regrole'],
    ['select \'x\'::"regclass"', 'regclass'],
    ["select 'x'::pg_catalog.regclass", 'pg_catalog.regclass'],
    ["select regclass 'x'", 'regclass'],
    ['select rolpassword from pg_authid', "'pg_authid' is a system catalogue"],
    ['select * from pg_catalog.pg_shadow', 'pg_catalog.pg_shadow'],
    ['select query from pg_stat_activity', 'pg_stat_activity'],
    ['select * from t where a in (select usename from pg_user)', 'pg_user'],
    ['select (select 1 from t for update)', 'lock'],
    ['with x as (select * from t for share) select * from x', 'lock'],
  ])('refuses %s on PostgreSQL', async (text, reason) => {
    expect((await refusal(text, 'postgres')).reason).toContain(reason);
  });

  it('names the refused function and points at it', async () => {
    const text = 'select 1,\n  pg_sleep(1)';
    const error = await refusal(text, 'postgres');
    expect(error.reason).toBe("the function 'pg_sleep' is not on the list of allowed functions");
    expect(error.position).toBe(text.indexOf('pg_sleep'));
    const mysqlText = 'select a,\n  SLEEP(1) from t';
    expect((await refusal(mysqlText, 'mysql')).position).toBe(mysqlText.indexOf('SLEEP'));
  });

  it.each([
    "select date_format(d, '%Y-%m'), count(*), sum(x), if(a > 0, 1, 2), ifnull(b, 0), cast(a as char), extract(year from d) from t group by 1, 6, 7",
    "select row_number() over (order by d), date_add(d, interval 1 day), concat_ws('-', a, b), current_date from t",
    'select table_name from information_schema.tables',
    'select a from t where b in (?, ?)',
  ])('lets %s through on MySQL', async (text) => {
    await expect(guardStatement(text, 'mysql')).resolves.toBeUndefined();
  });

  it.each([
    ['select sleep(5)', 'sleep'],
    ['select benchmark(1000000, md5(1))', 'benchmark'],
    ["select load_file('/etc/passwd')", 'load_file'],
    ["select get_lock('x', 10)", 'get_lock'],
    ["select release_lock('x')", 'release_lock'],
    ["select is_free_lock('x')", 'is_free_lock'],
    ['select release_all_locks()', 'release_all_locks'],
    ['select a from t where b = (select sleep(1))', 'sleep'],
    ['select user, authentication_string from mysql.user', 'mysql.user'],
    ['select * from information_schema.processlist', 'processlist'],
    ['select * from performance_schema.threads', 'performance_schema.threads'],
  ])('refuses %s on MySQL', async (text, reason) => {
    expect((await refusal(text, 'mysql')).reason).toContain(reason);
  });
});

describe('uploaded tables: reg* casts in every spelling', () => {
  it.each([
    "select (('{'||g||'}')::_regclass)[1]::text from generate_series(16384, 80000) g",
    "select '{1,10}'::_regrole",
    "select '{1}'::pg_catalog._regnamespace",
    'select cast(x as regclass[]) from sales',
    'select \'x\'::"_regclass"',
  ])('refuses %s', async (text) => {
    expect((await refusal(text, 'uploads')).reason).toMatch(/cast to '.*reg/);
  });
});

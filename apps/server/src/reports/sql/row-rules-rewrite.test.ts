import { describe, expect, it } from 'vitest';
import { type RowFilterRule, type RowFilterValues, applyRowRules } from './row-rules-rewrite';
import { SqlRefused } from './sql-refused';
import { compileTemplate } from './sql-template';

// Row rules reach SQL the cockpit did not write (docs/decisions/044-row-rules.md): each reference of a
// ruled table becomes a filtered subquery, the values bound; what cannot be rewritten with certainty is refused.

const region: RowFilterRule = { schema: null, table: 'sales', column: 'region', attribute: 'region' };
const north = () => ['North'];

async function rewrite(
  sql: string,
  dialect: 'postgres' | 'mysql',
  rules = [region],
  valuesOf: RowFilterValues = north,
) {
  const compiled = compileTemplate(sql, dialect, (reference) =>
    reference === 'user.attributes.country' ? ['DE'] : undefined,
  );
  return applyRowRules(compiled, dialect, rules, valuesOf);
}

describe('applyRowRules on PostgreSQL', () => {
  it('wraps a bare table with its name as alias and binds the values', async () => {
    const { compiled, applied } = await rewrite('select * from sales', 'postgres');
    expect(compiled.text).toBe('select * from (select * from sales where "region" = any($1)) as "sales"');
    expect(compiled.values).toEqual([['North']]);
    expect(applied).toEqual([{ rule: region, seesAll: false }]);
  });

  it('keeps aliases, schema names, a table named twice, joins, CTEs and subqueries', async () => {
    const { compiled } = await rewrite(
      'with s as (select * from public.sales) select a.x from sales a join "sales" b on a.id = b.id ' +
        'where exists (select 1 from sales) and a.region in (select region from s)',
      'postgres',
    );
    expect(compiled.text).toBe(
      'with s as (select * from (select * from public.sales where "region" = any($1)) as "sales") select a.x from ' +
        '(select * from sales where "region" = any($2)) a join (select * from "sales" where "region" = any($3)) b on a.id = b.id ' +
        'where exists (select 1 from (select * from sales where "region" = any($4)) as "sales") and a.region in (select region from s)',
    );
    expect(compiled.values).toHaveLength(4);
  });

  it('numbers its placeholders after the template’s own', async () => {
    const { compiled } = await rewrite(
      'select * from sales where country = any({{user.attributes.country}})',
      'postgres',
    );
    expect(compiled.text).toContain('"region" = any($2)');
    expect(compiled.values).toEqual([['DE'], ['North']]);
  });

  it('leaves a CTE of the same name alone but filters the table inside it', async () => {
    const { compiled } = await rewrite('with sales as (select * from sales) select * from sales', 'postgres');
    expect(compiled.text).toBe(
      'with sales as (select * from (select * from sales where "region" = any($1)) as "sales") select * from sales',
    );
  });

  it('leaves a statement without ruled tables as it is and asks for no values', async () => {
    const { compiled, applied } = await rewrite('select * from regions', 'postgres', [region], () => {
      throw new Error('not asked');
    });
    expect(compiled.text).toBe('select * from regions');
    expect(applied).toEqual([]);
  });

  it('runs unfiltered for a reader who sees all rows, and says so', async () => {
    const { compiled, applied } = await rewrite('select * from sales', 'postgres', [region], () => null);
    expect(compiled.text).toBe('select * from sales');
    expect(applied).toEqual([{ rule: region, seesAll: true }]);
  });

  it('refuses a reference it cannot rewrite (ONLY)', async () => {
    await expect(rewrite('select * from only sales', 'postgres')).rejects.toBeInstanceOf(SqlRefused);
  });

  it('matches the rule’s schema only', async () => {
    const rule = { ...region, schema: 'public' };
    expect((await rewrite('select * from other.sales', 'postgres', [rule])).compiled.text).toBe(
      'select * from other.sales',
    );
    expect((await rewrite('select * from PUBLIC.Sales', 'postgres', [rule])).compiled.text).toContain(
      'where "region"',
    );
  });
});

describe('applyRowRules on MySQL', () => {
  it('wraps tables, keeps aliases and merges the values in the order of their ?', async () => {
    const { compiled } = await rewrite(
      'select * from sales s join `sales` on 1 = 1 where country in ({{user.attributes.country}}) and s.id in (select id from shop.sales)',
      'mysql',
      [region],
      () => ['North', 'South'],
    );
    expect(compiled.text).toBe(
      'select * from (select * from sales where `region` in (?, ?)) s join (select * from `sales` where `region` in (?, ?)) as `sales` on 1 = 1 ' +
        'where country in (?) and s.id in (select id from (select * from shop.sales where `region` in (?, ?)) as `sales`)',
    );
    expect(compiled.values).toEqual(['North', 'South', 'North', 'South', 'DE', 'North', 'South']);
  });

  it('filters comma joins and CTEs', async () => {
    const { compiled } = await rewrite(
      'with x as (select * from sales) select * from x, sales as y',
      'mysql',
    );
    expect(compiled.text).toBe(
      'with x as (select * from (select * from sales where `region` in (?)) as `sales`) select * from x, (select * from sales where `region` in (?)) as y',
    );
  });

  it('leaves a column named like the table alone', async () => {
    const { compiled } = await rewrite('select sales.region from sales where sales.id > 1', 'mysql');
    expect(compiled.text).toBe(
      'select sales.region from (select * from sales where `region` in (?)) as `sales` where sales.id > 1',
    );
  });
});

import type { DefinitionParameter } from '@cockpit/contracts';
import { describe, expect, it } from 'vitest';
import { parameterReferenceType } from './parameter-values';
import { SqlRefused } from './sql-refused';
import { refusal } from './sql-refusal.test-support';
import { type BoundValue, compileTemplate, wrapForMysql } from './sql-template';
import { guardStatement } from './statement-guard';

// Each dialect's own reading of a template (docs/decisions/037-statement-guard-allow-list.md): MySQL's
// comment rule, PostgreSQL's dollar quotes, E-strings and names in any alphabet, typed placeholders,
// lists in `in (…)`, and `{{` that names no parameter.

const values: Record<string, BoundValue> = {
  name: 'x',
  day: '2026-03-15',
  n: 2.5,
  flag: true,
  multi: ['North', 'South'],
  none: [],
  'period.from': '2026-01-01',
  'period.to': '2026-01-31',
  'user.email': 'member@example.com',
  'user.attributes.region': ['North'],
};
const lookup = (reference: string) => values[reference];

/** Compiles and guards as the executor does (placeholders checked by the parser). */
async function compileAndGuard(sql: string, dialect: 'postgres' | 'mysql') {
  const compiled = compileTemplate(sql, dialect, lookup);
  await guardStatement(compiled.text, dialect, undefined, compiled.placeholders);
  return compiled;
}

async function guardRefusal(sql: string, dialect: 'postgres' | 'mysql'): Promise<SqlRefused> {
  try {
    await compileAndGuard(sql, dialect);
  } catch (error) {
    if (error instanceof SqlRefused) return error;
    throw error;
  }
  throw new Error(`not refused: ${sql}`);
}

describe('MySQL: comments as MySQL reads them', () => {
  it('refuses `--` without a space after it: MySQL reads `1 --1` as 1 - -1, the parser a comment', async () => {
    const sql = "select v, 1 --1 from t into outfile '/tmp/x.txt'";
    const error = await guardRefusal(sql, 'mysql');
    expect(error.reason).toContain("'-- '");
    expect(error.position).toBe(sql.indexOf('--'));
    expect((await guardRefusal('select 1 --{{name}}', 'mysql')).reason).toContain("'-- '");
    expect((await guardRefusal('select 1 --\u00a0x', 'mysql')).reason).toContain("'-- '");
  });

  it('takes `-- ` before a space, a tab or the end, and `#`, as comments', async () => {
    await expect(compileAndGuard('select 1 -- {{name}} is not used\n, {{name}}', 'mysql')).rejects.toThrow(
      'comment',
    );
    expect((await compileAndGuard('select 1 --\tnote\n, {{name}} # ? too', 'mysql')).values).toEqual(['x']);
    expect((await compileAndGuard('select 1 - -1 --', 'mysql')).text).toBe('select 1 - -1 --');
  });

  it('refuses a ? the template did not write, counted in the parsed statement', async () => {
    const compiled = compileTemplate('select {{name}}, {{multi}}', 'mysql', lookup);
    expect(compiled.placeholders).toEqual([7, 10, 13]);
    await expect(
      guardStatement(compiled.text, 'mysql', undefined, compiled.placeholders),
    ).resolves.toBeUndefined();
    await expect(guardStatement('select ?, ?', 'mysql', undefined, [7])).rejects.toThrow('not as ?');
  });

  it('refuses executable comments and optimizer hints', () => {
    expect(
      refusal(() => compileTemplate('select /*+ MAX_EXECUTION_TIME(1000000) */ 1', 'mysql', lookup)).reason,
    ).toContain('hints');
    expect(refusal(() => compileTemplate('select 1 /*M!100000 , 2 */', 'mysql', lookup)).reason).toContain(
      'executable',
    );
  });

  it.each([
    'select a from (select a from t lock in share mode) q',
    'select a from t where a in (select b from u for update)',
    "select a from t where a in (select b from u into outfile '/tmp/x')",
  ])('refuses locking and INTO inside a subquery: %s', async (sql) => {
    expect((await guardRefusal(sql, 'mysql')).reason).toMatch(/lock|INTO|cannot be read/);
  });

  it('wraps a statement for the driver in a derived table, where INTO and a second statement cannot stand', () => {
    expect(wrapForMysql('select 1 a;\n ')).toBe('select * from (\nselect 1 a\n) as q');
    expect(wrapForMysql('select 1 a -- note')).toBe('select * from (\nselect 1 a -- note\n) as q');
  });
});

describe('PostgreSQL: quotes and names as PostgreSQL reads them', () => {
  it.each([
    ['select $tag$ {{name}} $tag$', 'dollar-quoted'],
    ['select $ä$ {{name}} $ä$', 'dollar-quoted'],
    ['select $_1$ {{name}} $_1$', 'dollar-quoted'],
  ])('knows dollar quotes with tags: %s', (sql, reason) => {
    expect(refusal(() => compileTemplate(sql, 'postgres', lookup)).reason).toContain(reason);
  });

  it('reads a name with letters of any alphabet as one name, `$` included', async () => {
    const compiled = await compileAndGuard('select 1 as straße$1, {{name}}', 'postgres');
    expect(compiled.text).toBe('select 1 as straße$1, $1');
  });

  it("reads E'…' only as a token of its own: date'\\' is a typed literal, and a $1 after it is refused", async () => {
    // PostgreSQL: date'\' is the literal \ then `, $1 --'`: the hand-written $1 is a parameter.
    const sql = "select date'\\' , $1 --'";
    expect(refusal(() => compileTemplate(sql, 'postgres', lookup)).reason).toContain('not as $1');
    expect(refusal(() => compileTemplate("select E'\\' , {{name}} '", 'postgres', lookup)).reason).toContain(
      'quoted literal',
    );
  });

  it('refuses a $n the template did not write, whatever the tokenizer thought (the parser decides)', async () => {
    await expect(guardStatement('select $1', 'postgres', undefined, [])).rejects.toThrow('not as $1');
    await expect(
      guardStatement("select '$1', $1::text", 'postgres', undefined, [13]),
    ).resolves.toBeUndefined();
    // A placeholder the parser reads inside a literal (the tokenizer thought otherwise) is refused too.
    await expect(guardStatement("select '$1'", 'postgres', undefined, [8])).rejects.toThrow(
      'inside a quoted literal',
    );
  });
});

describe('PostgreSQL: typed placeholders', () => {
  const parameters: DefinitionParameter[] = [
    { name: 'day', type: 'date', label: { en: 'Day' } },
    { name: 'n', type: 'number', label: { en: 'N' } },
    { name: 'name', type: 'text', label: { en: 'Name' } },
    { name: 'multi', type: 'multi-choice', label: { en: 'Multi' } },
    { name: 'period', type: 'date-range', label: { en: 'Period' } },
  ] as DefinitionParameter[];
  const typeOf = (reference: string) => parameterReferenceType(parameters, reference);

  it('binds each reference with its declared type', () => {
    const compiled = compileTemplate(
      'select {{day}} + 1, {{n}}, {{name}}, {{flag}}, = any({{multi}}), {{period.from}}, {{period.to}}, {{user.email}}, {{user.attributes.region}}',
      'postgres',
      lookup,
      { typeOf },
    );
    expect(compiled.text).toBe(
      'select ($1::date) + 1, ($2::numeric), ($3::text), ($4::boolean), = any(($5::text[])), ($6::date), ($7::date), ($8::text), ($9::text[])',
    );
  });

  it('keeps a typed list a value: {{multi}}[1] is its first element, not a cast to text[][1]', () => {
    expect(compileTemplate('select {{multi}}[1]', 'postgres', lookup).text).toBe('select ($1::text[])[1]');
  });

  it('answers the type of each declared reference, undefined for the rest', () => {
    expect(
      ['day', 'n', 'name', 'multi', 'period.from', 'period', 'nope', 'user.email', 'user.attributes.x'].map(
        typeOf,
      ),
    ).toEqual(['date', 'numeric', 'text', 'text[]', 'date', undefined, undefined, 'text', 'text[]']);
  });
});

describe('lists and names', () => {
  it('refuses `in ({{multi}})` on PostgreSQL (it compares with the whole array and finds nothing)', () => {
    const sql = 'select 1 from t where r in ({{multi}})';
    const error = refusal(() => compileTemplate(sql, 'postgres', lookup));
    expect(error.reason).toContain('= any({{multi}})');
    expect(error.position).toBe(sql.indexOf('{{'));
    expect(
      refusal(() =>
        compileTemplate('select 1 where r NOT IN ( {{user.attributes.region}})', 'postgres', lookup),
      ).reason,
    ).toContain('<> all(');
    expect(compileTemplate('select 1 where r in ({{name}})', 'postgres', lookup).text).toBe(
      'select 1 where r in ($1)',
    );
  });

  it('leaves a {{ alone inside a literal or comment when it names no parameter, refuses it when it does', () => {
    expect(
      compileTemplate("select '{{1,2},{3,4}}'::int[], x like '%{{%' -- {{ later }}", 'postgres', lookup).text,
    ).toBe("select '{{1,2},{3,4}}'::int[], x like '%{{%' -- {{ later }}");
    expect(refusal(() => compileTemplate("select '{{ name }}'", 'postgres', lookup)).reason).toContain(
      'quoted literal',
    );
    expect(refusal(() => compileTemplate("select '{{period}}'", 'postgres', lookup)).reason).toContain(
      'quoted literal',
    );
    expect(
      refusal(() => compileTemplate("select '{{ period.start }}'", 'postgres', lookup)).reason,
    ).toContain('quoted literal');
    expect(refusal(() => compileTemplate("select '{{user.nope}}'", 'mysql', lookup)).reason).toContain(
      'quoted literal',
    );
  });

  it('tells how to write a date range used bare', () => {
    const error = refusal(() => compileTemplate('select {{period}}', 'postgres', lookup));
    expect(error.reason).toBe('{{period}} is a date range: write {{period.from}} / {{period.to}}');
    expect(error.position).toBe(7);
  });
});

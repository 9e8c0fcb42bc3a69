import { PGlite } from '@electric-sql/pglite';
import type { DefinitionParameter } from '@cockpit/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error';
import { parameterReferenceType, parameterReferenceValue, resolveParameterValues } from './parameter-values';
import { SqlRefused } from './sql-refused';
import { refusal } from './sql-refusal.test-support';
import { type BoundValue, compileTemplate, detectParameters } from './sql-template';
import { guardStatement } from './statement-guard';

// The parse and substitution cases of two peers that mean something for our template
// (docs/decisions/037-statement-guard-allow-list.md), each with the behaviour the peer expects or our
// documented difference. Read from:
// - metabase/metabase test/metabase/driver/common/parameters/parse_test.clj
//   at 03cf52649d920cb33555aa27fc8295131a12655f
// - metabase/metabase test/metabase/driver/sql/parameters/substitute_test.clj
//   at 01dcb8f7bd2c139e67b6044933714f7d80b08009 (field filters, snippets and card references have no
//   counterpart here and are left out)
// - getredash/redash tests/models/test_parameterized_query.py at 0a50ca8a52331ac725f0bfbcf1489d9ae02aa5fe
// Our differences throughout: values are never spliced into the text (peers write `5`, `TRUE`, `NULL`,
// `'qux','baz'`); `{{x}}` inside a literal or comment is refused when x is declared (peers substitute or
// keep it); optional clauses do not nest; a date range is `{{r.from}}`/`{{r.to}}`.

/** A lookup where every name in `values` is declared. */
const lookupOf = (values: Record<string, BoundValue>) => (reference: string) => values[reference];
const declared = lookupOf({
  baz: 'b',
  foo: 'f',
  bar: 'r',
  num_toucans: 5,
  total_birds: 7,
  bird_type: 'toucan',
  this: 't',
  x: 'x',
});

describe('Metabase parse_test.clj: tokenize and parse', () => {
  it.each([
    ['select * from foo where bar=1', []],
    ['select * from foo where bar={{baz}}', ['baz']],
    ['select * from foo [[where bar = {{baz}} ]]', ['baz']],
    [
      'SELECT * FROM bird_facts WHERE toucans_are_cool = {{toucans_are_cool}} AND bird_type = {{bird_type}}',
      ['toucans_are_cool', 'bird_type'],
    ],
    [
      'select * from foo where bar1 = {{baz}} [[and bar2 = {{baz}}]] [[and bar3 = {{baz}}]] [[and bar4 = {{baz}}]]',
      ['baz'],
    ],
    ['SELECT count(*)\nFROM products\nWHERE category = {{category}}', ['category']],
  ])('finds the parameters of %j', (sql, names) => {
    expect(detectParameters(sql)).toEqual(names);
  });

  it('keeps text with single brackets, PostgreSQL array literals and newlines as it is', () => {
    for (const sql of [
      'SELECT [test_data.checkins.venue_id] AS [venue_id] FROM [test_data.checkins] LIMIT 2',
      "SELECT array_dims(1 || '[0:1]={2,3}'::int[])",
    ]) {
      expect(compileTemplate(sql, 'postgres', declared).text).toBe(sql);
    }
  });

  it('repeats a parameter in several optional clauses as one placeholder', () => {
    const compiled = compileTemplate(
      'select * from foo where bar1 = {{baz}} [[and bar2 = {{baz}}]] [[and bar3 = {{baz}}]]',
      'postgres',
      declared,
    );
    expect(compiled.text).toBe(
      'select * from foo where bar1 = $1 [[and bar2 = $1]] [[and bar3 = $1]]'.replace(/\[\[|\]\]/g, ''),
    );
    expect(compiled.values).toEqual(['b']);
  });

  it('params in comments: kept as text when they name nothing, refused when they name a parameter (Metabase keeps both)', () => {
    expect(compileTemplate('SELECT 1 -- {{undeclared}}', 'postgres', declared).text).toBe(
      'SELECT 1 -- {{undeclared}}',
    );
    expect(refusal(() => compileTemplate('SELECT 1 -- {{foo}}', 'postgres', declared)).reason).toContain(
      'comment',
    );
    const compiled = compileTemplate('SELECT /* \n --{{undeclared}} */ {{bar}}', 'postgres', declared);
    expect(compiled.text).toBe('SELECT /* \n --{{undeclared}} */ $1');
    // Metabase: the optional clause ends at `]]` after a comment; PostgreSQL reads `-- and]] that` as one comment.
    expect(
      refusal(() => compileTemplate('select [[{{this}} -- and]] that', 'postgres', declared)).reason,
    ).toContain('not closed');
  });

  it("leaves ']]' and '}}' inside literals alone", () => {
    for (const literal of ["']]'", "'}}'"]) {
      const compiled = compileTemplate(
        `select ${literal} from t [[where x = {{foo}}]]`,
        'postgres',
        declared,
      );
      expect(compiled.text).toBe(`select ${literal} from t where x = $1`);
    }
  });

  it.each([
    'select * from foo [[where bar = {{baz}} ',
    'select * from foo [[where bar = {{baz]]',
    'select * from foo {{bar}} {{baz',
    'select * from foo [[clause 1 {{bar}}]] [[clause 2',
    'select * from foo where bar = {{baz]]',
    'select * from foo [[where bar = {{baz}}}}',
  ])('refuses the invalid or unterminated %j', (sql) => {
    expect(() => compileTemplate(sql, 'postgres', declared)).toThrow(SqlRefused);
  });

  it('tokens in strings: malformed ones are left alone, a declared name is refused (Metabase substitutes it)', () => {
    for (const sql of ["select '{{'", "select '{{}}'", "select '[['", "select '[[]]'", "select '[[{{]]'"]) {
      expect(compileTemplate(sql, 'postgres', declared).text).toBe(sql);
    }
    // Metabase leaves an open quote to the database; ours is refused before it runs.
    expect(refusal(() => compileTemplate("select '{{", 'postgres', declared)).reason).toContain('not closed');
    for (const sql of ["select '{{x}}'", "select '{{{{x}}'", "select '[[{{x}}'", "select '[[{{x}}]]'"]) {
      expect(refusal(() => compileTemplate(sql, 'postgres', declared)).reason, sql).toContain(
        'quoted literal',
      );
    }
  });

  it('skips comment starts in strings', () => {
    expect(compileTemplate("select concat('--',{{x}})", 'postgres', declared).text).toBe(
      "select concat('--',$1)",
    );
    expect(compileTemplate("select concat('/*',{{x}})", 'mysql', declared).text).toBe(
      "select concat('/*',?)",
    );
  });
});

describe('Metabase substitute_test.clj: substitution', () => {
  const birds = lookupOf({
    bird_type: "Steller's Jay",
    bird_color: 'Blue',
    nothing: null,
    no: false,
    num_toucans: 5,
  });

  it('binds a value, also one with a quote, as a placeholder', () => {
    const compiled = compileTemplate('select * from foobars where bird_type = {{bird_type}}', 'mysql', birds);
    expect([compiled.text, compiled.values]).toEqual([
      'select * from foobars where bird_type = ?',
      ["Steller's Jay"],
    ]);
  });

  it('binds null and false as values (Metabase writes NULL and FALSE into the text)', () => {
    const compiled = compileTemplate(
      'select * from foobars where a = {{nothing}} and b = {{no}}',
      'mysql',
      birds,
    );
    expect([compiled.text, compiled.values]).toEqual([
      'select * from foobars where a = ? and b = ?',
      [null, false],
    ]);
  });

  it('keeps the whitespace inside an optional clause; leaves it out when a parameter is missing (Metabase trims the text before it)', () => {
    expect(
      compileTemplate('select * from foobars [[ where bird_type = {{bird_type}}]]', 'mysql', birds).text,
    ).toBe('select * from foobars  where bird_type = ?');
    expect(
      compileTemplate('select * from foobars [[ where bird_type = {{nothing}}]]', 'mysql', birds).text,
    ).toBe('select * from foobars ');
    expect(
      compileTemplate(
        'select * from foobars [[ where bird_type = {{bird_type}} AND color = {{nothing}}]]',
        'mysql',
        birds,
      ).text,
    ).toBe('select * from foobars ');
    expect(compileTemplate('SELECT * FROM orders [[WHERE id = {{nothing}}]];', 'postgres', birds).text).toBe(
      'SELECT * FROM orders ;',
    );
  });

  it('refuses nested optional clauses (Metabase keeps the outer one with what it has)', () => {
    expect(
      refusal(() =>
        compileTemplate(
          'select * from foobars [[ where a = {{bird_type}} [[ AND c = {{bird_color}}]]]]',
          'mysql',
          birds,
        ),
      ).reason,
    ).toContain('nested');
  });

  it('reads {{ name }} with spaces and refuses an undeclared one', () => {
    expect(compileTemplate('SELECT * FROM t [[WHERE n > {{ num_toucans }}]]', 'mysql', birds).values).toEqual(
      [5],
    );
    expect(() => compileTemplate('SELECT * FROM t WHERE c = {{toucans_are_cool}}', 'mysql', birds)).toThrow(
      SqlRefused,
    );
  });
});

describe('Redash test_parameterized_query.py', () => {
  const parameters = [
    { name: 'bar', type: 'text', label: { en: 'Bar' } },
    { name: 'num', type: 'number', label: { en: 'Num' } },
    { name: 'day', type: 'date', label: { en: 'Day' }, required: true },
    { name: 'pick', type: 'choice', label: { en: 'Pick' }, options: [{ value: 'baz' }, { value: 'qux' }] },
    {
      name: 'picks',
      type: 'multi-choice',
      label: { en: 'Picks' },
      options: [{ value: 'baz' }, { value: 'qux' }],
    },
    { name: 'range', type: 'date-range', label: { en: 'Range' } },
  ] as DefinitionParameter[];
  const resolve = (values: Record<string, unknown>) =>
    resolveParameterValues(parameters, values as never, { today: '2026-06-30' });
  const invalid = (values: Record<string, unknown>) => {
    try {
      resolve(values);
    } catch (error) {
      return error instanceof HttpError && error.statusCode === 400;
    }
    return false;
  };

  it('finds no parameter in a plain query and each one once', () => {
    expect(detectParameters('SELECT 1')).toEqual([]);
    expect(detectParameters('SELECT {{param}}, {{param}} FROM t WHERE a = {{other}}')).toEqual([
      'param',
      'other',
    ]);
  });

  it('refuses a table name as a parameter (Redash splices it): a placeholder is a value', async () => {
    const compiled = compileTemplate('SELECT {{bar}} FROM {{bar}}', 'postgres', lookupOf({ bar: 't' }));
    await expect(guardStatement(compiled.text, 'postgres')).rejects.toThrow(SqlRefused);
  });

  it('has no Mustache sections: {{#test}} is refused outside a comment, left alone inside one', () => {
    expect(
      refusal(() => compileTemplate('SELECT {{#test}} {{/test}}', 'postgres', declared)).reason,
    ).toContain('not a parameter name');
    expect(
      compileTemplate('SELECT 1 -- {{#test}} {{nested_param}} {{/test}}', 'postgres', declared).text,
    ).toContain('{{#test}}');
  });

  it("refuses a date range's parts inside quotes (Redash splices '{{ created_at.start }}')", () => {
    const lookup = lookupOf({ 'created_at.from': '2026-01-01', 'created_at.to': '2026-01-31' });
    expect(
      refusal(() => compileTemplate("select '{{ created_at.start }}'", 'postgres', lookup)).reason,
    ).toContain('quoted literal');
  });

  it.each<[Record<string, unknown>, string]>([
    [{ qux: 7 }, 'not declared'],
    [{ bar: 7 }, 'text not a number'],
    [{ num: 'baz' }, 'number not a text'],
    [{ num: '3.14' }, 'no coercion (Redash coerces)'],
    [{ day: 'baz' }, 'not a date'],
    [{ day: null }, 'required date'],
    [{ day: '2000-01-01 12:00:00' }, 'a date has no time (Redash takes one)'],
    [{ pick: 7 }, 'choice not a text'],
    [{ pick: 'shlomo' }, 'not one of the choices'],
    [{ picks: ['shlomo', 'baz'] }, 'one of the list not a choice'],
    [{ range: 'baz' }, 'not a range'],
  ])('refuses %j with a 400 (%s)', (values) => {
    expect(invalid({ day: '2026-01-01', ...values })).toBe(true);
  });

  it('binds what Redash splices: text, number, choice, a list of choices, a range', () => {
    const resolved = resolve({
      bar: 'baz',
      num: 7,
      day: '2000-01-01',
      pick: 'baz',
      picks: ['qux', 'baz'],
      range: { from: '2000-01-01', to: '2000-12-31' },
    });
    const lookup = (reference: string) => parameterReferenceValue(parameters, resolved, reference);
    const typeOf = (reference: string) => parameterReferenceType(parameters, reference);
    const compiled = compileTemplate(
      'foo {{bar}} {{num}} {{pick}} = any({{picks}}) {{range.from}} {{range.to}}',
      'postgres',
      lookup,
      { typeOf },
    );
    expect(compiled.text).toBe(
      'foo ($1::text) ($2::numeric) ($3::text) = any(($4::text[])) ($5::date) ($6::date)',
    );
    expect(compiled.values).toEqual(['baz', 7, 'baz', ['qux', 'baz'], '2000-01-01', '2000-12-31']);
    expect(compileTemplate('foo {{picks}}', 'mysql', lookup).text).toBe('foo ?, ?');
  });
});

// The typed-binding cases need a database: PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
type Runner = {
  name: string;
  query: (text: string, values: unknown[]) => Promise<unknown[][]>;
  close: () => Promise<void>;
};

const runners: (() => Promise<Runner>)[] = [
  async () => {
    const db = new PGlite();
    return {
      name: 'PGlite',
      query: async (text, values) => (await db.query<unknown[]>(text, values, { rowMode: 'array' })).rows,
      close: () => db.close(),
    };
  },
];
const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl) {
  runners.push(async () => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    return {
      name: 'PostgreSQL',
      query: async (text, values) =>
        (await client.query({ text, values, rowMode: 'array' })).rows as unknown[][],
      close: () => client.end(),
    };
  });
}

describe.each(runners.map((open, index) => ({ open, index })))(
  'typed binding on a database (runner $index)',
  ({ open }) => {
    let runner: Runner;
    beforeAll(async () => {
      runner = await open();
    });
    afterAll(async () => {
      await runner?.close();
    });

    const parameters = [
      { name: 'created_at', type: 'date', label: { en: 'Created' } },
      { name: 'num_toucans', type: 'number', label: { en: 'Toucans' } },
      { name: 'bird_type', type: 'text', label: { en: 'Bird' } },
      { name: 'foobar_id', type: 'text', label: { en: 'Ids' } },
      { name: 'bar', type: 'date-range', label: { en: 'Bar' } },
    ] as DefinitionParameter[];

    async function run(sql: string, values: Record<string, unknown>): Promise<unknown[][]> {
      const resolved = resolveParameterValues(parameters, values as never, { today: '2026-06-30' });
      const compiled = compileTemplate(
        sql,
        'postgres',
        (reference) => parameterReferenceValue(parameters, resolved, reference),
        {
          typeOf: (reference) => parameterReferenceType(parameters, reference),
        },
      );
      await guardStatement(compiled.text, 'postgres', undefined, compiled.placeholders);
      return runner.query(compiled.text, compiled.values);
    }

    const orders = "(values (1, date '2016-07-18'), (2, date '2016-07-20')) as orders(id, created_at)";
    const toucanneries = "(values ('a', 2), ('b', 6)) as toucanneries(name, num_toucans)";

    it('date/single: created_at > {{created_at}}, and date arithmetic on it', async () => {
      expect(
        await run(`SELECT id FROM ${orders} WHERE created_at > {{created_at}}`, { created_at: '2016-07-19' }),
      ).toEqual([[2]]);
      expect(
        await run(
          "select ({{created_at}} + 1)::text, date_trunc('month', {{created_at}})::date::text, extract(year from {{created_at}})::int",
          { created_at: '2016-07-19' },
        ),
      ).toEqual([['2016-07-20', '2016-07-01', 2016]]);
    });

    it('a number in an optional clause, present and missing', async () => {
      const sql = `SELECT name FROM ${toucanneries} WHERE TRUE [[AND num_toucans > {{num_toucans}}]] ORDER BY name`;
      expect(await run(sql, { num_toucans: 5 })).toEqual([['b']]);
      expect(await run(sql, {})).toEqual([['a'], ['b']]);
    });

    it("text with a quote is a value: yo' mama finds nothing, injects nothing", async () => {
      expect(
        await run(`SELECT name FROM ${toucanneries} WHERE name = {{bird_type}}`, { bird_type: "yo' mama" }),
      ).toEqual([]);
      expect(
        await run("select concat('--', {{bird_type}}), {{bird_type}} is not null", { bird_type: 'x' }),
      ).toEqual([['--x', true]]);
    });

    it('brackets inside an optional clause (string_to_array … ::integer[]), written with = any on PostgreSQL', async () => {
      const sql =
        "select id from (values (1), (2), (3)) as foobars(id) [[ where foobars.id = any(string_to_array({{foobar_id}}, ',')::integer[]) ]] order by id";
      expect(await run(sql, { foobar_id: '1,3' })).toEqual([[1], [3]]);
      expect(await run(sql, {})).toEqual([[1], [2], [3]]);
    });

    it("Redash's date range: {{bar.from}} and {{bar.to}} as dates", async () => {
      expect(
        await run(`SELECT id FROM ${orders} WHERE created_at between {{bar.from}} and {{bar.to}}`, {
          bar: { from: '2016-07-01', to: '2016-07-19' },
        }),
      ).toEqual([[1]]);
    });
  },
);

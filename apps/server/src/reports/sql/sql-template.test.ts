import type { DefinitionParameter } from '@cockpit/contracts';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error';
import { parameterReferenceValue, resolveParameterValues } from './parameter-values';
import { refusal } from './sql-refusal.test-support';
import { type BoundValue, compileTemplate, detectParameters } from './sql-template';

// The SQL template (decision 027): references become bound placeholders, never text; optional clauses
// go with their empty parameters; user references never go.

const values: Record<string, BoundValue> = {
  region: ['North', 'South'],
  'range.from': '2026-01-01',
  'range.to': '2026-01-31',
  name: "O'Brien'; drop table x; --",
  empty: null,
  none: [],
  blank: '',
  'user.email': 'member@example.com',
  'user.attributes.region': ['North'],
};
const lookup = (reference: string) => values[reference];

describe('compileTemplate', () => {
  it('binds every reference as a placeholder on PostgreSQL, a multi-choice as one array, a repeat as the same number', () => {
    const compiled = compileTemplate(
      'select * from t where region = any({{region}}) and d between {{range.from}} and {{ range.to }} and d >= {{range.from}}',
      'postgres',
      lookup,
    );
    expect(compiled.text).toBe(
      'select * from t where region = any(($1::text[])) and d between $2 and $3 and d >= $2',
    );
    expect(compiled.values).toEqual([['North', 'South'], '2026-01-01', '2026-01-31']);
    expect(compiled.references).toEqual(['region', 'range.from', 'range.to']);
  });

  it('expands a multi-choice into one ? per value on MySQL, an empty one in `in (…)` into an empty list, elsewhere NULL', () => {
    const compiled = compileTemplate(
      'select * from t where region in ({{region}}) and x in ({{none}}) and n = {{name}} and y = coalesce({{none}}, 1)',
      'mysql',
      lookup,
    );
    expect(compiled.text).toBe(
      'select * from t where region in (?, ?) and x in (select null from dual where false) and n = ? and y = coalesce(NULL, 1)',
    );
    expect(compiled.values).toEqual(['North', 'South', values.name]);
  });

  it('never puts a value into the text, whatever it holds', () => {
    for (const dialect of ['postgres', 'mysql'] as const) {
      const compiled = compileTemplate('select {{name}} as n', dialect, lookup);
      expect(compiled.text).not.toContain('drop');
      expect(compiled.values).toEqual([values.name]);
    }
  });

  it('leaves an optional clause out when a parameter inside is empty (null, empty text, no choice)', () => {
    for (const reference of ['empty', 'blank', 'none']) {
      const compiled = compileTemplate(
        `select 1 where true [[ and x = {{${reference}}} ]] and y = 1`,
        'postgres',
        lookup,
      );
      expect(compiled.text).toBe('select 1 where true  and y = 1');
      expect(compiled.values).toEqual([]);
    }
    const kept = compileTemplate(
      'select 1 where true [[ and region = any({{region}}) ]]',
      'postgres',
      lookup,
    );
    expect(kept.text).toBe('select 1 where true  and region = any(($1::text[])) ');
  });

  it('keeps an optional clause that holds a user reference, and refuses an unknown user reference', () => {
    const compiled = compileTemplate(
      'select 1 where true [[ and x = {{empty}} and r = any({{user.attributes.region}}) ]]',
      'postgres',
      lookup,
    );
    expect(compiled.text).toContain('r = any(($2::text[]))');
    expect(compiled.values).toEqual([null, ['North']]);
    expect(refusal(() => compileTemplate('select {{user.password}}', 'postgres', lookup)).reason).toContain(
      'user.password',
    );
  });

  it('passes on what the lookup throws for a user reference (a missing attribute)', () => {
    const failing = (reference: string) => {
      if (reference.startsWith('user.attributes.')) throw new Error('missing attribute');
      return lookup(reference);
    };
    expect(() =>
      compileTemplate('select 1 [[ where r = any({{user.attributes.cost_centre}}) ]]', 'postgres', failing),
    ).toThrow('missing attribute');
  });

  it('refuses an undeclared reference, also inside a clause that is left out', () => {
    const error = refusal(() => compileTemplate('select 1\nwhere x = {{regoin}}', 'postgres', lookup));
    expect(error.reason).toBe('{{regoin}} is not a declared parameter');
    expect(error.position).toBe(19);
    expect(
      refusal(() =>
        compileTemplate('select 1 [[ where x = {{empty}} and y = {{nope}} ]]', 'postgres', lookup),
      ).reason,
    ).toContain('nope');
  });

  it.each([
    ["select '{{name}}'", 'postgres', 'quoted literal'],
    ["select E'\\'{{name}}'", 'postgres', 'quoted literal'],
    ['select "{{name}}"', 'postgres', 'quoted name'],
    ['select $$ {{name}} $$', 'postgres', 'dollar-quoted'],
    ['select 1 -- {{name}}', 'postgres', 'comment'],
    ['select 1 /* /* */ {{name}} */', 'postgres', 'comment'],
    ["select '\\'{{name}}'", 'mysql', 'quoted literal'],
    ['select `{{name}}`', 'mysql', 'quoted name'],
    ['select 1 # {{name}}', 'mysql', 'comment'],
  ] as const)('refuses a reference inside quotes or a comment: %s', (sql, dialect, where) => {
    expect(refusal(() => compileTemplate(sql, dialect, lookup)).reason).toContain(where);
  });

  it.each([
    ['select $1', 'postgres', 'not as $1'],
    ['select ?', 'mysql', 'not as ?'],
    ['select 1 /*! , 2 */', 'mysql', 'executable comments'],
    ['select {{a b}}', 'postgres', 'not a parameter name'],
    ['select {{name', 'postgres', 'not closed'],
    ['select 1 [[ where x = 1 ]]', 'postgres', 'needs a parameter'],
    ['select 1 [[ [[ {{name}} ]] ]]', 'postgres', 'nested'],
    ['select 1 ]]', 'postgres', 'closes no'],
    ["select 'open", 'postgres', 'not closed'],
  ] as const)('refuses %s', (sql, dialect, reason) => {
    expect(refusal(() => compileTemplate(sql, dialect, lookup)).reason).toContain(reason);
  });

  it('keeps placeholders-looking text inside quotes as it is, and maps positions back to the template', () => {
    const compiled = compileTemplate("select '$1 ?', {{name}}, x", 'postgres', lookup);
    expect(compiled.text).toBe("select '$1 ?', $1, x");
    const offsetOfX = compiled.text.lastIndexOf('x');
    expect(compiled.templatePosition(offsetOfX)).toBe("select '$1 ?', {{name}}, x".lastIndexOf('x'));
  });
});

describe('detectParameters', () => {
  it('names the parameters a template refers to, without user references', () => {
    expect(
      detectParameters(
        'select {{a}}, {{range.from}}, {{range.to}}, {{user.email}}, {{user.attributes.r}} [[ {{ b }} ]] {{a}}',
      ),
    ).toEqual(['a', 'range', 'b']);
  });
});

describe('resolveParameterValues', () => {
  const parameters: DefinitionParameter[] = [
    {
      name: 'range',
      type: 'date-range',
      label: { en: 'Range' },
      required: true,
      default: { preset: 'last-30-days' },
    },
    { name: 'day', type: 'date', label: { en: 'Day' }, required: false },
    { name: 'n', type: 'number', label: { en: 'N' }, required: false, default: 3 },
    { name: 'q', type: 'text', label: { en: 'Q' }, required: false },
    {
      name: 'one',
      type: 'choice',
      label: { en: 'One' },
      required: false,
      options: [{ value: 'a' }, { value: 'b' }],
    },
    { name: 'many', type: 'multi-choice', label: { en: 'Many' }, required: false, optionsSql: 'select 1' },
  ];
  const context = { today: '2026-03-31' };

  it('fills defaults and resolves presets against today', () => {
    const resolved = resolveParameterValues(parameters, { many: ['x', 'x', 'y'] }, context);
    expect(resolved).toEqual({
      range: { from: '2026-03-02', to: '2026-03-31' },
      day: null,
      n: 3,
      q: null,
      one: null,
      many: ['x', 'y'],
    });
    expect(parameterReferenceValue(parameters, resolved, 'range.from')).toBe('2026-03-02');
    expect(parameterReferenceValue(parameters, resolved, 'range')).toBeUndefined();
    expect(parameterReferenceValue(parameters, resolved, 'n.x')).toBeUndefined();
    expect(parameterReferenceValue(parameters, resolved, 'many')).toEqual(['x', 'y']);
  });

  it.each([
    [{ range: '2026-01-01' }, "'range'"],
    [{ range: { from: '2026-02-01', to: '2026-01-01' } }, "'range'"],
    [{ day: '2026-02-30' }, "'day'"],
    [{ n: '1 or 1=1' }, "'n'"],
    [{ q: 5 }, "'q'"],
    [{ one: 'c' }, "'one'"],
    [{ many: 'x' }, "'many'"],
    [{ range: null }, "'range' is required"],
    [{ other: 1 }, "'other'"],
  ])('refuses %j with a 400 naming the parameter', (given, named) => {
    try {
      resolveParameterValues(parameters, given, context);
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(400);
      expect((error as HttpError).message).toContain(named);
    }
  });
});

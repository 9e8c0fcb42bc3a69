import { describe, expect, it } from 'vitest';
import { detectParameters, templateReferences } from './sql-parameters';

// The SQL template of decision 027 as the editor and the server's preview read it: which parameters a
// statement names. Cases of the web editor's and the server's former detectors, and the quoting rules of
// the server's template compiler (decision 037).

describe('detectParameters', () => {
  it('finds each parameter once, in order, a range by its name, never the user references', () => {
    const sql = [
      'SELECT region, sum(amount) AS revenue',
      'FROM sales',
      'WHERE day BETWEEN {{range.from}} AND {{ range.to }}',
      '  AND owner = {{user.email}} AND team = {{user.attributes.team}}',
      '  [[AND region IN ({{region}})]]',
      '  AND amount > {{minimum}} AND region <> {{region}}',
    ].join('\n');
    expect(detectParameters(sql)).toEqual(['range', 'region', 'minimum']);
    expect(
      detectParameters(
        'select {{a}}, {{range.from}}, {{range.to}}, {{user.email}}, {{user.attributes.r}} [[ {{ b }} ]] {{a}}',
      ),
    ).toEqual(['a', 'range', 'b']);
  });

  it('finds nothing in plain SQL or in malformed references', () => {
    expect(detectParameters('SELECT 1')).toEqual([]);
    expect(detectParameters('SELECT {{1abc}}, {{ }}, {single}, {{a.1}}')).toEqual([]);
    expect(detectParameters('SELECT {{a}} {{b')).toEqual(['a']);
  });

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
    ['SELECT {{param}}, {{param}} FROM t WHERE a = {{other}}', ['param', 'other']],
  ])('finds the parameters of %j (Metabase parse cases)', (sql, names) => {
    expect(detectParameters(sql)).toEqual(names);
  });

  it('does not count a {{…}} inside a quoted literal, a quoted name or a comment', () => {
    expect(detectParameters("SELECT '{{a}}', 'it''s {{b}}', {{c}}")).toEqual(['c']);
    expect(detectParameters('SELECT "{{a}}" FROM t WHERE x = {{c}}')).toEqual(['c']);
    expect(detectParameters('SELECT 1 -- {{a}}\n, {{c}}')).toEqual(['c']);
    expect(detectParameters('SELECT /* {{a}} /* nested {{b}} */ still {{d}} */ {{c}}')).toEqual(['c']);
    expect(detectParameters('SELECT $$ {{a}} $$, $tag$ {{b}} $tag$, {{c}}')).toEqual(['c']);
    expect(detectParameters("SELECT E'\\' {{a}}', {{c}}")).toEqual(['c']);
    expect(detectParameters("SELECT '{{a}}")).toEqual([]);
  });

  it('reads MySQL quotes and comments in MySQL', () => {
    expect(detectParameters('SELECT `{{a}}`, {{c}} # {{b}}', 'mysql')).toEqual(['c']);
    expect(detectParameters("SELECT 'x\\' {{a}}', {{c}}", 'mysql')).toEqual(['c']);
    // PostgreSQL has neither `#` comments nor backtick names, nor backslash escapes outside E'…'.
    expect(detectParameters('SELECT `{{a}}` # {{b}}')).toEqual(['a', 'b']);
    expect(detectParameters("SELECT 'x\\', {{c}}")).toEqual(['c']);
  });

  it('takes a `$` or an `E` inside a name as part of it', () => {
    expect(detectParameters('SELECT price$ {{a}} $x {{b}}')).toEqual(['a', 'b']);
    expect(detectParameters("SELECT name'{{a}}', {{c}}")).toEqual(['c']);
    expect(detectParameters("SELECT some'\\', {{c}}")).toEqual(['c']);
  });
});

describe('templateReferences', () => {
  it('lists every reference outside quotes and comments, repeats and user references included', () => {
    expect(templateReferences("{{a}} '{{b}}' {{range.from}} {{user.email}} {{a}}")).toEqual([
      'a',
      'range.from',
      'user.email',
      'a',
    ]);
  });
});

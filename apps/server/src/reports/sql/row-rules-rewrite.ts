import nodeSqlParser from 'node-sql-parser';
import { characterOffset, textOf, walkPgTree } from './pg-tree';
import type { CompiledSql } from './sql-template';
import { SqlRefused } from './sql-refused';
import { parsePostgres, type GuardDialect } from './statement-guard';

// Row rules (docs/decisions/044-row-rules.md): after the guard, every reference to a table that has a row
// rule is replaced by a filtered subquery — `(select * from t where col = any($n)) as t` on PostgreSQL and
// uploaded tables, `(select * from t where col in (?, ?)) as t` on MySQL/MariaDB — keeping the alias
// as written (or the table's name as alias). The values are bound, never spliced. The rewritten statement
// is parsed again: unless every reference of a ruled table now stands inside one of these subqueries,
// the statement is refused — never run unfiltered.

/** A rule as the rewrite applies it: the table (schema null: any schema, e.g. uploaded tables) and column. */
export interface RowFilterRule {
  schema: string | null;
  table: string;
  column: string;
  attribute: string;
}

/** The values a rule lets through for this reader; null: the reader sees all rows (an administrator's bypass). */
export type RowFilterValues = (rule: RowFilterRule) => readonly string[] | null;

export interface RowRulesApplied<Rule extends RowFilterRule> {
  compiled: CompiledSql;
  /** The rules whose table the statement reads, each once, and whether the reader bypassed it. */
  applied: { rule: Rule; seesAll: boolean }[];
}

const mysqlParser = new nodeSqlParser.Parser();

interface Replacement {
  start: number;
  end: number;
  text: string;
  /** Values of the placeholders the replacement holds, in order (MySQL: one per `?`; PostgreSQL: one array per `$n`). */
  values: (string | readonly string[])[];
}

const refused = (table: string, position: number | null) =>
  new SqlRefused(
    `the table '${table}' has row rules and cannot be filtered where it stands: name it in FROM or JOIN (with or without an alias)`,
    position,
  );

const quotePostgres = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteMysql = (name: string) => `\`${name.replaceAll('`', '``')}\``;

/** Skips white space and comments from `i` (both dialects' forms; the guard already refused the odd ones). */
function skipSpace(text: string, from: number): number {
  let i = from;
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i += 1;
    if (text.startsWith('--', i) || text[i] === '#') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end + 1;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 2;
    } else {
      return i;
    }
  }
}

const identifierStart = /[\p{L}_\u0080-\uffff]/u;
const identifierPart = /[\p{L}\p{N}_$\u0080-\uffff]/u;

/** One name at `i`: quoted (`"…"`, MySQL `` `…` ``) or bare; `folded` as the database compares it. */
function readName(
  text: string,
  i: number,
  dialect: 'postgres' | 'mysql',
): { name: string; end: number } | null {
  const quote = dialect === 'mysql' ? '`' : '"';
  if (text[i] === quote) {
    let j = i + 1;
    let name = '';
    while (j < text.length) {
      if (text[j] === quote) {
        if (text[j + 1] === quote) {
          name += quote;
          j += 2;
          continue;
        }
        return { name, end: j + 1 };
      }
      name += text[j];
      j += 1;
    }
    return null;
  }
  if (!identifierStart.test(text[i] ?? '')) return null;
  let j = i + 1;
  while (j < text.length && identifierPart.test(text[j]!)) j += 1;
  const bare = text.slice(i, j);
  return { name: dialect === 'postgres' ? bare.toLowerCase() : bare, end: j };
}

/** The qualified name of `parts` names starting at `start`: its end, and the names read. */
function readQualifiedName(text: string, start: number, parts: number, dialect: 'postgres' | 'mysql') {
  const names: string[] = [];
  let i = start;
  for (let part = 0; part < parts; part += 1) {
    if (part > 0) {
      const dot = skipSpace(text, i);
      if (text[dot] !== '.') return null;
      i = skipSpace(text, dot + 1);
    }
    const read = readName(text, i, dialect);
    if (!read) return null;
    names.push(read.name);
    i = read.end;
  }
  return { end: i, names };
}

/**
 * Applies the replacements to the compiled statement: the text, where the database's error positions
 * point in the template, and (MySQL) the values merged in the order of their `?`.
 */
function replaced(
  compiled: CompiledSql,
  replacements: Replacement[],
  dialect: 'postgres' | 'mysql',
): CompiledSql {
  const sorted = [...replacements].sort((a, b) => a.start - b.start);
  let text = '';
  let at = 0;
  /** [new start, new end, old start, old end] of every replacement. */
  const spans: [number, number, number, number][] = [];
  for (const replacement of sorted) {
    text += compiled.text.slice(at, replacement.start);
    spans.push([text.length, text.length + replacement.text.length, replacement.start, replacement.end]);
    text += replacement.text;
    at = replacement.end;
  }
  text += compiled.text.slice(at);
  const oldOffset = (offset: number): number => {
    let shift = 0;
    for (const [newStart, newEnd, oldStart, oldEnd] of spans) {
      if (offset < newStart) break;
      if (offset < newEnd) return oldStart;
      shift = newEnd - oldEnd;
    }
    return offset - shift;
  };
  const newOffset = (offset: number): number => {
    let shift = 0;
    for (const [newStart, newEnd, oldStart, oldEnd] of spans) {
      if (offset < oldStart) break;
      shift = newEnd - newStart - (oldEnd - oldStart);
    }
    return offset + shift;
  };
  let values = [...compiled.values];
  if (dialect === 'mysql') {
    // One value per `?`, in text order: the replacements' values go between the template's own.
    values = [];
    let next = 0;
    for (const replacement of sorted) {
      while (next < compiled.placeholders.length && compiled.placeholders[next]! < replacement.start) {
        values.push(compiled.values[next]!);
        next += 1;
      }
      values.push(...replacement.values);
    }
    values.push(...compiled.values.slice(next));
  } else {
    for (const replacement of sorted) values.push(...replacement.values);
  }
  const placeholders = compiled.placeholders.map(newOffset);
  return {
    text,
    values,
    references: compiled.references,
    placeholders,
    templatePosition: (offset) => compiled.templatePosition(oldOffset(offset)),
  };
}

/** Rules of a reference: its name and schema match (a rule without schema matches any schema). */
function rulesOf<Rule extends RowFilterRule>(
  rules: readonly Rule[],
  schema: string | null,
  table: string,
  caseInsensitive: boolean,
): Rule[] {
  const same = (a: string, b: string) => (caseInsensitive ? a.toLowerCase() === b.toLowerCase() : a === b);
  return rules.filter(
    (rule) =>
      same(rule.table, table) && (schema === null || rule.schema === null || same(rule.schema, schema)),
  );
}

/** Collects each applied rule once, asking for its values once. */
function valuesCollector<Rule extends RowFilterRule>(valuesOf: RowFilterValues) {
  const applied = new Map<Rule, { rule: Rule; seesAll: boolean; values: readonly string[] | null }>();
  return {
    applied,
    valuesOf(rule: Rule) {
      let entry = applied.get(rule);
      if (!entry) {
        const values = valuesOf(rule);
        entry = { rule, seesAll: values === null, values };
        applied.set(rule, entry);
      }
      return entry.values;
    },
  };
}

// ------------------------------------------------------------------ PostgreSQL and uploaded tables

interface PgReference<Rule> {
  start: number;
  end: number;
  relname: string;
  hasAlias: boolean;
  rules: Rule[];
}

function pgReferences<Rule extends RowFilterRule>(
  tree: unknown,
  text: string,
  rules: readonly Rule[],
): PgReference<Rule>[] {
  const found: PgReference<Rule>[] = [];
  walkPgTree(tree, {
    node(kind, body, ctes) {
      if (kind !== 'RangeVar') return;
      const relname = textOf(body.relname);
      const schema = body.schemaname === undefined ? null : textOf(body.schemaname);
      if (schema === null && ctes.has(relname)) return;
      const matching = rulesOf(rules, schema, relname, false);
      if (matching.length === 0) return;
      const location = typeof body.location === 'number' ? characterOffset(text, body.location) : null;
      const expected = [body.catalogname, body.schemaname, body.relname]
        .filter((part) => part !== undefined)
        .map(textOf);
      const read = location === null ? null : readQualifiedName(text, location, expected.length, 'postgres');
      if (!read || read.names.join('\u0000') !== expected.join('\u0000')) throw refused(relname, location);
      found.push({
        start: location!,
        end: read.end,
        relname,
        hasAlias: body.alias !== undefined,
        rules: matching,
      });
    },
  });
  return found;
}

async function rewritePostgres<Rule extends RowFilterRule>(
  compiled: CompiledSql,
  rules: readonly Rule[],
  valuesOf: RowFilterValues,
): Promise<RowRulesApplied<Rule>> {
  const references = pgReferences(await parsePostgres(compiled.text), compiled.text, rules);
  const collector = valuesCollector<Rule>(valuesOf);
  let number = compiled.values.length;
  const replacements: Replacement[] = [];
  for (const reference of references) {
    const conditions: string[] = [];
    const values: (readonly string[])[] = [];
    for (const rule of reference.rules) {
      const allowed = collector.valuesOf(rule);
      if (allowed === null) continue;
      number += 1;
      conditions.push(`${quotePostgres(rule.column)} = any($${number})`);
      values.push(allowed);
    }
    if (conditions.length === 0) continue;
    const name = compiled.text.slice(reference.start, reference.end);
    const alias = reference.hasAlias ? '' : ` as ${quotePostgres(reference.relname)}`;
    replacements.push({
      start: reference.start,
      end: reference.end,
      text: `(select * from ${name} where ${conditions.join(' and ')})${alias}`,
      values,
    });
  }
  const applied = [...collector.applied.values()].map(({ rule, seesAll }) => ({ rule, seesAll }));
  if (replacements.length === 0) return { compiled, applied };
  const rewritten = replaced(compiled, replacements, 'postgres');
  // Parsed again: every reference of a ruled table must now be one of the subqueries' own.
  let again: PgReference<Rule>[];
  try {
    again = pgReferences(await parsePostgres(rewritten.text), rewritten.text, rules);
  } catch {
    throw refused(references[0]!.relname, compiled.templatePosition(references[0]!.start));
  }
  const filtered = again.filter((reference) =>
    reference.rules.some((rule) => collector.applied.get(rule)?.seesAll === false),
  );
  if (filtered.length !== replacements.length) {
    throw refused(references[0]!.relname, compiled.templatePosition(references[0]!.start));
  }
  return { compiled: rewritten, applied };
}

// ------------------------------------------------------------------ MySQL / MariaDB

function parseMysql(text: string): unknown {
  const parseOptions = { includeLocations: true };
  try {
    return mysqlParser.astify(text, { database: 'MariaDB', parseOptions });
  } catch {
    return mysqlParser.astify(text, { database: 'MySQL', parseOptions });
  }
}

/** How many table references of node-sql-parser's tree match a rule (CTE names included: they are wrapped too). */
function mysqlTableReferences(ast: unknown, rules: readonly RowFilterRule[]): number {
  let count = 0;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const node = value as Record<string, unknown>;
    if (typeof node.table === 'string' && 'db' in node && !('column' in node)) {
      const schema = typeof node.db === 'string' ? node.db : null;
      if (rulesOf(rules, schema, node.table, true).length > 0) count += 1;
    }
    for (const field of Object.values(node)) visit(field);
  };
  visit(ast);
  return count;
}

/** Words that may follow a table reference without being its alias. */
const mysqlFollowers = new Set(
  (
    'where join inner left right cross natural straight_join on using group order limit having union window use ' +
    'force ignore partition for lock into except intersect full outer procedure minus offset fetch returning as'
  ).split(' '),
);

interface MysqlToken {
  start: number;
  end: number;
  /** A name's value (unquoted), a punctuation character, or '' for literals. */
  value: string;
  kind: 'name' | 'quoted' | 'punctuation' | 'literal';
}

/** The statement's tokens outside comments (strings are literals; the guard refused the ambiguous forms). */
function mysqlTokens(text: string): MysqlToken[] {
  const tokens: MysqlToken[] = [];
  let i = skipSpace(text, 0);
  while (i < text.length) {
    const char = text[i]!;
    if (char === "'" || char === '"') {
      let j = i + 1;
      while (j < text.length) {
        if (text[j] === '\\') j += 2;
        else if (text[j] === char && text[j + 1] === char) j += 2;
        else if (text[j] === char) break;
        else j += 1;
      }
      tokens.push({ start: i, end: j + 1, value: '', kind: 'literal' });
      i = j + 1;
    } else if (char === '`' || identifierStart.test(char)) {
      const read = readName(text, i, 'mysql');
      if (!read) break;
      tokens.push({ start: i, end: read.end, value: read.name, kind: char === '`' ? 'quoted' : 'name' });
      i = read.end;
    } else if (/[0-9]/.test(char)) {
      let j = i + 1;
      while (j < text.length && identifierPart.test(text[j]!)) j += 1;
      tokens.push({ start: i, end: j, value: '', kind: 'literal' });
      i = j;
    } else {
      tokens.push({ start: i, end: i + 1, value: char, kind: 'punctuation' });
      i += 1;
    }
    i = skipSpace(text, i);
  }
  return tokens;
}

async function rewriteMysql<Rule extends RowFilterRule>(
  compiled: CompiledSql,
  rules: readonly Rule[],
  valuesOf: RowFilterValues,
): Promise<RowRulesApplied<Rule>> {
  const tree = parseMysql(compiled.text);
  // The parser says which ruled tables the statement reads: only their values are asked for.
  const read = rules.filter((rule) => mysqlTableReferences(tree, [rule]) > 0);
  if (read.length === 0) return { compiled, applied: [] };
  const collector = valuesCollector<Rule>(valuesOf);
  const active = read.filter((rule) => collector.valuesOf(rule) !== null);
  const applied = [...collector.applied.values()].map(({ rule, seesAll }) => ({ rule, seesAll }));
  if (active.length === 0) return { compiled, applied };
  const tokens = mysqlTokens(compiled.text);
  const replacements: Replacement[] = [];
  const isName = (token: MysqlToken | undefined) => token?.kind === 'name' || token?.kind === 'quoted';
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    if (!isName(token)) continue;
    // `db . table` or `table`, after FROM, JOIN or a comma, not followed by `.` or `(`.
    const qualified = tokens[index + 1]?.value === '.' && isName(tokens[index + 2]);
    const last = qualified ? tokens[index + 2]! : token;
    const schema = qualified ? token.value : null;
    const after = tokens[qualified ? index + 3 : index + 1];
    const before = tokens[index - 1];
    const beforeWord = before?.kind === 'name' ? before.value.toLowerCase() : before?.value;
    if (!(
      beforeWord === 'from' ||
      beforeWord === 'join' ||
      beforeWord === 'straight_join' ||
      beforeWord === ','
    ))
      continue;
    if (after?.value === '.' || after?.value === '(') continue;
    const matching = rulesOf(active, schema, last.value, true);
    index += qualified ? 2 : 0;
    if (matching.length === 0) continue;
    const conditions: string[] = [];
    const values: string[] = [];
    for (const rule of matching) {
      const allowed = collector.valuesOf(rule)!;
      conditions.push(`${quoteMysql(rule.column)} in (${allowed.map(() => '?').join(', ')})`);
      values.push(...allowed);
    }
    const hasAlias =
      after !== undefined &&
      (after.kind === 'quoted' ||
        (after.kind === 'name' && !mysqlFollowers.has(after.value.toLowerCase())) ||
        after.value.toLowerCase() === 'as');
    const name = compiled.text.slice(token.start, last.end);
    replacements.push({
      start: token.start,
      end: last.end,
      text: `(select * from ${name} where ${conditions.join(' and ')})${hasAlias ? '' : ` as ${quoteMysql(last.value)}`}`,
      values,
    });
  }
  const refuse = () =>
    refused(active[0]!.table, replacements[0] ? compiled.templatePosition(replacements[0].start) : null);
  if (replacements.length === 0) throw refuse();
  const rewritten = replaced(compiled, replacements, 'mysql');
  // Parsed again: the ruled tables' references are now exactly the subqueries' own, or one was missed.
  let again: number;
  try {
    again = mysqlTableReferences(parseMysql(rewritten.text), active);
  } catch {
    throw refuse();
  }
  if (again !== replacements.length) throw refuse();
  return { compiled: rewritten, applied };
}

/**
 * The compiled statement with every reference of a ruled table filtered; `valuesOf` is asked only for
 * rules whose table the statement reads (it throws for a reader without the attribute). No rule read:
 * the statement as it was.
 */
export async function applyRowRules<Rule extends RowFilterRule>(
  compiled: CompiledSql,
  dialect: GuardDialect,
  rules: readonly Rule[],
  valuesOf: RowFilterValues,
): Promise<RowRulesApplied<Rule>> {
  if (rules.length === 0) return { compiled, applied: [] };
  return dialect === 'mysql'
    ? rewriteMysql(compiled, rules, valuesOf)
    : rewritePostgres(compiled, rules, valuesOf);
}

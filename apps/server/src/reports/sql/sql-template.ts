import { blockCommentEnd } from '@cockpit/contracts';
import { SqlRefused } from './sql-refused';

// The SQL template of report definitions (docs/decisions/027-reports-over-own-data.md, "The SQL
// template"): `{{name}}` becomes a placeholder whose value is bound — `$n` for PostgreSQL and uploaded
// tables, `?` for MySQL — and `[[ … ]]` encloses a clause left out when a parameter inside it is empty.
// Values never enter the text: a `{{…}}` inside a quoted literal, a quoted name or a comment is refused
// (the database would read the placeholder as text), and so are placeholders written by hand.

export type SqlDialect = 'postgres' | 'mysql';

/** A value bound to one reference: a multi-choice or a user attribute is a list. */
export type BoundValue = string | number | boolean | null | readonly string[];

/**
 * What a reference (`region`, `range.from`, `user.email`, `user.attributes.region`) stands for;
 * `undefined` when it is not declared (→ SqlRefused naming it). May throw (a user's missing attribute).
 */
export type ReferenceLookup = (reference: string) => BoundValue | undefined;

export interface CompiledSql {
  /** The statement with placeholders. */
  text: string;
  /** The placeholders' values in order (PostgreSQL: a list stays one array value; MySQL: one per item). */
  values: BoundValue[];
  /** The references kept in the text, each once, in order of first use. */
  references: string[];
  /** The offset in `text` of every `$n` / `?` the template wrote (guardStatement refuses any other). */
  placeholders: number[];
  /** The 0-based offset in the template of a 0-based offset in `text` (for the database's error position). */
  templatePosition: (textOffset: number) => number;
}

const userPrefix = 'user.';
const referencePattern = /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)*$/;

/** `null`, `''` and `[]` are empty: an optional clause around them is left out. */
export function isEmptyValue(value: BoundValue | undefined): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

export const isUserReference = (reference: string) => reference.startsWith(userPrefix);

type Token =
  | { kind: 'text'; text: string; start: number }
  | { kind: 'reference'; reference: string; start: number }
  | { kind: 'open'; start: number }
  | { kind: 'close'; start: number };

/** Where `{{` may not stand: inside these the database would read a placeholder as text. */
const quotedContexts = {
  single: 'a quoted literal',
  double: 'a quoted name',
  backtick: 'a quoted name',
  dollar: 'a dollar-quoted literal',
  comment: 'a comment',
} as const;

/**
 * A character of an identifier (both dialects): letters of any alphabet, digits, `_` and `$`
 * (`ä$1` is one name, not `ä` and a parameter).
 */
const isIdentifierChar = (char: string | undefined) =>
  char !== undefined && /[\p{L}\p{N}_$\u0080-\uffff]/u.test(char);

/**
 * What MySQL takes as the space after `--`: an ASCII space or control character (a no-break space is
 * not one to MySQL, though it is to JavaScript's `\s`).
 */
const isMysqlSpace = (char: string) => char.charCodeAt(0) <= 0x20;

/** A dollar quote's tag: `$$` or `$tag$`, the tag a name without `$` (letters of any alphabet). */
const dollarTag = /^\$(?:[\p{L}_\u0080-\uffff][\p{L}\p{N}_\u0080-\uffff]*)?\$/u;

/** `{{ name }}` inside a quoted region or comment. */
const innerReference = /\{\{([^{}]*)\}\}/g;

/**
 * Splits the template into text, references and optional-clause brackets. Follows the quoting and
 * comment rules of the dialect (decision 037): PostgreSQL's dollar quotes with tags, `E'…'` only as a
 * token of its own, nested block comments; MySQL's `#`, `-- ` only before a space, backslash escapes.
 * Where the database and node-sql-parser could read a text differently, it is refused instead.
 * `names(reference)` tells whether a `{{…}}` inside a literal or comment names a parameter: only then is
 * it refused (`'{{1,2}}'::int[]` and `like '%{{%'` are left alone).
 */
function tokenize(sql: string, dialect: SqlDialect, names: (reference: string) => boolean): Token[] {
  const tokens: Token[] = [];
  let textStart = 0;
  let i = 0;
  const flushText = (end: number) => {
    if (end > textStart) tokens.push({ kind: 'text', text: sql.slice(textStart, end), start: textStart });
  };
  /** Skips a quoted or commented region starting at `i`; refuses a `{{…}}` inside it that names a parameter. */
  const skipRegion = (end: number, context: keyof typeof quotedContexts) => {
    for (const match of sql.slice(i, end).matchAll(innerReference)) {
      const reference = match[1]!.trim();
      if (referencePattern.test(reference) && names(reference)) {
        throw new SqlRefused(
          `a parameter may not stand inside ${quotedContexts[context]}: write {{…}} without quotes, its value is bound`,
          i + match.index,
        );
      }
    }
    i = end;
  };
  const closingQuote = (quote: string, from: number, backslashEscapes: boolean): number => {
    let j = from;
    while (j < sql.length) {
      const char = sql[j];
      if (backslashEscapes && char === '\\') {
        j += 2;
        continue;
      }
      if (char === quote) {
        if (sql[j + 1] === quote) {
          j += 2;
          continue;
        }
        return j + 1;
      }
      j += 1;
    }
    throw new SqlRefused(`a quote ${quote} is not closed`, from - 1);
  };

  while (i < sql.length) {
    const char = sql[i]!;
    const next = sql[i + 1];
    const previous = sql[i - 1];
    if (char === "'") {
      // MySQL's strings take backslash escapes; PostgreSQL's only as E'…', where the E is a token of
      // its own — `date'…'` is a typed literal, `name'…'` no E-string.
      const escapeString =
        dialect === 'mysql' || (/[eE]/.test(previous ?? '') && !isIdentifierChar(sql[i - 2]));
      skipRegion(closingQuote("'", i + 1, escapeString), 'single');
    } else if (char === '"') {
      skipRegion(closingQuote('"', i + 1, dialect === 'mysql'), 'double');
    } else if (char === '`' && dialect === 'mysql') {
      skipRegion(closingQuote('`', i + 1, false), 'backtick');
    } else if (char === '-' && next === '-') {
      const after = sql[i + 2];
      if (dialect === 'mysql' && after !== undefined && !isMysqlSpace(after)) {
        // MySQL: `--1` is minus minus one, node-sql-parser reads a comment — the two must not disagree.
        throw new SqlRefused(
          "in MySQL a comment starts with '-- ' (a space after the dashes): write '-- ' or '- -'",
          i,
        );
      }
      const end = sql.indexOf('\n', i);
      skipRegion(end === -1 ? sql.length : end, 'comment');
    } else if (char === '#' && dialect === 'mysql') {
      const end = sql.indexOf('\n', i);
      skipRegion(end === -1 ? sql.length : end, 'comment');
    } else if (char === '/' && next === '*') {
      if (dialect === 'mysql' && (sql[i + 2] === '!' || sql[i + 2] === '+' || sql.startsWith('M!', i + 2))) {
        // MySQL runs the text of /*! … */ as SQL and reads /*+ … */ as hints (a statement's own time
        // limit among them): comments that are not ones.
        throw new SqlRefused('executable comments and hints (/*! … */, /*+ … */) are not allowed', i);
      }
      skipRegion(closedCommentEnd(sql, i, dialect), 'comment');
    } else if (char === '$' && dialect === 'postgres' && !isIdentifierChar(previous)) {
      const tag = dollarTag.exec(sql.slice(i));
      if (tag) {
        const end = sql.indexOf(tag[0], i + tag[0].length);
        if (end === -1) throw new SqlRefused('a dollar-quoted literal is not closed', i);
        skipRegion(end + tag[0].length, 'dollar');
      } else if (/[0-9]/.test(next ?? '')) {
        throw new SqlRefused('write parameters as {{name}}, not as $1', i);
      } else {
        i += 1;
      }
    } else if (char === '?' && dialect === 'mysql') {
      throw new SqlRefused('write parameters as {{name}}, not as ?', i);
    } else if (char === '{' && next === '{') {
      const end = sql.indexOf('}}', i + 2);
      if (end === -1) throw new SqlRefused('a {{ is not closed with }}', i);
      const reference = sql.slice(i + 2, end).trim();
      if (!referencePattern.test(reference)) {
        throw new SqlRefused(`'{{${sql.slice(i + 2, end)}}}' is not a parameter name`, i);
      }
      flushText(i);
      tokens.push({ kind: 'reference', reference, start: i });
      i = end + 2;
      textStart = i;
    } else if ((char === '[' && next === '[') || (char === ']' && next === ']')) {
      flushText(i);
      tokens.push({ kind: char === '[' ? 'open' : 'close', start: i });
      i += 2;
      textStart = i;
    } else if (isIdentifierChar(char)) {
      // A whole name or number at once: a `$` or `E` inside one is part of it.
      let j = i + 1;
      while (j < sql.length && isIdentifierChar(sql[j])) j += 1;
      i = j;
    } else {
      i += 1;
    }
  }
  flushText(sql.length);
  return tokens;
}

/** The end of the block comment at `start`; an unclosed one is refused. */
function closedCommentEnd(sql: string, start: number, dialect: SqlDialect): number {
  const end = blockCommentEnd(sql, start, dialect);
  if (end === null) throw new SqlRefused('a comment /* is not closed', start);
  return end;
}

type Part =
  { kind: 'text'; text: string; start: number } | { kind: 'reference'; reference: string; start: number };
type Group = { optional: false; part: Part } | { optional: true; parts: Part[]; start: number };

function group(tokens: Token[]): Group[] {
  const groups: Group[] = [];
  let clause: { parts: Part[]; start: number } | null = null;
  for (const token of tokens) {
    if (token.kind === 'open') {
      if (clause) throw new SqlRefused('optional clauses [[ … ]] cannot be nested', token.start);
      clause = { parts: [], start: token.start };
    } else if (token.kind === 'close') {
      if (!clause) throw new SqlRefused('a ]] closes no optional clause', token.start);
      if (!clause.parts.some((part) => part.kind === 'reference')) {
        throw new SqlRefused('an optional clause [[ … ]] needs a parameter inside', clause.start);
      }
      groups.push({ optional: true, parts: clause.parts, start: clause.start });
      clause = null;
    } else if (clause) {
      clause.parts.push(token);
    } else {
      groups.push({ optional: false, part: token });
    }
  }
  if (clause) throw new SqlRefused('an optional clause [[ is not closed with ]]', clause.start);
  return groups;
}

/** The PostgreSQL type a placeholder is bound as (`($1::date)`), so that `{{day}} + 1` is date arithmetic. */
export type PlaceholderType = 'date' | 'numeric' | 'text' | 'boolean' | 'text[]';

export interface CompileOptions {
  /**
   * The declared type of a reference (parameter-values.ts `parameterReferenceType`). Without it — or
   * where it answers `undefined` — a list is `text[]`, a number `numeric`, a boolean `boolean`, and a
   * text is left for PostgreSQL to infer.
   */
  typeOf?: (reference: string) => PlaceholderType | undefined;
}

const inferredType = (value: BoundValue): PlaceholderType | undefined => {
  if (Array.isArray(value)) return 'text[]';
  if (typeof value === 'number') return 'numeric';
  if (typeof value === 'boolean') return 'boolean';
  return undefined;
};

/** `… in (` right before a reference: a list written as MySQL writes it. */
const listOpening = /\b(not\s+)?in\s*\(\s*$/i;

/** MySQL's empty list: no value is in it and every value is not in it — as `= any('{}')` / `<> all('{}')`. */
const mysqlEmptyList = 'select null from dual where false';

/**
 * Compiles a definition's SQL for `dialect`: every reference becomes a placeholder and its value goes
 * to `values`. On PostgreSQL a placeholder carries its type (`($1::date)`, a list `($2::text[])`). An
 * optional clause is left out when a parameter inside is empty — unless it holds a user reference,
 * which is never left out (its per-user filter would go with it). Throws SqlRefused for an undeclared
 * reference, quoting mistakes, hand-written placeholders and a list in `in (…)` on PostgreSQL.
 */
export function compileTemplate(
  sql: string,
  dialect: SqlDialect,
  lookup: ReferenceLookup,
  options: CompileOptions = {},
): CompiledSql {
  /**
   * Whether a reference inside a literal or comment names a parameter: a user reference always does, any
   * other when its first part is declared (`'{{period.start}}'` of a date range `period` too).
   */
  const names = (reference: string) => {
    if (isUserReference(reference)) return true;
    const name = reference.split('.')[0]!;
    return lookup(name) !== undefined || lookup(`${name}.from`) !== undefined;
  };
  const groups = group(tokenize(sql, dialect, names));
  const resolved = new Map<string, BoundValue>();
  const valueOf = (reference: string, start: number): BoundValue => {
    if (resolved.has(reference)) return resolved.get(reference)!;
    const value = lookup(reference);
    if (value === undefined) {
      if (
        !isUserReference(reference) &&
        !reference.includes('.') &&
        lookup(`${reference}.from`) !== undefined
      ) {
        throw new SqlRefused(
          `{{${reference}}} is a date range: write {{${reference}.from}} / {{${reference}.to}}`,
          start,
        );
      }
      throw new SqlRefused(
        isUserReference(reference)
          ? `{{${reference}}} is not known: use {{user.email}} or {{user.attributes.<key>}}`
          : `{{${reference}}} is not a declared parameter`,
        start,
      );
    }
    resolved.set(reference, value);
    return value;
  };

  let text = '';
  const values: BoundValue[] = [];
  const references: string[] = [];
  const placeholders: number[] = [];
  const placeholderNumbers = new Map<string, number>();
  /** [offset in text, offset in template, length copied (0 for a placeholder)] */
  const segments: [number, number, number][] = [];

  const emit = (part: Part) => {
    segments.push([text.length, part.start, part.kind === 'text' ? part.text.length : 0]);
    if (part.kind === 'text') {
      text += part.text;
      return;
    }
    const value = valueOf(part.reference, part.start);
    if (!references.includes(part.reference)) references.push(part.reference);
    const list = listOpening.exec(text);
    if (dialect === 'postgres') {
      const type = options.typeOf?.(part.reference) ?? inferredType(value);
      if (list && (type === 'text[]' || Array.isArray(value))) {
        // `in ($1)` compares with the whole array and finds no row, silently.
        throw new SqlRefused(
          list[1]
            ? `a list is one array on PostgreSQL: write '<> all({{${part.reference}}})' instead of 'not in ({{${part.reference}}})'`
            : `a list is one array on PostgreSQL: write '= any({{${part.reference}}})' instead of 'in ({{${part.reference}}})'`,
          part.start,
        );
      }
      let number = placeholderNumbers.get(part.reference);
      if (number === undefined) {
        values.push(Array.isArray(value) ? [...(value as string[])] : value);
        number = values.length;
        placeholderNumbers.set(part.reference, number);
      }
      // In parentheses: `$1::text[][1]` would be a cast to a two-dimensional type, not an element.
      placeholders.push(text.length + (type ? 1 : 0));
      text += type ? `($${number}::${type})` : `$${number}`;
    } else if (Array.isArray(value)) {
      // `IN ({{region}})`: one placeholder per value. None selected: in `in (…)` an empty list (no value
      // is in it, every value is not — as PostgreSQL's `= any('{}')` and `<> all('{}')`), else NULL.
      if (value.length === 0) {
        text += list ? mysqlEmptyList : 'NULL';
      } else {
        value.forEach((_, index) => {
          if (index > 0) text += ', ';
          placeholders.push(text.length);
          text += '?';
        });
        values.push(...(value as string[]));
      }
    } else {
      placeholders.push(text.length);
      text += '?';
      values.push(value);
    }
  };

  for (const entry of groups) {
    if (!entry.optional) {
      emit(entry.part);
      continue;
    }
    const inner = entry.parts.filter((part) => part.kind === 'reference');
    // Every reference is looked up, kept or not: an undeclared one is refused either way.
    const innerValues = inner.map((part) => valueOf(part.reference, part.start));
    const holdsUser = inner.some((part) => isUserReference(part.reference));
    const keep = holdsUser || !innerValues.some((value) => isEmptyValue(value));
    if (keep) for (const part of entry.parts) emit(part);
  }

  const templatePosition = (offset: number) => {
    let found: [number, number, number] | undefined;
    for (const segment of segments) {
      if (segment[0] <= offset) found = segment;
      else break;
    }
    if (!found) return 0;
    return found[2] === 0 ? found[1] : found[1] + Math.min(offset - found[0], found[2] - 1);
  };
  return { text, values, references, placeholders, templatePosition };
}

/**
 * A MySQL statement as the driver runs it (decision 037): inside a derived table, where `INTO`, a
 * locking clause or a second statement are syntax errors of the server itself — a wall that does not
 * depend on any parser of ours reading the text as the server does. The statement's own trailing `;`
 * goes; the newlines keep a trailing `-- comment` from swallowing the closing parenthesis. A derived
 * table needs distinct column names (`select a.id, b.id` must name one of them) and may lose the order
 * of an `order by` without `limit` (MariaDB drops it): the outer query keeps no order of its own.
 */
export function wrapForMysql(text: string): string {
  const body = text.replace(/[\s;]+$/, '');
  return `select * from (\n${body}\n) as q`;
}

/**
 * The parameter names a template refers to, in order of first use: the one detector of the editor and
 * the preview, in contracts (it reads quotes and comments as `tokenize` does). Lenient: it never throws.
 */
export { detectParameters } from '@cockpit/contracts';

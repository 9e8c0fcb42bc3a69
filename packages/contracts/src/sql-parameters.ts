// The parameters a report definition's SQL template names (docs/decisions/027-reports-over-own-data.md,
// "The SQL template"): `{{name}}` names a declared parameter, a date range is written `{{range.from}}` /
// `{{range.to}}`, and `{{user.…}}` comes from the signed-in user (never a parameter). One detector for the
// editor and the server's preview, so both offer the same parameters.
//
// It reads quotes and comments as the server's template compiler does (decision 037): a `{{…}}` inside a
// quoted literal, a quoted name, a dollar quote or a comment is text to the database, never a parameter.
// Unlike the compiler it is lenient: it never throws, an unclosed quote or comment runs to the end.

/** The SQL dialect a template is read in: MySQL has `#` comments, backticks and backslash escapes. */
export type SqlTemplateDialect = 'postgres' | 'mysql';

const referencePattern = /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)*$/;

/** A character of an identifier: `ä$1` is one name, and a `$` or `E` inside one starts no quote. */
const isIdentifierChar = (char: string | undefined) =>
  char !== undefined && /[\p{L}\p{N}_$\u0080-\uffff]/u.test(char);

/** A PostgreSQL dollar quote's tag: `$$` or `$tag$`. */
const dollarTag = /^\$(?:[\p{L}_\u0080-\uffff][\p{L}\p{N}_\u0080-\uffff]*)?\$/u;

/** The end of a quoted region opened just before `from` (a doubled quote stays inside), or the text's end. */
function closingQuote(sql: string, quote: string, from: number, backslashEscapes: boolean): number {
  let j = from;
  while (j < sql.length) {
    const char = sql[j];
    if (backslashEscapes && char === '\\') {
      j += 2;
    } else if (char === quote && sql[j + 1] === quote) {
      j += 2;
    } else if (char === quote) {
      return j + 1;
    } else {
      j += 1;
    }
  }
  return sql.length;
}

/**
 * The end of a block comment at `start` (PostgreSQL nests them, MySQL does not), or null when it is not
 * closed. The server's template compiler refuses an unclosed comment; this detector reads it to the end.
 */
export function blockCommentEnd(sql: string, start: number, dialect: SqlTemplateDialect): number | null {
  let depth = 0;
  let j = start;
  while (j < sql.length) {
    if (sql.startsWith('/*', j) && (dialect === 'postgres' || depth === 0)) {
      depth += 1;
      j += 2;
    } else if (sql.startsWith('*/', j)) {
      depth -= 1;
      j += 2;
      if (depth === 0) return j;
    } else {
      j += 1;
    }
  }
  return null;
}

const lineEnd = (sql: string, from: number) => {
  const end = sql.indexOf('\n', from);
  return end === -1 ? sql.length : end;
};

/** Where a quoted region or comment starting at `i` ends, or null when none starts there. */
function skippedRegionEnd(sql: string, i: number, dialect: SqlTemplateDialect): number | null {
  const char = sql[i];
  const next = sql[i + 1];
  if (char === "'") {
    const escapeString =
      dialect === 'mysql' || (/[eE]/.test(sql[i - 1] ?? '') && !isIdentifierChar(sql[i - 2]));
    return closingQuote(sql, "'", i + 1, escapeString);
  }
  if (char === '"') return closingQuote(sql, '"', i + 1, dialect === 'mysql');
  if (char === '`' && dialect === 'mysql') return closingQuote(sql, '`', i + 1, false);
  if (char === '-' && next === '-') return lineEnd(sql, i);
  if (char === '#' && dialect === 'mysql') return lineEnd(sql, i);
  if (char === '/' && next === '*') return blockCommentEnd(sql, i, dialect) ?? sql.length;
  if (char === '$' && dialect === 'postgres' && !isIdentifierChar(sql[i - 1])) {
    const tag = dollarTag.exec(sql.slice(i));
    if (!tag) return null;
    const end = sql.indexOf(tag[0], i + tag[0].length);
    return end === -1 ? sql.length : end + tag[0].length;
  }
  return null;
}

/**
 * The references (`region`, `range.from`, `user.email`) a template writes outside quotes and comments,
 * in order, repeats included; a malformed `{{…}}` is left out.
 */
export function templateReferences(sql: string, dialect: SqlTemplateDialect = 'postgres'): string[] {
  const references: string[] = [];
  let i = 0;
  while (i < sql.length) {
    const skipped = skippedRegionEnd(sql, i, dialect);
    if (skipped !== null) {
      i = skipped;
    } else if (sql[i] === '{' && sql[i + 1] === '{') {
      const end = sql.indexOf('}}', i + 2);
      if (end === -1) break;
      const reference = sql.slice(i + 2, end).trim();
      if (referencePattern.test(reference)) references.push(reference);
      i = end + 2;
    } else if (isIdentifierChar(sql[i])) {
      // A whole name at once: `E'…'` opens an escape string only as a token of its own.
      i += 1;
      while (i < sql.length && isIdentifierChar(sql[i])) i += 1;
    } else {
      i += 1;
    }
  }
  return references;
}

const isUserReference = (reference: string) => reference.startsWith('user.');

/**
 * The parameter names a template refers to, each once, in order of first use (`range.from` → `range`;
 * user references left out): what the SQL editor offers to declare and the preview reports.
 */
export function detectParameters(sql: string, dialect: SqlTemplateDialect = 'postgres'): string[] {
  const names: string[] = [];
  for (const reference of templateReferences(sql, dialect)) {
    if (isUserReference(reference)) continue;
    const name = reference.split('.')[0]!;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

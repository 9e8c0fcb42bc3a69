import type { DataSourceKind } from '@cockpit/contracts';

// The columns a SQL statement's outermost SELECT names, read in the browser before any preview ran, so
// that a chart's axes and a KPI's column can be chosen at once (decision 045). A guess from the text: the
// preview's result columns replace it as soon as there are some.

/** Comments and string literals blanked, template parts (decision 027) made plain values. */
function plain(sql: string): string {
  return sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/\{\{[^}]*\}\}/g, '0')
    .replace(/\[\[|\]\]/g, ' ');
}

/** `text` cut at commas that are outside brackets and quotes. */
function topLevelItems(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === '`') quote = char;
    else if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === ',' && depth === 0) {
      items.push(text.slice(start, at));
      start = at + 1;
    }
  }
  items.push(text.slice(start));
  return items.map((item) => item.trim()).filter(Boolean);
}

/** The select list of the outermost SELECT: from it up to its FROM (or the end), outside brackets. */
function selectList(sql: string): string | null {
  const words = /"[^"]*"|`[^`]*`|[()]|\b(select|from|union|intersect|except|where|group|order|limit)\b|;/gi;
  let depth = 0;
  let start: number | null = null;
  for (const match of sql.matchAll(words)) {
    const token = match[0].toLowerCase();
    if (token === '(') depth += 1;
    else if (token === ')') depth -= 1;
    else if (depth !== 0 || token.startsWith('"') || token.startsWith('`')) continue;
    else if (start === null) {
      if (token === 'select') start = match.index + match[0].length;
    } else if (token !== 'select') return sql.slice(start, match.index);
  }
  return start === null ? null : sql.slice(start);
}

const identifier = String.raw`"(?:[^"]|"")+"|\x60[^\x60]+\x60|[A-Za-z_][\w$]*`;
/** `… AS name`, or `… name` after a value (not after an operator: `a * b` names no column `b`). */
const aliased = new RegExp(String.raw`(?:\bas\s+|[\w")\x60]\s+)(${identifier})\s*$`, 'i');
const qualified = new RegExp(String.raw`^(?:(?:${identifier})\s*\.\s*)*(${identifier})$`);
const call = /^([A-Za-z_]\w*)\s*\(/;

/** A name as the database returns it: quotes removed; unquoted PostgreSQL names in lower case. */
function nameOf(written: string, kind: DataSourceKind): string {
  if (written.startsWith('"')) return written.slice(1, -1).replaceAll('""', '"');
  if (written.startsWith('`')) return written.slice(1, -1);
  return kind === 'mysql' ? written : written.toLowerCase();
}

/**
 * The column names the statement's outermost SELECT returns, in order, as far as the text tells them: an
 * alias, a (qualified) column, or a function's name (what PostgreSQL calls `count(*)`); `*` is skipped.
 */
export function columnsInSql(sql: string, kind: DataSourceKind): string[] {
  const list = selectList(plain(sql));
  if (list === null) return [];
  const names: string[] = [];
  for (const raw of topLevelItems(list.replace(/^\s*(distinct|all)\b/i, ''))) {
    const item = raw.replace(/\s+/g, ' ');
    if (item.endsWith('*')) continue;
    const plainColumn = qualified.exec(item);
    const alias = plainColumn ? null : aliased.exec(item);
    const written = plainColumn?.[1] ?? alias?.[1] ?? null;
    if (written && !/^(end|null|true|false)$/i.test(written)) names.push(nameOf(written, kind));
    else {
      const fn = call.exec(item);
      if (fn) names.push(kind === 'mysql' ? item : fn[1]!.toLowerCase());
    }
  }
  return [...new Set(names)];
}

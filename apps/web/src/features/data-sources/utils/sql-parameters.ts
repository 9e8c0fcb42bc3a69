import { userParameterPrefix } from '@cockpit/contracts';

// The SQL template of decision 027: `{{name}}` names a declared parameter, a date range is written
// `{{range.from}}` / `{{range.to}}`, and `{{user.…}}` comes from the signed-in user (never a parameter).

const reference = /\{\{\s*([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)\s*\}\}/g;

/** The parameters a SQL text refers to, each once, in the order they first appear (`range.from` → `range`). */
export function detectParameters(sql: string): string[] {
  const names = new Set<string>();
  for (const match of sql.matchAll(reference)) {
    const path = match[1] ?? '';
    if (path.startsWith(userParameterPrefix)) continue;
    names.add(path.split('.')[0] ?? path);
  }
  return [...names];
}

/** Whether a parameter is written with `.from` / `.to`: it is a date range. */
export function isWrittenAsRange(sql: string, name: string): boolean {
  for (const match of sql.matchAll(reference)) {
    const path = match[1] ?? '';
    if (path === `${name}.from` || path === `${name}.to`) return true;
  }
  return false;
}

/** Line and column (both 1-based) of a 1-based character position in a text, as an editor shows them. */
export function lineAndColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(position - 1, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

import { templateReferences } from '@cockpit/contracts';

// The SQL template of decision 027 as the editor reads it; which parameters it names is contracts'
// `detectParameters`, shared with the server's preview.

/** Whether a parameter is written with `.from` / `.to` (outside quotes and comments): it is a date range. */
export function isWrittenAsRange(sql: string, name: string): boolean {
  return templateReferences(sql).some(
    (reference) => reference === `${name}.from` || reference === `${name}.to`,
  );
}

/** Line and column (both 1-based) of a 1-based character position in a text, as an editor shows them. */
export function lineAndColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(position - 1, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

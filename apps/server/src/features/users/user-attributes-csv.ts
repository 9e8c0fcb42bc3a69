import {
  type UserAttributesImportError,
  userAttributeKeySchema,
  userAttributesCsvValueSeparator,
  userAttributesSchema,
} from '@cockpit/contracts';
import { parse } from 'csv-parse/sync';

// User attributes from a CSV (decision 027): the header `email,<key>,<key>…`, one row per user, several
// values in a cell split by `|`. Read by csv-parse (quotes, separators and newlines inside quotes), then
// every cell checked; rows count the header as 1, as a spreadsheet shows them.

export interface AttributeRow {
  row: number;
  email: string;
  /** Keys with values to set. */
  set: Record<string, string[]>;
  /** Keys whose cell is empty: removed. */
  removed: string[];
}

export type ParsedAttributesCsv =
  { ok: true; keys: string[]; rows: AttributeRow[] } | { ok: false; errors: UserAttributesImportError[] };

const emailColumn = 'email';
const maxErrors = 100;
const looksLikeEmail = /^[^\s@]+@[^\s@]+$/;

/** `;` for a file saved by a German spreadsheet when its header has no comma; `,` otherwise. */
function separatorOf(csv: string): string {
  const header = csv.slice(0, csv.search(/\r?\n|$/));
  return !header.includes(',') && header.includes(';') ? ';' : ',';
}

export function parseAttributesCsv(csv: string): ParsedAttributesCsv {
  let records: string[][];
  try {
    records = parse(csv, {
      delimiter: separatorOf(csv),
      bom: true,
      trim: true,
      relax_column_count: true,
      skip_empty_lines: true,
    });
  } catch (error) {
    // csv-parse names the line and what it found there (an unclosed quote, say).
    const message = error instanceof Error ? error.message : 'not valid CSV';
    return { ok: false, errors: [{ row: 1, column: '', message: `The file is not valid CSV: ${message}` }] };
  }

  const [header = [], ...body] = records;
  const errors: UserAttributesImportError[] = [];
  const fail = (row: number, column: string, message: string) => {
    if (errors.length < maxErrors) errors.push({ row, column, message });
  };

  if (header[0]?.toLowerCase() !== emailColumn)
    fail(1, header[0] ?? '', `The first column must be "${emailColumn}"`);
  const keys = header.slice(1);
  if (keys.length === 0) fail(1, '', 'The header names no attribute after "email"');
  const seenKeys = new Set<string>();
  keys.forEach((key) => {
    if (!userAttributeKeySchema.safeParse(key).success) {
      fail(1, key, 'An attribute key has 1–63 letters, digits or underscores and starts with a letter');
    } else if (seenKeys.has(key)) {
      fail(1, key, 'This attribute is named twice');
    }
    seenKeys.add(key);
  });
  if (errors.length > 0) return { ok: false, errors };

  const rows: AttributeRow[] = [];
  const seenEmails = new Map<string, number>();
  body.forEach((cells, index) => {
    const row = index + 2;
    if (cells.length !== header.length) {
      fail(row, '', `The row has ${cells.length} cells; the header has ${header.length}`);
      return;
    }
    const email = (cells[0] ?? '').toLowerCase();
    if (!looksLikeEmail.test(email) || email.length > 254) {
      fail(row, emailColumn, 'Not an e-mail address');
      return;
    }
    const earlier = seenEmails.get(email);
    if (earlier !== undefined) fail(row, emailColumn, `This address is in row ${earlier} already`);
    seenEmails.set(email, row);
    const set: Record<string, string[]> = {};
    const removed: string[] = [];
    keys.forEach((key, position) => {
      const values = (cells[position + 1] ?? '')
        .split(userAttributesCsvValueSeparator)
        .map((value) => value.trim())
        .filter((value) => value.length > 0);
      if (values.length === 0) {
        removed.push(key);
        return;
      }
      // The same rules as an administrator's change in Users (contracts: userAttributesSchema).
      const checked = userAttributesSchema.safeParse({ [key]: values });
      if (!checked.success) fail(row, key, checked.error.issues[0]?.message ?? 'Not a valid value');
      else set[key] = values;
    });
    rows.push({ row, email, set, removed });
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, keys, rows };
}

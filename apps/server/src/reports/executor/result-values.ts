// How values and column types of both databases become what a report shows: numbers, text, booleans
// and null; dates as `YYYY-MM-DD`, timestamps as the database writes them. Numeric and 64-bit integers
// become numbers while they fit a double exactly enough for a report, else stay text.

export type ResultValue = string | number | boolean | null;
export type ResultRow = ResultValue[];

/** A column's general kind (what a visual needs) and the database's own type name. */
export type ResultColumnKind = 'number' | 'text' | 'date' | 'timestamp' | 'boolean' | 'json';
export interface ResultColumn {
  name: string;
  kind: ResultColumnKind;
  type: string;
}

const pgTypes: Record<number, [ResultColumnKind, string]> = {
  16: ['boolean', 'boolean'],
  20: ['number', 'bigint'],
  21: ['number', 'smallint'],
  23: ['number', 'integer'],
  26: ['number', 'oid'],
  700: ['number', 'real'],
  701: ['number', 'double precision'],
  790: ['number', 'money'],
  1700: ['number', 'numeric'],
  25: ['text', 'text'],
  1042: ['text', 'character'],
  1043: ['text', 'character varying'],
  19: ['text', 'name'],
  2950: ['text', 'uuid'],
  1082: ['date', 'date'],
  1114: ['timestamp', 'timestamp'],
  1184: ['timestamp', 'timestamp with time zone'],
  1083: ['text', 'time'],
  1266: ['text', 'time with time zone'],
  1186: ['text', 'interval'],
  114: ['json', 'json'],
  3802: ['json', 'jsonb'],
};

export function pgColumn(name: string, dataTypeID: number): ResultColumn {
  const [kind, type] = pgTypes[dataTypeID] ?? ['text', `oid ${dataTypeID}`];
  return { name, kind, type };
}

const numberOrText = (text: string): number | string => {
  const value = Number(text);
  return Number.isFinite(value) && (Number.isSafeInteger(value) || !/^-?\d+$/.test(text)) ? value : text;
};

/**
 * Parsers by type id for node-postgres and PGlite: dates and times stay the text the database sent
 * (no time zone of this server shifts them), numeric and bigint become numbers.
 */
export const pgTextParsers: Record<number, (text: string) => unknown> = {
  1082: (text) => text,
  1114: (text) => text,
  1184: (text) => text,
  1083: (text) => text,
  1266: (text) => text,
  1186: (text) => text,
  114: (text) => text,
  3802: (text) => text,
  20: numberOrText,
  1700: numberOrText,
  790: (text) => text,
};

/** Any value a driver parsed into one a report row holds. */
export function resultValue(value: unknown): ResultValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint')
    return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  return JSON.stringify(value);
}

/**
 * Type ids whose values the parsers above (and node-postgres' and PGlite's own for booleans, integers
 * and text) already give as a string, a finite number, a boolean or null: their cells need no look.
 * Floats are not among them (NaN and Infinity become text), nor arrays, bytea or unknown types.
 */
const primitivePgTypes = new Set([
  16, 20, 21, 23, 26, 1700, 25, 1042, 1043, 19, 2950, 1082, 1114, 1184, 1083, 1266, 1186, 114, 3802, 790,
]);

/**
 * Rows of a PostgreSQL or PGlite result (row mode `array`) as report rows, converted IN PLACE and only in
 * the columns whose type may hold something else: a result of 100,000 rows is not copied once more.
 */
export function pgResultRows(fields: readonly { dataTypeID: number }[], rows: unknown[][]): ResultRow[] {
  const converted: number[] = [];
  fields.forEach((field, position) => {
    if (!primitivePgTypes.has(field.dataTypeID)) converted.push(position);
  });
  if (converted.length > 0) {
    for (const row of rows) for (const position of converted) row[position] = resultValue(row[position]);
  }
  return rows as ResultRow[];
}

// MySQL column types (mysql2's `columnType`).
const mysqlTypes: Record<number, [ResultColumnKind, string]> = {
  0: ['number', 'decimal'],
  1: ['number', 'tinyint'],
  2: ['number', 'smallint'],
  3: ['number', 'int'],
  4: ['number', 'float'],
  5: ['number', 'double'],
  8: ['number', 'bigint'],
  9: ['number', 'mediumint'],
  13: ['number', 'year'],
  16: ['number', 'bit'],
  246: ['number', 'decimal'],
  7: ['timestamp', 'timestamp'],
  12: ['timestamp', 'datetime'],
  10: ['date', 'date'],
  14: ['date', 'date'],
  11: ['text', 'time'],
  245: ['json', 'json'],
  15: ['text', 'varchar'],
  253: ['text', 'varchar'],
  254: ['text', 'char'],
  252: ['text', 'text'],
};

export function mysqlColumn(name: string, columnType: number): ResultColumn {
  const [kind, type] = mysqlTypes[columnType] ?? ['text', `type ${columnType}`];
  return { name, kind, type };
}

/** Rough memory of a row, for the result cache's bound. */
export function rowBytes(row: ResultRow): number {
  let bytes = 16 + row.length * 8;
  for (const value of row) if (typeof value === 'string') bytes += value.length * 2;
  return bytes;
}

import { randomUUID } from 'node:crypto';
import type { ReportCell, ReportData, ReportResponse, ReportTable } from '@cockpit/contracts';
import { forEachSlice, rowsPerSlice } from './in-slices';

/**
 * Table rows already serialised as JSON (decision 009): a large table is written slice by slice, as
 * UTF-8 bytes, and sent as they are — never parsed, validated, stringified or encoded again as a whole
 * (one 8 MB string turned into bytes at once held the event loop for a tenth of a second).
 */
export class SerializedRows {
  private readonly parts: Buffer[] = [];
  private rowCount = 0;

  /** Appends `count` rows (in order) given as their JSON texts joined by commas, without brackets. */
  addText(rows: string, count: number): void {
    if (count === 0) return;
    // The first slice opens the array; each later one continues it after a comma.
    this.parts.push(Buffer.from(`${this.rowCount === 0 ? '[' : ','}${rows}`));
    this.rowCount += count;
  }

  get count(): number {
    return this.rowCount;
  }

  /** `[[cell, …], …]` as UTF-8: exactly what `JSON.stringify(rows)` gives, in pieces. */
  bytes(): Buffer[] {
    return this.rowCount === 0 ? [Buffer.from('[]')] : [...this.parts, Buffer.from(']')];
  }

  values(): ReportCell[][] {
    return JSON.parse(Buffer.concat(this.bytes()).toString('utf8')) as ReportCell[][];
  }
}

/** A report table as the service answers it: rows as values or already serialised. */
export type ReportTableAnswer = Omit<ReportTable, 'rows'> & { rows: ReportCell[][] | SerializedRows };

/** A report's answer: {@link ReportData} whose table rows may be {@link SerializedRows}. */
export type ReportDataAnswer = Omit<ReportData, 'table'> & { table: ReportTableAnswer | null };

/** The answer with its table rows as values (a delivery puts a few rows of the table in a mail). */
export function withRowValues(data: ReportDataAnswer): ReportData {
  const { table } = data;
  if (!table || Array.isArray(table.rows)) return data as ReportData;
  return { ...data, table: { ...table, rows: table.rows.values() } };
}

/** `GET /api/reports/:name` as the report service answers it: table rows may be already serialised. */
export type ReportResponseAnswer = Omit<ReportResponse, 'data'> & { data: ReportDataAnswer | null };

/**
 * The JSON of a report answer as UTF-8 bytes, in pieces to be sent one after the other (decision 009). `serialize` is the route's response
 * serialiser (it checks the answer against the contracts' schema): everything but already serialised
 * table rows goes through it; those rows — up to 100,000 of them, several MB — are put in as the bytes
 * they already are, so the event loop never checks, stringifies, encodes or even copies them as a whole
 * (an 8 MB `Buffer.concat` held it for ~10 ms, and the compression plugin copies a single large chunk
 * once more). Together the pieces are exactly the contract's `ReportResponse`.
 */
export function serializeReportResponse(
  answer: ReportResponseAnswer,
  serialize: (payload: ReportResponse) => string,
): Buffer[] {
  const table = answer.data?.table;
  if (!answer.data || !table || !(table.rows instanceof SerializedRows)) {
    return [Buffer.from(serialize(answer as ReportResponse))];
  }
  // A stand-in row no report text can contain, replaced by the serialised rows afterwards.
  const marker = JSON.stringify([[`rows-${randomUUID()}`]]);
  const text = serialize({
    ...answer,
    data: { ...answer.data, table: { ...table, rows: JSON.parse(marker) as string[][] } },
  });
  const at = text.indexOf(marker);
  if (at < 0) throw new Error('the serialised report answer lost its table rows');
  return [Buffer.from(text.slice(0, at)), ...table.rows.bytes(), Buffer.from(text.slice(at + marker.length))];
}

/**
 * A query report's answer with its table rows serialised (decision 009): more than one slice of rows
 * ({@link rowsPerSlice}) are stringified slice by slice, yielding to other requests in between, and sent
 * as they are by {@link serializeReportResponse}, instead of being checked cell by cell against the
 * response schema and stringified once more as a whole. The bytes are exactly those `JSON.stringify(rows)` gives.
 */
export async function withSerializedTable(data: ReportData): Promise<ReportDataAnswer> {
  const { table } = data;
  if (!table || table.rows.length <= rowsPerSlice) return data;
  const rows = new SerializedRows();
  // `[[…],[…]]` without its outer brackets: the rows joined by commas, as SerializedRows takes them.
  await forEachSlice(table.rows, (slice) => rows.addText(JSON.stringify(slice).slice(1, -1), slice.length));
  return { ...data, table: { ...table, rows } };
}

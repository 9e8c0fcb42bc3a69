import { randomUUID } from 'node:crypto';
import type { ReportData, ReportResponse } from '@cockpit/contracts';
import { type ReportDataAnswer, SerializedRows } from './queries/query-types';

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

/** Rows per JSON.stringify call of {@link withSerializedTable}. */
const serializedSliceRows = 5_000;

/**
 * A query report's answer with its table rows serialised (decision 009, as the built-in reports do): up
 * to 100,000 rows are stringified slice by slice and sent as they are by {@link serializeReportResponse},
 * instead of being checked cell by cell against the response schema and stringified once more as a whole.
 * The bytes are exactly those `JSON.stringify(rows)` gives.
 */
export function withSerializedTable(data: ReportData): ReportDataAnswer {
  const { table } = data;
  if (!table || table.rows.length <= serializedSliceRows) return data;
  const rows = new SerializedRows();
  for (let start = 0; start < table.rows.length; start += serializedSliceRows) {
    const slice = table.rows.slice(start, start + serializedSliceRows);
    // `[[…],[…]]` without its outer brackets: the rows joined by commas, as SerializedRows takes them.
    rows.addText(JSON.stringify(slice).slice(1, -1), slice.length);
  }
  return { ...data, table: { ...table, rows } };
}

import { type ReportData, type ReportResponse, reportResponseSchema } from '@cockpit/contracts';
import { describe, expect, it } from 'vitest';
import { SerializedRows, serializeReportResponse, withRowValues, withSerializedTable } from './report-answer';

// A query report's large table is sent as serialised rows (decision 009), never checked cell by cell
// against the response schema: the bytes must be exactly what the schema's serialiser would have sent.

const dataWith = (
  rows: ReportData['table'] extends infer T ? (T extends { rows: infer R } ? R : never) : never,
): ReportData => ({
  kpis: [],
  charts: [],
  table: {
    columns: [
      { key: 'day', label: 'Day', format: 'date' },
      { key: 'region', label: 'Region', format: 'text' },
      { key: 'amount', label: 'Amount', format: 'currency' },
    ],
    rows,
    totalRows: rows.length,
    truncated: false,
  },
});

const answerOf = (data: Awaited<ReturnType<typeof withSerializedTable>>) => ({
  report: {
    name: 'orders',
    title: 'Orders',
    subTitle: null,
    kind: 'query' as const,

    frameUrl: null,
    externalUrl: null,
  },

  data,
});

describe('withSerializedTable', () => {
  it('serialises a large table slice by slice into exactly the JSON of its rows', async () => {
    const rows = Array.from({ length: 12_345 }, (_, index) => [
      `2026-01-${String((index % 28) + 1).padStart(2, '0')}`,
      index % 3 === 0 ? 'Nord "Süd"\n€' : null,
      index % 7 === 0 ? -0.5 : index * 1.25,
    ]);
    const data = dataWith(rows);
    const serialized = await withSerializedTable(data);
    expect(serialized.table?.rows).toBeInstanceOf(SerializedRows);
    const parts = serializeReportResponse(answerOf(serialized), (payload) =>
      JSON.stringify(reportResponseSchema.parse(payload)),
    );
    const sent = JSON.parse(Buffer.concat(parts).toString('utf8')) as ReportResponse;
    expect(sent.data?.table?.rows).toEqual(rows);
    expect(sent).toEqual(answerOf(data));
    expect(withRowValues(serialized)).toEqual(data);
  });

  it('leaves a small table and an answer without a table as they are', async () => {
    const small = dataWith([['2026-01-01', 'North', 1]]);
    expect(await withSerializedTable(small)).toBe(small);
    const none: ReportData = { kpis: [], charts: [], table: null };
    expect(await withSerializedTable(none)).toBe(none);
  });

  it('lets other requests run between its slices (decision 009)', async () => {
    let otherRequestRan = false;
    setImmediate(() => {
      otherRequestRan = true;
    });
    await withSerializedTable(dataWith(Array.from({ length: 12_345 }, (_, index) => [index])));
    expect(otherRequestRan).toBe(true);
  });
});

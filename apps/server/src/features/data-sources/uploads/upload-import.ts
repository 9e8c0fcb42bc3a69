import { randomBytes } from 'node:crypto';
import { setImmediate as yieldToOtherRequests } from 'node:timers/promises';
import {
  type UploadColumn,
  type UploadErrorDetail,
  type UploadPreviewResponse,
  type UploadResult,
  uploadLimits,
} from '@cockpit/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Actor, recordActivity } from '../../../activity/activity-repository';
import { type Database, runsOnEventLoop } from '../../../db/database';
import { HttpError, badRequest } from '../../../lib/http-error';
import { errorCodes } from '@cockpit/contracts';
import { uploadedTables } from '../data-sources-schema';
import { type UploadRows, tooLarge } from './upload-readers';
import {
  BadValue,
  type CellValue,
  type ValueStyle,
  cellText,
  columnNames,
  inferType,
  parseCell,
  safeIdentifier,
  styleScore,
} from './upload-values';
import {
  type Executor,
  bumpSourceVersion,
  findUploadedTable,
  findUploadsSource,
  quoted,
  uploadsSchemaName,
} from './uploaded-tables-repository';

// Preview and import of an uploaded file (decision 027, uploaded tables). The import reads the file as a
// stream and writes it in batches inside ONE transaction: a bad value anywhere rolls everything back, and
// the server holds one batch at a time, never the file.

/** Rows whose values guess the column types (the preview shows the first `uploadLimits.previewRows`). */
const sampleRows = 1_000;
/** Rows per INSERT: each column is bound as one array (`unnest`), so a batch costs one parameter per column. */
const batchRows = 5_000;

/** A bad value: 400 naming its row (1 = the first data row), column and value; nothing is imported. */
export class UploadValueError extends HttpError {
  constructor(readonly detail: UploadErrorDetail, reason: string) {
    super(
      400,
      errorCodes.badRequest,
      `Row ${detail.row}, column "${detail.column}": "${detail.value.slice(0, 100)}" ${reason}. Nothing was imported.`,
    );
  }
}

const tooManyRows = (maxRows: number) =>
  tooLarge(`The file has more than ${maxRows.toLocaleString('en')} rows. Nothing was imported.`);

/** The first rows, the columns named and typed from a sample; nothing is stored. */
export async function previewUpload(
  upload: UploadRows,
  { valueStyle, fileName }: { valueStyle: ValueStyle | undefined; fileName: string },
): Promise<UploadPreviewResponse> {
  let headers: string[] | null = null;
  const sample: CellValue[][] = [];
  for await (const row of upload.rows) {
    if (headers === null) headers = row.map((cell) => cellText(cell) ?? '');
    else if (sample.length < sampleRows) sample.push(row);
    // CSV: the rest is not needed (the caller drains it). XLSX: the archive is read to its end anyway.
    else if (upload.fileKind === 'csv') break;
  }
  if (headers === null) throw badRequest('The file has no rows');
  const width = Math.max(headers.length, ...sample.map((row) => row.length));
  const names = columnNames(Array.from({ length: width }, (_, index) => headers[index] ?? ''));
  const columnValues = names.map((_, index) => sample.map((row) => row[index] ?? null));
  // Without a choice: the style under which more columns read as numbers and dates; `;` hints German.
  const style: ValueStyle =
    valueStyle ??
    (styleScore(columnValues, 'de') > styleScore(columnValues, 'en') ||
    (upload.separator === ';' && styleScore(columnValues, 'de') === styleScore(columnValues, 'en'))
      ? 'de'
      : 'en');
  return {
    fileKind: upload.fileKind,
    separator: upload.separator,
    encoding: upload.encoding,
    sheets: upload.sheets(),
    sheet: upload.sheet(),
    valueStyle: style,
    columns: names.map((name, index) => ({
      name,
      header: headers[index] ?? '',
      type: inferType(columnValues[index] ?? [], style),
    })),
    rows: sample
      .slice(0, uploadLimits.previewRows)
      .map((row) => names.map((_, index) => cellText(row[index] ?? null))),
    suggestedTableName: safeIdentifier(fileName.replace(/^.*[/\\]/, '').replace(/\.[^.]*$/, ''), 'upload'),
  };
}

const sqlTypes: Record<UploadColumn['type'], string> = {
  integer: 'bigint',
  decimal: 'numeric',
  date: 'date',
  timestamp: 'timestamptz',
  boolean: 'boolean',
  text: 'text',
};

function createTable(schema: string, table: string, columns: readonly UploadColumn[]): SQL {
  const definitions = columns.map((column) => `${quoted(column.name)} ${sqlTypes[column.type]}`).join(', ');
  return sql.raw(`create table ${quoted(schema)}.${quoted(table)} (${definitions})`);
}

/** One batch: each column's values bound as one text array, cast to the column's type. */
function insertBatch(schema: string, table: string, columns: readonly UploadColumn[], values: (string | null)[][]): SQL {
  const names = columns.map((column) => quoted(column.name)).join(', ');
  const casts = columns.map((column, index) => `u.c${index}::${sqlTypes[column.type]}`).join(', ');
  const arrays = sql.join(
    values.map((columnValues) => sql`${sql.param(columnValues)}::text[]`),
    sql`, `,
  );
  const aliases = columns.map((_, index) => `c${index}`).join(', ');
  return sql`${sql.raw(`insert into ${quoted(schema)}.${quoted(table)} (${names}) select ${casts} from unnest(`)}${arrays}${sql.raw(`) as u(${aliases})`)}`;
}

function sameColumns(a: readonly UploadColumn[], b: readonly UploadColumn[]): boolean {
  return a.length === b.length && a.every((column, index) => column.name === b[index]?.name && column.type === b[index]?.type);
}

export interface ImportRequest {
  actor: Actor;
  sourceName: string;
  table: string;
  mode: 'replace' | 'append';
  valueStyle: ValueStyle;
  columns: UploadColumn[];
  maxRows: number;
}

/**
 * Imports the file's rows into the table: `replace` fills a new table and puts it in the old one's place,
 * `append` adds to it (same columns and types). In one transaction with the table's entry, the source's
 * version and the activity entry.
 */
export async function importUpload(db: Database, upload: UploadRows, request: ImportRequest): Promise<UploadResult> {
  const started = performance.now();
  const { actor, table, columns, valueStyle } = request;
  const schema = uploadsSchemaName(actor.organisationId);
  const embedded = runsOnEventLoop(db);
  const names = new Set(columns.map((column) => column.name));
  if (names.size !== columns.length) throw badRequest('Two columns have the same name');

  return db.transaction(async (tx) => {
    // A slow upload leaves the transaction idle between batches longer than the pool allows by default,
    // and replacing a table waits at the end until report queries reading it have finished.
    await tx.execute(sql`set local idle_in_transaction_session_timeout = '10min'`);
    await tx.execute(sql`set local statement_timeout = '2min'`);
    const source = await findUploadsSource(tx, actor.organisationId, request.sourceName);
    const existing = await findUploadedTable(tx, source.id, table);
    const appending = request.mode === 'append' && existing !== null;
    if (appending && !sameColumns(existing.columns, columns)) {
      throw badRequest(`To append, the file's columns and types must be those of the table "${table}"`);
    }
    await tx.execute(sql.raw(`create schema if not exists ${quoted(schema)}`));
    // Replace: a new table under a name of its own, put in place at the end (readers see the old one until then).
    const target = appending ? table : `upload_${randomBytes(8).toString('hex')}`;
    if (!appending) await tx.execute(createTable(schema, target, columns));

    let header: CellValue[] | null = null;
    let imported = 0;
    let batch: (string | null)[][] = columns.map(() => []);
    let batchSize = 0;
    const flush = async () => {
      if (batchSize === 0) return;
      await tx.execute(insertBatch(schema, target, columns, batch));
      batch = columns.map(() => []);
      batchSize = 0;
      // Decision 009: on the embedded database each INSERT runs on this thread; other requests run in between.
      if (embedded) await yieldToOtherRequests();
    };
    for await (const row of upload.rows) {
      if (header === null) {
        header = row;
        if (header.length > columns.length)
          throw badRequest(`The file has ${header.length} columns, the import names ${columns.length}`);
        continue;
      }
      imported += 1;
      if (imported > request.maxRows) throw tooManyRows(request.maxRows);
      for (let index = columns.length; index < row.length; index += 1) {
        const extra = cellText(row[index] ?? null);
        if (extra?.trim()) {
          throw new UploadValueError(
            { row: imported, column: `#${index + 1}`, value: extra },
            'is beyond the last column',
          );
        }
      }
      columns.forEach((column, index) => {
        const value = row[index] ?? null;
        try {
          batch[index]!.push(parseCell(value, column.type, valueStyle));
        } catch (error) {
          if (!(error instanceof BadValue)) throw error;
          throw new UploadValueError(
            { row: imported, column: column.header || column.name, value: cellText(value) ?? '' },
            error.message,
          );
        }
      });
      batchSize += 1;
      if (batchSize >= batchRows) await flush();
    }
    if (header === null) throw badRequest('The file has no rows');
    await flush();

    if (!appending) {
      await tx.execute(sql.raw(`drop table if exists ${quoted(schema)}.${quoted(table)}`));
      await tx.execute(sql.raw(`alter table ${quoted(schema)}.${quoted(target)} rename to ${quoted(table)}`));
    }
    // The last step under the source's lock: concurrent imports into the source count their rows in turn.
    await findUploadsSource(tx, actor.organisationId, request.sourceName, { lock: true });
    const before = appending ? ((await findUploadedTable(tx, source.id, table))?.rows ?? 0) : 0;
    const rowsTotal = before + imported;
    await upsertTable(tx, { organisationId: actor.organisationId, sourceId: source.id, table, columns, rows: rowsTotal });
    await bumpSourceVersion(tx, source.id);
    await recordActivity(tx, actor, [{ action: 'data.table-uploaded', target: `${request.sourceName}.${table}` }]);
    return { table, rowsImported: imported, rowsTotal, milliseconds: Math.round(performance.now() - started) };
  });
}

async function upsertTable(
  tx: Executor,
  entry: { organisationId: string; sourceId: string; table: string; columns: UploadColumn[]; rows: number },
): Promise<void> {
  await tx
    .insert(uploadedTables)
    .values({
      organisationId: entry.organisationId,
      dataSourceId: entry.sourceId,
      name: entry.table,
      columns: entry.columns,
      rowCount: entry.rows,
    })
    .onConflictDoUpdate({
      target: [uploadedTables.dataSourceId, uploadedTables.name],
      set: { columns: entry.columns, rowCount: entry.rows, updatedAt: new Date() },
    });
}

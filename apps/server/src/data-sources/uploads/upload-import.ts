import { randomBytes } from 'node:crypto';
import { setImmediate as yieldToOtherRequests } from 'node:timers/promises';
import {
  type UploadColumn,
  type UploadColumnType,
  type UploadPreviewResponse,
  type UploadResult,
  uploadLimits,
} from '@cockpit/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Actor, recordActivity } from '../../activity';
import { type Database, hasOneSession } from '../../db/database';
import { badRequest } from '../../lib/http-error';
import { uploadedTables } from '../data-sources-schema';
import { UploadValueError, tooLarge } from './upload-errors';
import { TotalsWatch, layoutRows, suggestLayout } from './upload-layout';
import type { UploadRow, UploadRows } from './upload-readers';
import {
  BadValue,
  type CellValue,
  type ValueStyle,
  cellText,
  columnNames,
  inferFormat,
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
// stream and writes it in batches: a bad value anywhere imports nothing, and the server holds one batch
// at a time, never the file.

/** Rows whose values guess the column types (the preview shows the first `uploadLimits.previewRows`). */
const sampleRows = 1_000;
/** Rows per INSERT: each column is bound as one array (`unnest`), so a batch costs one parameter per column. */
const batchRows = 5_000;

export { UploadValueError };

const tooManyRows = (maxRows: number) =>
  tooLarge(`The file has more than ${maxRows.toLocaleString('en')} rows. Nothing was imported.`);

export interface Layout {
  /** Spreadsheet rows 1 to `skipRows` are not read. */
  skipRows: number;
  /** Whether the first row read is the header. */
  headerRow: boolean;
}

/** The header (null without one) and the data rows after the skipped ones. */
async function* tableRows(
  rows: AsyncIterable<UploadRow>,
  layout: Layout,
): AsyncGenerator<{ header: UploadRow | null } | { data: UploadRow }> {
  let started = false;
  for await (const row of rows) {
    if (row.number <= layout.skipRows) continue;
    if (!started) {
      started = true;
      yield { header: layout.headerRow ? row : null };
      if (layout.headerRow) continue;
    }
    yield { data: row };
  }
  if (!started) throw badRequest('The file has no rows after the rows skipped');
}

/**
 * The first rows, the columns named and typed from a sample; nothing is stored. Without a `layout` the
 * suggested one (title rows skipped, header detected) is previewed.
 */
export async function previewUpload(
  upload: UploadRows,
  {
    valueStyle,
    fileName,
    layout: chosen,
  }: { valueStyle: ValueStyle | undefined; fileName: string; layout: Partial<Layout> },
): Promise<UploadPreviewResponse> {
  const iterator = upload.rows[Symbol.asyncIterator]();
  const lead: UploadRow[] = [];
  while (lead.length < layoutRows) {
    const next = await iterator.next();
    if (next.done) break;
    lead.push(next.value);
  }
  if (lead.length === 0) throw badRequest('The file has no rows');
  const suggested = suggestLayout(lead);
  const layout: Layout = {
    skipRows: chosen.skipRows ?? suggested.skipRows,
    headerRow: chosen.headerRow ?? suggested.headerRow,
  };
  async function* all(): AsyncIterable<UploadRow> {
    yield* lead;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }

  let header: CellValue[] | null = null;
  let headerRowNumber: number | null = null;
  const sample: UploadRow[] = [];
  // The last row is held back: it may be a totals row, which neither guesses types nor counts in sums.
  let last: UploadRow | null = null;
  let typed: { style: ValueStyle; types: UploadColumnType[]; watch: TotalsWatch } | null = null;
  const typeSample = (rows: readonly UploadRow[]) => {
    const width = Math.max(header?.length ?? 0, ...rows.map((row) => row.cells.length));
    const values = Array.from({ length: width }, (_, index) => rows.map((row) => row.cells[index] ?? null));
    // Without a choice: the style under which more columns read as numbers and dates; `;` hints German.
    const style: ValueStyle =
      valueStyle ??
      (styleScore(values, 'de') > styleScore(values, 'en') ||
      (upload.separator === ';' && styleScore(values, 'de') === styleScore(values, 'en'))
        ? 'de'
        : 'en');
    const types = values.map((column) => inferType(column, style));
    return { style, types, values };
  };
  for await (const item of tableRows(all(), layout)) {
    if ('header' in item) {
      header = item.header?.cells ?? null;
      headerRowNumber = item.header?.number ?? null;
      continue;
    }
    if (last !== null) {
      if (sample.length < sampleRows) sample.push(last);
      else {
        if (typed === null) {
          const { style, types } = typeSample(sample);
          typed = { style, types, watch: new TotalsWatch(types, style) };
          for (const row of sample) typed.watch.add(row.cells);
        }
        // Read to the end for the last row (the web sends a large CSV's beginning only).
        typed.watch.add(last.cells);
      }
    }
    last = item.data;
  }
  if (header === null && last === null) throw badRequest('The file has no rows after the rows skipped');

  // Small files: the types from all rows but the last, which then is checked for totals.
  let totals: { row: number; label: string | null } | null = null;
  let final = typeSample(sample);
  if (last !== null) {
    const watch =
      typed?.watch ??
      (() => {
        const fresh = new TotalsWatch(final.types, final.style);
        for (const row of sample) fresh.add(row.cells);
        return fresh;
      })();
    const found = watch.totals(last.cells);
    if (found && sample.length > 0) totals = { row: last.number, label: found.label };
    else if (sample.length < sampleRows) {
      sample.push(last);
      final = typeSample(sample);
    }
  }
  const width = Math.max(header?.length ?? 0, final.values.length);
  const names = columnNames(
    Array.from({ length: width }, (_, index) => cellText(header?.[index] ?? null) ?? ''),
  );
  const shown = sample.slice(0, uploadLimits.previewRows);
  return {
    fileKind: upload.fileKind,
    separator: upload.separator,
    encoding: upload.encoding,
    sheets: upload.sheets(),
    sheet: upload.sheet(),
    valueStyle: final.style,
    columns: names.map((name, index) => {
      const type = final.types[index] ?? 'text';
      const format = inferFormat(final.values[index] ?? [], type);
      return { name, header: cellText(header?.[index] ?? null) ?? '', type, ...(format ? { format } : {}) };
    }),
    rows: shown.map((row) => names.map((_, index) => cellText(row.cells[index] ?? null))),
    rowNumbers: shown.map((row) => row.number),
    suggestedTableName: safeIdentifier(fileName.replace(/^.*[/\\]/, '').replace(/\.[^.]*$/, ''), 'upload'),
    skipRows: layout.skipRows,
    headerRow: layout.headerRow,
    suggestedSkipRows: suggested.skipRows,
    suggestedHeaderRow: suggested.headerRow,
    headerRowNumber,
    totalsRow: totals,
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
function insertBatch(
  schema: string,
  table: string,
  columns: readonly UploadColumn[],
  values: (string | null)[][],
): SQL {
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
  return (
    a.length === b.length &&
    a.every((column, index) => column.name === b[index]?.name && column.type === b[index]?.type)
  );
}

export interface ImportRequest {
  actor: Actor;
  sourceName: string;
  table: string;
  mode: 'replace' | 'append';
  valueStyle: ValueStyle;
  columns: UploadColumn[];
  layout: Layout;
  /** Leaves out a last row of totals (`TotalsWatch`). */
  dropTotalsRow: boolean;
  maxRows: number;
}

/** Reads the rows and writes them into `target` in batches; how many data rows there were. */
async function writeRows(
  executor: Executor,
  upload: UploadRows,
  {
    schema,
    target,
    columns,
    valueStyle,
    layout,
    dropTotalsRow,
    maxRows,
    embedded,
  }: {
    schema: string;
    target: string;
    columns: readonly UploadColumn[];
    valueStyle: ValueStyle;
    layout: Layout;
    dropTotalsRow: boolean;
    maxRows: number;
    embedded: boolean;
  },
): Promise<number> {
  let started = false;
  let imported = 0;
  let batch: (string | null)[][] = columns.map(() => []);
  let batchSize = 0;
  const watch = dropTotalsRow
    ? new TotalsWatch(
        columns.map((column) => column.type),
        valueStyle,
      )
    : null;
  const flush = async () => {
    if (batchSize === 0) return;
    await executor.execute(insertBatch(schema, target, columns, batch));
    batch = columns.map(() => []);
    batchSize = 0;
    // Decision 009: on the embedded database each INSERT runs on this thread; other requests run in between.
    if (embedded) await yieldToOtherRequests();
  };
  const write = async ({ number, cells }: UploadRow) => {
    imported += 1;
    if (imported > maxRows) throw tooManyRows(maxRows);
    // Errors name the row as the spreadsheet shows it (skipped rows and the header counted).
    for (let index = columns.length; index < cells.length; index += 1) {
      const extra = cellText(cells[index] ?? null);
      if (extra?.trim()) {
        throw new UploadValueError(
          { row: number, column: `#${index + 1}`, value: extra },
          'is beyond the last column',
        );
      }
    }
    columns.forEach((column, index) => {
      const value = cells[index] ?? null;
      try {
        batch[index]!.push(parseCell(value, column.type, valueStyle));
      } catch (error) {
        if (!(error instanceof BadValue)) throw error;
        throw new UploadValueError(
          { row: number, column: column.header || column.name, value: cellText(value) ?? '' },
          error.message,
        );
      }
    });
    watch?.add(cells);
    batchSize += 1;
    if (batchSize >= batchRows) await flush();
  };
  // With `dropTotalsRow` each row waits for the next: only the last one may be left out.
  let held: UploadRow | null = null;
  for await (const item of tableRows(upload.rows, layout)) {
    if ('header' in item) {
      started = true;
      const width = item.header?.cells.length ?? 0;
      if (width > columns.length)
        throw badRequest(`The file has ${width} columns, the import names ${columns.length}`);
      continue;
    }
    if (watch === null) await write(item.data);
    else {
      if (held !== null) await write(held);
      held = item.data;
    }
  }
  if (!started) throw badRequest('The file has no rows');
  if (held !== null && !watch?.totals(held.cells)) await write(held);
  await flush();
  return imported;
}

/** Staging tables of imports running in this process (PGlite: one process per database). */
const stagingInProcess = new Set<string>();
const stagingName = () => `upload_${randomBytes(8).toString('hex')}`;

/**
 * Imports the file's rows into the table: `replace` fills a new table and puts it in the old one's place,
 * `append` adds to it (same columns and types). The table's entry, the source's version and the activity
 * entry change in the same transaction as the rows; a bad value or a limit imports nothing.
 *
 * PostgreSQL: ONE transaction from the first row to the last. PGlite has a single connection, and an open
 * transaction holds it: every other request's queries (sign-in, menus, reports) would wait for the whole
 * file. There the rows go into a staging table first, batch by batch with other requests' queries in
 * between, and one short transaction at the end puts them in place (a failure drops the staging table).
 */
export async function importUpload(
  db: Database,
  upload: UploadRows,
  request: ImportRequest,
): Promise<UploadResult> {
  const started = performance.now();
  const { actor, table, columns } = request;
  const schema = uploadsSchemaName(actor.organisationId);
  const embedded = hasOneSession(db);
  const names = new Set(columns.map((column) => column.name));
  if (names.size !== columns.length) throw badRequest('Two columns have the same name');
  const write = (executor: Executor, target: string) =>
    writeRows(executor, upload, {
      schema,
      target,
      columns,
      valueStyle: request.valueStyle,
      layout: request.layout,
      dropTotalsRow: request.dropTotalsRow,
      maxRows: request.maxRows,
      embedded,
    });

  /** Whether the rows are added to an existing table; refuses an append of other columns. */
  const appendsTo = async (executor: Executor, sourceId: string) => {
    const existing = await findUploadedTable(executor, sourceId, table);
    if (request.mode !== 'append' || existing === null) return false;
    if (!sameColumns(existing.columns, columns)) {
      throw badRequest(`To append, the file's columns and types must be those of the table "${table}"`);
    }
    return true;
  };

  /** The end of every import, in its transaction: the rows in place, the entry, the version, the activity. */
  const finish = async (
    tx: Executor,
    sourceId: string,
    filled: string | null,
    appending: boolean,
    imported: number,
  ) => {
    if (filled !== null && appending) {
      await tx.execute(
        sql.raw(
          `insert into ${quoted(schema)}.${quoted(table)} select * from ${quoted(schema)}.${quoted(filled)}`,
        ),
      );
      await tx.execute(sql.raw(`drop table ${quoted(schema)}.${quoted(filled)}`));
    } else if (filled !== null) {
      await tx.execute(sql.raw(`drop table if exists ${quoted(schema)}.${quoted(table)}`));
      await tx.execute(sql.raw(`alter table ${quoted(schema)}.${quoted(filled)} rename to ${quoted(table)}`));
    }
    // Under the source's lock: concurrent imports into the source count their rows in turn.
    await findUploadsSource(tx, actor.organisationId, request.sourceName, { lock: true });
    const before = appending ? ((await findUploadedTable(tx, sourceId, table))?.rows ?? 0) : 0;
    const rowsTotal = before + imported;
    await upsertTable(tx, {
      organisationId: actor.organisationId,
      sourceId,
      table,
      columns,
      rows: rowsTotal,
    });
    await bumpSourceVersion(tx, sourceId);
    await recordActivity(tx, actor, [
      { action: 'data.table-uploaded', target: `${request.sourceName}.${table}` },
    ]);
    return {
      table,
      rowsImported: imported,
      rowsTotal,
      milliseconds: Math.round(performance.now() - started),
    };
  };

  if (!embedded) {
    return db.transaction(async (tx) => {
      // A slow upload leaves the transaction idle between batches longer than the pool allows by default,
      // and replacing a table waits at the end until report queries reading it have finished.
      await tx.execute(sql`set local idle_in_transaction_session_timeout = '10min'`);
      await tx.execute(sql`set local statement_timeout = '2min'`);
      const source = await findUploadsSource(tx, actor.organisationId, request.sourceName);
      const appending = await appendsTo(tx, source.id);
      await tx.execute(sql.raw(`create schema if not exists ${quoted(schema)}`));
      // Replace: a new table under a name of its own, put in place at the end (readers see the old one until then).
      const target = appending ? table : stagingName();
      if (!appending) await tx.execute(createTable(schema, target, columns));
      const imported = await write(tx, target);
      return finish(tx, source.id, appending ? null : target, appending, imported);
    });
  }

  const source = await findUploadsSource(db, actor.organisationId, request.sourceName);
  await appendsTo(db, source.id);
  await db.execute(sql.raw(`create schema if not exists ${quoted(schema)}`));
  await dropAbandonedStaging(db, schema, actor.organisationId);
  const staging = stagingName();
  stagingInProcess.add(staging);
  try {
    await db.execute(createTable(schema, staging, columns));
    const imported = await write(db, staging);
    return await db.transaction(async (tx) => {
      // Checked again: the table may have changed while the rows were read.
      const appending = await appendsTo(tx, source.id);
      return finish(tx, source.id, staging, appending, imported);
    });
  } finally {
    await db.execute(sql.raw(`drop table if exists ${quoted(schema)}.${quoted(staging)}`)).catch(() => {});
    stagingInProcess.delete(staging);
  }
}

/**
 * Staging tables a stopped server left behind (PGlite): neither an uploaded table of the organisation nor
 * an import running now. They never were visible data; dropping them tidies the schema.
 */
async function dropAbandonedStaging(db: Database, schema: string, organisationId: string): Promise<void> {
  const result = (await db.execute(
    sql`select t.tablename as name from pg_tables t
        where t.schemaname = ${schema} and t.tablename ~ '^upload_[0-9a-f]{16}$'
          and not exists (
            select 1 from ${uploadedTables} u
            where u.organisation_id = ${organisationId} and u.name = t.tablename
          )`,
  )) as { rows: Array<{ name: string }> };
  for (const { name } of result.rows) {
    if (stagingInProcess.has(name)) continue;
    await db.execute(sql.raw(`drop table if exists ${quoted(schema)}.${quoted(name)}`));
  }
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

import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import {
  isAdministrator,
  type CatalogueReportDefinition,
  type ReportDownloadFormat,
  type UiLanguageName,
  csvByteOrderMark,
  csvDelimiter,
  csvRecordDelimiter,
  csvTextField,
  decimalSeparator,
  effectiveCulture,
} from '@cockpit/contracts';
import ExcelJS from 'exceljs';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { notFound } from '../../lib/http-error';
import {
  DefinitionUnusable,
  type DefinitionRunner,
  type RunStream,
  VisualMisfit,
  cellOf,
  columnOf,
  valueColumnOf,
  executorHttpError,
} from '../../reports';
import { translate } from '../../lib/language';

// Downloads of a query report (decision 027, "Results"): the definition runs for the reader through THE
// executor's `stream` — the same lookup, audiences, values and user attributes as the report page, and
// the same run path (decision 038: the reader's report limits, the source's row limit, the statement
// timeout and the deadline) — and each batch of rows is written into the file while it is sent, so
// memory stays flat. A result cut at the source's row limit ends with a line saying so, as the page does.
// Header labels are in the UI language; values stay numbers and ISO dates so a spreadsheet can compute
// with them — a CSV number rounded to its column's decimals, an XLSX cell with its column's number format. CSV follows the one CSV rule of the contracts (csv-format.ts).

export interface ReportDownloadRequest {
  user: AuthenticatedUser;
  name: string;
  format: ReportDownloadFormat;
  /** `?values=<JSON>` as on the report page. */
  values: string | undefined;
  language: UiLanguageName;
}

export interface ReportDownload {
  fileName: string;
  contentType: string;
  body: Readable;
}

export interface ReportDownloadDeps {
  queryReport(
    user: AuthenticatedUser,
    name: string,
    values: string | undefined,
  ): Promise<{
    stored: Parameters<DefinitionRunner['stream']>[0]['stored'];
    values: Parameters<DefinitionRunner['stream']>[0]['values'];
  }>;
  definitions: Pick<DefinitionRunner, 'stream'>;
}

const contentTypes: Record<ReportDownloadFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Bytes the XLSX writer may get ahead of the client before it waits (the zip's own buffer aside). */
const xlsxHighWater = 1 << 20;

/**
 * The columns a download writes: the table visual's when it names them, else every result column. A
 * column with `translations` writes the reader's language's column, as the page's table does
 * (`valueColumnOf`): a German reader's file has the German names.
 */
function downloadColumns(definition: CatalogueReportDefinition, result: RunStream, language: UiLanguageName) {
  const table = definition.visuals.find((visual) => visual.type === 'table');
  const names =
    table?.type === 'table' && table.columns ? table.columns : result.columns.map((column) => column.name);
  const has = (name: string) => result.columns.some((column) => column.name === name);
  return names.map((name) => {
    if (!has(name)) throw new VisualMisfit(`the result has no column '${name}'`);
    const read = valueColumnOf(name, definition.columns, language, has);
    const position = result.columns.findIndex((column) => column.name === read);
    const source = result.columns[position]!;
    return { position, kind: source.kind, ...columnOf(name, source.type, definition.columns, language) };
  });
}

type DownloadColumn = ReturnType<typeof downloadColumns>[number];

/** Rows of cells in the download's column order, batch by batch. */
async function* cellBatches(result: RunStream, columns: DownloadColumn[]) {
  for await (const batch of result.rows) {
    yield batch.map((row) => columns.map((column) => cellOf(row[column.position], column.format)));
  }
}

/**
 * The decimals a number of a column's format is written with — as the report page shows it (contracts'
 * value-format.ts: integers whole, numbers and amounts with 2, percentages with 1 of the percent, i.e.
 * 3 of the fraction); null: not a number format (text, dates), written as it comes.
 */
function decimalsOf(format: DownloadColumn['format']): number | null {
  switch (format) {
    case 'integer':
      return 0;
    case 'number':
    case 'currency':
      return 2;
    case 'percent':
      return 3;
    default:
      return null;
  }
}

/** A number rounded to its column's decimals (a spreadsheet still computes with it). */
function roundedTo(value: number, decimals: number | null): string {
  return decimals === null ? String(value) : value.toFixed(decimals);
}

/**
 * The XLSX number format of a column's format, so the spreadsheet shows what the page shows: grouping,
 * the format's decimals, the reader's currency symbol where their culture puts it, percentages as such.
 * (Excel writes the grouping and decimal marks of the reader's own spreadsheet.)
 */
function xlsxNumberFormat(format: DownloadColumn['format'], culture: string, currencySymbol: string) {
  const symbol = `"${currencySymbol.replace(/"/g, '')}"`;
  switch (format) {
    case 'integer':
      return '#,##0';
    case 'number':
      return '#,##0.00';
    case 'currency':
      // The culture decides where the symbol goes: "1.234,50 €" in German, "€1,234.50" in English.
      return culture.toLowerCase().startsWith('en') ? `${symbol}#,##0.00` : `#,##0.00 ${symbol}`;
    case 'percent':
      return '0.0%';
    default:
      return null;
  }
}

/** The last line of a file cut at the source's row limit (the page's "cut at N rows"); null when whole. */
const cutNote = (result: RunStream, language: UiLanguageName): string | null => {
  const rows = result.cutAtRows();
  return rows === null
    ? null
    : translate(language, 'reports.info.downloadCutAtRows').replace('{{rows}}', String(rows));
};

function csvBody(
  result: RunStream,
  columns: DownloadColumn[],
  culture: string,
  language: UiLanguageName,
): Readable {
  const decimal = decimalSeparator(culture);
  const delimiter = csvDelimiter(culture);
  // Numbers stay numbers (`-5` is no formula); text is guarded whatever separator the reader's spreadsheet
  // splits on (csv-format.ts).
  const field = (cell: ReturnType<typeof cellOf>, decimals: number | null = null): string => {
    if (cell === null) return '';
    if (typeof cell === 'number') {
      const number = roundedTo(cell, decimals);
      return decimal === ',' ? number.replace('.', ',') : number;
    }
    return csvTextField(cell);
  };
  const decimals = columns.map((column) => decimalsOf(column.format));
  // Each batch of rows becomes one piece of text, cell by cell, with nothing per row kept: the stream
  // holds a few pieces at most, and a 1,000,000-row file leaves little garbage behind.
  const pieces = async function* () {
    yield `${csvByteOrderMark}${columns.map((column) => field(column.label)).join(delimiter)}${csvRecordDelimiter}`;
    for await (const batch of result.rows) {
      let piece = '';
      for (const row of batch) {
        for (let index = 0; index < columns.length; index += 1) {
          const column = columns[index]!;
          if (index > 0) piece += delimiter;
          piece += field(cellOf(row[column.position], column.format), decimals[index]);
        }
        piece += csvRecordDelimiter;
      }
      yield piece;
    }
    const note = cutNote(result, language);
    if (note !== null) yield `${field(note)}${csvRecordDelimiter}`;
  };
  const body = Readable.from(pieces(), { objectMode: false, highWaterMark: 1 << 16 });
  // A client that goes away ends the read: the cursor closes and the connection goes back.
  body.on('close', () => void result.close());
  return body;
}

function xlsxBody(
  result: RunStream,
  columns: DownloadColumn[],
  sheetName: string,
  language: UiLanguageName,
  culture: string,
  currencySymbol: string,
): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || 'Report');
  sheet.columns = columns.map((column) => {
    const numFmt =
      column.kind === 'date' ? 'yyyy-mm-dd' : xlsxNumberFormat(column.format, culture, currencySymbol);
    return {
      key: column.key,
      width: column.format === 'text' ? 24 : 14,
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  sheet.addRow(columns.map((column) => column.label)).commit();
  const write = async () => {
    try {
      for await (const batch of cellBatches(result, columns)) {
        if (output.destroyed) break;
        for (const cells of batch) {
          sheet
            .addRow(
              cells.map((cell, index) =>
                columns[index]!.kind === 'date' &&
                typeof cell === 'string' &&
                /^\d{4}-\d{2}-\d{2}$/.test(cell)
                  ? new Date(`${cell}T00:00:00Z`)
                  : cell,
              ),
            )
            .commit();
        }
        if (output.readableLength > xlsxHighWater) await once(output, 'drain').catch(() => undefined);
      }
      const note = cutNote(result, language);
      if (note !== null) sheet.addRow([note]).commit();
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    } finally {
      await result.close();
    }
  };
  output.on('close', () => void result.close());
  void write();
  return output;
}

export function createReportDownloads(deps: ReportDownloadDeps) {
  return {
    /** Opens the result (errors arrive here, before anything is sent) and the file's stream. */
    async open({ user, name, format, values, language }: ReportDownloadRequest): Promise<ReportDownload> {
      const report = await deps.queryReport(user, name, values);
      // The reader's report limits hold from before the query runs until the file is sent: a step of the
      // run path (decision 038), released when the stream ends or is closed.
      let opened: Awaited<ReturnType<DefinitionRunner['stream']>>;
      try {
        opened = await deps.definitions.stream({
          reader: user,
          stored: report.stored,
          values: report.values,
          purpose: 'download',
          target: name,
        });
      } catch (error) {
        if (error instanceof DefinitionUnusable) throw notFound(`Report '${name}' is not available`);
        // Administrators see the database's own message; everyone else that the data is not available.
        throw executorHttpError(error, isAdministrator(user) ? 'administrator' : 'member');
      }
      let columns: DownloadColumn[];
      try {
        columns = downloadColumns(opened.definition, opened.result, language);
      } catch (error) {
        await opened.result.close();
        if (error instanceof VisualMisfit) throw notFound(`Report '${name}' is not available`);
        throw error;
      }
      const culture = effectiveCulture(user.uiCulture, language);
      const body =
        format === 'csv'
          ? csvBody(opened.result, columns, culture, language)
          : xlsxBody(opened.result, columns, name, language, culture, user.currencySymbol);
      return { fileName: `${name}.${format}`, contentType: contentTypes[format], body };
    },
  };
}

import { Readable } from 'node:stream';
import chardet from 'chardet';
import { parse as parseCsv } from 'csv-parse';
import { parse as parseCsvText } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { HttpError, badRequest } from '../../lib/http-error';
import { csvCellGuard } from './csv-cell-guard';
import { checkCellLength, tooLarge } from './upload-errors';
import type { CellValue } from './upload-values';
import { ArchiveBudget, guardedArchiveInput, readSheetsInWholeCharacters } from './xlsx-archive-guard';

export { tooLarge };

// Reading an uploaded file as rows, as a stream (decision 027, uploaded tables): the file is never held in
// memory, only its first 64 KB (to detect the encoding and separator) and the rows being read. No cell may
// be longer than Excel's own limit, `uploadLimits.maxCellCharacters`: the guards refuse it (naming its row
// and column) before it is gathered, so neither a CSV field nor an XLSX cell can fill the memory.

/** A non-empty row and its number as a spreadsheet shows it (1 = the file's first line or row). */
export interface UploadRow {
  number: number;
  cells: CellValue[];
}

export interface UploadRows {
  fileKind: 'csv' | 'xlsx';
  /** CSV: the detected separator and encoding (null for XLSX). */
  separator: string | null;
  encoding: string | null;
  /** Every non-empty row of the file (XLSX: of the chosen sheet), in order, with its row number. */
  rows: AsyncIterable<UploadRow>;
  /** XLSX: the workbook's sheets and the one read, known once `rows` has started (CSV: none). */
  sheets(): string[];
  sheet(): string | null;
  /** Reads what is left of the upload without keeping it (after an error: the client gets the answer). */
  drain(): Promise<void>;
}

const headBytes = 64 * 1024;
const separators = [';', ',', '\t', '|'] as const;

/** The first `headBytes` of a stream, and the whole stream again (those bytes, then the rest). */
async function peek(
  input: Readable,
): Promise<{ head: Buffer; stream: Readable; drain: () => Promise<void>; failure: () => Error | null }> {
  const iterator = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  let failure: Error | null = null;
  while (length < headBytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  // The stream handed on never fails: a failed upload just ends it, and `failure` says why. (exceljs pipes
  // its input without passing errors on; an ended archive fails its reader instead of stalling it.)
  async function* all() {
    yield* chunks;
    if (done) return;
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
    }
  }
  const drain = async () => {
    try {
      while (!done && !(await iterator.next()).done);
    } catch {
      // The upload itself failed (too large, connection lost): nothing left to read.
    }
    done = true;
  };
  return {
    head: Buffer.concat(chunks),
    stream: Readable.from(all(), { objectMode: false }),
    drain,
    failure: () => failure,
  };
}

/** UTF-8 (with or without its byte order mark) when the head is valid UTF-8; otherwise what chardet says. */
function detectEncoding(head: Buffer): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'UTF-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'UTF-16LE';
  if (head[0] === 0xfe && head[1] === 0xff) return 'UTF-16BE';
  try {
    // `stream: true`: a character cut at the end of the head is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'UTF-8';
  } catch {
    // Not UTF-8: a single-byte Western encoding. chardet tells ISO-8859-1 and Windows-1252 apart poorly;
    // Windows-1252 reads every ISO-8859-1 letter the same, and adds €, „ “ and the like.
    const detected = chardet.detect(head);
    return detected && /^UTF-16(LE|BE)$/.test(detected) ? detected : 'windows-1252';
  }
}

/** The separator that splits the first rows into the same number (more than one) of columns. */
function detectSeparator(text: string): string {
  // Up to the last complete line of the head, so that a cut row does not count.
  const complete = text.includes('\n') ? text.slice(0, text.lastIndexOf('\n')) : text;
  let best: { separator: string; score: number } = { separator: ',', score: -1 };
  for (const separator of separators) {
    let records: string[][];
    try {
      records = parseCsvText(complete, {
        delimiter: separator,
        bom: true,
        to: 50,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
      });
    } catch {
      continue;
    }
    const width = records[0]?.length ?? 0;
    if (width < 2) continue;
    const consistent = records.filter((record) => record.length === width).length;
    // Rows that agree with the header count most; wider splits break ties.
    const score = consistent * 1000 + width;
    if (score > best.score) best = { separator, score };
  }
  return best.separator;
}

const lineEnds = /\r\n|\r|\n/g;

async function* csvRows(stream: Readable, encoding: string, separator: string): AsyncIterable<UploadRow> {
  const guard = csvCellGuard(separator);
  const parser = stream
    .pipe(iconv.decodeStream(encoding))
    .pipe(guard)
    .pipe(
      parseCsv({
        delimiter: separator,
        bom: true,
        relax_column_count: true,
        skip_empty_lines: true,
        skip_records_with_empty_values: true,
        info: true,
      }),
    );
  // `pipe` passes no errors on: a field over the limit ends the parser with the guard's error.
  guard.on('error', (error) => parser.destroy(error));
  // A record's row is its line, less the line ends inside quoted fields so far (a spreadsheet shows such a
  // record as one row, as the cell guard counts).
  let quotedLineEnds = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      for (const field of record) quotedLineEnds += field.match(lineEnds)?.length ?? 0;
      yield { number: info.lines - quotedLineEnds, cells: record };
    }
  } catch (error) {
    // csv-parse names the line and what it found there (an unclosed or stray quote, say).
    if (error instanceof Error && String((error as { code?: unknown }).code).startsWith('CSV_'))
      throw badRequest(`The file is not valid CSV: ${error.message}`);
    throw error;
  }
}

/** exceljs's test for a date number format: d, m, y, h or s outside quotes and brackets. */
function isDateFormat(format: unknown): boolean {
  if (typeof format !== 'string') return false;
  return /[ymdhsb]/i.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** Days since 1899-12-30 (1900 date system) as a UTC date, as exceljs reads stored dates. */
function excelSerialToDate(serial: number): Date {
  return new Date(Math.round((serial - 25_569) * 86_400_000));
}

interface ExcelCell {
  value: unknown;
  numFmt?: unknown;
}

/** An XLSX cell's value: formulas give their stored result, rich text its text, errors their code. */
function cellValue(cell: ExcelCell): CellValue {
  const { value } = cell;
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if ('formula' in object || 'sharedFormula' in object) {
      const result = object.result;
      if (typeof result === 'number' && isDateFormat(cell.numFmt)) return excelSerialToDate(result);
      if (result && typeof result === 'object' && 'error' in result) return String(result.error);
      return cellValue({ value: result ?? null, numFmt: cell.numFmt });
    }
    if (Array.isArray(object.richText))
      // exceljs types a rich text run's text as a string.
      return (object.richText as Array<{ text?: string }>).map((part) => String(part.text ?? '')).join('');
    if ('text' in object) return String(object.text);
    if ('error' in object) return String(object.error);
  }
  // Whatever else a cell holds is written as its string form, '[object Object]' for an unknown object.
  return String(cell.value);
}

interface ExcelRow {
  number: number;
  cellCount: number;
  getCell(column: number): ExcelCell;
}

function xlsxRows(stream: Readable, wanted: string | undefined) {
  const budget = new ArchiveBudget();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream.pipe(guardedArchiveInput(budget)), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  readSheetsInWholeCharacters(reader);
  const seen: string[] = [];
  let chosen: string | null = null;
  let found = false;
  async function* rows(): AsyncIterable<UploadRow> {
    for await (const worksheet of reader) {
      const sheet = worksheet as unknown as AsyncIterable<ExcelRow> & { name: string };
      seen.push(sheet.name);
      const model = (reader as unknown as { model?: { sheets?: Array<{ name: string }> } }).model;
      const first = model?.sheets?.[0]?.name ?? sheet.name;
      if (found || sheet.name !== (wanted ?? first)) {
        // A sheet not wanted is still read to its end: exceljs parks sheets that come before the shared
        // strings in a temporary file, deletes it when the loop moves on, and a reader opened on it but
        // never consumed then fails later as an uncaught ENOENT.
        for await (const row of sheet) void row;
        continue;
      }
      found = true;
      chosen = sheet.name;
      // Every row is read, also when the caller wants only a few: the rest of the file must still be
      // consumed, and stopping a sheet's reader half-way leaves its part of the archive unread.
      for await (const row of sheet) {
        const values: CellValue[] = [];
        for (let column = 1; column <= row.cellCount; column += 1) {
          const value = cellValue(row.getCell(column));
          if (typeof value === 'string') checkCellLength(value, row.number, column);
          values.push(value);
        }
        if (values.some((value) => value !== null && String(value).trim() !== ''))
          yield { number: row.number, cells: values };
      }
    }
    if (!found)
      throw badRequest(wanted ? `The workbook has no sheet named "${wanted}"` : 'The workbook has no sheet');
  }
  async function* readable(): AsyncIterable<UploadRow> {
    // A broken limit of the archive (budget.failure) cuts the parts short: whatever exceljs then says or
    // reads, the limit is the answer.
    try {
      for await (const row of rows()) {
        if (budget.failure) throw budget.failure;
        yield row;
      }
    } catch (error) {
      if (budget.failure) throw budget.failure;
      if (error instanceof HttpError) throw error;
      // A damaged or cut archive (exceljs and its unzip library say little more than that).
      throw badRequest(
        `The XLSX file cannot be read (${error instanceof Error ? error.message : 'damaged'})`,
      );
    }
    if (budget.failure) throw budget.failure;
  }
  return {
    rows: readable(),
    sheets: () => {
      const model = (reader as unknown as { model?: { sheets?: Array<{ name: string }> } }).model;
      return model?.sheets?.map((sheet) => sheet.name) ?? seen;
    },
    sheet: () => chosen,
  };
}

/**
 * The rows, and at their end (or at a reader's error) why the upload itself failed: cut at the size limit
 * (busboy ends the file early and marks it `truncated`) → 413, or the connection's error.
 */
async function* checked(
  rows: AsyncIterable<UploadRow>,
  input: Readable,
  failure: () => Error | null,
  maxBytes: number,
): AsyncIterable<UploadRow> {
  const uploadFailure = () => {
    if ((input as Readable & { truncated?: boolean }).truncated)
      return tooLarge(
        `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB. Nothing was imported.`,
      );
    return failure();
  };
  try {
    yield* rows;
  } catch (error) {
    throw uploadFailure() ?? error;
  }
  const failed = uploadFailure();
  if (failed) throw failed;
}

/** Opens an uploaded CSV or XLSX file (told apart by its first bytes, not its name) as rows. */
export async function readUpload(
  input: Readable,
  options: { sheet?: string | undefined; maxBytes: number },
): Promise<UploadRows> {
  const { head, stream, drain, failure } = await peek(input);
  const guard = (rows: AsyncIterable<UploadRow>) => checked(rows, input, failure, options.maxBytes);
  if (head.length === 0) throw badRequest('The file is empty');
  // XLSX is a ZIP archive; the binary .xls of old Excel versions is an OLE container.
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    const xlsx = xlsxRows(stream, options.sheet);
    return { fileKind: 'xlsx', separator: null, encoding: null, ...xlsx, rows: guard(xlsx.rows), drain };
  }
  if (head.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))) {
    throw badRequest('Old Excel files (.xls) cannot be read: save the file as .xlsx or .csv');
  }
  const encoding = detectEncoding(head);
  const separator = detectSeparator(iconv.decode(head, encoding));
  return {
    fileKind: 'csv',
    separator,
    encoding,
    rows: guard(csvRows(stream, encoding, separator)),
    sheets: () => [],
    sheet: () => null,
    drain,
  };
}

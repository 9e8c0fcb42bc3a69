import { Transform } from 'node:stream';
import { uploadLimits } from '@cockpit/contracts';
import { type HttpError, badRequest } from '../../lib/http-error';
import { CellTooLong, tooLarge } from './upload-errors';

// An XLSX file is a ZIP archive of XML parts; exceljs's streaming reader unpacks it as it arrives, but
// gathers each XML text (a cell, a shared string) whole before handing it on, and keeps every shared
// string. A small file can unpack to gigabytes (one 500 MB cell compresses to 500 KB). This guard sits
// between the unzipper and exceljs's XML parser: the archive may unpack to at most `maxRatio` times the
// bytes read so far (a zip bomb is refused after a few MB, as Apache POI refuses them), no text reaches
// the parser longer than one cell may be plus one character (the cell check then names its row and
// column), and the shared strings together are bounded.

const maxCell = uploadLimits.maxCellCharacters;
/** Unpacked bytes per byte of the file: sheets stay far below (300,000 rows of mixed values: 7), bombs far above. */
export const maxRatio = 100;
/** Unpacked bytes always allowed (small files of tiny parts have ratios of no meaning). */
const ratioGrace = 10 * 1024 * 1024;
/** Characters of all shared strings together: what is kept in memory while the sheet is read. */
export const maxSharedStringCharacters = 64 * 1024 * 1024;
/** A tag with its attributes: real ones are a few hundred bytes. */
const maxTagBytes = 64 * 1024;

/** The parts exceljs parses (the rest is only unpacked, counted and dropped). */
const parsedPart =
  /^(xl\/workbook\.xml|xl\/_rels\/workbook\.xml\.rels|xl\/sharedStrings\.xml|xl\/styles\.xml|xl\/worksheets\/sheet\d+\.xml|xl\/worksheets\/_rels\/sheet\d+\.xml\.rels)$/;

/** What one upload's archive has read and unpacked, and the first limit it broke. */
export class ArchiveBudget {
  compressed = 0;
  unpacked = 0;
  sharedStringCharacters = 0;
  failure: HttpError | null = null;

  fail(error: HttpError): HttpError {
    this.failure ??= error;
    return this.failure;
  }

  unpack(bytes: number): HttpError | null {
    this.unpacked += bytes;
    if (this.unpacked > this.compressed * maxRatio + ratioGrace) {
      return this.fail(
        tooLarge(
          `The XLSX file unpacks to more than ${maxRatio} times its size and is refused (a "zip bomb"). Nothing was imported.`,
        ),
      );
    }
    return null;
  }
}

const lessThan = 0x3c;
const greaterThan = 0x3e;

/**
 * The XML text of one part, with every text shortened to the limit plus one character: per cell (`c`,
 * all its texts but the formula) and per shared string (`si`, all its runs), elsewhere per text. Characters
 * are counted as JavaScript will (a 4-byte UTF-8 sequence is two, an entity at least one, CRLF one), and
 * only whole characters and entities are dropped, so the XML stays well-formed. A shortened cell that is
 * not a string (a 40,000-digit number) fails the upload here, naming it: its shortened value would be wrong.
 */
function xmlTextGuard(part: string, budget: ArchiveBudget): (chunk: Buffer) => Buffer | null {
  const sharedStrings = part === 'xl/sharedStrings.xml';
  let inTag = false;
  // The tag's first bytes (its name and the attributes that matter come first), reused for every tag.
  const tag = Buffer.alloc(1024);
  let tagLength = 0;
  let tagBytes = 0;
  let lastTagByte = 0;
  let entityBytes = 0;
  let quote = 0;
  let count = 0;
  let savedCount = 0;
  let inScope = false;
  let inFormula = false;
  let cellReference = '';
  let cellIsText = true;
  let inEntity = false;
  let dropping = false;
  let afterCarriageReturn = false;
  let start = '';

  const endTag = (): HttpError | null => {
    if (tag[0] === 0x21) return badRequest('The XLSX file holds XML this reader does not accept (<!…>).');
    const closing = tag[0] === 0x2f;
    const selfClosing = lastTagByte === 0x2f;
    // The local name (after a namespace prefix), without making a string of the whole tag.
    let nameStart = closing ? 1 : 0;
    let nameEnd = nameStart;
    while (nameEnd < tagLength && tag[nameEnd]! > 0x20 && tag[nameEnd] !== 0x2f) {
      if (tag[nameEnd] === 0x3a) nameStart = nameEnd + 1;
      nameEnd += 1;
    }
    const name = nameEnd - nameStart <= 2 ? tag.toString('latin1', nameStart, nameEnd) : '';
    if (name === 'c' || name === 'si') {
      count = 0;
      start = '';
      inScope = !closing && !selfClosing;
      if (name === 'c' && !closing) {
        const text = tag.toString('latin1', 0, tagLength);
        cellReference = /\sr\s*=\s*["']([A-Z]+[0-9]+)["']/.exec(text)?.[1] ?? '';
        const type = /\st\s*=\s*["']([a-zA-Z]+)["']/.exec(text)?.[1];
        cellIsText = type === 's' || type === 'str' || type === 'inlineStr';
      }
    } else if (name === 'f' && inScope) {
      // A formula's text is not the cell's value: counted on its own.
      if (!closing && !selfClosing) {
        savedCount = count;
        count = 0;
        inFormula = true;
      } else if (closing && inFormula) {
        count = savedCount;
        inFormula = false;
      }
    } else if (!inScope) {
      count = 0;
    }
    return null;
  };

  const tooLongCell = (): HttpError => {
    const match = /^([A-Z]+)([0-9]+)$/.exec(cellReference);
    if (!match)
      return badRequest(
        `A cell of the XLSX file is longer than ${maxCell.toLocaleString('en')} characters. Nothing was imported.`,
      );
    let column = 0;
    for (const letter of match[1]!) column = column * 26 + letter.charCodeAt(0) - 64;
    return new CellTooLong(Number(match[2]), column, start);
  };

  /** The chunk as the parser may see it; null once a limit is broken (`budget.failure`). */
  return (chunk: Buffer): Buffer | null => {
    if (budget.failure) return null;
    const kept: Buffer[] = [];
    let keptFrom = 0;
    const drop = (index: number) => {
      if (index > keptFrom) kept.push(chunk.subarray(keptFrom, index));
      keptFrom = index + 1;
    };
    for (let index = 0; index < chunk.length; index += 1) {
      const byte = chunk[index]!;
      if (inTag) {
        tagBytes += 1;
        if (tagBytes > maxTagBytes) {
          budget.fail(badRequest('The XLSX file holds an XML tag larger than 64 KB and cannot be read.'));
          return null;
        }
        if (quote !== 0) {
          if (byte === quote) quote = 0;
        } else if (byte === 0x22 || byte === 0x27) {
          quote = byte;
        } else if (byte === greaterThan) {
          inTag = false;
          const failed = endTag();
          if (failed) {
            budget.fail(failed);
            return null;
          }
          continue;
        }
        if (tagLength < tag.length) tag[tagLength++] = byte;
        lastTagByte = byte;
        continue;
      }
      if (byte === lessThan) {
        inTag = true;
        tagLength = 0;
        tagBytes = 0;
        lastTagByte = 0;
        quote = 0;
        inEntity = false;
        afterCarriageReturn = false;
        dropping = false;
        continue;
      }
      // The rest of a character or entity goes where its first byte went.
      if (inEntity || (byte >= 0x80 && byte < 0xc0)) {
        if (byte === 0x3b) inEntity = false;
        // Real entities are short (`&amp;`, `&#x1F600;`); a parser gathers a long one whole.
        else if (inEntity && ++entityBytes > 32) {
          budget.fail(badRequest('The XLSX file holds XML that cannot be read (an entity too long).'));
          return null;
        }
        if (dropping) drop(index);
        continue;
      }
      const lineFeedOfCrlf = byte === 0x0a && afterCarriageReturn;
      afterCarriageReturn = byte === 0x0d;
      if (byte === 0x26) {
        inEntity = true;
        entityBytes = 0;
      }
      if (count > maxCell) {
        dropping = true;
        drop(index);
        if (inScope && !inFormula && !sharedStrings && !cellIsText) {
          budget.fail(tooLongCell());
          return null;
        }
        continue;
      }
      dropping = false;
      if (lineFeedOfCrlf) continue;
      const units = byte >= 0xf0 ? 2 : 1;
      count += units;
      if (start.length < 100 && byte < 0x80) start += String.fromCharCode(byte);
      if (sharedStrings) {
        budget.sharedStringCharacters += units;
        if (budget.sharedStringCharacters > maxSharedStringCharacters) {
          budget.fail(
            tooLarge(
              `The XLSX file's shared strings hold more than ${maxSharedStringCharacters / 1024 / 1024} million characters; save the sheet as CSV to upload it. Nothing was imported.`,
            ),
          );
          return null;
        }
      }
    }
    if (keptFrom < chunk.length) kept.push(keptFrom === 0 ? chunk : chunk.subarray(keptFrom));
    return kept.length === 1 ? kept[0]! : Buffer.concat(kept);
  };
}

interface ZipEntry extends NodeJS.ReadableStream {
  path: string;
  pipe<T extends NodeJS.WritableStream>(destination: T): T;
}

/**
 * One part as exceljs will read it: unpacked bytes counted against the budget, XML parts through the
 * text guard. When a limit is broken the part ends there (exceljs then stops at a cut archive) and
 * `budget.failure` says why.
 */
function guardedEntry(entry: ZipEntry, budget: ArchiveBudget, stopInput: () => void): Transform {
  const filter = parsedPart.test(entry.path) ? xmlTextGuard(entry.path, budget) : null;
  let ended = false;
  let carried: Buffer | null = null;
  const guarded: Transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (ended) return callback();
      const passed = budget.failure || budget.unpack(chunk.length) ? null : filter ? filter(chunk) : chunk;
      if (passed === null) {
        ended = true;
        guarded.push(null);
        stopInput();
        return callback();
      }
      if (!filter) return callback(null, passed);
      // exceljs decodes each piece on its own: a character cut between two pieces would become two
      // replacement characters. Its first bytes wait for the next piece.
      const joined: Buffer = carried ? Buffer.concat([carried, passed]) : passed;
      const complete = wholeCharacters(joined);
      carried = complete < joined.length ? Buffer.from(joined.subarray(complete)) : null;
      callback(null, joined.subarray(0, complete));
    },
    flush(callback) {
      callback(null, ended ? null : carried);
    },
  });
  entry.pipe(guarded);
  // What exceljs asks of an entry besides reading it.
  Object.assign(guarded, {
    path: entry.path,
    autodrain: () => guarded.resume(),
  });
  return guarded;
}

/**
 * A sheet's pieces as exceljs reads them, in whole UTF-8 characters: also a sheet that came before the
 * shared strings, which exceljs parks in a temporary file and reads back in pieces of its own.
 */
export function readSheetsInWholeCharacters(reader: object): void {
  const workbook = reader as {
    _parseWorksheet?: (iterator: AsyncIterable<Buffer | string>, sheetNo: string) => unknown;
  };
  const parseWorksheet = workbook._parseWorksheet;
  // exceljs 4's reader; should a later version lack the method, the reader stays as it is.
  if (typeof parseWorksheet !== 'function') return;
  workbook._parseWorksheet = function (this: unknown, iterator, sheetNo) {
    return parseWorksheet.call(this, inWholeCharacters(iterator), sheetNo);
  };
}

async function* inWholeCharacters(pieces: AsyncIterable<Buffer | string>): AsyncIterable<Buffer | string> {
  let carried: Buffer | null = null;
  for await (const piece of pieces) {
    if (typeof piece === 'string') {
      yield piece;
      continue;
    }
    const joined: Buffer = carried ? Buffer.concat([carried, piece]) : piece;
    const complete = wholeCharacters(joined);
    carried = complete < joined.length ? Buffer.from(joined.subarray(complete)) : null;
    if (complete > 0) yield joined.subarray(0, complete);
  }
  if (carried) yield carried;
}

/** How many bytes of `bytes` end with a whole UTF-8 character (all of them but a cut last one). */
function wholeCharacters(bytes: Buffer): number {
  for (let index = bytes.length - 1; index >= Math.max(0, bytes.length - 4); index -= 1) {
    const byte = bytes[index]!;
    if (byte < 0x80) return bytes.length;
    if (byte >= 0xc0) {
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return bytes.length - index < length ? index : bytes.length;
    }
  }
  return bytes.length;
}

/**
 * The upload's bytes on their way into exceljs, counted; exceljs pipes them into its unzipper, whose
 * entries are swapped for guarded ones as they are handed out (exceljs offers no hook for its parts).
 */
export function guardedArchiveInput(budget: ArchiveBudget): Transform {
  let stopped = false;
  const input: Transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      budget.compressed += chunk.length;
      // After a broken limit the rest of the upload is read and dropped, not unpacked.
      callback(null, stopped ? undefined : chunk);
    },
  });
  const stop = () => {
    if (stopped) return;
    stopped = true;
    input.push(null);
  };
  const pipe = input.pipe.bind(input);
  input.pipe = <T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T => {
    const unzipper = destination as T & { push(chunk: unknown, encoding?: BufferEncoding): boolean };
    const push = unzipper.push.bind(unzipper);
    unzipper.push = (chunk: unknown, encoding?: BufferEncoding) =>
      push(
        chunk !== null && typeof chunk === 'object' && 'path' in chunk && typeof chunk.path === 'string'
          ? guardedEntry(chunk as ZipEntry, budget, stop)
          : chunk,
        encoding,
      );
    return pipe(destination, options);
  };
  return input;
}

import { Transform, type TransformCallback } from 'node:stream';
import { uploadLimits } from '@cockpit/contracts';
import { CellTooLong } from './upload-errors';

/**
 * Counts the characters of each CSV field while the text goes by, before csv-parse gathers it: a field
 * over `uploadLimits.maxCellCharacters` fails the stream with its row (the file's record, the header
 * row being 1, as a spreadsheet numbers it) and column, and no longer field is ever held in memory.
 * Quotes follow RFC 4180 as csv-parse reads them: a quote opening a field quotes it, `""` inside is one.
 */
export function csvCellGuard(separator: string): Transform {
  const limit = uploadLimits.maxCellCharacters;
  let row = 1;
  let column = 1;
  let length = 0;
  let start = '';
  let fieldStart = true;
  let quoted = false;
  let quoteInQuoted = false;
  let afterCarriageReturn = false;
  const endField = () => {
    length = 0;
    start = '';
    fieldStart = true;
  };
  return new Transform({
    decodeStrings: false,
    encoding: 'utf8',
    transform(chunk: string | Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      for (let index = 0; index < text.length; index += 1) {
        const char = text[index]!;
        const carriageReturn = afterCarriageReturn;
        afterCarriageReturn = false;
        if (quoted) {
          if (quoteInQuoted) {
            quoteInQuoted = false;
            if (char !== '"') quoted = false;
          } else if (char === '"') {
            quoteInQuoted = true;
            continue;
          }
        }
        if (!quoted) {
          if (char === separator) {
            column += 1;
            endField();
            continue;
          }
          if (char === '\r' || char === '\n') {
            // CRLF is one line end.
            if (!(char === '\n' && carriageReturn)) row += 1;
            afterCarriageReturn = char === '\r';
            column = 1;
            endField();
            continue;
          }
          if (char === '"' && fieldStart) {
            quoted = true;
            fieldStart = false;
            continue;
          }
        }
        fieldStart = false;
        length += 1;
        if (start.length < 100) start += char;
        if (length > limit) {
          callback(new CellTooLong(row, column, start));
          return;
        }
      }
      callback(null, text);
    },
  });
}

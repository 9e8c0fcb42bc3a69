import { type UploadErrorDetail, errorCodes, uploadLimits } from '@cockpit/contracts';
import { HttpError } from '../../lib/http-error';

/** A bad value: 400 naming its row (as the spreadsheet shows it), column and value; nothing is imported. */
export class UploadValueError extends HttpError {
  constructor(
    readonly detail: UploadErrorDetail,
    reason: string,
  ) {
    super(
      400,
      errorCodes.badRequest,
      `Row ${detail.row}, column "${detail.column}": "${detail.value.slice(0, 100)}" ${reason}. Nothing was imported.`,
    );
  }
}

/** A limit of the upload (size, rows, unpacked size): 413, nothing imported. */
export const tooLarge = (message: string) => new HttpError(413, errorCodes.payloadTooLarge, message);

const maxCell = uploadLimits.maxCellCharacters;

/** A spreadsheet's column letter: 1 → A, 27 → AA. */
export function columnLetter(column: number): string {
  let letters = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * A cell longer than Excel's own limit (32,767 characters, docs/decisions/027-reports-over-own-data.md):
 * refused, CSV and XLSX alike, with the row and column a spreadsheet shows for it (the header is row 1).
 * The guards stop reading a cell one character past the limit, so how long it really is stays unknown.
 */
export class CellTooLong extends UploadValueError {
  constructor(row: number, column: number, text: string) {
    super(
      { row, column: columnLetter(column), value: text.slice(0, 100), tooLong: { limit: maxCell } },
      `is longer than the ${maxCell.toLocaleString('en')} characters a cell may hold`,
    );
  }
}

/** Throws `CellTooLong` for a text over the limit. */
export function checkCellLength(text: string, row: number, column: number): void {
  if (text.length > maxCell) throw new CellTooLong(row, column, text);
}

import type { UploadColumnType } from '@cockpit/contracts';
import type { UploadRow } from './upload-readers';
import { BadValue, type CellValue, type ValueStyle, parseCell } from './upload-values';

// Where a spreadsheet's table is (decision 027, uploaded tables): title rows before the header, whether
// there is a header row, and a last row of totals. Rows are numbered as the spreadsheet shows them.

/** How many rows the header is looked for in. */
export const layoutRows = 30;

const filled = (cells: readonly CellValue[]) =>
  cells.filter((cell) => cell !== null && String(cell).trim() !== '').length;

/** Text that is no number in either style (a header cell or a label). */
function isWord(cell: CellValue): boolean {
  if (typeof cell !== 'string' || cell.trim() === '') return false;
  for (const style of ['en', 'de'] as const) {
    try {
      if (parseCell(cell, 'decimal', style) !== null) return false;
    } catch (error) {
      if (!(error instanceof BadValue)) throw error;
    }
  }
  return true;
}

/**
 * The likely header: the first row with more than one filled cell, after leading rows with one (a title,
 * a note); the rows before it are skipped. It is a header when most of its cells are text, not numbers;
 * otherwise the table starts there without one.
 */
export function suggestLayout(rows: readonly UploadRow[]): { skipRows: number; headerRow: boolean } {
  const first = rows.find((row) => filled(row.cells) > 1) ?? rows[0];
  if (!first) return { skipRows: 0, headerRow: true };
  const words = first.cells.filter(isWord).length;
  return { skipRows: first.number - 1, headerRow: words * 2 > filled(first.cells) };
}

/** Total/Totals/Grand total/Sum/Summe/Gesamt/Gesamtsumme, maybe with a colon or more words after it. */
const totalsLabel = /^(grand\s+)?(totals?|sum|summe|gesamt|gesamtsumme)\b/i;

/**
 * Watches a table's data rows for a last row of totals: its first text cell says Total, Summe, Gesamt or
 * Sum (either language, any case), or each of its numbers is the sum of its column above it.
 */
export class TotalsWatch {
  private readonly sums: (number | null)[];
  private rows = 0;

  constructor(
    private readonly types: readonly UploadColumnType[],
    private readonly style: ValueStyle,
  ) {
    this.sums = types.map((type) => (type === 'integer' || type === 'decimal' ? 0 : null));
  }

  private number(cell: CellValue, index: number): number | null {
    const type = this.types[index];
    if (type !== 'integer' && type !== 'decimal') return null;
    try {
      const bound = parseCell(cell, type, this.style);
      return bound === null ? null : Number(bound);
    } catch (error) {
      if (error instanceof BadValue) return Number.NaN;
      throw error;
    }
  }

  /** A data row above the last one. */
  add(cells: readonly CellValue[]): void {
    this.rows += 1;
    this.sums.forEach((sum, index) => {
      if (sum === null) return;
      const value = this.number(cells[index] ?? null, index);
      if (value !== null) this.sums[index] = Number.isNaN(value) ? null : sum + value;
    });
  }

  /** Whether `cells`, the last row, holds totals; its label (the first text cell) when it says so. */
  totals(cells: readonly CellValue[]): { label: string | null } | null {
    const label = cells.find(isWord);
    if (typeof label === 'string' && totalsLabel.test(label.trim())) return { label: label.trim() };
    if (this.rows < 2) return null;
    let compared = 0;
    for (const [index, sum] of this.sums.entries()) {
      const value = this.number(cells[index] ?? null, index);
      if (value === null) continue;
      if (sum === null || Number.isNaN(value)) return null;
      if (Math.abs(value - sum) > 1e-6 * Math.max(1, Math.abs(sum))) return null;
      compared += 1;
    }
    return compared > 0 ? { label: typeof label === 'string' ? label.trim() : null } : null;
  }
}

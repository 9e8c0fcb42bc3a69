import { csvByteOrderMark, csvDelimiter, csvRecordDelimiter, csvTextField } from '@cockpit/contracts';

/**
 * CSV for spreadsheets in the user's culture (reports and dashboards: "CSV export of exactly what is
 * shown"), by the one CSV rule of the contracts (csv-format.ts) that the server's downloads follow too:
 * delimiter by the culture's decimal separator, a byte-order mark, CRLF, no formulas from text. Numbers
 * here are already formatted text and are left as they are.
 */

export { csvByteOrderMark, csvDelimiter };

export type CsvCell = { text: string; isText: boolean };

function escapeField(cell: CsvCell, delimiter: string): string {
  if (cell.isText) return csvTextField(cell.text);
  const text = cell.text;
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The file's text: a header line, then one line per row, every cell as shown on screen. */
export function toCsv(header: string[], rows: CsvCell[][], culture: string): string {
  const delimiter = csvDelimiter(culture);
  const lines = [
    header.map((label) => escapeField({ text: label, isText: true }, delimiter)).join(delimiter),
    ...rows.map((row) => row.map((cell) => escapeField(cell, delimiter)).join(delimiter)),
  ];
  return `${csvByteOrderMark}${lines.join(csvRecordDelimiter)}${csvRecordDelimiter}`;
}

/** A file name from free text: letters, digits, dots, dashes and underscores only. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return cleaned === '' ? 'export' : cleaned;
}

/**
 * CSV for spreadsheets in the user's culture (reports and dashboards: "CSV export of exactly what is shown"). Where the
 * decimal separator is a comma (de-DE, de-AT, …) fields are separated by semicolons, as Excel expects
 * there; elsewhere by commas. A byte-order mark makes Excel read UTF-8 (€, ä), lines end in CRLF
 * (RFC 4180). Text that a spreadsheet would run as a formula gets a leading apostrophe (OWASP CSV
 * injection); numbers are already formatted text and are left as they are.
 */

export function csvDelimiter(culture: string): ',' | ';' {
  try {
    const decimal = new Intl.NumberFormat(culture).formatToParts(1.5).find((part) => part.type === 'decimal');
    return decimal?.value === ',' ? ';' : ',';
  } catch {
    return ',';
  }
}

const formulaStart = /^[=+\-@\t\r]/;

export type CsvCell = { text: string; isText: boolean };

function escapeField(cell: CsvCell, delimiter: string): string {
  const text = cell.isText && formulaStart.test(cell.text) ? `'${cell.text}` : cell.text;
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvByteOrderMark = '\uFEFF';

/** The file's text: a header line, then one line per row, every cell as shown on screen. */
export function toCsv(header: string[], rows: CsvCell[][], culture: string): string {
  const delimiter = csvDelimiter(culture);
  const lines = [
    header.map((label) => escapeField({ text: label, isText: true }, delimiter)).join(delimiter),
    ...rows.map((row) => row.map((cell) => escapeField(cell, delimiter)).join(delimiter)),
  ];
  return `${csvByteOrderMark}${lines.join('\r\n')}\r\n`;
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

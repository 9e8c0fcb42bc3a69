// THE CSV rule of the cockpit, for the report table's own export (web) and the server's streamed
// downloads of query reports (decision 027): where the culture's decimal separator is a comma (de-DE,
// de-AT, …) fields are separated by semicolons, as Excel expects there, elsewhere by commas; a byte-order
// mark makes Excel read UTF-8 (€, ä); lines end in CRLF (RFC 4180); text a spreadsheet would run as a
// formula gets a leading apostrophe, and text holding either separator is quoted (OWASP CSV injection).

/** The culture's decimal separator (`.` when the culture is unknown). */
export function decimalSeparator(culture: string): '.' | ',' {
  try {
    const decimal = new Intl.NumberFormat(culture).formatToParts(1.5).find((part) => part.type === 'decimal');
    return decimal?.value === ',' ? ',' : '.';
  } catch {
    return '.';
  }
}

export function csvDelimiter(culture: string): ',' | ';' {
  return decimalSeparator(culture) === ',' ? ';' : ',';
}

export const csvByteOrderMark = '\uFEFF';
export const csvRecordDelimiter = '\r\n';

const formulaStart = /^[=+\-@\t\r]/;

/** Text as a spreadsheet may read it: never run as a formula. Numbers are not text and stay as they are. */
export function csvSafeText(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

/**
 * Text never splits into cells: quoted (its quotes doubled) when it holds a quote, a line break, a tab or
 * EITHER separator, whichever this file uses. A reader whose spreadsheet splits on the other one (a `,`
 * file opened where `;` is the list separator) would otherwise see `a;=1+2` as a cell `=1+2`, a formula
 * the leading apostrophe no longer guards.
 */
export function csvTextField(text: string): string {
  const safe = csvSafeText(text);
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

import { describe, expect, it } from 'vitest';
import { csvByteOrderMark, csvDelimiter, safeFileName, toCsv } from './csv';

// Reports and dashboards: the CSV export writes exactly what is shown, in a form spreadsheets of the culture read.

const text = (value: string) => ({ text: value, isText: true });
const number = (value: string) => ({ text: value, isText: false });

describe('toCsv', () => {
  it('uses commas where the decimal separator is a point, quoting fields that contain one', () => {
    expect(csvDelimiter('en-GB')).toBe(',');
    const csv = toCsv(['Month', 'Revenue'], [[text('Jan 2026'), number('€1,234.50')]], 'en-GB');
    expect(csv).toBe(`${csvByteOrderMark}Month,Revenue\r\nJan 2026,"€1,234.50"\r\n`);
  });

  it('uses semicolons where the decimal separator is a comma (de-DE, de-AT)', () => {
    expect(csvDelimiter('de-DE')).toBe(';');
    expect(csvDelimiter('de-AT')).toBe(';');
    const csv = toCsv(['Monat', 'Umsatz'], [[text('Jän. 2026'), number('€ 1.234,50')]], 'de-AT');
    expect(csv).toBe(`${csvByteOrderMark}Monat;Umsatz\r\nJän. 2026;€ 1.234,50\r\n`);
  });

  it('escapes quotes and line breaks (RFC 4180)', () => {
    const csv = toCsv(['Name'], [[text('The "best"\nstore')]], 'en-GB');
    expect(csv).toBe(`${csvByteOrderMark}Name\r\n"The ""best""\nstore"\r\n`);
  });

  it('keeps text from running as a formula, but leaves negative numbers alone', () => {
    const csv = toCsv(['Store', 'Change'], [[text('=HYPERLINK("x")'), number('-12.50')]], 'en-GB');
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")",-12.50`);
  });

  it("quotes text holding either separator, so no spreadsheet's separator splits a formula out of it (OWASP)", () => {
    const cells = ['a;=1+2', 'b,=1+2', '+1+2', '@SUM(A1)', '\t=1', 'plain'].map(text);
    expect(toCsv(['x', 'y', 'z', 'u', 'v', 'w'], [cells], 'en-GB').split('\r\n')[1]).toBe(
      `"a;=1+2","b,=1+2",'+1+2,'@SUM(A1),"'\t=1",plain`,
    );
    expect(toCsv(['x', 'y', 'z', 'u', 'v', 'w'], [cells], 'de-AT').split('\r\n')[1]).toBe(
      `"a;=1+2";"b,=1+2";'+1+2;'@SUM(A1);"'\t=1";plain`,
    );
  });
});

describe('safeFileName', () => {
  it('keeps letters, digits, dots, dashes and underscores', () => {
    expect(safeFileName('totalviewlayout_2026-01-01_2026-11-21')).toBe(
      'totalviewlayout_2026-01-01_2026-11-21',
    );
    expect(safeFileName('Umsatz für Österreich / 2026')).toBe('Umsatz-fur-Osterreich-2026');
    expect(safeFileName('///')).toBe('export');
  });
});

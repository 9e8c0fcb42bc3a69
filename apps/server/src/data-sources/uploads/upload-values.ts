import type { UploadColumnType } from '@cockpit/contracts';

// Reading one cell of an uploaded file as a value of its column's type (decision 027, uploaded tables).
// CSV cells are text written in a value style (`en` "1,234.56" / "2026-12-31", `de` "1.234,56" /
// "31.12.2026"); XLSX cells arrive as numbers, dates and booleans already, whatever the style.

export type ValueStyle = 'en' | 'de';

/** A cell as a reader hands it over: CSV gives text, XLSX also numbers, dates and booleans. */
export type CellValue = string | number | boolean | Date | null;

/** What is bound for the database: text PostgreSQL casts to the column's type, or null. */
export type BoundValue = string | null;

/** `parseCell` could not read a cell as its column's type. */
export class BadValue extends Error {
  override name = 'BadValue';
}

const integerPattern = { en: /^[+-]?(\d{1,3}(,\d{3})+|\d+)$/, de: /^[+-]?(\d{1,3}(\.\d{3})+|\d+)$/ };
const decimalPattern = {
  en: /^[+-]?(\d{1,3}(,\d{3})+|\d*)(\.\d+)?([eE][+-]?\d+)?$/,
  de: /^[+-]?(\d{1,3}(\.\d{3})+|\d*)(,\d+)?([eE][+-]?\d+)?$/,
};
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;
const germanDate = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const isoTimestamp =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
const germanTimestamp = /^(\d{1,2})\.(\d{1,2})\.(\d{4}),?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const trueWords = new Set(['true', 'yes', 'ja', 'wahr', 'y', 'j']);
const falseWords = new Set(['false', 'no', 'nein', 'falsch', 'n']);
const bigintMax = 9_223_372_036_854_775_807n;

const pad = (value: number | string, length = 2) => String(value).padStart(length, '0');

const daysInMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Without a Date object: a million rows read this for each date cell. */
function validDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : daysInMonth[month - 1]!);
}

/** `YYYY-MM-DD` of a date written either way; null when it is no calendar date. */
function readDate(text: string): string | null {
  const iso = isoDate.exec(text);
  const german = iso ? null : germanDate.exec(text);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : german
      ? [Number(german[3]), Number(german[2]), Number(german[1])]
      : [0, 0, 0];
  if (!iso && !german) return null;
  return validDate(year, month, day) ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : null;
}

/** An ISO 8601 timestamp; without an offset the time is taken as UTC (the same on every server). */
function readTimestamp(text: string): string | null {
  const iso = isoTimestamp.exec(text);
  if (iso) {
    const [, year, month, day, hour, minute, second = '00', fraction = '', zone] = iso;
    if (!validDate(Number(year), Number(month), Number(day))) return null;
    if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
    const offset = !zone || zone.toUpperCase() === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
    return `${year}-${month}-${day}T${hour}:${minute}:${second}${fraction}${offset}`;
  }
  const german = germanTimestamp.exec(text);
  if (german) {
    const [, day, month, year, hour, minute, second = '00'] = german;
    if (!validDate(Number(year), Number(month), Number(day))) return null;
    if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
    return `${year}-${pad(month!)}-${pad(day!)}T${pad(hour!)}:${minute}:${second}Z`;
  }
  const date = readDate(text);
  return date ? `${date}T00:00:00Z` : null;
}

/** Currency signs and codes a spreadsheet writes before or after an amount. */
const currencySign = String.raw`(?:€|\$|£|¥|EUR|USD|GBP|CHF|JPY)`;
/** "€ 1.234,50", "-€5", "€ -5", "1.234,50 €", "EUR 1.234,50", "$1,234.50"; the amount in group 2 (sign in 1). */
const currencyPattern = new RegExp(
  String.raw`^(?:([+-]?)\s*${currencySign}\s*([+-]?[\d.,]+)|([+-]?[\d.,]+)\s*${currencySign})$`,
  'i',
);
/** "11,0 %", "11.0%", "-3 %". */
const percentPattern = /^([+-]?[\d.,]+)\s*%$/;

/** How a number cell is written: plain, as a percentage or as an amount of money. */
export type NumberFormat = 'plain' | 'percent' | 'currency';

/**
 * A number cell's format and its plain amount: "11,0 %" → percent "11,0"; "€ 1.234,50" → currency
 * "1.234,50"; anything else is plain, as written.
 */
export function numberFormatOf(text: string): { format: NumberFormat; amount: string } {
  const percent = percentPattern.exec(text);
  if (percent) return { format: 'percent', amount: percent[1]! };
  const currency = currencyPattern.exec(text);
  if (currency) {
    const amount = currency[2] ?? currency[3]!;
    const sign = currency[1] ?? '';
    // "-€ 5" and "€ -5" alike; never two signs.
    if (sign && /^[+-]/.test(amount)) return { format: 'plain', amount: text };
    return { format: 'currency', amount: sign === '-' ? `-${amount}` : amount };
  }
  return { format: 'plain', amount: text };
}

/**
 * A number written in the style, as plain PostgreSQL numeric text ("-1234.56"). A percentage is read as
 * its fraction ("11,0 %" → 0.11, as the `percent` value format shows 0.11 as "11.0 %"); an amount of
 * money as its number.
 */
function readNumber(text: string, style: ValueStyle, integer: boolean): string | null {
  const { format, amount } = numberFormatOf(text);
  if (format === 'plain') return readPlainNumber(text, style, integer);
  // Percentages and amounts are decimals, written without an exponent.
  if (integer || /e/i.test(amount)) return null;
  const plain = readPlainNumber(amount, style, false);
  if (plain === null || format === 'currency') return plain;
  return percentOf(plain);
}

/** "11.0" → "0.110", "-5" → "-0.05": the decimal point moved two places, exactly. */
function percentOf(plain: string): string {
  const negative = plain.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? plain.slice(1) : plain).split('.');
  const digits = whole.padStart(3, '0');
  const shifted = `${digits.slice(0, -2).replace(/^0+(?=\d)/, '')}.${digits.slice(-2)}${fraction}`;
  return negative ? `-${shifted}` : shifted;
}

function readPlainNumber(text: string, style: ValueStyle, integer: boolean): string | null {
  const pattern = integer ? integerPattern[style] : decimalPattern[style];
  if (!pattern.test(text) || !/\d/.test(text)) return null;
  const [thousands, decimalMark] = style === 'de' ? ['.', ','] : [',', '.'];
  const plain = text.split(thousands).join('').replace(decimalMark, '.');
  // Up to 18 digits always fit a bigint; only longer ones need the exact (and slower) check.
  if (integer && plain.replace(/^[+-]/, '').length > 18) {
    const value = BigInt(plain);
    if (value > bigintMax || value < -bigintMax - 1n) return null;
  }
  return plain.startsWith('+') ? plain.slice(1) : plain;
}

function isoOfDate(date: Date): { date: string; timestamp: string; midnight: boolean } {
  const timestamp = date.toISOString();
  return { date: timestamp.slice(0, 10), timestamp, midnight: timestamp.endsWith('T00:00:00.000Z') };
}

/** A cell as text, for the preview and for `text` columns (an XLSX date at midnight is its date). */
export function cellText(value: CellValue): string | null {
  if (value === null) return null;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    const iso = isoOfDate(value);
    return iso.midnight ? iso.date : iso.timestamp;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  return String(value);
}

const typeNames: Record<UploadColumnType, string> = {
  integer: 'a whole number',
  decimal: 'a number',
  date: 'a date',
  timestamp: 'a date and time',
  boolean: 'yes or no',
  text: 'text',
};

/**
 * The cell as bound text for its column, or null when empty. Throws `BadValue` when the cell is not of
 * the type (the import then names its row and column).
 */
export function parseCell(value: CellValue, type: UploadColumnType, style: ValueStyle): BoundValue {
  if (value === null) return null;
  const bad = () => new BadValue(`is not ${typeNames[type]}`);
  if (typeof value === 'string') {
    const text = type === 'text' ? value : value.trim();
    if (text === '') return null;
    switch (type) {
      case 'integer':
      case 'decimal': {
        const number = readNumber(text, style, type === 'integer');
        if (number === null) throw bad();
        return number;
      }
      case 'date': {
        const date = readDate(text);
        if (date === null) throw bad();
        return date;
      }
      case 'timestamp': {
        const timestamp = readTimestamp(text);
        if (timestamp === null) throw bad();
        return timestamp;
      }
      case 'boolean': {
        const word = text.toLowerCase();
        if (trueWords.has(word) || word === '1') return 'true';
        if (falseWords.has(word) || word === '0') return 'false';
        throw bad();
      }
      case 'text':
        return text;
    }
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw bad();
    const iso = isoOfDate(value);
    if (type === 'date') return iso.date;
    if (type === 'timestamp') return iso.timestamp;
    if (type === 'text') return cellText(value);
    throw bad();
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw bad();
    if (type === 'integer') {
      if (!Number.isSafeInteger(value)) throw bad();
      return String(value);
    }
    if (type === 'decimal' || type === 'text') return String(value);
    if (type === 'boolean' && (value === 0 || value === 1)) return value === 1 ? 'true' : 'false';
    throw bad();
  }
  if (type === 'boolean') return value ? 'true' : 'false';
  if (type === 'text') return String(value);
  throw bad();
}

/** The order a column's type is guessed in: the first type every sampled value fits. */
const inferenceOrder: UploadColumnType[] = ['integer', 'decimal', 'date', 'timestamp', 'boolean'];

/** The narrowest type all non-empty sampled values of a column fit; `text` when none (or no values). */
export function inferType(values: readonly CellValue[], style: ValueStyle): UploadColumnType {
  const present = values.filter((value) => cellText(value)?.trim());
  if (present.length === 0) return 'text';
  const fits = (type: UploadColumnType) =>
    present.every((value) => {
      try {
        parseCell(value, type, style);
        return true;
      } catch {
        return false;
      }
    });
  return inferenceOrder.find(fits) ?? 'text';
}

/**
 * A number column's format: `percent` or `currency` when every non-empty text value of the sample is
 * written so (XLSX numbers carry no sign); none otherwise.
 */
export function inferFormat(
  values: readonly CellValue[],
  type: UploadColumnType,
): 'percent' | 'currency' | undefined {
  if (type !== 'decimal') return undefined;
  const texts = values.filter((value): value is string => typeof value === 'string' && value.trim() !== '');
  if (texts.length === 0) return undefined;
  const formats = new Set(texts.map((text) => numberFormatOf(text.trim()).format));
  const [only] = formats;
  return formats.size === 1 && only !== 'plain' ? only : undefined;
}

/** How many columns read as something other than text: how well a value style fits the sample. */
export function styleScore(columns: readonly CellValue[][], style: ValueStyle): number {
  return columns.filter((values) => inferType(values, style) !== 'text').length;
}

const transliterations: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/**
 * A SQL identifier made from file text (a header or a file name): lower-case ASCII letters, digits and
 * `_`, starting with a letter, at most 63 characters (uploadTableNameSchema); `fallback` when nothing is left.
 */
export function safeIdentifier(text: string, fallback: string): string {
  const ascii = text
    .toLowerCase()
    .replace(/[äöüß]/g, (letter) => transliterations[letter] ?? letter)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const named = ascii === '' ? fallback : /^[a-z]/.test(ascii) ? ascii : `c_${ascii}`;
  return named.slice(0, 63).replace(/_+$/, '');
}

/** Column names for the header row: made safe, empty headers numbered, duplicates suffixed `_2`, `_3`… */
export function columnNames(headers: readonly string[]): string[] {
  const used = new Set<string>();
  return headers.map((header, index) => {
    const base = safeIdentifier(header, `column_${index + 1}`);
    let name = base;
    for (let n = 2; used.has(name); n += 1) name = `${base.slice(0, 63 - String(n).length - 1)}_${n}`;
    used.add(name);
    return name;
  });
}

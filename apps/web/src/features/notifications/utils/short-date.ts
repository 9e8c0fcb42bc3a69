/**
 * DESIGN.md §3 "Short date in UI culture": `Intl.DateTimeFormat(uiCulture, { dateStyle: 'short' })`.
 * An unknown culture falls back to en-GB; an unreadable date shows nothing rather than "Invalid Date".
 */
export function createShortDateFormat(culture: string): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(culture, { dateStyle: 'short' });
  } catch {
    return new Intl.DateTimeFormat('en-GB', { dateStyle: 'short' });
  }
}

export function formatShortDate(format: Intl.DateTimeFormat, isoDate: string): string {
  const time = Date.parse(isoDate);
  return Number.isNaN(time) ? '' : format.format(time);
}

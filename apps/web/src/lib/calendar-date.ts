/**
 * A calendar date `YYYY-MM-DD` (a contract's start, say) in the UI culture. It has no time of day, so it
 * is formatted in UTC and never shifts by a day in another time zone. Text that is no such date, or an
 * unknown culture, comes back unchanged rather than as "Invalid Date".
 */
export function formatCalendarDate(isoDate: string, culture: string, dateStyle: 'medium' | 'long' = 'long'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const date = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  try {
    return new Intl.DateTimeFormat(culture, { dateStyle, timeZone: 'UTC' }).format(date);
  } catch {
    return isoDate;
  }
}

// Calendar arithmetic on ISO dates (`YYYY-MM-DD`) in UTC, so no server time zone shifts a day.

const dayMs = 86_400_000;

const toTime = (date: string) => Date.parse(`${date}T00:00:00Z`);
const toIsoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Today's date in UTC: the data set ends here and the date-range presets count from here. */
export function utcToday(now: Date = new Date()): string {
  return toIsoDate(now.getTime());
}

export function addDays(date: string, days: number): string {
  return toIsoDate(toTime(date) + days * dayMs);
}

/** The same day `years` later (29 February → 28 February in a common year). */
export function addYears(date: string, years: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const targetYear = year + years;
  const lastDayOfMonth = new Date(Date.UTC(targetYear, month, 0)).getUTCDate();
  return toIsoDate(Date.UTC(targetYear, month - 1, Math.min(day, lastDayOfMonth)));
}

/** Days from `from` to `to`, both included (0 or less when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toTime(to) - toTime(from)) / dayMs) + 1;
}

export const yearOf = (date: string) => Number(date.slice(0, 4));

/** The first day of the month `months` after the month of `date`. */
export function addMonthsToMonthStart(date: string, months: number): string {
  const [year = 0, month = 1] = date.split('-').map(Number);
  return toIsoDate(Date.UTC(year, month - 1 + months, 1));
}

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  return ((new Date(toTime(date)).getUTCDay() + 6) % 7) + 1;
}

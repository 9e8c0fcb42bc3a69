import type { DateRange, DateRangePreset } from '@cockpit/contracts';
import { addDays, addMonthsToMonthStart, addYears, yearOf } from './calendar';

// The date-range presets of a definition's `date-range` parameter (decision 027), resolved on the server.

/** The dates a preset stands for, counted from `today` (UTC); `all` is the data set's whole range. */
export function presetRange(preset: DateRangePreset, today: string, dataRange: DateRange | null): DateRange {
  switch (preset) {
    case 'last-30-days':
      return { from: addDays(today, -29), to: today };
    case 'last-month':
      // The previous full calendar month: its first day up to the day before this month's first.
      return { from: addMonthsToMonthStart(today, -1), to: addDays(addMonthsToMonthStart(today, 0), -1) };
    case 'last-12-months':
      return { from: addDays(addYears(today, -1), 1), to: today };
    case 'this-year':
      return { from: `${yearOf(today)}-01-01`, to: today };
    case 'last-year':
      return { from: `${yearOf(today) - 1}-01-01`, to: `${yearOf(today) - 1}-12-31` };
    case 'all':
      return dataRange ?? { from: today, to: today };
  }
}

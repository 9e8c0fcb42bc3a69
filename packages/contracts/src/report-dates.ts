import { z } from 'zod';
import type { TranslationKey } from './locales';

// Dates and date ranges of reports, apart from the report answer so that report definitions
// (decision 027) can use them without a cycle.

/** Date-range presets, resolved by the server against today's date (UTC) and the data set's range. */
export const dateRangePresets = [
  'last-30-days',
  'last-month',
  'last-12-months',
  'this-year',
  'last-year',
  'all',
] as const;
export const dateRangePresetSchema = z.enum(dateRangePresets);
export type DateRangePreset = z.infer<typeof dateRangePresetSchema>;

/** The name of each preset (the reports page's range choice, the catalogue's default range). */
export const dateRangePresetLabelKeys = {
  'last-30-days': 'reports.range.last-30-days',
  'last-month': 'reports.range.last-month',
  'last-12-months': 'reports.range.last-12-months',
  'this-year': 'reports.range.this-year',
  'last-year': 'reports.range.last-year',
  all: 'reports.range.all',
} as const satisfies Record<DateRangePreset, TranslationKey>;

/** The longest custom range a report accepts (ten years): bounds the work of one request. */
export const maxReportRangeDays = 3660;

/** A calendar date `YYYY-MM-DD` that really exists (2026-02-30 is refused). */
export const isoDateSchema = z.iso.date({ error: 'must be a date in the form YYYY-MM-DD' });

const toEpochDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** Days from `from` to `to`, both included. */
export function rangeLengthDays(from: string, to: string): number {
  return toEpochDay(to) - toEpochDay(from) + 1;
}

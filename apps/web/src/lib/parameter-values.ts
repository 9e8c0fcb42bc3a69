import type { TFunction } from 'i18next';
import {
  dateRangePresetLabelKeys,
  dateRangePresets,
  rangeLengthDays,
  type DateRangePreset,
  type ParameterValue,
  type ParameterValues,
  type ParameterView,
} from '@cockpit/contracts';
import { formatCalendarDate } from './date-time';

/**
 * Parameter values as a page address keeps them (decision 027): a query report's or a dashboard's values
 * as JSON in `?values=`, e.g. `?values={"period":{"preset":"last-year"},"regions":["North"]}`, so a reload
 * or a shared link shows the same view. The server validates them and answers 400 naming the field.
 */

export const isDateRangePreset = (value: string | undefined | null): value is DateRangePreset =>
  (dateRangePresets as readonly string[]).includes(value ?? '');

export type CustomRangeError = 'required' | 'endBeforeStart' | 'tooLong';

/** The same rules as the server (contracts reportQuerySchema), checked before asking it. */
export function validateCustomRange(from: string, to: string, maxDays: number): CustomRangeError | null {
  const pattern = /^\d{4}-\d{2}-\d{2}$/;
  if (!pattern.test(from) || !pattern.test(to)) return 'required';
  const days = rangeLengthDays(from, to);
  if (Number.isNaN(days)) return 'required';
  if (days < 1) return 'endBeforeStart';
  if (days > maxDays) return 'tooLong';
  return null;
}

/**
 * The values an address holds (`?values=`); anything but a JSON object counts as none here — it still goes
 * to the server as it is, which answers 400 and the page offers the default view.
 */
export function readParameterValues(values: string | undefined): ParameterValues {
  if (!values) return {};
  try {
    const parsed: unknown = JSON.parse(values);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as ParameterValues)
      : {};
  } catch {
    return {};
  }
}

/** The `?values=` after the reader set parameter `name` to `value`; the other values stay as chosen. */
export function withValue(values: string | undefined, name: string, value: ParameterValue): string {
  return JSON.stringify({ ...readParameterValues(values), [name]: value });
}

/** A parameter value as a short text: a range `from – to` or its preset, a list joined. */
export function parameterText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object') {
    const range = value as { from?: string; to?: string; preset?: string };
    return range.preset ?? `${range.from ?? ''} – ${range.to ?? ''}`;
  }
  // Values come from JSON (the query log, a preview's answer): a string as it is, a number or boolean as JSON writes it.
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * A parameter's value as its field shows it (the definition editor's "Values used"): a range preset by its
 * name ("Last 12 months"), a custom range as two dates, a choice by its option's label.
 */
export function parameterValueLabel(
  parameter: Pick<ParameterView, 'value' | 'options'>,
  t: TFunction,
  culture: string,
): string {
  const { value, options } = parameter;
  const labelOf = (item: unknown) =>
    options?.find((option) => option.value === item)?.label ?? parameterText(item);
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(labelOf).join(', ');
  if (value !== null && typeof value === 'object') {
    const range = value as { from?: string; to?: string; preset?: string };
    if (isDateRangePreset(range.preset)) return t(dateRangePresetLabelKeys[range.preset]);
    if (range.from && range.to) {
      return `${formatCalendarDate(range.from, culture, 'medium')} – ${formatCalendarDate(range.to, culture, 'medium')}`;
    }
  }
  return labelOf(value);
}

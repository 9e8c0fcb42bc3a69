import type { TFunction } from 'i18next';
import type { UploadColumnType } from '@cockpit/contracts';
import { isApiRequestError } from '../../../lib/api-client';

// Static keys: checks/locale-keys.test.ts finds them and checks that every language has them.

export const uploadTypeLabelKeys: Record<UploadColumnType, string> = {
  integer: 'management.data.upload.type.integer',
  decimal: 'management.data.upload.type.decimal',
  date: 'management.data.upload.type.date',
  timestamp: 'management.data.upload.type.timestamp',
  boolean: 'management.data.upload.type.boolean',
  text: 'management.data.upload.type.text',
};

/** The CSV separators the server detects, by name. */
export const separatorLabelKeys: Record<string, string> = {
  ';': 'management.data.upload.separator.semicolon',
  ',': 'management.data.upload.separator.comma',
  '\t': 'management.data.upload.separator.tab',
  '|': 'management.data.upload.separator.pipe',
};

/** The formats a number column of a file may be written in. */
export const uploadFormatLabelKeys: Record<'percent' | 'currency', string> = {
  percent: 'management.data.upload.format.percent',
  currency: 'management.data.upload.format.currency',
};

type BadValue = { row: number; column: string; value: string; tooLongLimit: number | null };

export function badValueOf(detail: unknown): BadValue | null {
  if (typeof detail !== 'object' || detail === null) return null;
  const { row, column, value, tooLong } = detail as Record<string, unknown>;
  const limit =
    typeof tooLong === 'object' && tooLong !== null ? (tooLong as { limit?: unknown }).limit : undefined;
  return typeof row === 'number' && typeof column === 'string' && typeof value === 'string'
    ? { row, column, value, tooLongLimit: typeof limit === 'number' ? limit : null }
    : null;
}

/**
 * What a failed preview or import says: a bad value by its row and column (nothing was imported), a cell
 * over the cell limit by its row and column letter, a file over the limits, else the server's own 400
 * message (it names the rule) or a general failure.
 */
export function uploadErrorText(t: TFunction, error: unknown): string {
  if (!isApiRequestError(error)) return t('management.data.upload.unreachable');
  const bad = badValueOf(error.detail);
  if (error.status === 400 && bad?.tooLongLimit != null) {
    return t('management.data.upload.cellTooLong', {
      row: bad.row,
      column: bad.column,
      limit: bad.tooLongLimit,
    });
  }
  if (error.status === 400 && bad) {
    return t('management.data.upload.badValue', {
      row: bad.row,
      column: bad.column,
      value: bad.value.slice(0, 100),
    });
  }
  if (error.status === 413) return t('management.data.upload.tooLarge', { message: error.message });
  if (error.status === 400 || error.status === 415) return error.message;
  if (error.status === 404) return t('management.data.errors.gone');
  return t('management.errors.saveFailed');
}

import type { TFunction } from 'i18next';
import { isApiRequestError } from '../../../lib/api-client';

/**
 * What a failed data call shows: a 400's own message (it names the rule: a host that is not allowed, a
 * statement that is not one SELECT), translated texts for the other answers.
 */
export function dataErrorMessage(t: TFunction, error: unknown): string {
  if (isApiRequestError(error)) {
    if (error.status === 400) return error.message;
    if (error.status === 409) return t('management.data.errors.exists');
    if (error.status === 404) return t('management.data.errors.gone');
    if (error.status === 503) return error.message || t('management.data.errors.unavailable');
  }
  return t('management.errors.saveFailed');
}

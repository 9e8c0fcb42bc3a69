import type { TFunction } from 'i18next';
import { isApiRequestError } from '../../../lib/api-client';

/**
 * What a failed catalogue call shows next to its form: a 400's own message, which names the field or the
 * JSON path of the first problem ("Invalid catalogue at $.menu[0].items[2].report.url: must be an http(s)
 * URL"); translated texts for the other answers.
 */
export function serverErrorMessage(t: TFunction, error: unknown): string {
  if (isApiRequestError(error)) {
    if (error.status === 400) return error.message;
    if (error.status === 409) return t('management.catalogue.errors.exists');
    if (error.status === 404) return t('management.catalogue.errors.gone');
    if (error.status === 413) return t('management.catalogue.errors.tooLarge');
  }
  return t('management.errors.saveFailed');
}

/** A 409: the name (or layout id) is taken — shown on that field. */
export function isConflict(error: unknown): boolean {
  return isApiRequestError(error) && error.status === 409;
}

import type { TFunction } from 'i18next';
import { isApiRequestError } from './api-client';

/**
 * The translation keys a form shows for the server's refusals other than 400: a name that is taken (409),
 * a thing that is gone (404), and where the feature has them a file too large (413) or a data source
 * that cannot be reached (503, whose own message says why when it has one).
 */
export type ServerErrorTexts = { exists: string; gone: string; tooLarge?: string; unavailable?: string };

/**
 * What a failed management call shows next to its form: a 400's own message, which names the rule or the
 * field ("Invalid catalogue at $.menu[0].items[2].report.url: must be an http(s) URL", a statement that
 * is not one SELECT); the feature's translated texts for the other answers.
 */
export function serverErrorMessage(t: TFunction, error: unknown, texts: ServerErrorTexts): string {
  if (isApiRequestError(error)) {
    if (error.status === 400) return error.message;
    if (error.status === 409) return t(texts.exists);
    if (error.status === 404) return t(texts.gone);
    if (error.status === 413 && texts.tooLarge) return t(texts.tooLarge);
    if (error.status === 503 && texts.unavailable) return error.message || t(texts.unavailable);
  }
  return t('management.errors.saveFailed');
}

/** A 409: the name (or layout id) is taken — shown on that field. */
export function isConflict(error: unknown): boolean {
  return isApiRequestError(error) && error.status === 409;
}

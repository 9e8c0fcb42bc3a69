import type { TFunction } from 'i18next';
import { errorCodes, newPasswordSchema, passwordMaxLength, passwordMinLength } from '@cockpit/contracts';
import { isApiRequestError } from './api-client';

/**
 * The messages for a new password, wherever one is set (the user's own change, the forced change after a
 * one-time password, an administrator's creation or reset; decision 022). The length rules come from
 * the contracts' schema, checked here before sending; the list of common passwords and the strength
 * estimator stay on the server (they do not belong in the browser's download), which answers
 * `COMMON_PASSWORD`, `PERSONAL_PASSWORD` or `GUESSABLE_PASSWORD` — each shown with its reason.
 */
export function newPasswordLengthMessage(t: TFunction, password: string): string | null {
  const parsed = newPasswordSchema.safeParse(password);
  if (parsed.success) return null;
  return parsed.error.issues.some((issue) => issue.code === 'too_big')
    ? t('password.error.tooLong', { count: passwordMaxLength })
    : t('password.error.tooShort', { count: passwordMinLength });
}

/** The message for a new password the server refused by its rules, or null for any other failure. */
export function refusedPasswordMessage(t: TFunction, error: unknown): string | null {
  if (!isApiRequestError(error)) return null;
  if (error.code === errorCodes.commonPassword) return t('password.error.common');
  if (error.code === errorCodes.personalPassword) return t('password.error.personal');
  if (error.code === errorCodes.guessablePassword) return t('password.error.guessable');
  if (error.code === errorCodes.passwordUnchanged) return t('password.error.unchanged');
  return null;
}

/** The rules as one sentence, shown next to every new-password field. */
export function passwordRulesText(t: TFunction): string {
  return t('password.rules', { min: passwordMinLength, max: passwordMaxLength });
}

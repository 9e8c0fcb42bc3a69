import { z } from 'zod';
import { newPasswordSchema, passwordMaxLength } from './auth';
import { automaticCulture } from './languages';
import { uiLanguageNameSchema } from './localization';
import { roleKeySchema, subscriptionSchema } from './roles';

/** docs/product.md §3 User settings: `uiLanguage` has a name and a twoLetterISOlanguageName. */
export const uiLanguageSchema = z.object({
  name: uiLanguageNameSchema,
  twoLetterISOlanguageName: z.enum(['en', 'de']),
});
export type UiLanguage = z.infer<typeof uiLanguageSchema>;

/** Cultures offered for dates and numbers (docs/product.md §D.3 Settings page). */
export const uiCultures = ['en-GB', 'en-US', 'de-DE', 'de-AT', 'de-CH'] as const;
export const uiCultureSchema = z.enum(uiCultures);
export type UiCulture = z.infer<typeof uiCultureSchema>;
/**
 * What a user chooses: a culture, or `auto` — "Automatic (follows the language)", the default
 * (docs/decisions/029; `effectiveCulture` in languages.ts turns it into a culture).
 */
export const uiCultureChoices = [automaticCulture, ...uiCultures] as const;
export const uiCultureChoiceSchema = z.enum(uiCultureChoices);
export type UiCultureChoice = z.infer<typeof uiCultureChoiceSchema>;

export const accountSettingsSchema = z.object({
  uiLanguage: uiLanguageSchema,
  /** The choice; `auto` follows `uiLanguage`. The web app sends the resulting culture as `cultureName`. */
  uiCulture: uiCultureChoiceSchema,
  currencySymbol: z.string().min(1).max(8),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

export const userSettingsSchema = z.object({
  accountSettings: accountSettingsSchema,
  roleKey: roleKeySchema,
  /** The role's label, in the request's language. */
  role: z.string(),
  subscription: subscriptionSchema,
  userDisplayName: z.string(),
  availableUiLanguages: z.array(uiLanguageSchema),
  userId: z.string(),
  email: z.string(),
  organisationName: z.string(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** Longest display name the settings page accepts. */
export const displayNameMaxLength = 100;
/** Longest currency symbol (`CHF`, `US$`, …). */
export const currencySymbolMaxLength = 8;

// Printable text only: no control characters (line breaks, NUL, bidi overrides would break the header).
// eslint-disable-next-line no-control-regex
const printable = /^[^\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]*$/;

/**
 * `PUT /api/user/settings` body (docs/product.md §D.3 Settings page; the menu header's language dropdown sends
 * the same with only the language changed). Answered with the whole {@link userSettingsSchema}.
 */
export const userSettingsUpdateSchema = z.object({
  uiLanguage: uiLanguageNameSchema,
  uiCulture: uiCultureChoiceSchema,
  currencySymbol: z
    .string()
    .trim()
    .min(1)
    .max(currencySymbolMaxLength)
    .regex(printable, 'must not contain control characters'),
  displayName: z
    .string()
    .trim()
    .min(1)
    .max(displayNameMaxLength)
    .regex(printable, 'must not contain control characters'),
});
export type UserSettingsUpdate = z.infer<typeof userSettingsUpdateSchema>;

/**
 * `POST /api/user/password` body: the current password (required, checked by the server) and the new
 * one under the password rules of `newPasswordSchema`. A wrong current password answers 400
 * `INVALID_CURRENT_PASSWORD`; success answers 204 and ends the user's other sessions.
 */
export const passwordChangeSchema = z.object({
  currentPassword: z.string().min(1).max(passwordMaxLength),
  newPassword: newPasswordSchema,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

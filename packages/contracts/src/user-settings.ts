import { z } from 'zod';
import { uiLanguageNameSchema } from './localization';
import { roleKeySchema, subscriptionSchema } from './roles';

/** spec §3 User settings: `uiLanguage` has a name and a twoLetterISOlanguageName. */
export const uiLanguageSchema = z.object({
  name: uiLanguageNameSchema,
  twoLetterISOlanguageName: z.enum(['en', 'de']),
});
export type UiLanguage = z.infer<typeof uiLanguageSchema>;

/** Cultures offered for dates and numbers (DESIGN.md §3 Settings page). */
export const uiCultures = ['en-GB', 'en-US', 'de-DE', 'de-AT', 'de-CH'] as const;
export const uiCultureSchema = z.enum(uiCultures);
export type UiCulture = z.infer<typeof uiCultureSchema>;

export const accountSettingsSchema = z.object({
  uiLanguage: uiLanguageSchema,
  uiCulture: uiCultureSchema,
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

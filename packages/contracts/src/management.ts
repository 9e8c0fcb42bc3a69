import { z } from 'zod';
import { bannerContentSchema } from './banner-messages';
import { newPasswordSchema } from './auth';
import { withClientBody, withClientQuery } from './client-params';
import { uiLanguageNameSchema } from './localization';
import { userAttributesSchema } from './report-definitions';
import { roleKeySchema, subscriptionSchema } from './roles';
import { userSettingsUpdateSchema } from './user-settings';

export const idParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** An instant as ISO 8601 text with offset (`2025-01-31T09:00:00.000Z`). */
const isoInstant = z.iso.datetime({ offset: true });

// ---------------------------------------------------------------- users

export const managedUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  roleKey: roleKeySchema,
  subscription: subscriptionSchema,
  uiLanguage: uiLanguageNameSchema,
  active: z.boolean(),
  createdAt: z.string(),
  /** The administrator looking at the list: they cannot deactivate themselves or change their own role. */
  isSelf: z.boolean(),
  /** Bound as `{{user.attributes.<key>}}` in report definitions (decision 027); `{}` when none. */
  attributes: userAttributesSchema,
  /** The keys of `attributes` taken from single-sign-on claims at the last sign-in: not edited by hand. */
  attributesFromSingleSignOn: z.array(z.string()),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const managedUsersPageSize = 25;

export const managedUsersQuerySchema = withClientQuery({
  /** Part of the name or e-mail, case-insensitive. */
  search: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(managedUsersPageSize),
});
export type ManagedUsersQuery = z.input<typeof managedUsersQuerySchema>;

export const managedUsersResponseSchema = z.object({
  items: z.array(managedUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ManagedUsersResponse = z.infer<typeof managedUsersResponseSchema>;

/** The same rules as the display name a user sets on the settings page. */
const userNameSchema = userSettingsUpdateSchema.shape.displayName;

export const newUserSchema = z.object({
  name: userNameSchema,
  email: z.email('must be an e-mail address').max(254),
  /** The initial password, under the password rules of every password (security hardening: 12–128 characters). */
  password: newPasswordSchema,
  roleKey: roleKeySchema,
  subscription: subscriptionSchema,
  uiLanguage: uiLanguageNameSchema,
});
export type NewUserInput = z.infer<typeof newUserSchema>;
export const newUserBodySchema = withClientBody(newUserSchema.shape);

export const userChangesSchema = z.object({
  name: userNameSchema.optional(),
  roleKey: roleKeySchema.optional(),
  subscription: subscriptionSchema.optional(),
  /**
   * The attributes an administrator sets by hand, as a whole: they replace the manual ones; keys taken
   * from single sign-on stay and cannot be set here.
   */
  attributes: userAttributesSchema.optional(),
});
export type UserChanges = z.infer<typeof userChangesSchema>;
export const userChangesBodySchema = withClientBody(userChangesSchema.shape).refine(
  (body) =>
    body.name !== undefined ||
    body.roleKey !== undefined ||
    body.subscription !== undefined ||
    body.attributes !== undefined,
  { message: 'name, roleKey, subscription or attributes is required' },
);

// ---------------------------------------------------------------- user attributes by CSV (decision 027)

/** The most a CSV of user attributes may hold, in characters. */
export const userAttributesCsvMaxLength = 1_000_000;
/** Several values in one cell: `North|South`. */
export const userAttributesCsvValueSeparator = '|';

/**
 * `POST /api/management/users/attributes`: a CSV with the header `email,<key>,<key>…` and one row per
 * user; each row sets the header's keys of that user (an empty cell removes the key), other keys stay.
 */
export const userAttributesImportSchema = z.object({
  csv: z.string().min(1).max(userAttributesCsvMaxLength),
});
export type UserAttributesImport = z.infer<typeof userAttributesImportSchema>;
export const userAttributesImportBodySchema = withClientBody(userAttributesImportSchema.shape);

/** A problem of the CSV: `row` counts the header as 1 (as a spreadsheet shows it), `column` is its header. */
export const userAttributesImportErrorSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type UserAttributesImportError = z.infer<typeof userAttributesImportErrorSchema>;

/** Any error → nothing imported (`updated: 0`). Addresses not of the organisation are only listed. */
export const userAttributesImportResultSchema = z.object({
  /** Users whose attributes changed. */
  updated: z.number().int(),
  unknownEmails: z.array(z.string()),
  errors: z.array(userAttributesImportErrorSchema),
});
export type UserAttributesImportResult = z.infer<typeof userAttributesImportResultSchema>;

/**
 * A one-time password an administrator sets for a user of their organisation (decision 022): the same
 * rules as every new password; the user's sessions end and they must choose a new password at sign-in.
 */
export const userPasswordResetSchema = z.object({ password: newPasswordSchema });
export type UserPasswordReset = z.infer<typeof userPasswordResetSchema>;
export const userPasswordResetBodySchema = withClientBody(userPasswordResetSchema.shape);

/** Actions that carry no fields of their own (deactivate, reactivate, a domain proof): no body at all is fine too. */
export const emptyBodySchema = withClientBody({}).nullish();

// ---------------------------------------------------------------- banner messages (docs/product.md §2, §3, §4)

const bannerMessageFields = {
  /** `null`: shown from now on. */
  startsAt: isoInstant.nullable(),
  /** `null`: shown until deleted. */
  endsAt: isoInstant.nullable(),
  content: bannerContentSchema,
};

function checkSchedule(
  value: { startsAt: string | null; endsAt: string | null },
  ctx: z.RefinementCtx,
): void {
  if (
    value.startsAt !== null &&
    value.endsAt !== null &&
    Date.parse(value.endsAt) <= Date.parse(value.startsAt)
  ) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after startsAt' });
  }
}

export const bannerMessageInputSchema = z.object(bannerMessageFields).superRefine(checkSchedule);
export type BannerMessageInput = z.infer<typeof bannerMessageInputSchema>;
export const bannerMessageBodySchema = withClientBody(bannerMessageFields).superRefine(checkSchedule);

export const bannerScheduleStatuses = ['scheduled', 'active', 'ended'] as const;
export const bannerScheduleStatusSchema = z.enum(bannerScheduleStatuses);
export type BannerScheduleStatus = z.infer<typeof bannerScheduleStatusSchema>;

/** A banner message as the management area lists it. */
export const managedBannerSchema = z.object({
  id: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  content: bannerContentSchema,
  status: bannerScheduleStatusSchema,
  /** How many users of the organisation have closed it. */
  dismissals: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ManagedBanner = z.infer<typeof managedBannerSchema>;

export const managedBannersResponseSchema = z.object({ items: z.array(managedBannerSchema) });
export type ManagedBannersResponse = z.infer<typeof managedBannersResponseSchema>;

// ---------------------------------------------------------------- contract center (docs/product.md §D.3)

export const contractStatuses = ['active', 'pending', 'superseded'] as const;
export const contractStatusSchema = z.enum(contractStatuses);
export type ContractStatus = z.infer<typeof contractStatusSchema>;

export const contractSchema = z.object({
  id: z.string(),
  reference: z.string(),
  plan: subscriptionSchema,
  /** How many active users the contract covers. */
  seats: z.number().int(),
  /** Monthly fee in the smallest unit of `currency` (cents). */
  monthlyFeeCents: z.number().int(),
  /** ISO 4217 code. */
  currency: z.string(),
  /** Calendar dates `YYYY-MM-DD`. */
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  status: contractStatusSchema,
  acceptedAt: z.string().nullable(),
  acceptedByName: z.string().nullable(),
  /** The contract's summary of terms in the request's language. */
  terms: z.string(),
});
export type Contract = z.infer<typeof contractSchema>;

export const contractOverviewSchema = z.object({
  organisationName: z.string(),
  current: contractSchema.nullable(),
  pending: contractSchema.nullable(),
  /** The subscription as it is used: active users per tier, against the current contract's seats. */
  usage: z.object({
    activeUsers: z.number().int(),
    basicUsers: z.number().int(),
    proUsers: z.number().int(),
  }),
});
export type ContractOverview = z.infer<typeof contractOverviewSchema>;

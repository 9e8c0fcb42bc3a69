import { z } from 'zod';
import { withClientBody, withClientQuery } from './client-params';
import { userAttributeKeySchema } from './report-definitions';
import { roleKeySchema, subscriptionSchema } from './roles';

/**
 * Management → Sign-in (docs/decisions/020-single-sign-on.md): the organisation's OpenID Connect
 * provider. Administrators only; the client secret is write-only (never in an answer).
 */
/** An e-mail domain as users type it after the `@` (lower case, at least one dot, no wildcard). */
export const emailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/, {
    message: 'must be an e-mail domain like example.com',
  });

/** A claim of the ID token or userinfo, e.g. `region`, `groups`, `extension_costCentre` or a URI. */
export const claimNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:/-]{1,200}$/, 'must be a claim name: letters, digits and _ . : / -');

/**
 * Which claim sets which user attribute at each single-sign-on sign-in (decision 027): the claim's
 * string or strings replace that attribute key; a missing claim removes it.
 */
export const attributeClaimsSchema = z
  .record(userAttributeKeySchema, claimNameSchema)
  .refine((value) => Object.keys(value).length <= 20, 'at most 20 attributes');
export type AttributeClaims = z.infer<typeof attributeClaimsSchema>;

export const signInAdministratorSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/**
 * A claimed e-mail domain: it routes sign-ins and creates accounts only once `verified` (a DNS TXT record
 * proves the organisation controls it; docs/decisions/020-single-sign-on.md).
 */
export const signInDomainSchema = z.object({ domain: z.string(), verified: z.boolean() });
export type SignInDomain = z.infer<typeof signInDomainSchema>;

export const signInSettingsSchema = z.object({
  /** `null` → no provider registered yet. */
  provider: z
    .object({
      issuerUrl: z.string(),
      clientId: z.string(),
      /** A client secret is stored (its value is never sent back). */
      hasClientSecret: z.boolean(),
      domains: z.array(signInDomainSchema),
      newUserRoleKey: roleKeySchema,
      newUserSubscription: subscriptionSchema,
      requireSingleSignOn: z.boolean(),
      breakGlassUserId: z.string().nullable(),
      attributeClaims: attributeClaimsSchema,
      updatedAt: z.string(),
    })
    .nullable(),
  /** The organisation's active administrators: the choices for the break-glass account. */
  administrators: z.array(signInAdministratorSchema),
  /** The redirect URI to register at the provider. */
  redirectUri: z.string(),
  /**
   * The DNS TXT record that proves a domain: name `<recordPrefix>.<domain>`, value `recordValue` (the
   * same for every domain of this organisation).
   */
  domainProof: z.object({ recordPrefix: z.string(), recordValue: z.string() }),
});
export type SignInSettings = z.infer<typeof signInSettingsSchema>;

export const signInSettingsBodySchema = withClientBody({
  issuerUrl: z.string().trim().min(1).max(500),
  clientId: z.string().trim().min(1).max(500),
  /**
   * Omitted or empty → keep the stored secret; required when none is stored and whenever the issuer URL
   * or the client ID changes (the stored secret never goes to another provider).
   */
  clientSecret: z.string().max(2000).optional(),
  domains: z.array(emailDomainSchema).min(1).max(50),
  newUserRoleKey: roleKeySchema,
  newUserSubscription: subscriptionSchema,
  requireSingleSignOn: z.boolean(),
  /** An active administrator of the organisation; required when single sign-on is required. */
  breakGlassUserId: z.string().min(1).max(64).nullable(),
  /** Omitted → the stored mapping stays. */
  attributeClaims: attributeClaimsSchema.optional(),
});
export type SignInSettingsBody = z.infer<typeof signInSettingsBodySchema>;

export const signInSettingsQuerySchema = withClientQuery({});

export const signInDomainParamsSchema = z.object({ domain: emailDomainSchema });

export const singleSignOnStartBodySchema = z.object({
  email: z.email().max(320),
  /** The in-app page to land on once signed in (checked again by the server). */
  redirectTo: z.string().max(2000).optional(),
});
export const singleSignOnStartResponseSchema = z.object({ url: z.string() });

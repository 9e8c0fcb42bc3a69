import { check, index, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  boolean,
  createdAtColumn,
  jsonb,
  text,
  timestamp,
  updatedAtColumn,
  uuidPrimaryKey,
} from '../../db/columns';
import { organisations, user } from '../../db/core-tables';

/**
 * The OpenID Connect provider of an organisation (one at most; docs/decisions/020-single-sign-on.md).
 * `client_secret_encrypted` is AES-256-GCM with a key derived from AUTH_SECRET (secret-box.ts).
 */
export const ssoProviders = pgTable(
  'sso_providers',
  {
    id: uuidPrimaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .unique()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    issuerUrl: text('issuer_url').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretEncrypted: text('client_secret_encrypted').notNull(),
    newUserRoleKey: text('new_user_role_key').default('organisationmember').notNull(),
    newUserSubscription: text('new_user_subscription').default('basic').notNull(),
    requireSingleSignOn: boolean('require_single_sign_on').default(false).notNull(),
    /**
     * The one administrator who may still sign in with a password when single sign-on is required;
     * cleared by the database when that user stops being an active administrator (migration 0012).
     */
    breakGlassUserId: text('break_glass_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** Attribute key → claim name: the claims that set those user attributes at each sign-in (decision 027). */
    attributeClaims: jsonb('attribute_claims').notNull().default({}),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check(
      'sso_providers_role_check',
      sql`${t.newUserRoleKey} in ('organisationadministrator', 'organisationmember')`,
    ),
    check('sso_providers_subscription_check', sql`${t.newUserSubscription} in ('basic', 'pro')`),
  ],
);

/**
 * The e-mail domains an organisation claims for its provider. A claim routes sign-ins and creates
 * accounts only once proven (`verified_at`, a DNS TXT record: domain-proof.ts); several organisations may
 * claim a domain, one only can prove it (the partial unique index), so nobody blocks the rightful owner.
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text('domain').notNull(),
    providerId: text('provider_id')
      .notNull()
      .references(() => ssoProviders.id, { onDelete: 'cascade' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.domain] }),
    index('sso_domains_provider_id_idx').on(t.providerId),
    uniqueIndex('sso_domains_verified_domain_uq')
      .on(t.domain)
      .where(sql`${t.verifiedAt} is not null`),
  ],
);

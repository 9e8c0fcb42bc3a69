import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  audienceColumns,
  boolean,
  createdAtColumn,
  integer,
  jsonb,
  subTitleColumns,
  text,
  textArrayColumn,
  timestamp,
  titleColumns,
  updatedAtColumn,
  uuidPrimaryKey,
} from './columns';

// The core tables: organisations, better-auth's tables, the catalogue and pins. Feature schemas import the
// tables they refer to from here — never from schema.ts, the registry that re-exports them all — so no
// module imports one that imports it back (docs/decisions/023-layers-enforced-by-lint.md).
// One pg-core schema for PGlite and PostgreSQL (docs/product.md §D.2). Property names are what the code and
// better-auth use; column names are snake_case. After a change run `npm run db:generate -w @cockpit/server`.

export const organisations = pgTable('organisations', {
  id: uuidPrimaryKey(),
  name: text('name').notNull().unique(),
  createdAt: createdAtColumn(),
  /** Everyone signing in with a password must use a second factor (decision 021). */
  requireTwoFactor: boolean('require_two_factor').default(false).notNull(),
});

/** The organisation a row belongs to: the row goes when the organisation is deleted. */
export const organisationIdColumn = () =>
  text('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' });

// ---- better-auth tables (columns as better-auth 1.7 expects them for the drizzle adapter) ----

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').default(false).notNull(),
    image: text('image'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    // additional fields (auth/create-auth.ts declares them with `input: false`)
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    roleKey: text('role_key').default('organisationmember').notNull(),
    subscription: text('subscription').default('basic').notNull(),
    uiLanguage: text('ui_language').default('en').notNull(),
    /** `auto` follows the UI language (docs/decisions/030). */
    uiCulture: text('ui_culture').default('auto').notNull(),
    currencySymbol: text('currency_symbol').default('€').notNull(),
    active: boolean('active').default(true).notNull(),
    /** One-time password (decision 022): the user must choose a new password before anything else. */
    mustChangePassword: boolean('must_change_password').default(false).notNull(),
    /** better-auth's two-factor plugin: a confirmed TOTP key exists (decision 021). */
    twoFactorEnabled: boolean('two_factor_enabled').default(false).notNull(),
  },
  (t) => [
    index('user_organisation_id_idx').on(t.organisationId),
    check('user_role_key_check', sql`${t.roleKey} in ('organisationadministrator', 'organisationmember')`),
    check('user_subscription_check', sql`${t.subscription} in ('basic', 'pro')`),
    check('user_ui_language_check', sql`${t.uiLanguage} in ('en', 'de-DE', 'de-AT')`),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** 'password' or 'sso': single sign-on sessions are exempt from the two-factor policy (decision 021). */
    signInMethod: text('sign_in_method').default('password').notNull(),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** Signing keys of the jwt plugin (private keys encrypted with AUTH_SECRET). */
export const jwks = pgTable('jwks', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  alg: text('alg'),
  crv: text('crv'),
});

// ---- the catalogue: navigation (docs/product.md §3 Menu group / Menu item), decision 015 ----

export const menuGroups = pgTable(
  'menu_groups',
  {
    id: uuidPrimaryKey(),
    organisationId: organisationIdColumn(),
    name: text('name').notNull(),
    ...titleColumns(),
    icon: text('icon'),
    externalUrl: text('external_url'),
    sort: integer('sort').notNull().default(0),
    ...audienceColumns(),
  },
  (t) => [uniqueIndex('menu_groups_organisation_name_uq').on(t.organisationId, t.name)],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: uuidPrimaryKey(),
    /** Kept beside group_id so that item names are unique per organisation (pins refer to them). */
    organisationId: organisationIdColumn(),
    groupId: text('group_id')
      .notNull()
      .references(() => menuGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...titleColumns(),
    ...subTitleColumns(),
    icon: text('icon'),
    path: text('path'),
    externalUrl: text('external_url'),
    leaveTitleUntranslated: boolean('leave_title_untranslated').notNull().default(false),
    featured: boolean('featured').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    ...audienceColumns(),
  },
  (t) => [
    uniqueIndex('menu_items_organisation_name_uq').on(t.organisationId, t.name),
    index('menu_items_group_id_idx').on(t.groupId),
    check('menu_items_external_url_check', sql`${t.externalUrl} is null or ${t.externalUrl} ~ '^https?://'`),
  ],
);

// ---- dashboards (tiles: db/dashboard-tiles-schema.ts, written by the catalogue and read by dashboards) ----

export const dashboardGroups = pgTable(
  'dashboard_groups',
  {
    id: uuidPrimaryKey(),
    organisationId: organisationIdColumn(),
    name: text('name').notNull(),
    ...titleColumns(),
    icon: text('icon'),
    sort: integer('sort').notNull().default(0),
    ...audienceColumns(),
  },
  (t) => [uniqueIndex('dashboard_groups_organisation_name_uq').on(t.organisationId, t.name)],
);

export const dashboards = pgTable(
  'dashboards',
  {
    id: uuidPrimaryKey(),
    organisationId: organisationIdColumn(),
    /** docs/product.md §3: for dashboards the menu item's name holds this numeric layout id. */
    layoutId: integer('layout_id').notNull(),
    groupId: text('group_id')
      .notNull()
      .references(() => dashboardGroups.id, { onDelete: 'cascade' }),
    ...titleColumns(),
    ...subTitleColumns(),
    featured: boolean('featured').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    ...audienceColumns(),
    /** Parameters of the dashboard that its definition tiles follow (decision 027). */
    parameters: jsonb('parameters'),
  },
  (t) => [
    uniqueIndex('dashboards_organisation_layout_uq').on(t.organisationId, t.layoutId),
    index('dashboards_group_id_idx').on(t.groupId),
  ],
);

// ---- pins (docs/product.md §4: reports by navigation item name, dashboards by layout id) ----

export const pins = pgTable(
  'pins',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.name] }),
    check('pins_kind_check', sql`${t.kind} in ('report', 'dashboard')`),
  ],
);

// ---- the organisation's own data (decision 027): data sources, report definitions, user attributes ----

/**
 * A database an organisation's reports read, or its uploaded tables (`kind = 'uploads'`, no connection).
 * `connection` holds host, port, database, user, TLS, pool size, timeout and row limit — never the password,
 * which is sealed in `password_sealed` (bound to the organisation and source) and never answered.
 */
export const dataSources = pgTable(
  'data_sources',
  {
    id: uuidPrimaryKey(),
    organisationId: organisationIdColumn(),
    name: text('name').notNull(),
    ...titleColumns(),
    kind: text('kind').notNull(),
    connection: jsonb('connection'),
    passwordSealed: text('password_sealed'),
    /** Bumped on every change: cached results of the source's definitions are dropped. */
    version: integer('version').notNull().default(1),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('data_sources_organisation_name_uq').on(t.organisationId, t.name),
    check('data_sources_kind_check', sql`${t.kind} in ('postgres', 'mysql', 'uploads')`),
    check('data_sources_connection_check', sql`(${t.kind} = 'uploads') = (${t.connection} is null)`),
  ],
);

/** A report definition of the catalogue: SQL, parameters, columns, visuals, cache time (`body`, decision 027). */
export const reportDefinitions = pgTable(
  'report_definitions',
  {
    id: uuidPrimaryKey(),
    organisationId: organisationIdColumn(),
    name: text('name').notNull(),
    dataSourceId: text('data_source_id')
      .notNull()
      .references(() => dataSources.id, { onDelete: 'restrict' }),
    /** The definition as the catalogue document carries it, without `name` and `source`. */
    body: jsonb('body').notNull(),
    /** Bumped on every change: part of the result cache key. */
    version: integer('version').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('report_definitions_organisation_name_uq').on(t.organisationId, t.name),
    index('report_definitions_data_source_idx').on(t.dataSourceId),
  ],
);

/**
 * A user's attributes (`{ region: ['North'] }`), bound as `{{user.attributes.<key>}}` by the server only.
 * `from_single_sign_on` keys are replaced from the provider's claims at each sign-in.
 */
export const userAttributes = pgTable('user_attributes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  attributes: jsonb('attributes').notNull().default({}),
  fromSingleSignOn: textArrayColumn('from_single_sign_on'),
  updatedAt: updatedAtColumn(),
});

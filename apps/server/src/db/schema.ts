import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// One pg-core schema for PGlite and PostgreSQL (DESIGN.md §2). Property names are what the code and
// better-auth use; column names are snake_case. After a change run `npm run db:generate -w @cockpit/server`.

const createdAt = () => timestamp('created_at', { withTimezone: true }).defaultNow().notNull();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull();
/** spec §9: the Austrian override of a German text; empty → the German one (catalogue, decision 015). */
const deAtText = (name: string) => text(name);
/** Catalogue audiences (decision 015): empty arrays mean everyone in the organisation. */
const audienceColumns = () => ({
  audienceRoles: text('audience_roles').array().notNull().default(sql`'{}'::text[]`),
  audienceSubscriptions: text('audience_subscriptions').array().notNull().default(sql`'{}'::text[]`),
});
const uuidText = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

export const organisations = pgTable('organisations', {
  id: uuidText(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});

// ---- better-auth tables (columns as better-auth 1.7 expects them for the drizzle adapter) ----

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').default(false).notNull(),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // additional fields (auth/create-auth.ts declares them with `input: false`)
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    roleKey: text('role_key').default('organisationmember').notNull(),
    subscription: text('subscription').default('basic').notNull(),
    uiLanguage: text('ui_language').default('en').notNull(),
    uiCulture: text('ui_culture').default('en-GB').notNull(),
    currencySymbol: text('currency_symbol').default('€').notNull(),
    active: boolean('active').default(true).notNull(),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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

/** What the drizzle adapter of better-auth gets: its tables under its model names. */
export const authSchema = { user, session, account, verification, jwks };

// ---- the catalogue: navigation (spec §3 Menu group / Menu item), decision 015 ----

export const menuGroups = pgTable(
  'menu_groups',
  {
    id: uuidText(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    titleEn: text('title_en').notNull(),
    titleDe: text('title_de'),
    titleDeAt: deAtText('title_de_at'),
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
    id: uuidText(),
    /** Kept beside group_id so that item names are unique per organisation (pins refer to them). */
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    groupId: text('group_id')
      .notNull()
      .references(() => menuGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    titleEn: text('title_en').notNull(),
    titleDe: text('title_de'),
    titleDeAt: deAtText('title_de_at'),
    subTitleEn: text('sub_title_en'),
    subTitleDe: text('sub_title_de'),
    subTitleDeAt: deAtText('sub_title_de_at'),
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

// ---- dashboards (tiles: features/dashboards/dashboard-tiles-schema.ts) ----

export const dashboardGroups = pgTable(
  'dashboard_groups',
  {
    id: uuidText(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    titleEn: text('title_en').notNull(),
    titleDe: text('title_de'),
    titleDeAt: deAtText('title_de_at'),
    icon: text('icon'),
    sort: integer('sort').notNull().default(0),
    ...audienceColumns(),
  },
  (t) => [uniqueIndex('dashboard_groups_organisation_name_uq').on(t.organisationId, t.name)],
);

export const dashboards = pgTable(
  'dashboards',
  {
    id: uuidText(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** spec §3: for dashboards the menu item's name holds this numeric layout id. */
    layoutId: integer('layout_id').notNull(),
    groupId: text('group_id')
      .notNull()
      .references(() => dashboardGroups.id, { onDelete: 'cascade' }),
    titleEn: text('title_en').notNull(),
    titleDe: text('title_de'),
    titleDeAt: deAtText('title_de_at'),
    subTitleEn: text('sub_title_en'),
    subTitleDe: text('sub_title_de'),
    subTitleDeAt: deAtText('sub_title_de_at'),
    featured: boolean('featured').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    ...audienceColumns(),
  },
  (t) => [
    uniqueIndex('dashboards_organisation_layout_uq').on(t.organisationId, t.layoutId),
    index('dashboards_group_id_idx').on(t.groupId),
  ],
);

// ---- pins (spec §4: reports by navigation item name, dashboards by layout id) ----

export const pins = pgTable(
  'pins',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.name] }),
    check('pins_kind_check', sql`${t.kind} in ('report', 'dashboard')`),
  ],
);

// ---- live notifications (issue 4, DESIGN.md §5) ----
export * from '../features/notifications/notifications-schema';

// ---- management: contracts, banner messages, dismissals (issue 6) ----
export * from '../features/management/management-schema';

// ---- sales data set, report definitions and dashboard tiles (issue 5, DESIGN.md §3) ----
export * from '../features/reports/reports-schema';
export * from '../features/dashboards/dashboard-tiles-schema';

// ---- what administrators did (management → Activity) ----
export * from '../activity/activity-schema';

// ---- recently opened reports and dashboards (the reports home, DESIGN.md §3 routes) ----
export * from '../features/recents/recents-schema';

import { twoFactor } from '../features/two-factor/two-factor-schema';
import { account, jwks, session, user, verification } from './core-tables';

// Every table of the database, in one registry: drizzle-kit reads this file and the code imports tables
// from here. Feature schemas import the tables they refer to from core-tables.ts, never from here (no
// import cycle, docs/decisions/023-layers-enforced-by-lint.md). A new feature's table: one line below.
export * from './core-tables';

/** What the drizzle adapter of better-auth gets: its tables under its model names. */
export const authSchema = { user, session, account, verification, jwks, twoFactor };

// ---- live notifications (docs/product.md §D.5, decision 003) ----
export * from '../features/notifications/notifications-schema';

// ---- the contract center: contracts; the message service: banner messages, dismissals ----
export * from '../features/contract/contract-schema';
export * from '../features/messages/messages-schema';

// ---- sales data set, report definitions and dashboard tiles (docs/product.md §D.3, decision 012) ----
export * from './sales-schema';
export * from '../features/dashboards/dashboard-tiles-schema';

// ---- what administrators did (management → Activity) ----
export * from '../activity/activity-schema';

// ---- recently opened reports and dashboards (the reports home, docs/product.md §D.3 routes) ----
export * from '../features/recents/recents-schema';

// ---- two-factor sign-in: better-auth's two-factor plugin table (decision 021) ----
export * from '../features/two-factor/two-factor-schema';

// ---- use-once keys while Redis is away (decision 009 "Outages") ----
export * from './use-once-claims-schema';

// ---- single sign-on: the organisation's OpenID Connect provider (decision 020) ----
export * from '../features/single-sign-on/single-sign-on-schema';
// Forgotten passwords: the hashed links of their mails (decision 031).
export * from '../features/sign-in/forgotten-password-schema';

// ---- the organisation's own data: uploaded tables and the query log (decision 027) ----
export * from '../data-sources/data-sources-schema';
// Row rules of a source's tables (decision 044).
export * from '../data-sources/row-rules-schema';

// ---- reports that come to people: the mail outbox, subscriptions, alerts, deliveries (decision 029) ----
export * from '../mail/mail-schema';
export * from '../features/subscriptions/subscriptions-schema';

import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Use-once keys (a redeemed integrity challenge) claimed while Redis was away (decision 009 "Outages"):
 * in the database every instance shares, so a single use stays single. Rows end with their key. Here
 * rather than next to plugins/use-once-claims.ts: db/ imports no plugin (decision 023).
 */
export const useOnceClaims = pgTable('use_once_claims', {
  key: text('key').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

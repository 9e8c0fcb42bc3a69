import { bigint, boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './core-tables';

/**
 * better-auth's two-factor plugin table (model `twoFactor`, decision 021): the TOTP key and the recovery
 * codes of one user, both encrypted with AUTH_SECRET by the plugin; `verified` is false between "turn on"
 * and the first correct code; the failure count and lock are the plugin's own per-user lockout.
 * `last_accepted_step` is ours: the time step of the last code accepted, so no code works twice
 * (decision 021, auth/second-factor-steps.ts).
 */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true).notNull(),
    failedVerificationCount: integer('failed_verification_count').default(0).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastAcceptedStep: bigint('last_accepted_step', { mode: 'number' }),
  },
  (t) => [uniqueIndex('two_factor_user_id_idx').on(t.userId)],
);

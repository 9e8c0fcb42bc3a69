import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, uuidPrimaryKey } from '../../db/columns';
import { user } from '../../db/core-tables';

/**
 * The links of forgotten-password mails (docs/decisions/031-forgotten-passwords.md): only the SHA-256 of
 * the link's token is stored, so a copy of the database opens no account. A link works once
 * (`used_at`) and until `expires_at`; a completed reset uses up every other link of the user too.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuidPrimaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_token_hash_uq').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, uuidPrimaryKey } from '../db/columns';
import { organisationIdColumn } from '../db/core-tables';

/**
 * Every administrator action of an organisation (management → Activity): written in the same
 * transaction as the change it records, so the log never claims what did not happen, nor misses what did.
 * The actor's name is copied: the log stays readable after the user is renamed or removed.
 */
export const managementActivity = pgTable(
  'management_activity',
  {
    id: uuidPrimaryKey(),
    organisationId: organisationIdColumn(),
    actorUserId: text('actor_user_id'),
    actorName: text('actor_name').notNull(),
    kind: text('kind').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    /** Import summaries: the list of changes (contracts `catalogueChangeSchema`). */
    details: jsonb('details'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('management_activity_org_created_idx').on(t.organisationId, t.createdAt.desc())],
);

import type { UserAttributesImportError, UserAttributesImportResult } from '@cockpit/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Actor, type ActivityRecord, recordActivity } from '../../activity';
import {
  type StoredAttributes,
  manualAttributeChange,
  noAttributes,
  readUserAttributes,
  writeUserAttributes,
} from '../../auth/user-attributes';
import type { Database } from '../../db/database';
import { user } from '../../db/core-tables';
import type { AttributeRow } from './user-attributes-csv';

/** Addresses looked up per query: well below the bound-parameter limit of PostgreSQL. */
const lookupBatch = 1_000;

/**
 * Applies the rows of a checked CSV (user-attributes-csv.ts) to the users of the administrator's
 * organisation in ONE transaction, each change with its activity entry. An address of no user of the
 * organisation — of another organisation or of nobody, alike — is only listed as unknown. A key that a
 * user's attributes take from single sign-on is an error of its row (an empty cell leaves it alone); any
 * error → nothing is written.
 */
export async function importUserAttributes(
  db: Database,
  actor: Actor,
  rows: readonly AttributeRow[],
): Promise<UserAttributesImportResult> {
  return db.transaction(async (tx) => {
    const emails = rows.map((row) => row.email);
    const known = new Map<string, { id: string; email: string }>();
    for (let start = 0; start < emails.length; start += lookupBatch) {
      const found = await tx
        .select({ id: user.id, email: user.email })
        .from(user)
        .where(
          and(
            eq(user.organisationId, actor.organisationId),
            inArray(sql`lower(${user.email})`, emails.slice(start, start + lookupBatch)),
          ),
        );
      for (const entry of found) known.set(entry.email.toLowerCase(), entry);
    }
    const unknownEmails = emails.filter((email) => !known.has(email));
    const stored = await readStoredInBatches(
      tx,
      [...known.values()].map((entry) => entry.id),
    );

    const errors: UserAttributesImportError[] = [];
    const writes: { userId: string; next: StoredAttributes; activity: ActivityRecord }[] = [];
    for (const row of rows) {
      const target = known.get(row.email);
      if (!target) continue;
      const before = stored.get(target.id) ?? noAttributes();
      const fromProvider = Object.keys(row.set).filter((key) => before.fromSingleSignOn.includes(key));
      for (const key of fromProvider) {
        errors.push({
          row: row.row,
          column: key,
          message: 'This attribute of this user comes from single sign-on',
        });
      }
      if (fromProvider.length > 0) continue;
      // An empty cell leaves a key from single sign-on alone: only the provider changes it.
      const removed = row.removed.filter((key) => !before.fromSingleSignOn.includes(key));
      const change = manualAttributeChange(before, row.set, removed);
      if (change) {
        writes.push({
          userId: target.id,
          next: change.next,
          activity: { action: 'users.changed', target: `${target.email}: ${change.described}` },
        });
      }
    }
    if (errors.length > 0) return { updated: 0, unknownEmails, errors };

    for (const { userId, next } of writes) await writeUserAttributes(tx, userId, next);
    await recordActivity(
      tx,
      actor,
      writes.map((write) => write.activity),
    );
    return { updated: writes.length, unknownEmails, errors: [] };
  });
}

async function readStoredInBatches(
  db: Pick<Database, 'select'>,
  ids: readonly string[],
): Promise<Map<string, StoredAttributes>> {
  const all = new Map<string, StoredAttributes>();
  for (let start = 0; start < ids.length; start += lookupBatch) {
    for (const [id, stored] of await readUserAttributes(db, ids.slice(start, start + lookupBatch)))
      all.set(id, stored);
  }
  return all;
}

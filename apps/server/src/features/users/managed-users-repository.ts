import {
  type ManagedUser,
  type NewUserInput,
  type UserChanges,
  roleKeySchema,
  subscriptionSchema,
  uiLanguageNameSchema,
} from '@cockpit/contracts';
import { type SQL, and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import { type Actor, recordActivity } from '../../activity';
import { endDeviceTrust } from '../../auth/device-trust';
import {
  manualAttributeChange,
  noAttributes,
  readUserAttributes,
  writeUserAttributes,
} from '../../auth/user-attributes';
import { hashPassword } from '../../auth/password';
import type { Database } from '../../db/database';
import { account, session, user } from '../../db/core-tables';
import { createUserWithPassword, insertCredentialAccount } from '../../auth/create-user-with-password';

type UserRow = typeof user.$inferSelect;

/** `%`, `_` and `\` typed into the search box are literal characters, not LIKE patterns. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function toManagedUser(row: UserRow, selfId: string, stored = noAttributes()): ManagedUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    // Stored values are checked by the database; `catch` keeps one odd row from breaking the whole list.
    roleKey: roleKeySchema.catch('organisationmember').parse(row.roleKey),
    subscription: subscriptionSchema.catch('basic').parse(row.subscription),
    uiLanguage: uiLanguageNameSchema.catch('en').parse(row.uiLanguage),
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    isSelf: row.id === selfId,
    attributes: stored.attributes,
    attributesFromSingleSignOn: stored.fromSingleSignOn,
  };
}

type DatabaseReader = Pick<Database, 'select'>;

/** "role: organisationmember → organisationadministrator; name: A → B" — what the activity entry says changed. */
function describeFieldChanges(before: UserRow, after: UserRow): string {
  const fields = ['name', 'roleKey', 'subscription'] as const;
  const labels = { name: 'name', roleKey: 'role', subscription: 'subscription' } as const;
  return fields
    .filter((field) => before[field] !== after[field])
    .map((field) => `${labels[field]}: ${before[field]} → ${after[field]}`)
    .join('; ');
}

/** Users as management shows them, with their attributes (decision 027). */
async function withAttributes(db: DatabaseReader, rows: UserRow[], selfId: string): Promise<ManagedUser[]> {
  const stored = await readUserAttributes(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toManagedUser(row, selfId, stored.get(row.id)));
}

/**
 * The users of ONE organisation, as its administrators manage them. Every method takes the
 * organisation id and never touches a user of another organisation (they are "not found").
 */
export function createManagedUsersRepository(db: Database) {
  const inOrganisation = (organisationId: string, id: string) =>
    and(eq(user.id, id), eq(user.organisationId, organisationId));

  async function find(organisationId: string, id: string, selfId: string): Promise<ManagedUser | null> {
    const [row] = await db.select().from(user).where(inOrganisation(organisationId, id));
    return row ? ((await withAttributes(db, [row], selfId))[0] ?? null) : null;
  }

  return {
    find,

    async list(
      organisationId: string,
      options: { search?: string | undefined; page: number; pageSize: number; selfId: string },
    ): Promise<{ items: ManagedUser[]; total: number }> {
      const conditions: SQL[] = [eq(user.organisationId, organisationId)];
      const search = options.search?.trim();
      if (search) {
        const pattern = `%${escapeLikePattern(search)}%`;
        const matches = or(ilike(user.name, pattern), ilike(user.email, pattern));
        if (matches) conditions.push(matches);
      }
      const where = and(...conditions);
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(user)
          .where(where)
          .orderBy(asc(sql`lower(${user.name})`), asc(user.id))
          .limit(options.pageSize)
          .offset((options.page - 1) * options.pageSize),
        db.select({ total: count() }).from(user).where(where),
      ]);
      return { items: await withAttributes(db, rows, options.selfId), total: totals?.total ?? 0 };
    },

    /** `null` when the e-mail is taken (in any organisation: e-mails sign in, so they are unique). */
    async create(actor: Actor, input: NewUserInput): Promise<ManagedUser | null> {
      // The same helper as the seed: a better-auth user row plus its credential account, argon2id hash.
      // Dates and numbers follow the language until the user picks a culture (docs/decisions/030).
      // An initial password is a one-time password: chosen anew at the first sign-in (decision 022).
      const id = await createUserWithPassword(
        db,
        { ...input, uiCulture: 'auto', organisationId: actor.organisationId, mustChangePassword: true },
        (tx) => recordActivity(tx, actor, [{ action: 'users.created', target: input.email.toLowerCase() }]),
      );
      return id === null ? null : find(actor.organisationId, id, actor.id);
    },

    /**
     * Name, role, subscription and the attributes set by hand (a whole set replacing the manual ones; keys
     * from single sign-on stay), with the attributes' activity entry in the same transaction.
     */
    async update(actor: Actor, id: string, changes: UserChanges): Promise<ManagedUser | null> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(user)
          .where(inOrganisation(actor.organisationId, id))
          .for('update');
        if (!before) return null;
        const fields = {
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.roleKey !== undefined ? { roleKey: changes.roleKey } : {}),
          ...(changes.subscription !== undefined ? { subscription: changes.subscription } : {}),
        };
        const [row] =
          Object.keys(fields).length > 0
            ? await tx.update(user).set(fields).where(inOrganisation(actor.organisationId, id)).returning()
            : await tx.select().from(user).where(inOrganisation(actor.organisationId, id));
        if (!row) return null;
        const described = describeFieldChanges(before, row);
        if (described)
          await recordActivity(tx, actor, [
            { action: 'users.changed', target: `${row.email}: ${described}` },
          ]);
        let stored = (await readUserAttributes(tx, [id])).get(id) ?? noAttributes();
        if (changes.attributes !== undefined) {
          const fromSingleSignOn = new Set(stored.fromSingleSignOn);
          const manual = Object.fromEntries(
            Object.entries(changes.attributes).filter(([key]) => !fromSingleSignOn.has(key)),
          );
          const removed = Object.keys(stored.attributes).filter(
            (key) => !fromSingleSignOn.has(key) && !(key in manual),
          );
          const change = manualAttributeChange(stored, manual, removed);
          if (change) {
            await writeUserAttributes(tx, id, change.next);
            await recordActivity(tx, actor, [
              { action: 'users.changed', target: `${row.email}: ${change.described}` },
            ]);
            stored = change.next;
          }
        }
        return toManagedUser(row, actor.id, stored);
      });
    },

    /**
     * An administrator's one-time password for a user of their organisation (decision 022), in one
     * transaction: the new argon2id hash (a credential account is added for a user without one), "must
     * change password", every session and device trust of the user deleted, and the activity entry. `null` when the user
     * is not in the organisation; otherwise the user and the ids of the sessions that ended.
     */
    async resetPassword(
      actor: Actor,
      id: string,
      password: string,
    ): Promise<{ user: ManagedUser; endedSessionIds: string[] } | null> {
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(user)
          .set({ mustChangePassword: true })
          .where(inOrganisation(actor.organisationId, id))
          .returning();
        if (!row) return null;
        const updated = await tx
          .update(account)
          .set({ password: passwordHash })
          .where(and(eq(account.userId, id), eq(account.providerId, 'credential')))
          .returning({ id: account.id });
        if (updated.length === 0) await insertCredentialAccount(tx, id, passwordHash);
        const ended = await tx.delete(session).where(eq(session.userId, id)).returning({ id: session.id });
        // Whoever sets a one-time password gets no trusted browser past the second factor (decision 021).
        await endDeviceTrust(tx, id);
        await recordActivity(tx, actor, [{ action: 'users.password-reset', target: row.email }]);
        const [shown] = await withAttributes(tx, [row], actor.id);
        return {
          user: shown ?? toManagedUser(row, actor.id),
          endedSessionIds: ended.map((entry) => entry.id),
        };
      });
    },

    /**
     * Deactivating ends every session of the user in the same transaction (management area: "their sessions end
     * at once"); their bearer token still verifies for a few minutes, but the route announces the ended
     * sessions (SessionEvents) and the bearer check refuses a session that no longer exists, so their
     * next API call gets 401 and their notification streams close.
     */
    async setActive(actor: Actor, id: string, active: boolean): Promise<ManagedUser | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(user)
          .set({ active })
          .where(inOrganisation(actor.organisationId, id))
          .returning();
        if (!row) return null;
        if (!active) await tx.delete(session).where(eq(session.userId, id));
        await recordActivity(tx, actor, [
          { action: active ? 'users.reactivated' : 'users.deactivated', target: row.email },
        ]);
        const [shown] = await withAttributes(tx, [row], actor.id);
        return shown ?? toManagedUser(row, actor.id);
      });
    },
  };
}

import {
  type BannerContent,
  type BannerMessageInput,
  type BannerScheduleStatus,
  type ManagedBanner,
  bannerContentSchema,
} from '@cockpit/contracts';
import { and, count, desc, eq, gt, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Actor, recordActivity } from '../../activity';
import type { Database } from '../../db/database';
import { bannerDismissals, bannerMessages } from './messages-schema';

type BannerRow = typeof bannerMessages.$inferSelect;

/** Where a banner message stands at `now` (docs/product.md §4: shown while scheduled; a start and an end time). */
export function scheduleStatus(startsAt: Date | null, endsAt: Date | null, now: Date): BannerScheduleStatus {
  if (startsAt && startsAt > now) return 'scheduled';
  if (endsAt && endsAt <= now) return 'ended';
  return 'active';
}

/** Stored content is checked again on read: a row that does not fit is skipped, never shown. */
function parseContent(row: BannerRow, logger: FastifyBaseLogger): BannerContent | null {
  const parsed = bannerContentSchema.safeParse(row.content);
  if (parsed.success) return parsed.data;
  logger.warn({ bannerMessageId: row.id }, 'banner message with invalid stored content skipped');
  return null;
}

const toDate = (iso: string | null) => (iso === null ? null : new Date(iso));

/** Banner messages of ONE organisation; another organisation's ids are "not found". */
export function createBannerMessagesRepository(db: Database, logger: FastifyBaseLogger) {
  const inOrganisation = (organisationId: string, id: string) =>
    and(eq(bannerMessages.id, id), eq(bannerMessages.organisationId, organisationId));

  function toManaged(row: BannerRow, dismissals: number, now: Date): ManagedBanner | null {
    const content = parseContent(row, logger);
    if (!content) return null;
    return {
      id: row.id,
      startsAt: row.startsAt?.toISOString() ?? null,
      endsAt: row.endsAt?.toISOString() ?? null,
      content,
      status: scheduleStatus(row.startsAt, row.endsAt, now),
      dismissals,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function dismissalCount(id: string): Promise<number> {
    const [row] = await db
      .select({ total: count() })
      .from(bannerDismissals)
      .where(eq(bannerDismissals.bannerMessageId, id));
    return row?.total ?? 0;
  }

  return {
    /** Newest first (by start, then creation). */
    async list(organisationId: string, now = new Date()): Promise<ManagedBanner[]> {
      const rows = await db
        .select({
          banner: bannerMessages,
          dismissals: sql<number>`(select count(*)::int from ${bannerDismissals} where ${bannerDismissals.bannerMessageId} = ${bannerMessages.id})`,
        })
        .from(bannerMessages)
        .where(eq(bannerMessages.organisationId, organisationId))
        .orderBy(
          desc(sql`coalesce(${bannerMessages.startsAt}, ${bannerMessages.createdAt})`),
          desc(bannerMessages.createdAt),
        );
      return rows.flatMap(({ banner, dismissals }) => toManaged(banner, Number(dismissals), now) ?? []);
    },

    async create(actor: Actor, input: BannerMessageInput, now = new Date()): Promise<ManagedBanner> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(bannerMessages)
          .values({
            organisationId: actor.organisationId,
            startsAt: toDate(input.startsAt),
            endsAt: toDate(input.endsAt),
            content: input.content,
            createdByUserId: actor.id,
          })
          .returning();
        const created = row ? toManaged(row, 0, now) : null;
        if (!created) throw new Error('banner message was not stored');
        await recordActivity(tx, actor, [{ action: 'banners.created', target: input.content.en.title }]);
        return created;
      });
    },

    /**
     * Replaces schedule and content. The users who closed the old version keep it closed: an edit fixes
     * a message, it does not send a new one (that is "create").
     */
    async update(
      actor: Actor,
      id: string,
      input: BannerMessageInput,
      now = new Date(),
    ): Promise<ManagedBanner | null> {
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(bannerMessages)
          .set({ startsAt: toDate(input.startsAt), endsAt: toDate(input.endsAt), content: input.content })
          .where(inOrganisation(actor.organisationId, id))
          .returning();
        if (updated)
          await recordActivity(tx, actor, [{ action: 'banners.changed', target: input.content.en.title }]);
        return updated;
      });
      return row ? toManaged(row, await dismissalCount(row.id), now) : null;
    },

    async remove(actor: Actor, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(bannerMessages)
          .where(inOrganisation(actor.organisationId, id))
          .returning({ id: bannerMessages.id, content: bannerMessages.content });
        if (!deleted) return false;
        const title = bannerContentSchema.safeParse(deleted.content).data?.en.title ?? deleted.id;
        await recordActivity(tx, actor, [{ action: 'banners.deleted', target: title }]);
        return true;
      });
    },

    /**
     * docs/product.md §7 message service: the newest message of the user's organisation that is shown now and that
     * this user has not closed. A row with broken content is passed over for the next one.
     */
    async currentForUser(
      organisationId: string,
      userId: string,
      now = new Date(),
    ): Promise<{ id: string; content: BannerContent } | null> {
      const rows = await db
        .select()
        .from(bannerMessages)
        .where(
          and(
            eq(bannerMessages.organisationId, organisationId),
            or(isNull(bannerMessages.startsAt), lte(bannerMessages.startsAt, now)),
            or(isNull(bannerMessages.endsAt), gt(bannerMessages.endsAt, now)),
            notExists(
              db
                .select({ one: sql`1` })
                .from(bannerDismissals)
                .where(
                  and(
                    eq(bannerDismissals.bannerMessageId, bannerMessages.id),
                    eq(bannerDismissals.userId, userId),
                  ),
                ),
            ),
          ),
        )
        .orderBy(
          desc(sql`coalesce(${bannerMessages.startsAt}, ${bannerMessages.createdAt})`),
          desc(bannerMessages.createdAt),
        )
        .limit(20);
      for (const row of rows) {
        const content = parseContent(row, logger);
        if (content) return { id: row.id, content };
      }
      return null;
    },

    /** Remembers that the user closed the message; false when it is not a message of their organisation. */
    async dismiss(organisationId: string, userId: string, id: string): Promise<boolean> {
      // One statement, so a message deleted at the same moment is simply "not found", never a FK error.
      const inserted = await db
        .insert(bannerDismissals)
        .select(
          db
            // Drizzle wants every column of the table, in its order.
            .select({
              userId: sql<string>`${userId}::text`.as('user_id'),
              bannerMessageId: bannerMessages.id,
              dismissedAt: sql<Date>`now()`.as('dismissed_at'),
            })
            .from(bannerMessages)
            .where(inOrganisation(organisationId, id)),
        )
        .onConflictDoNothing()
        .returning({ id: bannerDismissals.bannerMessageId });
      if (inserted.length > 0) return true;
      // Nothing inserted: closed before (fine, idempotent) or not a message of this organisation.
      const [row] = await db
        .select({ id: bannerMessages.id })
        .from(bannerMessages)
        .where(inOrganisation(organisationId, id));
      return row !== undefined;
    },
  };
}

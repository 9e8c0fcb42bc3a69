import {
  type ActivityAction,
  type ActivityEntry,
  type ActivityKind,
  type ActivityResponse,
  type CatalogueChange,
  activityPageSize,
  catalogueChangeSchema,
} from '@cockpit/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/database';
import { managementActivity } from './activity-schema';

/** Who did it: the signed-in administrator. */
export interface Actor {
  organisationId: string;
  id: string;
  name: string;
}

/** The actor of a request: its signed-in administrator. */
export const actorOf = (request: {
  user: { organisationId: string; id: string; displayName: string };
}): Actor => ({
  organisationId: request.user.organisationId,
  id: request.user.id,
  name: request.user.displayName,
});

export interface ActivityRecord {
  action: ActivityAction;
  target: string;
  changes?: CatalogueChange[];
}

type Writer = Pick<Database, 'insert'>;

const kindOf = (action: ActivityAction) => action.slice(0, action.indexOf('.')) as ActivityKind;
const storedChanges = z.array(catalogueChangeSchema);

/**
 * Records administrator actions (management → Activity). Call it with the transaction that makes the
 * change, so the entry exists exactly when the change does.
 */
export async function recordActivity(
  tx: Writer,
  actor: Actor,
  records: readonly ActivityRecord[],
): Promise<void> {
  if (records.length === 0) return;
  await tx.insert(managementActivity).values(
    records.map((record) => ({
      organisationId: actor.organisationId,
      actorUserId: actor.id,
      actorName: actor.name,
      kind: kindOf(record.action),
      action: record.action,
      target: record.target,
      details: record.changes ?? null,
    })),
  );
}

/** One page of the organisation's activity, newest first, optionally of one kind. */
export async function listActivity(
  db: Database,
  organisationId: string,
  { kind, page }: { kind?: ActivityKind | undefined; page: number },
): Promise<ActivityResponse> {
  const where = and(
    eq(managementActivity.organisationId, organisationId),
    kind ? eq(managementActivity.kind, kind) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(managementActivity)
      .where(where)
      .orderBy(desc(managementActivity.createdAt), desc(managementActivity.id))
      .limit(activityPageSize)
      .offset((page - 1) * activityPageSize),
    db.select({ value: count() }).from(managementActivity).where(where),
  ]);
  return {
    items: rows.map((row): ActivityEntry => {
      const changes = storedChanges.safeParse(row.details);
      return {
        id: row.id,
        at: row.createdAt.toISOString(),
        actorName: row.actorName,
        kind: row.kind as ActivityKind,
        action: row.action as ActivityAction,
        target: row.target,
        ...(changes.success ? { changes: changes.data } : {}),
      };
    }),
    total: total?.value ?? 0,
    page,
    pageSize: activityPageSize,
  };
}

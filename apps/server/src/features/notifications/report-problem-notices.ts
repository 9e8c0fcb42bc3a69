import { type NotificationDraft, type UiLanguageName, administratorRoleKeys } from '@cockpit/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { user } from '../../db/core-tables';
import { fill } from '../../mail';
import { type RunSettled, SourceQueryFailed, SqlRefused } from '../../reports';
import { sendNotifications } from './notifications-sender';
import { reportProblemNotices } from './notifications-schema';

// A broken report tells its owners once (docs/decisions/046-broken-reports-and-their-owners.md): the first
// reader's run that the SQL guard or the database refuses inserts a row per definition and kind and sends
// the organisation's administrators a live notification; later failures find the row and send nothing; a
// run that succeeds deletes the definition's rows, so the next break is told again.

type ProblemKind = 'refused' | 'failed';

function problemOf(failure: unknown): { kind: ProblemKind; reason: string } | null {
  if (failure instanceof SqlRefused) return { kind: 'refused', reason: failure.reason };
  if (failure instanceof SourceQueryFailed) return { kind: 'failed', reason: failure.detail };
  return null;
}

const textKeys: Record<ProblemKind, string> = {
  refused: 'reports.problemNotice.refusedText',
  failed: 'reports.problemNotice.failedText',
};

function draftOf(name: string, kind: ProblemKind, reason: string): NotificationDraft {
  const values = { name, reason: reason.slice(0, 500) };
  const title = (language: UiLanguageName) =>
    fill(language, 'reports.problemNotice.title', values).slice(0, 120);
  const text = (language: UiLanguageName) => fill(language, textKeys[kind], values).slice(0, 4000);
  return {
    title: { en: title('en'), de: title('de-DE'), deAt: title('de-AT') },
    text: { en: text('en'), de: text('de-DE'), deAt: text('de-AT') },
  };
}

/** Records one run's outcome; what it does is not awaited by the run (a reader never waits for it). */
export function reportProblemNoticesOf(db: Database, log: FastifyBaseLogger): RunSettled {
  async function settle(organisationId: string, definitionName: string, failure: unknown): Promise<void> {
    const ofDefinition = and(
      eq(reportProblemNotices.organisationId, organisationId),
      eq(reportProblemNotices.definitionName, definitionName),
    );
    if (failure === null) {
      await db.delete(reportProblemNotices).where(ofDefinition);
      return;
    }
    const problem = problemOf(failure);
    if (!problem) return;
    const inserted = await db
      .insert(reportProblemNotices)
      .values({ organisationId, definitionName, kind: problem.kind })
      .onConflictDoNothing()
      .returning({ kind: reportProblemNotices.kind });
    if (inserted.length === 0) return;
    const owners = await db
      .select({ id: user.id })
      .from(user)
      .where(
        and(
          eq(user.organisationId, organisationId),
          eq(user.active, true),
          inArray(user.roleKey, administratorRoleKeys),
        ),
      );
    if (owners.length === 0) return;
    await sendNotifications(db, {
      organisationId,
      recipients: owners.map((owner) => owner.id),
      draft: draftOf(definitionName, problem.kind, problem.reason),
    });
  }

  return ({ organisationId, definitionName }, failure) => {
    settle(organisationId, definitionName, failure).catch((error: unknown) =>
      log.warn({ err: error, definition: definitionName }, 'report problem notice not recorded'),
    );
  };
}

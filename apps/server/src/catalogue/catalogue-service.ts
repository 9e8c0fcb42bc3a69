import type {
  ActivityAction,
  CatalogueChange,
  CatalogueDocument,
  DataSourceKind,
  PinKind,
  UiLanguageName,
} from '@cockpit/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database';
import { pins, user } from '../db/core-tables';
import { badRequest } from '../lib/http-error';
import type { CatalogueDataSources } from '../data-sources';
import { type Actor, recordActivity } from '../activity';
import { CatalogueInvalid, checkCatalogue, diffCatalogues, documentOf } from './catalogue-document';
import {
  type CatalogueSnapshots,
  type Viewer,
  createCatalogueSnapshots,
  loadCatalogueSnapshot,
} from './catalogue-snapshot';
import { lockCatalogue, writeCatalogue } from './catalogue-store';
import { checkDefinitionStatements } from './definition-statements';
import {
  type CatalogueView,
  type Pins,
  canPin,
  dashboardsMenuFor,
  favoritesFor,
  featuredFor,
  menuFor,
} from './catalogue-views';

// THE catalogue of each organisation (decision 015): one service that every read and write goes
// through. Writes — an import, an edit in management, the demo seed — build a whole new document, check
// it, store it by natural keys in one transaction with the activity entries, and announce the change so
// that every server process drops what it remembered and every open stream reloads its menus.

export interface CatalogueWriteResult {
  changes: CatalogueChange[];
}

/** Who reads: the signed-in user's organisation, id (for pins) and audience. */
export interface CatalogueReader extends Viewer {
  organisationId: string;
  id: string;
}

/**
 * One edit's entries for the activity log: adding, moving or deleting an item also changes its group's
 * order, which is not a change of its own worth a second line.
 */
function forTheLog(changes: CatalogueChange[]): CatalogueChange[] {
  const members = changes.some((change) => change.object === 'item' || change.object === 'dashboard');
  if (!members) return changes;
  return changes.filter(
    (change) =>
      !(
        change.change === 'changed' &&
        (change.object === 'menu-group' || change.object === 'dashboard-group')
      ),
  );
}

const actionOf = (change: CatalogueChange) => `catalogue.${change.object}.${change.change}` as ActivityAction;

/**
 * The cluster events as the catalogue uses them (plugins/cluster-events.ts provides them; catalogue/ does
 * not import plugins/, docs/decisions/023-layers-enforced-by-lint.md): a change is announced to every server
 * process, each forgets what it remembered of that organisation — or of all when events may have been missed.
 */
export interface CatalogueEvents {
  on(type: 'catalogue-changed', listener: (event: { organisationId: string }) => void): () => void;
  onMissed(listener: () => void): () => void;
  announce(event: { type: 'catalogue-changed'; organisationId: string }): Promise<void>;
}

export function createCatalogueService({
  db,
  frameOrigins,
  events,
  dataSources,
}: {
  db: Database;
  frameOrigins: readonly string[];
  events: CatalogueEvents | null;
  dataSources: CatalogueDataSources;
}) {
  const snapshots: CatalogueSnapshots = createCatalogueSnapshots(db);
  events?.on('catalogue-changed', ({ organisationId }) => snapshots.forget(organisationId));
  events?.onMissed(() => snapshots.forgetAll());

  async function pinsOf(userId: string): Promise<Pins> {
    const rows = await db
      .select({ kind: pins.kind, name: pins.name })
      .from(pins)
      .where(eq(pins.userId, userId));
    const report = new Set<string>();
    const dashboard = new Set<string>();
    for (const row of rows) (row.kind === 'dashboard' ? dashboard : report).add(row.name);
    return { report, dashboard };
  }

  /**
   * Replaces the catalogue with what `build` makes of the current one, atomically. `build` gets the
   * current document (read under the organisation's catalogue lock, so concurrent writes queue up) and
   * returns the new one (unchecked input for an import). Returns the changes; nothing is written, logged
   * or announced when there are none.
   */
  async function write(
    actor: Actor | null,
    build: (current: CatalogueDocument) => unknown,
    activity: 'per-change' | 'import',
    language?: UiLanguageName,
  ): Promise<CatalogueWriteResult> {
    const organisationId = actor?.organisationId;
    if (!organisationId) throw new Error('catalogue write without an organisation');
    const changes = await db.transaction(async (tx) => {
      await lockCatalogue(tx, organisationId);
      const current = documentOf(await loadCatalogueSnapshot(tx, organisationId));
      const next = check(build(current), current, language);
      await checkStatements(next, current);
      const found = diffCatalogues(current, next);
      if (found.length === 0) return found;
      await writeCatalogue(tx, organisationId, next, dataSources);
      if (actor.id) {
        await recordActivity(
          tx,
          actor,
          activity === 'import'
            ? [{ action: 'catalogue.imported', target: 'catalogue', changes: found }]
            : forTheLog(found).map((change) => ({ action: actionOf(change), target: change.title })),
        );
      }
      return found;
    });
    if (changes.length > 0) await announce(organisationId);
    return { changes };
  }

  /** `view` of the reader's organisation's catalogue for the reader, with the reader's pins. */
  async function readerView<Result>(
    view: CatalogueView<Result>,
    reader: CatalogueReader,
    language: UiLanguageName,
  ): Promise<Result> {
    const [snapshot, userPins] = await Promise.all([snapshots.get(reader.organisationId), pinsOf(reader.id)]);
    return view(snapshot, reader, language, userPins);
  }

  /** `current`: the organisation's catalogue now, whose data sources a definition may name. */
  /** `language`: an editor's, which gets a problem that has a sentence as that sentence (decision 046). */
  function check(input: unknown, current: CatalogueDocument, language?: UiLanguageName): CatalogueDocument {
    try {
      const existingSources = (current.dataSources ?? []).map((source) => source.name);
      return checkCatalogue(input, frameOrigins, existingSources);
    } catch (error) {
      if (error instanceof CatalogueInvalid && language && error.sentenceIn)
        throw badRequest(error.sentenceIn(language));
      if (error instanceof CatalogueInvalid) throw badRequest(`Invalid catalogue at ${error.message}`);
      throw error;
    }
  }

  /** The definitions' SQL (decision 027): declared references, one SELECT of the source's dialect. */
  async function checkStatements(next: CatalogueDocument, current: CatalogueDocument): Promise<void> {
    const sourceProblem = dataSources.problem(next.dataSources ?? []);
    if (sourceProblem)
      throw badRequest(`Invalid catalogue at ${sourceProblem.path}: ${sourceProblem.message}`);
    const kinds = new Map<string, DataSourceKind>();
    for (const source of [...(current.dataSources ?? []), ...(next.dataSources ?? [])])
      kinds.set(source.name, source.kind);
    try {
      await checkDefinitionStatements(next, kinds);
    } catch (error) {
      if (error instanceof CatalogueInvalid) throw badRequest(`Invalid catalogue at ${error.message}`);
      throw error;
    }
  }

  async function announce(organisationId: string): Promise<void> {
    snapshots.forget(organisationId);
    await events?.announce({ type: 'catalogue-changed', organisationId });
  }

  return {
    /** The current document, read fresh (export, and the editor). */
    async document(organisationId: string): Promise<CatalogueDocument> {
      return documentOf(await loadCatalogueSnapshot(db, organisationId));
    },

    /** What importing `input` would change; throws 400 naming the first problem. Nothing is written. */
    async preview(organisationId: string, input: unknown): Promise<CatalogueChange[]> {
      const current = documentOf(await loadCatalogueSnapshot(db, organisationId));
      const next = check(input, current);
      await checkStatements(next, current);
      return diffCatalogues(current, next);
    },

    /** `PUT /api/management/catalogue`: replaces the whole catalogue. */
    import(actor: Actor, input: unknown): Promise<CatalogueWriteResult> {
      return write(actor, () => input, 'import');
    },

    /** One edit in management: `edit` returns the new document (catalogue-edits.ts); problems in `language`. */
    edit(
      actor: Actor,
      edit: (current: CatalogueDocument) => CatalogueDocument,
      language?: UiLanguageName,
    ): Promise<CatalogueWriteResult> {
      return write(actor, edit, 'per-change', language);
    },

    /** The demo seed: the same check and store as an import, without an actor (no activity entry). */
    async seed(organisationId: string, document: CatalogueDocument): Promise<CatalogueWriteResult> {
      return write({ organisationId, id: '', name: 'seed' }, () => document, 'import');
    },

    /** The snapshot of the organisation's catalogue (remembered; dropped on every change). */
    snapshot: (organisationId: string) => snapshots.get(organisationId),

    pinsOf,

    menu: (reader: CatalogueReader, language: UiLanguageName) => readerView(menuFor, reader, language),
    dashboardsMenu: (reader: CatalogueReader, language: UiLanguageName) =>
      readerView(dashboardsMenuFor, reader, language),
    favorites: (reader: CatalogueReader, language: UiLanguageName) =>
      readerView(favoritesFor, reader, language),
    featured: (reader: CatalogueReader, language: UiLanguageName) =>
      readerView(featuredFor, reader, language),

    /** The menus as an audience sees them, without anybody's pins ("Preview as"). */
    async previewAs(organisationId: string, viewer: Viewer, language: UiLanguageName) {
      const snapshot = await snapshots.get(organisationId);
      const none: Pins = { report: new Set(), dashboard: new Set() };
      return {
        menu: menuFor(snapshot, viewer, language, none),
        dashboards: dashboardsMenuFor(snapshot, viewer, language, none),
      };
    },

    async canPin(reader: CatalogueReader, kind: PinKind, name: string): Promise<boolean> {
      return canPin(await snapshots.get(reader.organisationId), reader, kind, name);
    },

    /** How many of the organisation's users pinned each item and dashboard (delete confirmations). */
    async usage(organisationId: string) {
      const rows = await db
        .select({ kind: pins.kind, name: pins.name, users: count() })
        .from(pins)
        .innerJoin(user, eq(user.id, pins.userId))
        .where(and(eq(user.organisationId, organisationId), inArray(pins.kind, ['report', 'dashboard'])))
        .groupBy(pins.kind, pins.name);
      const reportPins: Record<string, number> = {};
      const dashboardPins: Record<string, number> = {};
      for (const row of rows) (row.kind === 'dashboard' ? dashboardPins : reportPins)[row.name] = row.users;
      return { reportPins, dashboardPins };
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The organisations' catalogues: every read and write of menus, items and dashboards (decision 015). */
    catalogue: CatalogueService;
  }
}

import type {
  DataSourceConnection,
  DataSourceKind,
  LocalisedText,
  ManagedDataSource,
} from '@cockpit/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Actor, recordActivity } from '../activity';
import type { Database } from '../db/database';
import { dataSources, reportDefinitions } from '../db/core-tables';
import {
  storedConnection,
  storedKind,
  titleColumnsOf,
  titleOf,
  uploadsSourceName,
  uploadsSourceTitle,
} from './data-source-rules';

export type DataSourceRow = typeof dataSources.$inferSelect;

/** A transaction (or the database) to write with. */
export type Writer = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/**
 * Every organisation has exactly one source of uploaded tables. It is created when first needed (listing
 * the data sources, a catalogue document, an upload) rather than by the seed, so organisations created
 * before decision 027, or by any other path, get it too. Safe to call concurrently.
 */
export async function ensureUploadsSource(
  db: Pick<Database, 'insert'>,
  organisationId: string,
): Promise<void> {
  await db
    .insert(dataSources)
    .values({
      organisationId,
      name: uploadsSourceName,
      kind: 'uploads',
      connection: null,
      ...titleColumnsOf(uploadsSourceTitle),
    })
    .onConflictDoNothing({ target: [dataSources.organisationId, dataSources.name] });
}

/**
 * The uploaded tables' source of an organisation (uploads/ imports into it and bumps its version with
 * `bumpDataSourceVersion`), created when missing.
 */
export async function uploadsSourceOf(db: Database, organisationId: string): Promise<DataSourceRow> {
  await ensureUploadsSource(db, organisationId);
  const [row] = await db
    .select()
    .from(dataSources)
    .where(and(eq(dataSources.organisationId, organisationId), eq(dataSources.name, uploadsSourceName)));
  if (!row) throw new Error('the uploaded tables source was not created');
  return row;
}

/** A change of what the source's definitions read (an upload, a connection): cached results are dropped. */
export async function bumpDataSourceVersion(tx: Pick<Database, 'update'>, sourceId: string): Promise<void> {
  await tx
    .update(dataSources)
    .set({ version: sql`${dataSources.version} + 1` })
    .where(eq(dataSources.id, sourceId));
}

/** What a create or change writes; the password already sealed (data-source-passwords.ts). */
export interface DataSourceValues {
  name: string;
  title: LocalisedText;
  kind: DataSourceKind;
  connection: DataSourceConnection | null;
}

/** Postgres: a unique (23505) or foreign key (23503) violation, also when drizzle wraps the driver's error. */
export const isViolation = (error: unknown, code: '23505' | '23503') =>
  (error as { code?: unknown } | null)?.code === code ||
  (error as { cause?: { code?: unknown } } | null)?.cause?.code === code;

/**
 * The data sources of ONE organisation as management sees them (decision 027): never the password, only
 * whether one is stored. Another organisation's sources are "not found". Every change bumps the version
 * and writes its activity entry in the same transaction.
 */
export function createDataSourcesRepository(db: Database) {
  const inOrganisation = (organisationId: string, name: string) =>
    and(eq(dataSources.organisationId, organisationId), eq(dataSources.name, name));

  /** Names of the report definitions reading each source, by source id. */
  async function definitionsBySource(organisationId: string): Promise<Map<string, string[]>> {
    const rows = await db
      .select({ sourceId: reportDefinitions.dataSourceId, name: reportDefinitions.name })
      .from(reportDefinitions)
      .where(eq(reportDefinitions.organisationId, organisationId))
      .orderBy(asc(reportDefinitions.name));
    const bySource = new Map<string, string[]>();
    for (const row of rows) bySource.set(row.sourceId, [...(bySource.get(row.sourceId) ?? []), row.name]);
    return bySource;
  }

  function toManaged(row: DataSourceRow, definitions: string[]): ManagedDataSource {
    const kind = storedKind(row.kind);
    const connection = kind === 'uploads' ? null : storedConnection(row.connection);
    return {
      name: row.name,
      title: titleOf(row),
      kind,
      connection: connection && {
        host: connection.host,
        port: connection.port,
        database: connection.database,
        user: connection.user,
        tls: connection.tls,
        ...(connection.caCertificate !== undefined ? { caCertificate: connection.caCertificate } : {}),
        poolSize: connection.poolSize,
        statementTimeoutSeconds: connection.statementTimeoutSeconds,
        rowLimit: connection.rowLimit,
      },
      needsPassword: kind !== 'uploads' && row.passwordSealed === null,
      definitions,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function definitionsOf(organisationId: string, sourceId: string): Promise<string[]> {
    return (await definitionsBySource(organisationId)).get(sourceId) ?? [];
  }

  return {
    toManaged,
    definitionsOf,

    /** Every source of the organisation by name, the uploaded tables among them. */
    async list(organisationId: string): Promise<ManagedDataSource[]> {
      await ensureUploadsSource(db, organisationId);
      const [rows, definitions] = await Promise.all([
        db
          .select()
          .from(dataSources)
          .where(eq(dataSources.organisationId, organisationId))
          .orderBy(asc(dataSources.name)),
        definitionsBySource(organisationId),
      ]);
      return rows.map((row) => toManaged(row, definitions.get(row.id) ?? []));
    },

    async find(organisationId: string, name: string): Promise<DataSourceRow | null> {
      if (name === uploadsSourceName) await ensureUploadsSource(db, organisationId);
      const [row] = await db.select().from(dataSources).where(inOrganisation(organisationId, name));
      return row ?? null;
    },

    /** `null` when the name is taken. `seal` gets the new row's id: the password is bound to it. */
    async create(
      actor: Actor,
      values: DataSourceValues,
      seal: (sourceId: string) => string | null,
    ): Promise<DataSourceRow | null> {
      const id = crypto.randomUUID();
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(dataSources)
            .values({
              id,
              organisationId: actor.organisationId,
              name: values.name,
              kind: values.kind,
              connection: values.connection,
              passwordSealed: seal(id),
              ...titleColumnsOf(values.title),
            })
            .onConflictDoNothing({ target: [dataSources.organisationId, dataSources.name] })
            .returning();
          if (!row) return null;
          await recordActivity(tx, actor, [{ action: 'data.source-added', target: values.name }]);
          return row;
        });
      } catch (error) {
        if (isViolation(error, '23505')) return null;
        throw error;
      }
    },

    /**
     * Replaces name, title, kind and connection, and the sealed password when `passwordSealed` is given
     * (`null` clears it). `'taken'` when the new name belongs to another source; `null` when the source is
     * gone.
     */
    async update(
      actor: Actor,
      id: string,
      values: DataSourceValues,
      passwordSealed: string | null | undefined,
    ): Promise<DataSourceRow | 'taken' | null> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .update(dataSources)
            .set({
              name: values.name,
              kind: values.kind,
              connection: values.connection,
              ...titleColumnsOf(values.title),
              ...(passwordSealed !== undefined ? { passwordSealed } : {}),
              version: sql`${dataSources.version} + 1`,
            })
            .where(and(eq(dataSources.id, id), eq(dataSources.organisationId, actor.organisationId)))
            .returning();
          if (!row) return null;
          await recordActivity(tx, actor, [{ action: 'data.source-changed', target: values.name }]);
          return row;
        });
      } catch (error) {
        if (isViolation(error, '23505')) return 'taken';
        throw error;
      }
    },

    /** `'in-use'` when a report definition reads it (also one added at this very moment). */
    async remove(actor: Actor, row: DataSourceRow): Promise<'removed' | 'in-use' | null> {
      try {
        return await db.transaction(async (tx) => {
          const deleted = await tx
            .delete(dataSources)
            .where(and(eq(dataSources.id, row.id), eq(dataSources.organisationId, actor.organisationId)))
            .returning({ id: dataSources.id });
          if (deleted.length === 0) return null;
          await recordActivity(tx, actor, [{ action: 'data.source-removed', target: row.name }]);
          return 'removed' as const;
        });
      } catch (error) {
        // report_definitions.data_source_id is `on delete restrict`: the database has the last word.
        if (isViolation(error, '23503')) return 'in-use';
        throw error;
      }
    },
  };
}

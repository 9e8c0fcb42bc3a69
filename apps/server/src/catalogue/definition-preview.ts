import {
  type DefinitionPreviewResponse,
  type ParameterValues,
  type CatalogueReportDefinition,
  integerSourceTypes,
  previewRowLimit,
  type UiLanguageName,
} from '@cockpit/contracts';
import { and, eq } from 'drizzle-orm';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import type { Database } from '../db/database';
import { dataSources, user } from '../db/core-tables';
import { badRequest } from '../lib/http-error';
import {
  DefinitionUnusable,
  type DefinitionRunner,
  type Reader,
  VisualMisfit,
  MissingUserAttribute,
  RowRuleAttributeMissing,
  QueryTimedOut,
  SourceQueryFailed,
  SourceUnavailable,
  type ResultColumn,
  SqlRefused,
  detectParameters,
} from '../reports';

// The SQL editor's preview (decision 027): an unsaved definition run on its real source, row-limited and
// never cached, as the administrator or as a chosen user of the organisation ("Preview as"). Whatever
// goes wrong comes back as the answer's `error` with the database's own message and its position in the
// SQL as written, so the editor can point at it.

/** A result column as the editor sees it: the executor's kind, with whole numbers told apart. */
function previewColumn(column: ResultColumn): DefinitionPreviewResponse['resultColumns'][number] {
  const kind = column.kind === 'number' && integerSourceTypes.has(column.type) ? 'integer' : column.kind;
  return { name: column.name, kind, type: column.type };
}

export interface PreviewInput {
  admin: AuthenticatedUser;
  definition: CatalogueReportDefinition;
  values: ParameterValues;
  asUserId?: string;
  language: UiLanguageName;
}

/** The user whose attributes the preview binds: the administrator, or a user of the same organisation. */
async function readerFor(
  db: Database,
  admin: AuthenticatedUser,
  asUserId: string | undefined,
): Promise<Reader> {
  if (!asUserId) return admin;
  const [found] = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(and(eq(user.id, asUserId), eq(user.organisationId, admin.organisationId)));
  if (!found) throw badRequest("Invalid body field 'asUserId': no such user in your organisation");
  return { id: found.id, email: found.email, organisationId: admin.organisationId };
}

/** What the editor shows of a run that failed: the reason and, when known, the 1-based position. */
function previewError(error: unknown): DefinitionPreviewResponse['error'] | null {
  if (error instanceof SqlRefused) {
    return { message: error.reason, position: error.position === null ? null : error.position + 1 };
  }
  if (error instanceof SourceQueryFailed) {
    return { message: error.detail, position: error.position === null ? null : error.position + 1 };
  }
  if (error instanceof SourceUnavailable) return { message: error.detail, position: null };
  if (
    error instanceof QueryTimedOut ||
    error instanceof MissingUserAttribute ||
    error instanceof RowRuleAttributeMissing
  ) {
    return { message: error.message, position: null };
  }
  if (error instanceof DefinitionUnusable || error instanceof VisualMisfit)
    return { message: error.message, position: null };
  // A parameter value of the wrong type, an undeclared one: the executor's 400 names it.
  if (error instanceof Error && (error as { statusCode?: number }).statusCode === 400) {
    return { message: error.message, position: null };
  }
  return null;
}

export async function previewDefinition(
  db: Database,
  runner: Pick<DefinitionRunner, 'run'>,
  { admin, definition, values, asUserId, language }: PreviewInput,
): Promise<DefinitionPreviewResponse> {
  // Read fresh: a data source added a moment ago in management is not in a remembered snapshot.
  const [source] = await db
    .select({ id: dataSources.id })
    .from(dataSources)
    .where(
      and(eq(dataSources.organisationId, admin.organisationId), eq(dataSources.name, definition.source)),
    );
  if (!source)
    throw badRequest(
      `Invalid body field 'definition.source': there is no data source '${definition.source}'`,
    );
  const reader = await readerFor(db, admin, asUserId);
  const detectedParameters = detectParameters(definition.sql);
  const { name, source: _source, ...body } = definition;
  try {
    const answer = await runner.run({
      reader,
      // Never cached: the editor wants what the source says now.
      stored: { name, version: 0, dataSourceId: source.id, body: { ...body, cacheSeconds: 0 } },
      values,
      language,
      purpose: 'preview',
      target: name,
      rowLimit: previewRowLimit,
      withParameters: true,
    });
    return {
      detectedParameters,
      parameters: answer.parameters,
      resultColumns: answer.columns.map(previewColumn),
      rows: answer.rows as DefinitionPreviewResponse['rows'],
      previousPeriods: Object.fromEntries(
        Object.entries(answer.previousPeriods).map(([parameter, previous]) => [
          parameter,
          {
            columns: previous.columns.map(({ name, type }) => ({ name, type })),
            rows: previous.rows as DefinitionPreviewResponse['rows'],
          },
        ]),
      ),
      data: answer.data,
      info: answer.info,
      error: null,
      rowRules: answer.rowRules,
    };
  } catch (error) {
    const shown = previewError(error);
    if (!shown) throw error;
    return {
      detectedParameters,
      parameters: [],
      resultColumns: [],
      rows: [],
      data: null,
      info: null,
      error: shown,
    };
  }
}

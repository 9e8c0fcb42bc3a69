import {
  isAdministrator,
  type ParameterValues,
  type ReportHeader,
  parameterValuesSchema,
  type ReportQuery as ReportQueryParams,
  type UiLanguageName,
  reportKindSchema,
} from '@cockpit/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { notFound } from '../../lib/http-error';
import {
  DefinitionUnusable,
  type DefinitionRunner,
  valuesFromQuery,
  VisualMisfit,
  executorHttpError,
  isSafeExternalUrl,
  resolveFrameUrl,
  type ReportResponseAnswer,
  withSerializedTable,
} from '../../reports';
import {
  type CatalogueService,
  catalogueTitleIn,
  type ItemRow,
  textIn,
  visibleReport,
} from '../../catalogue';

export interface ReportRequest {
  user: AuthenticatedUser;
  name: string;
  language: UiLanguageName;
  query: ReportQueryParams;
}

/**
 * `GET /api/reports/:name`: the user's organisation's report and, for a query report, its definition's
 * data for the chosen parameter values (decision 027). A report of another organisation, or one whose
 * stored definition is broken, is "not available" (404) — never run with guesses.
 */
export function createReportService({
  log,
  frameOrigins,
  catalogue,
  definitions,
}: {
  log: FastifyBaseLogger;
  frameOrigins: readonly string[];
  catalogue: CatalogueService;
  /** Query reports (decision 027): runs a definition for the reader. */
  definitions: Pick<DefinitionRunner, 'run'>;
}) {
  /** The report item the user may open and its definition (decision 015: audiences apply). */
  const findReport = async (user: AuthenticatedUser, name: string) => {
    const snapshot = await catalogue.snapshot(user.organisationId);
    const found = visibleReport(snapshot, user, name);
    return found?.report
      ? {
          item: found.item,
          ...found.report,
          definition: found.report.definitionName
            ? snapshot.definitions.get(found.report.definitionName)
            : undefined,
        }
      : null;
  };

  const notAvailable = (name: string, reason?: string, detail?: unknown) => {
    if (reason) log.warn({ report: name, detail }, `report definition not usable: ${reason}`);
    return notFound(`Report '${name}' is not available`);
  };

  return {
    /**
     * A query report the user may open, ready to run for them with the values they chose (a download):
     * the same lookup, audiences and values as the page. Anything else is "not available" (404).
     */
    queryReport: async (user: AuthenticatedUser, name: string, values: string | undefined) => {
      const stored = await findReport(user, name);
      if (!stored || stored.kind !== 'query') throw notAvailable(name);
      if (!stored.definition) throw notAvailable(name, 'unknown report definition', stored.definitionName);
      return {
        stored: stored.definition,
        values: { ...openingValues(stored.params), ...valuesFromQuery(values) },
      };
    },

    async load({ user, name, language, query }: ReportRequest): Promise<ReportResponseAnswer> {
      const stored = await findReport(user, name);
      if (!stored) throw notAvailable(name);
      const kind = reportKindSchema.safeParse(stored.kind);
      if (!kind.success) throw notAvailable(name, 'unknown kind', stored.kind);

      const definition: ReportHeader = {
        name: stored.name,
        ...titlesOf(stored.item, language),
        kind: kind.data,

        frameUrl: null,
        externalUrl: null,
      };

      if (kind.data === 'external') {
        if (!stored.externalUrl || !isSafeExternalUrl(stored.externalUrl)) {
          throw notAvailable(name, 'external URL is not http(s)', stored.externalUrl);
        }
        return { report: { ...definition, externalUrl: stored.externalUrl }, data: null };
      }

      if (kind.data === 'embedded') {
        const frameUrl = stored.frameUrl ? resolveFrameUrl(stored.frameUrl, language, frameOrigins) : null;
        if (!frameUrl)
          throw notAvailable(
            name,
            'frame URL is not same-origin or on REPORT_FRAME_ORIGINS',
            stored.frameUrl,
          );
        return { report: { ...definition, frameUrl }, data: null };
      }

      if (!stored.definition) throw notAvailable(name, 'unknown report definition', stored.definitionName);
      const values = { ...openingValues(stored.params), ...valuesFromQuery(query.values) };
      const storedDefinition = stored.definition;
      try {
        // The per-user report limits are a step of the run path itself (decision 038).
        const answer = await definitions.run({
          reader: user,
          stored: storedDefinition,
          values,
          language,
          purpose: 'report',
          target: name,
          withParameters: true,
          refresh: query.refresh === 'true',
        });
        return {
          report: definition,

          data: await withSerializedTable(answer.data),
          parameters: answer.parameters,
          info: answer.info,
        };
      } catch (error) {
        if (error instanceof DefinitionUnusable || error instanceof VisualMisfit) {
          throw notAvailable(name, error.message);
        }
        // Administrators see the database's own message; everyone else that the data is not available.
        throw executorHttpError(error, isAdministrator(user) ? 'administrator' : 'member');
      }
    },
  };
}

/** The values a query report opens with (the catalogue item's), ignored when no longer valid. */
function openingValues(stored: unknown): ParameterValues {
  const parsed = parameterValuesSchema.safeParse(stored);
  return parsed.success ? parsed.data : {};
}

/** Title and sub-title from the menu item in the UI language (docs/product.md §3 leaveTitleUntranslated). */
function titlesOf(item: ItemRow, language: UiLanguageName): { title: string; subTitle: string | null } {
  return {
    title: item.leaveTitleUntranslated ? item.titleEn : catalogueTitleIn(language, item),
    subTitle: textIn(language, item.subTitleEn, item.subTitleDe, item.subTitleDeAt),
  };
}

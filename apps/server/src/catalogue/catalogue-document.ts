import {
  type Audience,
  type CatalogueChange,
  type CatalogueDocument,
  type CatalogueReport,
  type LocalisedText,
  type CatalogueDashboard,
  type ParameterValues,
  type CatalogueDataSource,
  definitionParameterSchema,
  type CatalogueReportDefinition,
  catalogueDocumentSchema,
  catalogueFormat,
  dataSourceConnectionSchema,
  dataSourceKindSchema,
  parameterValuesSchema,
  reportDefinitionBodySchema,
  catalogueVersion,
  jsonPathOf,
  catalogueTextIn,
  type DashboardTileType,
  tileTypeOfVisual,
  type UiLanguageName,
} from '@cockpit/contracts';
import { z } from 'zod';
import { fill } from '../mail';
import { resolveFrameUrl } from '../reports';
import type {
  CatalogueSnapshot,
  DataSourceRow,
  DefinitionRow,
  ReportRow,
  RowRuleRow,
} from './catalogue-snapshot';

// The catalogue document (decision 015): from the stored rows (export), checked (import), and compared
// (what an import changes; what the activity log records).

const textOf = (en: string, de: string | null, deAt: string | null): LocalisedText => ({
  en,
  ...(de !== null ? { de } : {}),
  ...(deAt !== null ? { deAt } : {}),
});
const optionalTextOf = (en: string | null, de: string | null, deAt: string | null) =>
  en === null ? {} : { subTitle: textOf(en, de, deAt) };

function audienceOf(row: { audienceRoles: string[]; audienceSubscriptions: string[] }): {
  audience?: Audience;
} {
  if (row.audienceRoles.length === 0 && row.audienceSubscriptions.length === 0) return {};
  return {
    audience: {
      ...(row.audienceRoles.length > 0 ? { roles: row.audienceRoles as NonNullable<Audience['roles']> } : {}),
      ...(row.audienceSubscriptions.length > 0
        ? { subscriptions: row.audienceSubscriptions as NonNullable<Audience['subscriptions']> }
        : {}),
    },
  };
}

function reportOf(row: ReportRow | undefined): { report?: CatalogueReport } {
  if (!row) return {};
  if (row.kind === 'query' && row.definitionName) {
    const values = parameterValuesSchema.safeParse(row.params);
    const stored = values.success && Object.keys(values.data).length > 0 ? { values: values.data } : {};
    return { report: { kind: 'query', definition: row.definitionName, ...stored } };
  }
  if (row.kind === 'external' && row.externalUrl)
    return { report: { kind: 'external', url: row.externalUrl } };
  if (row.kind === 'embedded' && row.frameUrl)
    return { report: { kind: 'embedded', frameUrl: row.frameUrl } };
  // Anything else (a kind this version does not know) is left out: the item reads as one without a report.
  return {};
}

/** A stored data source as the document carries it: never its password (decision 027). */
function dataSourceOf(row: DataSourceRow, rules: readonly RowRuleRow[]): CatalogueDataSource | null {
  const kind = dataSourceKindSchema.safeParse(row.kind);
  if (!kind.success) return null;
  const connection = row.connection === null ? null : dataSourceConnectionSchema.safeParse(row.connection);
  if (connection && !connection.success) return null;
  return {
    name: row.name,
    title: textOf(row.titleEn, row.titleDe, row.titleDeAt),
    kind: kind.data,
    ...(connection ? { connection: connection.data } : {}),
    // Its row rules (decision 044), only when there are any.
    ...(rules.length > 0
      ? {
          rowRules: rules.map((rule) => ({
            ...(rule.schemaName ? { schema: rule.schemaName } : {}),
            table: rule.tableName,
            column: rule.columnName,
            attribute: rule.attribute,
            ...(rule.administratorsSeeAll ? { administratorsSeeAll: true } : {}),
          })),
        }
      : {}),
  };
}

/** A stored definition as the document carries it (its body was checked when written). */
function definitionOf(
  row: DefinitionRow,
  sources: readonly DataSourceRow[],
): CatalogueReportDefinition | null {
  const source = sources.find((candidate) => candidate.id === row.dataSourceId);
  const body = reportDefinitionBodySchema.safeParse({
    ...(row.body as object),
    name: row.name,
    source: source?.name,
  });
  return body.success ? body.data : null;
}

function dashboardParametersOf(stored: unknown): { parameters?: CatalogueDashboard['parameters'] } {
  const parameters = z.array(definitionParameterSchema).safeParse(stored);
  return parameters.success && parameters.data.length > 0 ? { parameters: parameters.data } : {};
}

/** The stored catalogue as a document: what `GET /api/management/catalogue` answers. */
export function documentOf(snapshot: CatalogueSnapshot): CatalogueDocument {
  const dataSources = snapshot.dataSources.flatMap(
    (row) => dataSourceOf(row, snapshot.rowRules.get(row.id) ?? []) ?? [],
  );
  const definitions = [...snapshot.definitions.values()].flatMap(
    (row) => definitionOf(row, snapshot.dataSources) ?? [],
  );
  return {
    format: catalogueFormat,
    version: catalogueVersion,
    // Only when there are any: a catalogue without own data reads as before (decision 027).
    ...(dataSources.length > 0 ? { dataSources } : {}),
    ...(definitions.length > 0 ? { definitions } : {}),
    menu: snapshot.menuGroups.map((group) => ({
      name: group.name,
      title: textOf(group.titleEn, group.titleDe, group.titleDeAt),
      ...(group.icon ? { icon: group.icon as never } : {}),
      ...audienceOf(group),
      items: snapshot.items
        .filter((item) => item.groupId === group.id)
        .map((item) => ({
          name: item.name,
          title: textOf(item.titleEn, item.titleDe, item.titleDeAt),
          ...optionalTextOf(item.subTitleEn, item.subTitleDe, item.subTitleDeAt),
          ...(item.icon ? { icon: item.icon as never } : {}),
          ...(item.leaveTitleUntranslated ? { leaveTitleUntranslated: true } : {}),
          ...(item.featured ? { featured: true } : {}),
          ...audienceOf(item),
          ...reportOf(snapshot.reports.get(item.name)),
        })),
    })),
    dashboards: snapshot.dashboardGroups.map((group) => ({
      name: group.name,
      title: textOf(group.titleEn, group.titleDe, group.titleDeAt),
      ...(group.icon ? { icon: group.icon as never } : {}),
      ...audienceOf(group),
      dashboards: snapshot.dashboards
        .filter((dashboard) => dashboard.groupId === group.id)
        .map((dashboard) => ({
          layoutId: dashboard.layoutId,
          title: textOf(dashboard.titleEn, dashboard.titleDe, dashboard.titleDeAt),
          ...optionalTextOf(dashboard.subTitleEn, dashboard.subTitleDe, dashboard.subTitleDeAt),
          ...(dashboard.featured ? { featured: true } : {}),
          ...audienceOf(dashboard),
          ...dashboardParametersOf(dashboard.parameters),
          tiles: (snapshot.tiles.get(dashboard.id) ?? []).map((tile) => {
            const values = parameterValuesSchema.safeParse(tile.values ?? {});
            return {
              id: tile.id,
              type: tile.tileType as never,
              definition: tile.definitionName,
              ...(tile.visual ? { visual: tile.visual } : {}),
              ...(values.success && Object.keys(values.data).length > 0 ? { values: values.data } : {}),
              title: textOf(tile.titleEn, tile.titleDe, tile.titleDeAt),
              width: tile.width,
            };
          }),
        })),
    })),
  };
}

/**
 * What a definition must be beyond its schema: unique parameter, column and visual names, and visuals
 * that name declared columns' results only through the SQL (checked when run). `{{x}}` references are
 * checked against the declared parameters by the SQL template (reports/sql).
 */
function checkDefinition(definition: CatalogueReportDefinition, at: string): void {
  const seen = new Set<string>();
  definition.parameters.forEach((parameter, p) => {
    if (seen.has(parameter.name)) {
      throw new CatalogueInvalid(
        `${at}.parameters[${p}].name`,
        `the parameter '${parameter.name}' is declared twice`,
      );
    }
    seen.add(parameter.name);
  });
  const visuals = new Set<string>();
  definition.visuals.forEach((visual, v) => {
    if (visuals.has(visual.id)) {
      throw new CatalogueInvalid(`${at}.visuals[${v}].id`, `the visual '${visual.id}' is declared twice`);
    }
    visuals.add(visual.id);
    // A KPI compared with the previous period names a date-range parameter of its own (decision 047).
    if (visual.type !== 'kpi') return;
    visual.items.forEach((item, i) => {
      const name = item.comparePreviousPeriod;
      if (name === undefined) return;
      if (
        !definition.parameters.some((parameter) => parameter.name === name && parameter.type === 'date-range')
      ) {
        throw new CatalogueInvalid(
          `${at}.visuals[${v}].items[${i}].comparePreviousPeriod`,
          `'${name}' is not a date-range parameter of this definition`,
        );
      }
    });
  });
}

export class CatalogueInvalid extends Error {
  constructor(
    readonly path: string,
    problem: string,
    /** The problem as a sentence in a UI language, for a problem an editor shows as it stands (decision 046). */
    readonly sentenceIn?: (language: UiLanguageName) => string,
  ) {
    super(`${path}: ${problem}`);
  }
}

/**
 * A tile whose type does not match what it shows (decision 046): its visual is drawn as another type, or
 * without a visual its definition has none of its type — on the dashboard it would say "No data".
 */
function tileTypeMisfit(
  path: string,
  tile: { type: DashboardTileType; title: LocalisedText; visual?: string | undefined },
  definition: CatalogueReportDefinition,
): CatalogueInvalid | null {
  const typeIn = (language: UiLanguageName, type: DashboardTileType) =>
    fill(language, `management.catalogue.tileType.${type}`);
  const titleIn = (language: UiLanguageName) => catalogueTextIn(tile.title, language);
  const visual = definition.visuals.find((candidate) => candidate.id === tile.visual);
  if (visual) {
    const needed = tileTypeOfVisual(visual);
    if (needed === tile.type) return null;
    const sentenceIn = (language: UiLanguageName) =>
      fill(language, 'management.catalogue.errors.tileTypeMismatch', {
        title: titleIn(language),
        type: typeIn(language, tile.type),
        visual: visual.id,
        needed: typeIn(language, needed),
      });
    return new CatalogueInvalid(`${path}.type`, sentenceIn('en'), sentenceIn);
  }
  if (tile.visual || definition.visuals.length === 0) return null;
  if (definition.visuals.some((candidate) => tileTypeOfVisual(candidate) === tile.type)) return null;
  const sentenceIn = (language: UiLanguageName) =>
    fill(language, 'management.catalogue.errors.tileTypeMissing', {
      title: titleIn(language),
      type: typeIn(language, tile.type),
      definition: definition.name,
    });
  return new CatalogueInvalid(`${path}.type`, sentenceIn('en'), sentenceIn);
}

/**
 * A report item or tile of the former built-in kind (its reviewed TypeScript queries are gone, decision
 * 027): named with its own name, so that an old export is refused with what to change rather than with
 * the schema's "invalid discriminator".
 */
function refuseBuiltIn(input: unknown): void {
  const listOf = (value: unknown, key: string): unknown[] => {
    const list = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    return Array.isArray(list) ? list : [];
  };
  listOf(input, 'menu').forEach((group, g) =>
    listOf(group, 'items').forEach((item, i) => {
      const { name, report } = (item ?? {}) as { name?: unknown; report?: { kind?: unknown } };
      if (report?.kind === 'builtin') {
        throw new CatalogueInvalid(
          `$.menu[${g}].items[${i}].report.kind`,
          `the item '${String(name)}' is a built-in report, which no longer exists: make it a query report naming a report definition`,
        );
      }
    }),
  );
  listOf(input, 'dashboards').forEach((group, g) =>
    listOf(group, 'dashboards').forEach((dashboard, d) =>
      listOf(dashboard, 'tiles').forEach((tile, t) => {
        if (tile && typeof tile === 'object' && 'query' in tile) {
          throw new CatalogueInvalid(
            `$.dashboards[${g}].dashboards[${d}].tiles[${t}].query`,
            'a tile of a built-in query no longer exists: name a report definition and one of its visuals',
          );
        }
      }),
    ),
  );
}

/**
 * Parses and checks a document; throws `CatalogueInvalid` naming the JSON path of the first problem
 * (an unknown definition, a frame on an origin not allowed, a non-http(s) link, a duplicate name, a
 * missing English title, an unknown audience value, a value of a parameter the definition lacks …).
 */
export function checkCatalogue(
  input: unknown,
  frameOrigins: readonly string[],
  /** Data sources the organisation has already: a definition may name one the document does not carry. */
  existingSources: readonly string[] = [],
): CatalogueDocument {
  refuseBuiltIn(input);
  const parsed = catalogueDocumentSchema.safeParse(input);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new CatalogueInvalid(jsonPathOf(issue?.path ?? []), issue?.message ?? 'invalid');
  }
  const document = parsed.data;
  const firstOf = new Map<string, string>();
  const unique = (key: string, path: string, what: string) => {
    const earlier = firstOf.get(key);
    if (earlier) throw new CatalogueInvalid(path, `${what} is used twice (first at ${earlier})`);
    firstOf.set(key, path);
  };

  const sources = new Set([...existingSources, ...(document.dataSources ?? []).map((source) => source.name)]);
  (document.dataSources ?? []).forEach((source, i) => {
    unique(`source:${source.name}`, `$.dataSources[${i}].name`, `the data source name '${source.name}'`);
  });
  const definitions = new Map<string, CatalogueReportDefinition>();
  (document.definitions ?? []).forEach((definition, i) => {
    const at = `$.definitions[${i}]`;
    unique(`definition:${definition.name}`, `${at}.name`, `the definition name '${definition.name}'`);
    if (!sources.has(definition.source)) {
      throw new CatalogueInvalid(`${at}.source`, `there is no data source '${definition.source}'`);
    }
    checkDefinition(definition, at);
    definitions.set(definition.name, definition);
  });
  const valuesFit = (definitionName: string, values: ParameterValues | undefined, path: string) => {
    const definition = definitions.get(definitionName);
    if (!definition) throw new CatalogueInvalid(path, `there is no report definition '${definitionName}'`);
    for (const name of Object.keys(values ?? {})) {
      if (!definition.parameters.some((parameter) => parameter.name === name)) {
        throw new CatalogueInvalid(
          `${path}.values.${name}`,
          `'${definitionName}' has no parameter '${name}'`,
        );
      }
    }
    return definition;
  };

  document.menu.forEach((group, g) => {
    unique(`group:${group.name}`, `$.menu[${g}].name`, `the group name '${group.name}'`);
    group.items.forEach((item, i) => {
      const at = `$.menu[${g}].items[${i}]`;
      unique(`item:${item.name}`, `${at}.name`, `the item name '${item.name}'`);
      const report = item.report;
      if (report?.kind === 'embedded' && resolveFrameUrl(report.frameUrl, 'en', frameOrigins) === null) {
        throw new CatalogueInvalid(
          `${at}.report.frameUrl`,
          'must be a path of this site or an https URL on one of REPORT_FRAME_ORIGINS',
        );
      }
      if (report?.kind === 'query') valuesFit(report.definition, report.values, `${at}.report`);
    });
  });
  document.dashboards.forEach((group, g) => {
    unique(
      `dashboard-group:${group.name}`,
      `$.dashboards[${g}].name`,
      `the dashboard group name '${group.name}'`,
    );
    group.dashboards.forEach((dashboard, d) => {
      const at = `$.dashboards[${g}].dashboards[${d}]`;
      unique(`layout:${dashboard.layoutId}`, `${at}.layoutId`, `the layout id ${dashboard.layoutId}`);
      const parameterNames = new Set<string>();
      dashboard.parameters?.forEach((parameter, p) => {
        if (parameterNames.has(parameter.name)) {
          throw new CatalogueInvalid(
            `${at}.parameters[${p}].name`,
            `the parameter '${parameter.name}' is declared twice`,
          );
        }
        parameterNames.add(parameter.name);
      });
      dashboard.tiles.forEach((tile, t) => {
        if (tile.id) unique(`tile:${tile.id}`, `${at}.tiles[${t}].id`, `the tile id ${tile.id}`);
        const definition = valuesFit(tile.definition, tile.values, `${at}.tiles[${t}]`);
        if (tile.visual && !definition.visuals.some((visual) => visual.id === tile.visual)) {
          throw new CatalogueInvalid(
            `${at}.tiles[${t}].visual`,
            `'${tile.definition}' has no visual '${tile.visual}'`,
          );
        }
        const misfit = tileTypeMisfit(`${at}.tiles[${t}]`, tile, definition);
        if (misfit) throw misfit;
      });
    });
  });
  return document;
}

/** JSON with sorted keys: two equal objects give the same text whatever order their keys came in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/**
 * What turns `before` into `after`, object by object. Order within a list counts as a change of the
 * list's group (moving an item changes its group, not every item after it); tile ids are ignored.
 */
export function diffCatalogues(before: CatalogueDocument, after: CatalogueDocument): CatalogueChange[] {
  const changes: CatalogueChange[] = [];
  const compare = <T>(
    object: CatalogueChange['object'],
    keyOf: (entry: T) => string,
    titleOf: (entry: T) => string,
    comparable: (entry: T) => unknown,
    old: T[],
    next: T[],
  ) => {
    const oldByKey = new Map(old.map((entry) => [keyOf(entry), entry]));
    const nextKeys = new Set(next.map(keyOf));
    for (const entry of next) {
      const previous = oldByKey.get(keyOf(entry));
      const base = { object, name: keyOf(entry), title: titleOf(entry) };
      if (!previous) changes.push({ ...base, change: 'added' });
      else if (canonical(comparable(previous)) !== canonical(comparable(entry)))
        changes.push({ ...base, change: 'changed' });
    }
    for (const entry of old) {
      if (!nextKeys.has(keyOf(entry))) {
        changes.push({ object, name: keyOf(entry), title: titleOf(entry), change: 'removed' });
      }
    }
  };
  type Group = CatalogueDocument['menu'][number];
  type DashboardGroup = CatalogueDocument['dashboards'][number];
  const itemsOf = (document: CatalogueDocument) =>
    document.menu.flatMap((group) => group.items.map((item) => ({ ...item, group: group.name })));
  const dashboardsOf = (document: CatalogueDocument) =>
    document.dashboards.flatMap((group) =>
      group.dashboards.map((dashboard) => ({
        ...dashboard,
        group: group.name,
        tiles: dashboard.tiles.map(({ id: _id, ...tile }) => tile),
      })),
    );

  compare<Group>(
    'menu-group',
    (group) => group.name,
    (group) => group.title.en,
    ({ items, ...group }) => ({ ...group, order: items.map((item) => item.name) }),
    before.menu,
    after.menu,
  );
  compare(
    'item',
    (item: ReturnType<typeof itemsOf>[number]) => item.name,
    (item) => item.title.en,
    (item) => item,
    itemsOf(before),
    itemsOf(after),
  );
  compare<DashboardGroup>(
    'dashboard-group',
    (group) => group.name,
    (group) => group.title.en,
    ({ dashboards, ...group }) => ({ ...group, order: dashboards.map((dashboard) => dashboard.layoutId) }),
    before.dashboards,
    after.dashboards,
  );
  compare(
    'dashboard',
    (dashboard: ReturnType<typeof dashboardsOf>[number]) => String(dashboard.layoutId),
    (dashboard) => dashboard.title.en,
    (dashboard) => dashboard,
    dashboardsOf(before),
    dashboardsOf(after),
  );
  // A document never removes a data source (decision 027): only added and changed ones are changes.
  const nextSources = after.dataSources ?? [];
  compare(
    'data-source',
    (source: CatalogueDataSource) => source.name,
    (source) => source.title.en,
    (source) => source,
    (before.dataSources ?? []).filter((source) => nextSources.some((next) => next.name === source.name)),
    nextSources,
  );
  compare(
    'definition',
    (definition: CatalogueReportDefinition) => definition.name,
    (definition) => definition.name,
    (definition) => definition,
    before.definitions ?? [],
    after.definitions ?? [],
  );
  // Group order: a change of the first group whose place moved is enough to show it.
  const order = (document: CatalogueDocument) =>
    canonical([document.menu.map((g) => g.name), document.dashboards.map((g) => g.name)]);
  if (order(before) !== order(after) && changes.length === 0) {
    const moved = after.menu.find((group, index) => before.menu[index]?.name !== group.name);
    const movedDashboards = after.dashboards.find(
      (group, index) => before.dashboards[index]?.name !== group.name,
    );
    if (moved)
      changes.push({ object: 'menu-group', name: moved.name, title: moved.title.en, change: 'changed' });
    else if (movedDashboards) {
      changes.push({
        object: 'dashboard-group',
        name: movedDashboards.name,
        title: movedDashboards.title.en,
        change: 'changed',
      });
    }
  }
  return changes;
}

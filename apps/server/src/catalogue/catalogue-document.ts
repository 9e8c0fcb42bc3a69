import {
  type Audience,
  type CatalogueChange,
  type CatalogueDocument,
  type CatalogueReport,
  type LocalisedText,
  type ReportGrouping,
  type ReportQueryKey,
  catalogueDocumentSchema,
  catalogueFormat,
  catalogueVersion,
  jsonPathOf,
  queryAllowsGrouping,
  reportDefaultsSchema,
  reportQueryGroupings,
  reportQueryKeySchema,
  tileSettingsSchema,
} from '@cockpit/contracts';
import { resolveFrameUrl } from '../reporting/frame-url';
import type { CatalogueSnapshot, ReportRow } from './catalogue-snapshot';

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
  if (row.kind === 'external' && row.externalUrl)
    return { report: { kind: 'external', url: row.externalUrl } };
  if (row.kind === 'embedded' && row.frameUrl)
    return { report: { kind: 'embedded', frameUrl: row.frameUrl } };
  const query = reportQueryKeySchema.safeParse(row.queryKey);
  const params = reportDefaultsSchema.safeParse(row.params);
  if (row.kind === 'builtin' && query.success) {
    return {
      report: { kind: 'builtin', query: query.data, ...(params.success ? { params: params.data } : {}) },
    };
  }
  return {};
}

/** The stored catalogue as a document: what `GET /api/management/catalogue` answers. */
export function documentOf(snapshot: CatalogueSnapshot): CatalogueDocument {
  return {
    format: catalogueFormat,
    version: catalogueVersion,
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
          tiles: (snapshot.tiles.get(dashboard.id) ?? []).map((tile) => {
            const params = tileSettingsSchema.safeParse(tile.params);
            return {
              id: tile.id,
              type: tile.tileType as never,
              query: tile.queryKey as never,
              ...(params.success ? { params: params.data } : {}),
              title: textOf(tile.titleEn, tile.titleDe, tile.titleDeAt),
              width: tile.width,
            };
          }),
        })),
    })),
  };
}

export class CatalogueInvalid extends Error {
  constructor(
    readonly path: string,
    problem: string,
  ) {
    super(`${path}: ${problem}`);
  }
}

/**
 * Parses and checks a document; throws `CatalogueInvalid` naming the JSON path of the first problem
 * (an unknown query, a frame on an origin not allowed, a non-http(s) link, a duplicate name, a missing
 * English title, an unknown audience value, a grouping the query does not have …).
 */
export function checkCatalogue(input: unknown, frameOrigins: readonly string[]): CatalogueDocument {
  const parsed = catalogueDocumentSchema.safeParse(input);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new CatalogueInvalid(jsonPathOf(issue?.path ?? []), issue?.message ?? 'invalid');
  }
  const document = withDefaults(parsed.data);
  const firstOf = new Map<string, string>();
  const unique = (key: string, path: string, what: string) => {
    const earlier = firstOf.get(key);
    if (earlier) throw new CatalogueInvalid(path, `${what} is used twice (first at ${earlier})`);
    firstOf.set(key, path);
  };
  const groupingFits = (query: ReportQueryKey, grouping: ReportGrouping | undefined, path: string) => {
    if (grouping !== undefined && !queryAllowsGrouping(query, grouping)) {
      const groupings = reportQueryGroupings[query].join(', ');
      throw new CatalogueInvalid(path, `the query '${query}' groups by ${groupings}`);
    }
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
      if (report?.kind === 'builtin')
        groupingFits(report.query, report.params?.grouping, `${at}.report.params.grouping`);
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
      dashboard.tiles.forEach((tile, t) => {
        if (tile.id) unique(`tile:${tile.id}`, `${at}.tiles[${t}].id`, `the tile id ${tile.id}`);
        if (tile.query) groupingFits(tile.query, tile.params?.grouping, `${at}.tiles[${t}].params.grouping`);
      });
    });
  });
  return document;
}

/**
 * The document as it will be stored and exported again: built-in reports and tiles carry their settings
 * with defaults filled in, so that importing an export changes nothing and the diff compares like with like.
 */
function withDefaults(document: CatalogueDocument): CatalogueDocument {
  return {
    ...document,
    menu: document.menu.map((group) => ({
      ...group,
      items: group.items.map((item) =>
        item.report?.kind === 'builtin'
          ? { ...item, report: { ...item.report, params: reportDefaultsSchema.parse(item.report.params ?? {}) } }
          : item,
      ),
    })),
    dashboards: document.dashboards.map((group) => ({
      ...group,
      dashboards: group.dashboards.map((dashboard) => ({
        ...dashboard,
        tiles: dashboard.tiles.map((tile) => ({ ...tile, params: tileSettingsSchema.parse(tile.params ?? {}) })),
      })),
    })),
  };
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

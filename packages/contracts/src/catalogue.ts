import { z } from 'zod';
import { withClientBody, withClientQuery } from './client-params';
import { menuGroupSchema, menuIconNames } from './navigation';
import { roleKeySchema, subscriptionSchema } from './roles';
import { isSafeHttpUrl, linkMaxLength } from './safe-links';
import { dashboardTileTypeSchema } from './dashboards';
import type { TranslationKey } from './locales';
import { catalogueNameSchema, localisedTextSchema } from './catalogue-names';
import { catalogueDataSourceSchema } from './data-sources';
import {
  definitionParameterSchema,
  parameterValuesSchema,
  reportDefinitionBodySchema,
} from './report-definitions';

// The catalogue (docs/product.md §D.2, docs/decisions/015): the menu groups, report items, dashboard groups,
// dashboards and tiles of an organisation, with audiences and "featured", as ONE versioned JSON
// document. Export, import, every edit in management and the demo seed go through this format.

export const catalogueFormat = 'report-cockpit.catalogue';
export const catalogueVersion = 1;

/** The largest catalogue document the import accepts (bigger bodies get 413). */
export const catalogueMaxBytes = 5 * 1024 * 1024;

export { catalogueNameSchema, localisedTextSchema } from './catalogue-names';

export const catalogueTitleSchema = localisedTextSchema(200);
export const catalogueSubTitleSchema = localisedTextSchema(500);
export type LocalisedText = z.infer<typeof catalogueTitleSchema>;

/**
 * Who sees a group, item or dashboard. Empty (or absent) lists mean everyone in the organisation; a
 * user must match both lists that are set. Enforced by the server on every read.
 */
export const audienceSchema = z
  .object({
    roles: z.array(roleKeySchema).max(2).optional(),
    subscriptions: z.array(subscriptionSchema).max(2).optional(),
  })
  .strict();
export type Audience = z.infer<typeof audienceSchema>;

export const catalogueIconSchema = z.enum(menuIconNames);

const httpUrlSchema = z.string().max(linkMaxLength).refine(isSafeHttpUrl, 'must be an http(s) URL');

/** What an item opens: a report definition, a frame, or a link (never SQL from the client, never `javascript:`). */
export const catalogueReportSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('query'),
      /** A report definition of the same document (decision 027). */
      definition: catalogueNameSchema,
      /** Parameter values the report opens with (each parameter's own default otherwise). */
      values: parameterValuesSchema.optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('embedded'),
      /** A same-origin path or an https URL on one of REPORT_FRAME_ORIGINS (checked by the server); `{lang}` → the UI language. */
      frameUrl: z.string().trim().min(1).max(linkMaxLength),
    })
    .strict(),
  z.object({ kind: z.literal('external'), url: httpUrlSchema }).strict(),
]);
export type CatalogueReport = z.infer<typeof catalogueReportSchema>;

export const catalogueItemSchema = z
  .object({
    name: catalogueNameSchema,
    title: catalogueTitleSchema,
    subTitle: catalogueSubTitleSchema.optional(),
    icon: catalogueIconSchema.optional(),
    /** A name such as "EBITDA Bridge" reads the same in every language (docs/product.md §3 Menu item). */
    leaveTitleUntranslated: z.boolean().optional(),
    featured: z.boolean().optional(),
    audience: audienceSchema.optional(),
    /** Absent: the item is listed and its page says the report is not available yet. */
    report: catalogueReportSchema.optional(),
  })
  .strict();
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

export const catalogueMenuGroupSchema = z
  .object({
    name: catalogueNameSchema,
    title: catalogueTitleSchema,
    icon: catalogueIconSchema.optional(),
    audience: audienceSchema.optional(),
    items: z.array(catalogueItemSchema).max(2_000),
  })
  .strict();
export type CatalogueMenuGroup = z.infer<typeof catalogueMenuGroupSchema>;

export const catalogueTileSchema = z
  .object({
    /** Kept across export and import so that links to a tile stay valid; a new tile has none. */
    id: z.uuid().optional(),
    type: dashboardTileTypeSchema,
    /** A report definition of the same document, one of its visuals and parameter values (decision 027). */
    definition: catalogueNameSchema,
    visual: z.string().min(1).max(63).optional(),
    values: parameterValuesSchema.optional(),
    title: catalogueTitleSchema,
    /** Columns of a 12-column grid; tiles fill the grid in their order. */
    width: z.number().int().min(1).max(12),
  })
  .strict();
export type CatalogueTile = z.infer<typeof catalogueTileSchema>;

export const catalogueDashboardSchema = z
  .object({
    /** docs/product.md §3: a dashboard's menu item name is its numeric layout id. */
    layoutId: z.number().int().min(1).max(999_999_999),
    title: catalogueTitleSchema,
    subTitle: catalogueSubTitleSchema.optional(),
    featured: z.boolean().optional(),
    audience: audienceSchema.optional(),
    /** Parameters of the dashboard itself: a tile's definition parameter of the same name follows them. */
    parameters: z.array(definitionParameterSchema).max(10).optional(),
    tiles: z.array(catalogueTileSchema).max(48),
  })
  .strict();
export type CatalogueDashboard = z.infer<typeof catalogueDashboardSchema>;

export const catalogueDashboardGroupSchema = z
  .object({
    name: catalogueNameSchema,
    title: catalogueTitleSchema,
    icon: catalogueIconSchema.optional(),
    audience: audienceSchema.optional(),
    dashboards: z.array(catalogueDashboardSchema).max(1_000),
  })
  .strict();
export type CatalogueDashboardGroup = z.infer<typeof catalogueDashboardGroupSchema>;

/** The whole catalogue of an organisation: `GET`/`PUT /api/management/catalogue`. Order is the array order. */
export const catalogueDocumentSchema = z
  .object({
    format: z.literal(catalogueFormat),
    version: z.literal(catalogueVersion),
    /** Data sources without their passwords (decision 027). */
    dataSources: z.array(catalogueDataSourceSchema).max(100).optional(),
    /** Report definitions: SQL over a data source, typed parameters, columns, visuals. */
    definitions: z.array(reportDefinitionBodySchema).max(2_000).optional(),
    menu: z.array(catalogueMenuGroupSchema).max(200),
    dashboards: z.array(catalogueDashboardGroupSchema).max(200),
  })
  .strict();
export type CatalogueDocument = z.infer<typeof catalogueDocumentSchema>;

/** A JSON path (`$.menu[2].items[0].report.definition`) of a zod issue path: what a 400 names. */
export function jsonPathOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}.${String(key)}`),
    '$',
  );
}

// ---------------------------------------------------------------- management API

export const catalogueNameParamsSchema = z.object({ name: catalogueNameSchema });
export const catalogueLayoutParamsSchema = z.object({
  layoutId: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a numeric layout id')
    .transform(Number),
});

/** Where in its list a group, item or dashboard goes: 0 = first; absent = last (create) or unchanged. */
const positionSchema = z.number().int().min(0).max(100_000).optional();

/** `POST …/menu-groups`, `PUT …/menu-groups/:name` (items are edited one by one). */
export const menuGroupInputSchema = catalogueMenuGroupSchema
  .omit({ items: true })
  .extend({ position: positionSchema });
export type MenuGroupInput = z.infer<typeof menuGroupInputSchema>;

/** `POST …/items`, `PUT …/items/:name`: the item, the group it belongs to and its place there. */
export const itemInputSchema = catalogueItemSchema.extend({
  group: catalogueNameSchema,
  position: positionSchema,
});
export type ItemInput = z.infer<typeof itemInputSchema>;

export const dashboardGroupInputSchema = catalogueDashboardGroupSchema
  .omit({ dashboards: true })
  .extend({ position: positionSchema });
export type DashboardGroupInput = z.infer<typeof dashboardGroupInputSchema>;

/** A dashboard with its tiles, its group and its place there. */
export const dashboardInputSchema = catalogueDashboardSchema.extend({
  group: catalogueNameSchema,
  position: positionSchema,
});
export type DashboardInput = z.infer<typeof dashboardInputSchema>;

export const menuGroupBodySchema = withClientBody(menuGroupInputSchema.shape);
export const itemBodySchema = withClientBody(itemInputSchema.shape);
export const dashboardGroupBodySchema = withClientBody(dashboardGroupInputSchema.shape);
export const dashboardBodySchema = withClientBody(dashboardInputSchema.shape);

export const catalogueObjectKinds = [
  'menu-group',
  'item',
  'dashboard-group',
  'dashboard',
  'data-source',
  'definition',
] as const;
export const catalogueObjectKindSchema = z.enum(catalogueObjectKinds);
export type CatalogueObjectKind = z.infer<typeof catalogueObjectKindSchema>;

/** One difference between two catalogues: what an import would do, and what the activity log records. */
export const catalogueChangeSchema = z.object({
  object: catalogueObjectKindSchema,
  /** Group or item name, or the dashboard's layout id. */
  name: z.string(),
  /** The English title, so that a summary is readable. */
  title: z.string(),
  change: z.enum(['added', 'changed', 'removed']),
});
export type CatalogueChange = z.infer<typeof catalogueChangeSchema>;

/** The name of each kind of catalogue object: the import preview and the activity log list changes. */
export const catalogueObjectLabelKeys = {
  'menu-group': 'management.catalogue.object.menu-group',
  item: 'management.catalogue.object.item',
  'dashboard-group': 'management.catalogue.object.dashboard-group',
  dashboard: 'management.catalogue.object.dashboard',
  'data-source': 'management.catalogue.object.data-source',
  definition: 'management.catalogue.object.definition',
} as const satisfies Record<CatalogueObjectKind, TranslationKey>;

/** The name of each kind of change, where the import preview and the activity log list them. */
export const catalogueChangeLabelKeys = {
  added: 'management.catalogue.change.added',
  changed: 'management.catalogue.change.changed',
  removed: 'management.catalogue.change.removed',
} as const satisfies Record<CatalogueChange['change'], TranslationKey>;

export const catalogueChangesSchema = z.object({ changes: z.array(catalogueChangeSchema) });
export type CatalogueChanges = z.infer<typeof catalogueChangesSchema>;

/** `GET …/usage`: pins per item name and per dashboard layout id. */
export const catalogueUsageSchema = z.object({
  reportPins: z.record(z.string(), z.number().int()),
  dashboardPins: z.record(z.string(), z.number().int()),
});
export type CatalogueUsage = z.infer<typeof catalogueUsageSchema>;

/** Whose view: by default a member with the basic subscription, who sees the least. */
export const cataloguePreviewQuerySchema = withClientQuery({
  roleKey: roleKeySchema.default('organisationmember'),
  subscription: subscriptionSchema.default('basic'),
});
export type CataloguePreviewQuery = z.input<typeof cataloguePreviewQuerySchema>;

/** The main menu and the dashboards menu as the chosen audience sees them (no pins: nobody's). */
export const cataloguePreviewSchema = z.object({
  menu: z.array(menuGroupSchema),
  dashboards: z.array(menuGroupSchema),
});
export type CataloguePreview = z.infer<typeof cataloguePreviewSchema>;

// ---------------------------------------------------------------- activity

export const activityKinds = [
  'catalogue',
  'users',
  'notifications',
  'banners',
  'contract',
  'data',
  'sign-in',
] as const;
export const activityKindSchema = z.enum(activityKinds);
export type ActivityKind = z.infer<typeof activityKindSchema>;

/** What happened; the web app shows `management.activity.action.<action>` in the UI language. */
export const activityActions = [
  'catalogue.imported',
  'catalogue.menu-group.added',
  'catalogue.menu-group.changed',
  'catalogue.menu-group.removed',
  'catalogue.item.added',
  'catalogue.item.changed',
  'catalogue.item.removed',
  'catalogue.dashboard-group.added',
  'catalogue.dashboard-group.changed',
  'catalogue.dashboard-group.removed',
  'catalogue.dashboard.added',
  'catalogue.dashboard.changed',
  'catalogue.dashboard.removed',
  'catalogue.data-source.added',
  'catalogue.data-source.changed',
  'catalogue.data-source.removed',
  'catalogue.definition.added',
  'catalogue.definition.changed',
  'catalogue.definition.removed',
  'users.created',
  'users.changed',
  'users.deactivated',
  'users.reactivated',
  /** An administrator set a one-time password (decision 022). */
  'users.password-reset',
  /** An administrator removed a user's second factor (decision 021). */
  'users.two-factor-reset',
  'notifications.sent',
  'banners.created',
  'banners.changed',
  'banners.deleted',
  'contract.accepted',
  /** Management → Sign-in, single sign-on (decision 020): provider saved or removed, a domain proven. */
  'sign-in.settings-changed',
  'sign-in.settings-removed',
  'sign-in.domain-verified',
  /** The organisation's two-factor policy turned on or off (decision 021). */
  'sign-in.two-factor-policy-changed',
  /** Data sources and uploaded tables (decision 027). */
  'data.source-added',
  'data.source-changed',
  'data.source-removed',
  'data.table-uploaded',
  'data.table-removed',
  /** Row rules of a source's tables (decision 044). */
  'data.row-rule-added',
  'data.row-rule-changed',
  'data.row-rule-removed',
] as const;
export const activityActionSchema = z.enum(activityActions);
export type ActivityAction = z.infer<typeof activityActionSchema>;

export const activityEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorName: z.string(),
  kind: activityKindSchema,
  action: activityActionSchema,
  /** What it was done to: a name, a title, an e-mail. */
  target: z.string(),
  /** For an import: the changes it made. */
  changes: z.array(catalogueChangeSchema).optional(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSize = 25;

export const activityQuerySchema = withClientQuery({
  kind: activityKindSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ActivityQuery = z.input<typeof activityQuerySchema>;

export const activityResponseSchema = z.object({
  items: z.array(activityEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;

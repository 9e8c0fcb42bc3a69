import { z } from 'zod';
import { menuGroupSchema } from './navigation';
import { reportDataSchema } from './reports';
import { type DefinitionVisual, parameterViewSchema, resultInfoSchema } from './report-definitions';
import { withClientQuery } from './client-params';

// Dashboards (docs/product.md §2 Side panel: dashboards, §3; docs/product.md §D.3): a dashboard is a grid of tiles, each
// one a built-in query. For dashboards a menu item's `name` holds the numeric layout id (docs/product.md §3).

/** `GET /api/dashboards/menu`: groups of dashboard items for the dashboards panel. */
export const dashboardsMenuResponseSchema = z.object({ groups: z.array(menuGroupSchema) });
export type DashboardsMenuResponse = z.infer<typeof dashboardsMenuResponseSchema>;

/** A layout id in a URL: digits only, at most nine (fits an integer column). */
export const layoutIdSchema = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a numeric layout id')
  .transform(Number);

export const dashboardParamsSchema = z.object({ layoutId: layoutIdSchema });
export const dashboardTileParamsSchema = z.object({
  layoutId: layoutIdSchema,
  tileId: z.uuid({ error: 'must be a tile id' }),
});

export const dashboardTileTypes = ['kpi', 'line', 'bar', 'table'] as const;
export const dashboardTileTypeSchema = z.enum(dashboardTileTypes);
export type DashboardTileType = z.infer<typeof dashboardTileTypeSchema>;

/**
 * THE tile type a visual is drawn as (decision 046): a KPI visual as KPIs, a table as a table, a bar chart
 * as bars, a line or area chart as a line chart. The server refuses a tile whose type says otherwise; the
 * tile editor derives the type from the chosen visual.
 */
export function tileTypeOfVisual(
  visual: Pick<DefinitionVisual, 'type'> & { kind?: string },
): DashboardTileType {
  if (visual.type === 'kpi') return 'kpi';
  if (visual.type === 'table') return 'table';
  return visual.kind === 'bar' ? 'bar' : 'line';
}

export const dashboardTileSchema = z.object({
  id: z.string(),
  type: dashboardTileTypeSchema,
  title: z.string(),
  /** Columns of a 12-column grid the tile spans on wide screens. */
  width: z.number().int().min(1).max(12),
});
export type DashboardTile = z.infer<typeof dashboardTileSchema>;

/** `GET /api/dashboards/:layoutId`: the layout; every tile then loads its own data. */
export const dashboardResponseSchema = z.object({
  layoutId: z.number().int(),
  title: z.string(),
  subTitle: z.string().nullable(),
  groupTitle: z.string(),
  isPinned: z.boolean(),
  tiles: z.array(dashboardTileSchema),
  /** The dashboard's own parameters (decision 027): its report-definition tiles follow their values. */
  parameters: z.array(parameterViewSchema).optional(),
});

/** `GET /api/dashboards/:layoutId/tiles/:tileId?values=<JSON>`: the dashboard's parameter values. */
export const dashboardTileQuerySchema = withClientQuery({ values: z.string().max(16_000).optional() });
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/**
 * `GET /api/dashboards/:layoutId/tiles/:tileId`: one tile's data. A kpi tile gets its figures in
 * `data.kpis`, a line or bar tile its chart in `data.charts[0]`, a table tile `data.table`.
 */
export const dashboardTileDataResponseSchema = z.object({
  tile: dashboardTileSchema,
  data: reportDataSchema,
  /** A report definition's tile: when its data was read (decision 027). */
  info: resultInfoSchema.nullable().optional(),
});
export type DashboardTileDataResponse = z.infer<typeof dashboardTileDataResponseSchema>;

import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { titleColumns, uuidPrimaryKey } from '../../db/columns';
import { dashboards } from '../../db/core-tables';

/**
 * The tiles of a dashboard (DESIGN.md §3: "a grid of tiles, each one a built-in query"). A tile names a
 * query key of the fixed set in features/reports/queries and its parameters (`{ range, grouping, kpi,
 * chart, series, limit }`, validated when read); the client never sends SQL.
 */
export const dashboardTiles = pgTable(
  'dashboard_tiles',
  {
    id: uuidPrimaryKey(),
    dashboardId: text('dashboard_id')
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    tileType: text('tile_type').notNull(),
    /** A built-in query with its settings in `params` … */
    queryKey: text('query_key'),
    params: jsonb('params').notNull().default({}),
    /** … or a report definition, one of its visuals and parameter values (decision 027). */
    definitionName: text('definition_name'),
    visual: text('visual'),
    values: jsonb('values'),
    ...titleColumns(),
    /** Columns of a 12-column grid. */
    width: smallint('width').notNull().default(6),
  },
  (t) => [
    uniqueIndex('dashboard_tiles_dashboard_position_uq').on(t.dashboardId, t.position),
    check('dashboard_tiles_type_check', sql`${t.tileType} in ('kpi', 'line', 'bar', 'table')`),
    check('dashboard_tiles_width_check', sql`${t.width} between 1 and 12`),
    check(
      'dashboard_tiles_source_check',
      sql`(${t.queryKey} is null) <> (${t.definitionName} is null)`,
    ),
  ],
);

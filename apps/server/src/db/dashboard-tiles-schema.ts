import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { titleColumns, uuidPrimaryKey } from './columns';
import { dashboards } from './core-tables';

/**
 * The tiles of a dashboard: each names a report definition, one of its visuals and parameter values
 * (decision 027), checked when read; the client never sends SQL.
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
    /** The report definition, one of its visuals and parameter values (decision 027). */
    definitionName: text('definition_name').notNull(),
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
  ],
);

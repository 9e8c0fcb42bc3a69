import {
  type DashboardTileType,
  type DefinitionParameter,
  type DefinitionVisual,
  type ParameterValues,
  type ReportData,
  type ResultInfo,
  type UiLanguageName,
  dashboardTileTypeSchema,
  definitionParameterSchema,
  errorCodes,
  isAdministrator,
  parameterValuesSchema,
} from '@cockpit/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import {
  type CatalogueService,
  type DashboardGroupRow,
  type DashboardRow,
  type TileRow,
  mayOpenDashboards,
  visibleDashboard,
} from '../../catalogue';
import { HttpError, forbidden, internalErrorMessage, notFound } from '../../lib/http-error';
import {
  DefinitionUnusable,
  type DefinitionRunner,
  parseStoredDefinition,
  VisualMisfit,
  executorHttpError,
} from '../../reports';

// One way to open a dashboard and load a tile's data for a user (decision 027: a tile is a visual of a
// report definition, run as its reader): the tile route and a dashboard subscription's mail (decision
// 029, composed in plugins/report-deliveries.ts) both use it, so a mail shows what the page shows.

/** Rows a table tile of a report definition shows. */
const defaultTableTileRows = 10;

/** A dashboard's stored parameters; ones that no longer parse count as none. */
export function dashboardParametersOf(stored: unknown): DefinitionParameter[] {
  const parsed = z.array(definitionParameterSchema).safeParse(stored ?? []);
  return parsed.success ? parsed.data : [];
}

/**
 * A definition tile's values: its own, under the defaults of the dashboard's parameters of the same names
 * (decision 027: a dashboard's parameters are what its tiles follow).
 */
function tileValues(
  stored: unknown,
  dashboardParameters: unknown,
  chosen: ParameterValues,
  /** The tile definition's parameters: a dashboard parameter it does not declare is not passed on. */
  declared: readonly DefinitionParameter[],
): ParameterValues {
  const own = parameterValuesSchema.safeParse(stored ?? {});
  const values: ParameterValues = own.success ? { ...own.data } : {};
  for (const parameter of dashboardParametersOf(dashboardParameters)) {
    if (!declared.some((candidate) => candidate.name === parameter.name)) continue;
    if (Object.hasOwn(chosen, parameter.name)) values[parameter.name] = chosen[parameter.name] ?? null;
    else if (parameter.default !== undefined) values[parameter.name] = parameter.default;
  }
  return values;
}

/** The visual a tile without one shows: the definition's first of the tile's type. */
function firstVisualFor(visuals: readonly DefinitionVisual[], type: DashboardTileType): string {
  const wanted = type === 'kpi' ? 'kpi' : type === 'table' ? 'table' : 'chart';
  const found = visuals.find((visual) => visual.type === wanted);
  if (!found) throw new DefinitionUnusable(`the definition has no ${wanted} visual for a ${type} tile`);
  return found.id;
}

/** Dashboards need the pro subscription (catalogue-views.ts decides); 403 otherwise. */
export function requireDashboards(user: AuthenticatedUser): void {
  if (!mayOpenDashboards(user)) throw forbidden('Dashboards need the pro subscription');
}

/** A dashboard the user may open, with its group and its tiles in layout order. */
export interface OpenedDashboard {
  dashboard: DashboardRow;
  group: DashboardGroupRow;
  tiles: TileRow[];
}

/** A tile's data as the tile route answers it. */
export interface LoadedTile {
  type: DashboardTileType;
  data: ReportData;
  info: ResultInfo;
}

export interface DashboardTilesDependencies {
  catalogue: CatalogueService;
  /** Runs a report definition for its reader (decision 027). */
  definitions: Pick<DefinitionRunner, 'run'>;
}

export function createDashboardTiles({ catalogue, definitions }: DashboardTilesDependencies) {
  /** The dashboard `layoutId` as `user` may open it: 403 without the pro subscription, 404 outside their audience. */
  async function open(user: AuthenticatedUser, layoutId: number): Promise<OpenedDashboard> {
    requireDashboards(user);
    const snapshot = await catalogue.snapshot(user.organisationId);
    const found = visibleDashboard(snapshot, user, layoutId);
    if (!found) throw notFound(`No dashboard with layout id ${layoutId} exists`);
    return { ...found, tiles: snapshot.tiles.get(found.dashboard.id) ?? [] };
  }

  /**
   * One tile's data for `user` with the dashboard's parameter values `chosen` (none: its defaults). A tile
   * whose stored row does not fit is a 500 without internals, logged with the reason
   * (features/dashboards/README.md); the executor's errors are mapped as on the report page.
   */
  async function load(
    user: AuthenticatedUser,
    { dashboard }: OpenedDashboard,
    tile: TileRow,
    options: {
      language: UiLanguageName;
      /** Read once the tile is known to be sound: a broken tile stays a 500 whatever values come with it. */
      chosen: () => ParameterValues;
      log: FastifyBaseLogger;
    },
  ): Promise<LoadedTile> {
    const stored = (await catalogue.snapshot(user.organisationId)).definitions.get(tile.definitionName);
    const type = dashboardTileTypeSchema.safeParse(tile.tileType);
    if (!stored || !type.success) {
      options.log.error({ tileId: tile.id }, 'dashboard tile names a missing report definition');
      throw new HttpError(500, errorCodes.internal, internalErrorMessage);
    }
    try {
      const { parameters, visuals } = parseStoredDefinition(stored);
      // A visual the definition no longer has (changed behind the tile's back) is broken, not empty.
      if (tile.visual && !visuals.some((visual) => visual.id === tile.visual)) {
        throw new VisualMisfit(`the definition '${tile.definitionName}' has no visual '${tile.visual}'`);
      }
      // The per-user report limits are a step of the run path itself (docs/decisions/038-one-run-path.md).
      const answer = await definitions.run({
        reader: user,
        stored,
        values: tileValues(tile.values, dashboard.parameters, options.chosen(), parameters),
        language: options.language,
        purpose: 'tile',
        target: String(dashboard.layoutId),
        visuals: [tile.visual ?? firstVisualFor(visuals, type.data)],
        ...(type.data === 'table' ? { tableRows: defaultTableTileRows } : {}),
      });
      return { type: type.data, data: answer.data, info: answer.info };
    } catch (error) {
      if (!(error instanceof DefinitionUnusable || error instanceof VisualMisfit)) {
        throw executorHttpError(error, isAdministrator(user) ? 'administrator' : 'member');
      }
      options.log.error({ tileId: tile.id, err: error }, 'dashboard tile definition is broken');
      throw new HttpError(500, errorCodes.internal, internalErrorMessage);
    }
  }

  return { open, load };
}

export type DashboardTiles = ReturnType<typeof createDashboardTiles>;

import { endpointRoute } from '../../lib/endpoint-route';
import {
  type DashboardTileType,
  type DefinitionParameter,
  type DefinitionVisual,
  type ParameterValues,
  type ParameterView,
  type UiLanguageName,
  catalogueTextIn,
  apiEndpoints,
  dashboardTileTypeSchema,
  definitionParameterSchema,
  errorCodes,
  parameterValuesSchema,
} from '@cockpit/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { HttpError, forbidden, internalErrorMessage, notFound } from '../../lib/http-error';
import { resolveLanguage } from '../../lib/language';
import { textIn } from '../../catalogue/catalogue-snapshot';
import { catalogueTitleIn, visibleDashboard, visibleDashboards } from '../../catalogue/catalogue-views';
import { DefinitionUnusable, parseStoredDefinition, valuesFromQuery } from '../../reporting/definition-runner';
import { VisualMisfit } from '../../reporting/definition-visuals';
import { executorHttpError } from '../../reporting/executor/executor-errors';
import { isAdministrator } from '../../plugins/require-admin';

/**
 * Dashboards (spec §2 dashboards route and side panel, §3; DESIGN.md §3): availability, the dashboards
 * menu, a dashboard's layout and each tile's data. Everything but availability needs the `pro`
 * subscription (403 otherwise); another organisation's dashboard or tile, or one outside the user's
 * audience (decision 015), is 404 with nothing of it in the answer.
 */
/** Rows a table tile of a report definition shows. */
const defaultTableTileRows = 10;

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

/** A dashboard's stored parameters; ones that no longer parse count as none. */
function dashboardParametersOf(stored: unknown): DefinitionParameter[] {
  const parsed = z.array(definitionParameterSchema).safeParse(stored ?? []);
  return parsed.success ? parsed.data : [];
}

/** A dashboard's parameters as its page shows them: labels in the UI language, fixed choices, defaults. */
function parameterViewsOf(stored: unknown, language: UiLanguageName): ParameterView[] {
  return dashboardParametersOf(stored).map((parameter) => ({
    name: parameter.name,
    type: parameter.type,
    label: catalogueTextIn(parameter.label, language),
    required: parameter.required,
    options:
      parameter.options?.map((option) => ({
        value: option.value,
        label: (option.label && catalogueTextIn(option.label, language)) ?? option.value,
      })) ?? null,
    value: parameter.default ?? null,
  }));
}

/** The visual a tile without one shows: the definition's first of the tile's type. */
function firstVisualFor(visuals: readonly DefinitionVisual[], type: DashboardTileType): string {
  const wanted = type === 'kpi' ? 'kpi' : type === 'table' ? 'table' : 'chart';
  const found = visuals.find((visual) => visual.type === wanted);
  if (!found) throw new DefinitionUnusable(`the definition has no ${wanted} visual for a ${type} tile`);
  return found.id;
}

export const dashboardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogue } = app;

  const requirePro = (user: AuthenticatedUser) => {
    // DESIGN.md §3 "Dashboards available": pro subscription (and at least one dashboard).
    if (user.subscription !== 'pro') throw forbidden('Dashboards need the pro subscription');
  };
  const findDashboard = async (user: AuthenticatedUser, layoutId: number) => {
    const snapshot = await catalogue.snapshot(user.organisationId);
    const found = visibleDashboard(snapshot, user, layoutId);
    if (!found) throw notFound(`No dashboard with layout id ${layoutId} exists`);
    return { ...found, tiles: snapshot.tiles.get(found.dashboard.id) ?? [] };
  };

  app.route({
    ...endpointRoute(apiEndpoints.getDashboardsAvailability),
    handler: async (request) => {
      const { user } = request;
      // DESIGN.md §3: pro, and at least one dashboard the user's audience allows.
      const available = visibleDashboards(await catalogue.snapshot(user.organisationId), user).length > 0;
      return { available };
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.getDashboardsMenu),
    handler: async (request) => {
      const { user } = request;
      requirePro(user);
      const language = resolveLanguage(request.query.isoLanguageName, user.uiLanguage);
      return { groups: await catalogue.dashboardsMenu(user, language) };
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.getDashboard),
    handler: async (request) => {
      const { user } = request;
      requirePro(user);
      const language = resolveLanguage(request.query.isoLanguageName, user.uiLanguage);
      const { dashboard, group, tiles } = await findDashboard(user, request.params.layoutId);
      const userPins = await catalogue.pinsOf(user.id);
      return {
        layoutId: dashboard.layoutId,
        title: catalogueTitleIn(language, dashboard),
        subTitle: textIn(language, dashboard.subTitleEn, dashboard.subTitleDe, dashboard.subTitleDeAt),
        groupTitle: catalogueTitleIn(language, group),
        isPinned: userPins.dashboard.has(String(dashboard.layoutId)),
        ...(dashboard.parameters ? { parameters: parameterViewsOf(dashboard.parameters, language) } : {}),
        tiles: tiles.map((tile) => ({
          id: tile.id,
          // A tile with an unknown type is still listed; loading its data reports the error in the tile.
          type: dashboardTileTypeSchema.catch('table').parse(tile.tileType),
          title: catalogueTitleIn(language, tile),
          width: tile.width,
        })),
      };
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.getDashboardTile),
    handler: async (request) => {
      const { user } = request;
      requirePro(user);
      const language = resolveLanguage(request.query.isoLanguageName, user.uiLanguage);
      const { dashboard, tiles } = await findDashboard(user, request.params.layoutId);
      const tile = tiles.find((candidate) => candidate.id === request.params.tileId);
      if (!tile) throw notFound(`No tile ${request.params.tileId} on dashboard ${dashboard.layoutId}`);
      const tileView = (type: DashboardTileType) => ({
        id: tile.id,
        type,
        title: catalogueTitleIn(language, tile),
        width: tile.width,
      });
      // A report definition's tile (decision 027): the definition's run for this reader, one visual.
      const stored = (await catalogue.snapshot(user.organisationId)).definitions.get(tile.definitionName);
      const type = dashboardTileTypeSchema.safeParse(tile.tileType);
      if (!stored || !type.success) {
        request.log.error({ tileId: tile.id }, 'dashboard tile names a missing report definition');
        throw new HttpError(500, errorCodes.internal, internalErrorMessage);
      }
      try {
        const { parameters, visuals } = parseStoredDefinition(stored);
        // A visual the definition no longer has (changed behind the tile's back) is broken, not empty.
        if (tile.visual && !visuals.some((visual) => visual.id === tile.visual)) {
          throw new VisualMisfit(`the definition '${tile.definitionName}' has no visual '${tile.visual}'`);
        }
        const answer = await app.reportQueries.limit(user.id, () =>
          app.definitions.run({
            reader: user,
            stored,
            values: tileValues(tile.values, dashboard.parameters, valuesFromQuery(request.query.values), parameters),
            language,
            purpose: 'tile',
            target: String(dashboard.layoutId),
            visuals: [tile.visual ?? firstVisualFor(visuals, type.data)],
            ...(type.data === 'table' ? { tableRows: defaultTableTileRows } : {}),
          }),
        );
        return { tile: tileView(type.data), params: null, data: answer.data, info: answer.info };
      } catch (error) {
        if (!(error instanceof DefinitionUnusable || error instanceof VisualMisfit)) {
          throw executorHttpError(error, isAdministrator(user) ? 'administrator' : 'member');
        }
        request.log.error({ tileId: tile.id, err: error }, 'dashboard tile definition is broken');
        throw new HttpError(500, errorCodes.internal, internalErrorMessage);
      }
    },
  });
};

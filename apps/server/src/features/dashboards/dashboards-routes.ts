import { endpointRoute } from '../../lib/endpoint-route';
import {
  type ParameterView,
  type UiLanguageName,
  catalogueTextIn,
  apiEndpoints,
  dashboardTileTypeSchema,
} from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-error';
import { resolveLanguage } from '../../lib/language';
import { catalogueTitleIn, textIn, visibleDashboards } from '../../catalogue';
import { valuesFromQuery } from '../../reports';
import { createDashboardTiles, dashboardParametersOf, requireDashboards } from './dashboard-tiles';

/**
 * Dashboards (docs/product.md §2 dashboards route and side panel, §3; docs/product.md §D.3): availability, the dashboards
 * menu, a dashboard's layout and each tile's data. Everything but availability needs the `pro`
 * subscription (403 otherwise); another organisation's dashboard or tile, or one outside the user's
 * audience (decision 015), is 404 with nothing of it in the answer.
 */
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

export const dashboardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogue } = app;

  // Opening a dashboard and loading a tile are shared with a dashboard subscription's mail (dashboard-tiles.ts).
  const dashboardTiles = createDashboardTiles({ catalogue, definitions: app.reportRunner });

  app.route({
    ...endpointRoute(apiEndpoints.getDashboardsAvailability),
    handler: async (request) => {
      const { user } = request;
      // docs/product.md §D.3: pro, and at least one dashboard the user's audience allows.
      const available = visibleDashboards(await catalogue.snapshot(user.organisationId), user).length > 0;
      return { available };
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.getDashboardsMenu),
    handler: async (request) => {
      const { user } = request;
      requireDashboards(user);
      const language = resolveLanguage(request.query.isoLanguageName, user.uiLanguage);
      return { groups: await catalogue.dashboardsMenu(user, language) };
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.getDashboard),
    handler: async (request) => {
      const { user } = request;
      requireDashboards(user);
      const language = resolveLanguage(request.query.isoLanguageName, user.uiLanguage);
      const { dashboard, group, tiles } = await dashboardTiles.open(user, request.params.layoutId);
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
      requireDashboards(user);
      const language = resolveLanguage(request.query.isoLanguageName, user.uiLanguage);
      const opened = await dashboardTiles.open(user, request.params.layoutId);
      const tile = opened.tiles.find((candidate) => candidate.id === request.params.tileId);
      if (!tile) throw notFound(`No tile ${request.params.tileId} on dashboard ${opened.dashboard.layoutId}`);
      const chosen = () => valuesFromQuery(request.query.values);
      const { type, data, info } = await dashboardTiles.load(user, opened, tile, {
        language,
        chosen,
        log: request.log,
      });
      const view = { id: tile.id, type, title: catalogueTitleIn(language, tile), width: tile.width };
      return { tile: view, data, info };
    },
  });
};

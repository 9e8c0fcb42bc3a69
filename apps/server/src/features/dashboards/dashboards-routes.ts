import {
  apiErrorSchema,
  apiPaths,
  dashboardParamsSchema,
  dashboardResponseSchema,
  dashboardTileDataResponseSchema,
  dashboardTileParamsSchema,
  dashboardTileTypeSchema,
  dashboardsAvailabilitySchema,
  dashboardsMenuResponseSchema,
  errorCodes,
  reportApiPaths,
  withClientQuery,
} from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { HttpError, forbidden, internalErrorMessage, notFound } from '../../lib/http-error';
import { isGerman, resolveLanguage } from '../../lib/language';
import { utcToday } from '../../reporting/calendar';
import { salesDataRange } from '../../reporting/sales-data-range';
import { TileDefinitionError, loadTileData } from './dashboard-tile-data';
import { createDashboardsRepository } from './dashboards-repository';

/**
 * Dashboards (spec §2 dashboards route and side panel, §3; DESIGN.md §3): availability, the dashboards
 * menu, a dashboard's layout and each tile's data. Everything but availability needs the `pro`
 * subscription (403 otherwise); another organisation's dashboard or tile is 404.
 */
export const dashboardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createDashboardsRepository(app.db);

  const requirePro = (user: AuthenticatedUser) => {
    // DESIGN.md §3 "Dashboards available": pro subscription (and at least one dashboard).
    if (user.subscription !== 'pro') throw forbidden('Dashboards need the pro subscription');
  };
  const findDashboard = async (user: AuthenticatedUser, layoutId: number) => {
    const dashboard = await repository.findDashboard(user.organisationId, layoutId);
    if (!dashboard) throw notFound(`No dashboard with layout id ${layoutId} exists`);
    return dashboard;
  };

  app.get(
    apiPaths.dashboardsAvailability,
    {
      schema: {
        tags: ['dashboards'],
        summary: 'Whether the dashboards area is available to the signed-in user',
        security: [{ bearerAuth: [] }],
        querystring: withClientQuery({}),
        response: { 200: dashboardsAvailabilitySchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = request;
      const available =
        user.subscription === 'pro' && (await repository.countForOrganisation(user.organisationId)) > 0;
      return { available };
    },
  );

  app.get(
    reportApiPaths.dashboardsMenu,
    {
      schema: {
        tags: ['dashboards'],
        summary: 'Dashboard groups and items for the dashboards panel (item name = layout id)',
        security: [{ bearerAuth: [] }],
        querystring: withClientQuery({}),
        response: { 200: dashboardsMenuResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = request;
      requirePro(user);
      const language = resolveLanguage(request.query.isoLanguageName, user.uiLanguage);
      const groups = await repository.menu({
        organisationId: user.organisationId,
        userId: user.id,
        german: isGerman(language),
      });
      return { groups };
    },
  );

  app.get(
    reportApiPaths.dashboard,
    {
      schema: {
        tags: ['dashboards'],
        summary: 'A dashboard: title and tiles (each tile loads its own data)',
        security: [{ bearerAuth: [] }],
        params: dashboardParamsSchema,
        querystring: withClientQuery({}),
        response: {
          200: dashboardResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { user } = request;
      requirePro(user);
      const german = isGerman(resolveLanguage(request.query.isoLanguageName, user.uiLanguage));
      const dashboard = await findDashboard(user, request.params.layoutId);
      const [tiles, isPinned] = await Promise.all([
        repository.tiles(dashboard.id),
        repository.isPinned(user.id, dashboard.layoutId),
      ]);
      return {
        layoutId: dashboard.layoutId,
        title: german ? dashboard.titleDe : dashboard.titleEn,
        subTitle: german
          ? (dashboard.subTitleDe ?? dashboard.subTitleEn)
          : (dashboard.subTitleEn ?? dashboard.subTitleDe),
        groupTitle: german ? dashboard.groupTitleDe : dashboard.groupTitleEn,
        isPinned,
        tiles: tiles.map((tile) => ({
          id: tile.id,
          // A tile with an unknown type is still listed; loading its data reports the error in the tile.
          type: dashboardTileTypeSchema.catch('table').parse(tile.tileType),
          title: german ? tile.titleDe : tile.titleEn,
          width: tile.width,
        })),
      };
    },
  );

  app.get(
    reportApiPaths.dashboardTile,
    {
      schema: {
        tags: ['dashboards'],
        summary: "One dashboard tile's data",
        security: [{ bearerAuth: [] }],
        params: dashboardTileParamsSchema,
        querystring: withClientQuery({}),
        response: {
          200: dashboardTileDataResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          500: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { user } = request;
      requirePro(user);
      const language = resolveLanguage(request.query.isoLanguageName, user.uiLanguage);
      const dashboard = await findDashboard(user, request.params.layoutId);
      const tile = (await repository.tiles(dashboard.id)).find(
        (candidate) => candidate.id === request.params.tileId,
      );
      if (!tile) throw notFound(`No tile ${request.params.tileId} on dashboard ${dashboard.layoutId}`);
      try {
        const result = await loadTileData({
          db: app.db,
          organisationId: user.organisationId,
          language,
          today: utcToday(),
          dataRange: await salesDataRange(app.db, user.organisationId),
          tile,
        });
        return {
          tile: {
            id: tile.id,
            type: result.type,
            title: isGerman(language) ? tile.titleDe : tile.titleEn,
            width: tile.width,
          },
          params: result.params,
          data: result.data,
        };
      } catch (error) {
        if (!(error instanceof TileDefinitionError)) throw error;
        // Stored data that does not fit: this tile shows its error, the others load normally.
        request.log.error({ tileId: tile.id, err: error }, 'dashboard tile definition is broken');
        throw new HttpError(500, errorCodes.internal, internalErrorMessage);
      }
    },
  );
};

import {
  type CatalogueDocument,
  activityQuerySchema,
  activityResponseSchema,
  apiErrorSchema,
  catalogueApiPaths,
  catalogueChangesSchema,
  catalogueDocumentSchema,
  catalogueLayoutParamsSchema,
  catalogueMaxBytes,
  catalogueNameParamsSchema,
  cataloguePreviewQuerySchema,
  cataloguePreviewSchema,
  catalogueUsageSchema,
  dashboardBodySchema,
  dashboardGroupBodySchema,
  itemBodySchema,
  menuGroupBodySchema,
  withClientQuery,
} from '@cockpit/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveLanguage } from '../../lib/language';
import { type Actor, listActivity } from '../../activity/activity-repository';
import {
  deleteDashboard,
  deleteDashboardGroup,
  deleteItem,
  deleteMenuGroup,
  saveDashboard,
  saveDashboardGroup,
  saveItem,
  saveMenuGroup,
} from '../../catalogue/catalogue-edits';

// Management → Catalogue and Activity (decision 015). Registered inside the management plugin, so only
// organisation administrators reach these routes, for their own organisation only.

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const changesAnswer = { 200: catalogueChangesSchema, ...errors };
const security = [{ bearerAuth: [] }];
const tags = ['management: catalogue'];

/** The client's spec §7 fields ride along in JSON bodies; the catalogue edits do not need them. */
function withoutClientFields<T extends Record<string, unknown>>(body: T) {
  const {
    useBackendTranslation: _a,
    isoLanguageName: _b,
    cultureName: _c,
    currencySymbol: _d,
    ...rest
  } = body;
  return rest;
}

const actorOf = (request: FastifyRequest): Actor => ({
  organisationId: request.user.organisationId,
  id: request.user.id,
  name: request.user.displayName,
});

/**
 * The document an import sends: any JSON value. It is checked by the catalogue service, which names the
 * JSON path of the first problem (a schema here would answer with Fastify's own wording instead).
 */
const importBodySchema = z.unknown().describe('A catalogue document (see the GET answer).');

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogue } = app;

  app.get(
    catalogueApiPaths.catalogue,
    {
      schema: {
        tags,
        summary: "Export: the organisation's whole catalogue as one versioned document",
        security,
        querystring: withClientQuery({}),
        response: { 200: catalogueDocumentSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => catalogue.document(request.user.organisationId),
  );

  app.put(
    catalogueApiPaths.catalogue,
    {
      bodyLimit: catalogueMaxBytes,
      schema: {
        tags,
        summary:
          'Import: replace the whole catalogue atomically (nothing changes when the document is invalid)',
        security,
        querystring: withClientQuery({}),
        body: importBodySchema,
        response: { ...changesAnswer, 413: apiErrorSchema },
      },
    },
    async (request) => catalogue.import(actorOf(request), stripClientFields(request.body)),
  );

  app.post(
    catalogueApiPaths.changes,
    {
      bodyLimit: catalogueMaxBytes,
      schema: {
        tags,
        summary: 'What importing this document would change (nothing is applied)',
        security,
        querystring: withClientQuery({}),
        body: importBodySchema,
        response: { ...changesAnswer, 413: apiErrorSchema },
      },
    },
    async (request) => ({
      changes: await catalogue.preview(request.user.organisationId, stripClientFields(request.body)),
    }),
  );

  app.get(
    catalogueApiPaths.preview,
    {
      schema: {
        tags,
        summary: 'Preview as: the menus exactly as users of a role and subscription see them',
        security,
        querystring: cataloguePreviewQuerySchema,
        response: { 200: cataloguePreviewSchema, ...errors },
      },
    },
    async (request) => {
      const { roleKey, subscription, isoLanguageName } = request.query;
      const language = resolveLanguage(isoLanguageName, request.user.uiLanguage);
      return catalogue.previewAs(request.user.organisationId, { roleKey, subscription }, language);
    },
  );

  app.get(
    catalogueApiPaths.usage,
    {
      schema: {
        tags,
        summary: 'How many users pinned each item and dashboard',
        security,
        querystring: withClientQuery({}),
        response: { 200: catalogueUsageSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => catalogue.usage(request.user.organisationId),
  );

  // ---- one object at a time: each is a new document through the same check and store as an import
  const edit = (request: FastifyRequest, change: (current: CatalogueDocument) => CatalogueDocument) =>
    catalogue.edit(actorOf(request), change);

  app.post(
    catalogueApiPaths.menuGroups,
    {
      schema: {
        tags,
        summary: 'Create a menu group',
        security,
        querystring: withClientQuery({}),
        body: menuGroupBodySchema,
        response: changesAnswer,
      },
    },
    async (request) =>
      edit(request, (doc) => saveMenuGroup(doc, { create: true }, withoutClientFields(request.body))),
  );
  app.put(
    catalogueApiPaths.menuGroup,
    {
      schema: {
        tags,
        summary: 'Change a menu group (title, icon, audience, place)',
        security,
        params: catalogueNameParamsSchema,
        querystring: withClientQuery({}),
        body: menuGroupBodySchema,
        response: changesAnswer,
      },
    },
    async (request) =>
      edit(request, (doc) =>
        saveMenuGroup(doc, { create: false, name: request.params.name }, withoutClientFields(request.body)),
      ),
  );
  app.delete(
    catalogueApiPaths.menuGroup,
    {
      schema: {
        tags,
        summary: 'Delete a menu group with its items',
        security,
        params: catalogueNameParamsSchema,
        querystring: withClientQuery({}),
        response: changesAnswer,
      },
    },
    async (request) => edit(request, (doc) => deleteMenuGroup(doc, request.params.name)),
  );

  app.post(
    catalogueApiPaths.items,
    {
      schema: {
        tags,
        summary: 'Create a report item',
        security,
        querystring: withClientQuery({}),
        body: itemBodySchema,
        response: changesAnswer,
      },
    },
    async (request) =>
      edit(request, (doc) => saveItem(doc, { create: true }, withoutClientFields(request.body))),
  );
  app.put(
    catalogueApiPaths.item,
    {
      schema: {
        tags,
        summary: 'Change a report item (also: move it to another group or place)',
        security,
        params: catalogueNameParamsSchema,
        querystring: withClientQuery({}),
        body: itemBodySchema,
        response: changesAnswer,
      },
    },
    async (request) =>
      edit(request, (doc) =>
        saveItem(doc, { create: false, name: request.params.name }, withoutClientFields(request.body)),
      ),
  );
  app.delete(
    catalogueApiPaths.item,
    {
      schema: {
        tags,
        summary: 'Delete a report item',
        security,
        params: catalogueNameParamsSchema,
        querystring: withClientQuery({}),
        response: changesAnswer,
      },
    },
    async (request) => edit(request, (doc) => deleteItem(doc, request.params.name)),
  );

  app.post(
    catalogueApiPaths.dashboardGroups,
    {
      schema: {
        tags,
        summary: 'Create a dashboard group',
        security,
        querystring: withClientQuery({}),
        body: dashboardGroupBodySchema,
        response: changesAnswer,
      },
    },
    async (request) =>
      edit(request, (doc) => saveDashboardGroup(doc, { create: true }, withoutClientFields(request.body))),
  );
  app.put(
    catalogueApiPaths.dashboardGroup,
    {
      schema: {
        tags,
        summary: 'Change a dashboard group',
        security,
        params: catalogueNameParamsSchema,
        querystring: withClientQuery({}),
        body: dashboardGroupBodySchema,
        response: changesAnswer,
      },
    },
    async (request) =>
      edit(request, (doc) =>
        saveDashboardGroup(
          doc,
          { create: false, name: request.params.name },
          withoutClientFields(request.body),
        ),
      ),
  );
  app.delete(
    catalogueApiPaths.dashboardGroup,
    {
      schema: {
        tags,
        summary: 'Delete a dashboard group with its dashboards',
        security,
        params: catalogueNameParamsSchema,
        querystring: withClientQuery({}),
        response: changesAnswer,
      },
    },
    async (request) => edit(request, (doc) => deleteDashboardGroup(doc, request.params.name)),
  );

  app.post(
    catalogueApiPaths.dashboards,
    {
      schema: {
        tags,
        summary: 'Create a dashboard with its tiles',
        security,
        querystring: withClientQuery({}),
        body: dashboardBodySchema,
        response: changesAnswer,
      },
    },
    async (request) =>
      edit(request, (doc) => saveDashboard(doc, { create: true }, withoutClientFields(request.body))),
  );
  app.put(
    catalogueApiPaths.dashboard,
    {
      schema: {
        tags,
        summary: 'Change a dashboard and its tiles (add, move, remove)',
        security,
        params: catalogueLayoutParamsSchema,
        querystring: withClientQuery({}),
        body: dashboardBodySchema,
        response: changesAnswer,
      },
    },
    async (request) =>
      edit(request, (doc) =>
        saveDashboard(
          doc,
          { create: false, name: String(request.params.layoutId) },
          withoutClientFields(request.body),
        ),
      ),
  );
  app.delete(
    catalogueApiPaths.dashboard,
    {
      schema: {
        tags,
        summary: 'Delete a dashboard',
        security,
        params: catalogueLayoutParamsSchema,
        querystring: withClientQuery({}),
        response: changesAnswer,
      },
    },
    async (request) => edit(request, (doc) => deleteDashboard(doc, request.params.layoutId)),
  );

  app.get(
    catalogueApiPaths.activity,
    {
      schema: {
        tags: ['management'],
        summary: "The organisation's administrator actions, newest first",
        security,
        querystring: activityQuerySchema,
        response: { 200: activityResponseSchema, ...errors },
      },
    },
    async (request) =>
      listActivity(app.db, request.user.organisationId, {
        kind: request.query.kind,
        page: request.query.page,
      }),
  );
};

/** An import body may carry the client's spec §7 fields next to the document; they are not part of it. */
function stripClientFields(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return withoutClientFields(body as Record<string, unknown>);
}

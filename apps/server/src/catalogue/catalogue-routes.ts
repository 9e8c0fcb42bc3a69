import { endpointRoute } from '../lib/endpoint-route';
import { apiEndpoints, type CatalogueDocument, catalogueMaxBytes } from '@cockpit/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveLanguage } from '../lib/language';
import { previewDefinition } from './definition-preview';
import { actorOf } from '../activity';
import {
  deleteDashboard,
  deleteDashboardGroup,
  deleteDefinition,
  saveDefinition,
  deleteItem,
  deleteMenuGroup,
  saveDashboard,
  saveDashboardGroup,
  saveItem,
  saveMenuGroup,
} from './catalogue-edits';

// Management → Catalogue (decision 015). Registered inside the management plugin, so only
// organisation administrators reach these routes, for their own organisation only.

/** The client's docs/product.md §7 fields ride along in JSON bodies; the catalogue edits do not need them. */
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

/** The editor's UI language: a JSON body's `isoLanguageName` (docs/product.md §7), else the stored one. */
const languageOf = (request: FastifyRequest) => {
  const body = request.body as { isoLanguageName?: unknown } | undefined;
  return resolveLanguage(
    typeof body?.isoLanguageName === 'string' ? body.isoLanguageName : undefined,
    request.user.uiLanguage,
  );
};

/**
 * The document an import sends: any JSON value. It is checked by the catalogue service, which names the
 * JSON path of the first problem (a schema here would answer with Fastify's own wording instead).
 */

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogue } = app;

  app.route({
    ...endpointRoute(apiEndpoints.exportCatalogue),
    handler: async (request) => catalogue.document(request.user.organisationId),
  });

  app.route({
    ...endpointRoute(apiEndpoints.importCatalogue),
    bodyLimit: catalogueMaxBytes,
    handler: async (request) => catalogue.import(actorOf(request), stripClientFields(request.body)),
  });

  app.route({
    ...endpointRoute(apiEndpoints.previewCatalogueImport),
    bodyLimit: catalogueMaxBytes,
    handler: async (request) => ({
      changes: await catalogue.preview(request.user.organisationId, stripClientFields(request.body)),
    }),
  });

  app.route({
    ...endpointRoute(apiEndpoints.previewCatalogueAudience),
    handler: async (request) => {
      const { roleKey, subscription, isoLanguageName } = request.query;
      const language = resolveLanguage(isoLanguageName, request.user.uiLanguage);
      return catalogue.previewAs(request.user.organisationId, { roleKey, subscription }, language);
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.getCatalogueUsage),
    handler: async (request) => catalogue.usage(request.user.organisationId),
  });

  // ---- one object at a time: each is a new document through the same check and store as an import
  const edit = (request: FastifyRequest, change: (current: CatalogueDocument) => CatalogueDocument) =>
    catalogue.edit(actorOf(request), change, languageOf(request));

  // ---- report definitions (decision 027): part of the catalogue, edited one at a time
  const definitionOf = async (organisationId: string, name: string) => {
    const found = (await catalogue.document(organisationId)).definitions?.find(
      (definition) => definition.name === name,
    );
    if (!found) throw new Error(`the report definition '${name}' was not stored`);
    return found;
  };
  app.route({
    ...endpointRoute(apiEndpoints.listDefinitions),
    handler: async (request) => ({
      items: (await catalogue.document(request.user.organisationId)).definitions ?? [],
    }),
  });
  app.route({
    ...endpointRoute(apiEndpoints.createDefinition),
    handler: async (request, reply) => {
      const definition = withoutClientFields(request.body);
      await edit(request, (doc) => saveDefinition(doc, { create: true }, definition));
      return reply.code(201).send(await definitionOf(request.user.organisationId, definition.name));
    },
  });
  app.route({
    ...endpointRoute(apiEndpoints.updateDefinition),
    handler: async (request) => {
      await edit(request, (doc) =>
        saveDefinition(doc, { create: false, name: request.params.name }, withoutClientFields(request.body)),
      );
      return definitionOf(request.user.organisationId, request.params.name);
    },
  });
  app.route({
    ...endpointRoute(apiEndpoints.deleteDefinition),
    handler: async (request, reply) => {
      await edit(request, (doc) => deleteDefinition(doc, request.params.name));
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.previewDefinition),
    handler: async (request) => {
      const { user } = request;
      return previewDefinition(app.db, app.reportRunner, {
        admin: user,
        definition: request.body.definition,
        values: request.body.values ?? {},
        ...(request.body.asUserId ? { asUserId: request.body.asUserId } : {}),
        language: resolveLanguage(request.body.isoLanguageName, user.uiLanguage),
      });
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.createMenuGroup),
    handler: async (request) =>
      edit(request, (doc) => saveMenuGroup(doc, { create: true }, withoutClientFields(request.body))),
  });
  app.route({
    ...endpointRoute(apiEndpoints.updateMenuGroup),
    handler: async (request) =>
      edit(request, (doc) =>
        saveMenuGroup(doc, { create: false, name: request.params.name }, withoutClientFields(request.body)),
      ),
  });
  app.route({
    ...endpointRoute(apiEndpoints.deleteMenuGroup),
    handler: async (request) => edit(request, (doc) => deleteMenuGroup(doc, request.params.name)),
  });

  app.route({
    ...endpointRoute(apiEndpoints.createItem),
    handler: async (request) =>
      edit(request, (doc) => saveItem(doc, { create: true }, withoutClientFields(request.body))),
  });
  app.route({
    ...endpointRoute(apiEndpoints.updateItem),
    handler: async (request) =>
      edit(request, (doc) =>
        saveItem(doc, { create: false, name: request.params.name }, withoutClientFields(request.body)),
      ),
  });
  app.route({
    ...endpointRoute(apiEndpoints.deleteItem),
    handler: async (request) => edit(request, (doc) => deleteItem(doc, request.params.name)),
  });

  app.route({
    ...endpointRoute(apiEndpoints.createDashboardGroup),
    handler: async (request) =>
      edit(request, (doc) => saveDashboardGroup(doc, { create: true }, withoutClientFields(request.body))),
  });
  app.route({
    ...endpointRoute(apiEndpoints.updateDashboardGroup),
    handler: async (request) =>
      edit(request, (doc) =>
        saveDashboardGroup(
          doc,
          { create: false, name: request.params.name },
          withoutClientFields(request.body),
        ),
      ),
  });
  app.route({
    ...endpointRoute(apiEndpoints.deleteDashboardGroup),
    handler: async (request) => edit(request, (doc) => deleteDashboardGroup(doc, request.params.name)),
  });

  app.route({
    ...endpointRoute(apiEndpoints.createDashboard),
    handler: async (request) =>
      edit(request, (doc) => saveDashboard(doc, { create: true }, withoutClientFields(request.body))),
  });
  app.route({
    ...endpointRoute(apiEndpoints.updateDashboard),
    handler: async (request) =>
      edit(request, (doc) =>
        saveDashboard(
          doc,
          { create: false, name: String(request.params.layoutId) },
          withoutClientFields(request.body),
        ),
      ),
  });
  app.route({
    ...endpointRoute(apiEndpoints.deleteDashboard),
    handler: async (request) => edit(request, (doc) => deleteDashboard(doc, request.params.layoutId)),
  });
};

/** An import body may carry the client's docs/product.md §7 fields next to the document; they are not part of it. */
function stripClientFields(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return withoutClientFields(body as Record<string, unknown>);
}

import { z } from 'zod';
import { apiRoutes } from '../api-routes';
import {
  catalogueChangesSchema,
  catalogueDocumentSchema,
  catalogueLayoutParamsSchema,
  catalogueNameParamsSchema,
  cataloguePreviewQuerySchema,
  cataloguePreviewSchema,
  catalogueUsageSchema,
  dashboardBodySchema,
  dashboardGroupBodySchema,
  itemBodySchema,
  menuGroupBodySchema,
} from '../catalogue';
import { withClientQuery } from '../client-params';
import {
  definitionBodySchema,
  definitionNameParamsSchema,
  definitionPreviewBodySchema,
  definitionPreviewResponseSchema,
  definitionsResponseSchema,
} from '../definition-preview';
import { apiErrorSchema } from '../errors';
import { reportDefinitionBodySchema } from '../report-definitions';
import { dataTags, endpoint, jsonSchemaOf, managementErrors } from './endpoint';

// Management: the catalogue (decision 015) and the report definitions it holds (decision 027).

const catalogueChanges = { 200: catalogueChangesSchema, ...managementErrors };
const catalogueTags = ['management: catalogue'];
/**
 * Checked by the catalogue itself, so that a 400 can name the JSON path of each problem (decision 015):
 * any JSON passes the route, but the API document describes the body as the catalogue document schema
 * (its JSON Schema as the body's), so a generated client types it like the export's answer.
 */
const catalogueImportBodySchema = z.unknown().meta({
  ...jsonSchemaOf(catalogueDocumentSchema),
  description: 'A catalogue document, as the export answers it.',
});

/** Keyed by operation id, as in `apiEndpoints`. */
export const catalogueEndpoints = {
  exportCatalogue: endpoint(apiRoutes.exportCatalogue, {
    tags: catalogueTags,
    summary: "Export: the organisation's whole catalogue as one versioned document",
    query: withClientQuery({}),
    response: { 200: catalogueDocumentSchema, 401: apiErrorSchema, 403: apiErrorSchema },
  }),
  importCatalogue: endpoint(apiRoutes.importCatalogue, {
    tags: catalogueTags,
    summary: 'Import: replace the whole catalogue atomically (nothing changes when the document is invalid)',
    query: withClientQuery({}),
    body: catalogueImportBodySchema,
    response: { ...catalogueChanges, 413: apiErrorSchema },
  }),
  previewCatalogueImport: endpoint(apiRoutes.previewCatalogueImport, {
    tags: catalogueTags,
    summary: 'What importing this document would change (nothing is applied)',
    query: withClientQuery({}),
    body: catalogueImportBodySchema,
    response: { ...catalogueChanges, 413: apiErrorSchema },
  }),
  previewCatalogueAudience: endpoint(apiRoutes.previewCatalogueAudience, {
    tags: catalogueTags,
    summary: 'Preview as: the menus exactly as users of a role and subscription see them',
    query: cataloguePreviewQuerySchema,
    response: { 200: cataloguePreviewSchema, ...managementErrors },
  }),
  getCatalogueUsage: endpoint(apiRoutes.getCatalogueUsage, {
    tags: catalogueTags,
    summary: 'How many users pinned each item and dashboard',
    query: withClientQuery({}),
    response: { 200: catalogueUsageSchema, 401: apiErrorSchema, 403: apiErrorSchema },
  }),
  createMenuGroup: endpoint(apiRoutes.createMenuGroup, {
    tags: catalogueTags,
    summary: 'Create a menu group',
    query: withClientQuery({}),
    body: menuGroupBodySchema,
    response: catalogueChanges,
  }),
  updateMenuGroup: endpoint(apiRoutes.updateMenuGroup, {
    tags: catalogueTags,
    summary: 'Change a menu group (title, icon, audience, place)',
    params: catalogueNameParamsSchema,
    query: withClientQuery({}),
    body: menuGroupBodySchema,
    response: catalogueChanges,
  }),
  deleteMenuGroup: endpoint(apiRoutes.deleteMenuGroup, {
    tags: catalogueTags,
    summary: 'Delete a menu group with its items',
    params: catalogueNameParamsSchema,
    query: withClientQuery({}),
    response: catalogueChanges,
  }),
  createItem: endpoint(apiRoutes.createItem, {
    tags: catalogueTags,
    summary: 'Create a report item',
    query: withClientQuery({}),
    body: itemBodySchema,
    response: catalogueChanges,
  }),
  updateItem: endpoint(apiRoutes.updateItem, {
    tags: catalogueTags,
    summary: 'Change a report item (also: move it to another group or place)',
    params: catalogueNameParamsSchema,
    query: withClientQuery({}),
    body: itemBodySchema,
    response: catalogueChanges,
  }),
  deleteItem: endpoint(apiRoutes.deleteItem, {
    tags: catalogueTags,
    summary: 'Delete a report item',
    params: catalogueNameParamsSchema,
    query: withClientQuery({}),
    response: catalogueChanges,
  }),
  createDashboardGroup: endpoint(apiRoutes.createDashboardGroup, {
    tags: catalogueTags,
    summary: 'Create a dashboard group',
    query: withClientQuery({}),
    body: dashboardGroupBodySchema,
    response: catalogueChanges,
  }),
  updateDashboardGroup: endpoint(apiRoutes.updateDashboardGroup, {
    tags: catalogueTags,
    summary: 'Change a dashboard group',
    params: catalogueNameParamsSchema,
    query: withClientQuery({}),
    body: dashboardGroupBodySchema,
    response: catalogueChanges,
  }),
  deleteDashboardGroup: endpoint(apiRoutes.deleteDashboardGroup, {
    tags: catalogueTags,
    summary: 'Delete a dashboard group with its dashboards',
    params: catalogueNameParamsSchema,
    query: withClientQuery({}),
    response: catalogueChanges,
  }),
  createDashboard: endpoint(apiRoutes.createDashboard, {
    tags: catalogueTags,
    summary: 'Create a dashboard with its tiles',
    query: withClientQuery({}),
    body: dashboardBodySchema,
    response: catalogueChanges,
  }),
  updateDashboard: endpoint(apiRoutes.updateDashboard, {
    tags: catalogueTags,
    summary: 'Change a dashboard and its tiles (add, move, remove)',
    params: catalogueLayoutParamsSchema,
    query: withClientQuery({}),
    body: dashboardBodySchema,
    response: catalogueChanges,
  }),
  deleteDashboard: endpoint(apiRoutes.deleteDashboard, {
    tags: catalogueTags,
    summary: 'Delete a dashboard',
    params: catalogueLayoutParamsSchema,
    query: withClientQuery({}),
    response: catalogueChanges,
  }),
  listDefinitions: endpoint(apiRoutes.listDefinitions, {
    tags: dataTags,
    summary: "The organisation's report definitions",
    query: withClientQuery({}),
    response: { 200: definitionsResponseSchema, ...managementErrors },
  }),
  createDefinition: endpoint(apiRoutes.createDefinition, {
    tags: dataTags,
    summary: 'Add a report definition (its statement is checked to be one SELECT)',
    query: withClientQuery({}),
    body: definitionBodySchema,
    response: { 201: reportDefinitionBodySchema, ...managementErrors },
  }),
  updateDefinition: endpoint(apiRoutes.updateDefinition, {
    tags: dataTags,
    summary: 'Change a report definition',
    params: definitionNameParamsSchema,
    query: withClientQuery({}),
    body: definitionBodySchema,
    response: { 200: reportDefinitionBodySchema, ...managementErrors },
  }),
  deleteDefinition: endpoint(apiRoutes.deleteDefinition, {
    tags: dataTags,
    summary: 'Remove a report definition (409 while a report item or tile uses it)',
    params: definitionNameParamsSchema,
    query: withClientQuery({}),
    response: { 204: z.null(), ...managementErrors },
  }),
  previewDefinition: endpoint(apiRoutes.previewDefinition, {
    tags: dataTags,
    summary:
      "Run an unsaved definition on its real source, row-limited; the database's error with its position",
    query: withClientQuery({}),
    body: definitionPreviewBodySchema,
    response: { 200: definitionPreviewResponseSchema, ...managementErrors, 503: apiErrorSchema },
  }),
} as const;

import { apiEndpoints } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route';
import { parseAttributesCsv } from './user-attributes-csv';
import { importUserAttributes } from './user-attributes-import';

/**
 * `POST /api/management/users/attributes` (decision 027): user attributes of many users of the
 * administrator's organisation from a CSV — every row checked first, then all of them or none in one
 * transaction. Registered inside the management plugin, so only organisation administrators get here.
 */
export const userAttributesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(apiEndpoints.importUserAttributes),
    handler: async (request) => {
      const { user } = request;
      const parsed = parseAttributesCsv(request.body.csv);
      if (!parsed.ok) return { updated: 0, unknownEmails: [], errors: parsed.errors };
      const result = await importUserAttributes(
        app.db,
        { organisationId: user.organisationId, id: user.id, name: user.displayName },
        parsed.rows,
      );
      request.log.info(
        {
          event: 'management.user.attributes_imported',
          updated: result.updated,
          errors: result.errors.length,
        },
        'user attributes imported from a CSV',
      );
      return result;
    },
  });
};

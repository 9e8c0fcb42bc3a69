import { apiPaths } from '@cockpit/contracts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../app-types';

/**
 * OpenAPI document built from the routes' zod schemas, with its UI at /api/docs (DESIGN.md §4). Must be
 * registered before the routes so that it sees them.
 */
export async function registerSwagger(app: App): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Report Cockpit API',
        description:
          'Sign in with POST /api/auth/sign-in/email (session cookie), exchange the session for a bearer ' +
          'token with GET /api/auth/token, and send it as `Authorization: Bearer <token>`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: apiPaths.docs });
}

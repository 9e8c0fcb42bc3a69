import { apiDocsPath, apiEndpoints } from '@cockpit/contracts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../app-types';
import { cookiePrefix } from '../auth/create-auth';
import { libraryPathItems } from '../lib/library-operations';

/**
 * OpenAPI document built from the contracts' endpoint descriptors (decision 025), with its UI at /api/docs
 * (docs/product.md §D.4). Every operation has an operation id and declares its security (an empty list for public
 * ones), so that a client can be generated from it. Must be registered before the routes so that it sees
 * them.
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
      servers: [{ url: app.config.publicUrl, description: 'This server (PUBLIC_URL)' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: `${cookiePrefix}.session_token`,
            description: 'The HttpOnly session cookie the sign-in sets (`__Secure-` prefixed on https).',
          },
        },
      },
      // The auth library answers these through one catch-all route (features/sign-in/auth-routes.ts).
      paths: libraryPathItems([
        apiEndpoints.signInWithEmail,
        apiEndpoints.signOut,
        apiEndpoints.getToken,
        apiEndpoints.startSingleSignOn,
        apiEndpoints.enableTwoFactor,
        apiEndpoints.disableTwoFactor,
        apiEndpoints.verifyTwoFactorCode,
        apiEndpoints.verifyRecoveryCode,
      ]),
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: apiDocsPath });
}

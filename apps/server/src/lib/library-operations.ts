import type { Endpoint } from '@cockpit/contracts';
import { z } from 'zod';
import { openApiSecurity } from './endpoint-route';

/** A JSON Schema of a zod schema as OpenAPI 3.1 takes it (its draft 2020-12 dialect, no `$schema` key). */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return jsonSchema;
}

function parametersOf(schema: z.ZodType | undefined, location: 'query' | 'header') {
  if (!schema) return [];
  const { properties = {}, required = [] } = jsonSchemaOf(schema, 'input') as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: required.includes(name),
    schema: property,
  }));
}

/**
 * The OpenAPI path items of endpoints that no route of ours describes: the auth library answers them
 * through one catch-all route (features/sign-in/auth-routes.ts), yet an API client must know how to sign in and get
 * a token (decision 025). Built from the same contracts descriptors as every other operation.
 */
export function libraryPathItems(endpoints: readonly Endpoint[]): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const responses = Object.fromEntries(
      Object.entries(endpoint.response).map(([status, schema]) => [
        status,
        {
          description: Number(status) < 400 ? 'Default Response' : 'Error',
          content: { 'application/json': { schema: jsonSchemaOf(schema, 'output') } },
        },
      ]),
    );
    const operation = {
      operationId: endpoint.operationId,
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      security: openApiSecurity[endpoint.security],
      parameters: [...parametersOf(endpoint.query, 'query'), ...parametersOf(endpoint.headers, 'header')],
      ...(endpoint.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchemaOf(endpoint.body, 'input') } },
            },
          }
        : {}),
      responses,
    };
    paths[endpoint.path] = { ...paths[endpoint.path], [endpoint.method.toLowerCase()]: operation };
  }
  return paths;
}

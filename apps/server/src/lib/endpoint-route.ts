import type { Endpoint, RouteSecurity } from '@cockpit/contracts';

/** How each kind of route security reads in the OpenAPI document (schemes declared in plugins/swagger.ts). */
export const openApiSecurity: Record<RouteSecurity, Array<Record<string, string[]>>> = {
  bearer: [{ bearerAuth: [] }],
  session: [{ sessionCookie: [] }],
  // An explicit empty list: "no credentials", not "not declared" (decision 025).
  public: [],
};

type Field<E, Key extends string> = E extends { readonly [K in Key]: infer Value } ? Value : undefined;

/**
 * The Fastify route options of an endpoint descriptor from the contracts (decision 025): method, URL and
 * one schema that validates, serialises and documents the route (docs/product.md §D.4). Spread it into
 * `app.route({ ...endpointRoute(apiEndpoints.x), handler })`; the handler's request and reply are typed
 * from the same schemas by fastify-type-provider-zod.
 */
export function endpointRoute<E extends Endpoint>(endpoint: E) {
  const optional = {
    description: endpoint.description,
    headers: endpoint.headers,
    params: endpoint.params,
    querystring: endpoint.query,
    body: endpoint.body,
  };
  return {
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      operationId: endpoint.operationId,
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      security: openApiSecurity[endpoint.security],
      response: endpoint.response,
      // Fastify and the OpenAPI builder look at which keys exist: leave out what the endpoint lacks.
      ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
    },
  } as {
    method: E['method'];
    url: E['path'];
    schema: {
      operationId: string;
      tags: string[];
      summary: string;
      description?: string;
      security: Array<Record<string, string[]>>;
      headers: Field<E, 'headers'>;
      params: Field<E, 'params'>;
      querystring: Field<E, 'query'>;
      body: Field<E, 'body'>;
      response: E['response'];
    };
  };
}

/**
 * What `reply.serialize` gave, as text. A route's JSON serialiser gives a string; Fastify's type also
 * allows bytes, which are read as UTF-8 (not stringified as `[object ArrayBuffer]`).
 */
export function serializedText(serialized: string | ArrayBuffer | Buffer): string {
  if (typeof serialized === 'string') return serialized;
  return (Buffer.isBuffer(serialized) ? serialized : Buffer.from(serialized)).toString('utf8');
}

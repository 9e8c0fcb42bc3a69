import { z } from 'zod';
import type { ApiRoute, PathParamNames } from '../api-routes';
import { apiErrorSchema } from '../errors';

/**
 * The schemas of an endpoint (decision 025): what its request may hold and what each answer is. The server
 * validates and serialises with them, the OpenAPI document is built from them, and the web app takes its
 * types from them (api-types.ts) without loading them.
 */
export interface EndpointSchemas {
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string;
  readonly headers?: z.ZodType;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * The body's media types when it is not JSON (the OpenAPI `requestBody.content` keys); the body schema
   * then describes the form's parts. Only the upload routes (multipart/form-data) have one.
   */
  readonly consumes?: readonly string[];
  /** Every status the endpoint answers with, each with its body (`z.null()` for none). */
  readonly response: Readonly<Record<number, z.ZodType>>;
}

/** One endpoint: its route (method, path, operation id, security) and its schemas. */
export type Endpoint<
  Route extends ApiRoute = ApiRoute,
  Schemas extends EndpointSchemas = EndpointSchemas,
> = Route & Schemas & { readonly route: Route };

/** A path with parameters needs a params schema with exactly those names; a path without none. */
type ParamsFor<Route extends ApiRoute> = [PathParamNames<Route['path']>] extends [never]
  ? { readonly params?: never }
  : { readonly params: z.ZodType<unknown, Record<PathParamNames<Route['path']>, string>> };

export function endpoint<
  const Route extends ApiRoute,
  const Schemas extends EndpointSchemas & ParamsFor<Route>,
>(route: Route, schemas: Schemas): Endpoint<Route, Schemas> {
  return { ...route, ...schemas, route };
}

/** The refusals every management endpoint may answer with. */
export const managementErrors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** Data sources, uploaded tables and report definitions share one tag in the API document (decision 027). */
export const dataTags = ['management: data'];

/**
 * A schema's JSON Schema (as a request takes it), to describe a body that the route reads itself rather
 * than through zod: the API document shows the shape, the route validates nothing.
 */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, { io: 'input' });
  return jsonSchema;
}

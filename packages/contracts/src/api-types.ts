// Types only (decision 025): the web app's one client types each call from the endpoint's schemas without
// loading them — every import here is erased at build time, so no zod reaches the browser through it.
import type { z } from 'zod';
import type { ApiEndpoints } from './api-endpoints';
import type { ApiRoute, OperationId, PathParamNames, PathParams } from './api-routes';

/** The endpoint (schemas included) of a route, found by its operation id. */
export type EndpointOf<Route extends ApiRoute> = Route['operationId'] extends OperationId
  ? ApiEndpoints[Route['operationId']]
  : never;

type SuccessStatus = 200 | 201 | 204;
type SchemaOf<Value> = Value extends z.ZodType ? Value : never;

/** What a successful call answers: the union of the endpoint's 2xx bodies (`null` for 204). */
export type ApiResponse<Route extends ApiRoute> = {
  [Status in keyof EndpointOf<Route>['response']]: Status extends SuccessStatus
    ? z.output<SchemaOf<EndpointOf<Route>['response'][Status]>>
    : never;
}[keyof EndpointOf<Route>['response']];

// The fields the client adds to every call (docs/product.md §7) are optional in every schema: a caller leaves them out.
type InputOf<Route extends ApiRoute, Key extends 'query' | 'body'> = Key extends keyof EndpointOf<Route>
  ? z.input<SchemaOf<EndpointOf<Route>[Key]>>
  : never;

/** The query a caller passes (the client adds its own fields, docs/product.md §7). */
export type ApiQuery<Route extends ApiRoute> = InputOf<Route, 'query'>;
/** The JSON body a caller passes (the client adds its own fields, docs/product.md §7). */
export type ApiBody<Route extends ApiRoute> = InputOf<Route, 'body'>;

/** What a call of a route takes: its path parameters, query and body, each only where the route has one. */
export type ApiCallInput<Route extends ApiRoute> = ([PathParamNames<Route['path']>] extends [never]
  ? { params?: never }
  : { params: PathParams<Route['path']> }) &
  ([ApiQuery<Route>] extends [never]
    ? { query?: never }
    : object extends ApiQuery<Route>
      ? { query?: ApiQuery<Route> }
      : { query: ApiQuery<Route> }) &
  ([ApiBody<Route>] extends [never] ? { body?: never } : { body: ApiBody<Route> });

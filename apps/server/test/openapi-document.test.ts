import { apiDocsPath, apiRoutes } from '@cockpit/contracts';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './helpers/build-test-app';

// Decision 025: the served OpenAPI document must serve someone who generates a client from it. It is
// linted here with a maintained OpenAPI linter (Redocly, its "recommended" rules, offline: the document
// has no external references), as the server serves it.

type Operation = { operationId?: string; security?: unknown[] };
type OpenApiDocument = { servers?: unknown[]; paths: Record<string, Record<string, Operation>> };
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

describe('the served OpenAPI document', () => {
  let t: TestApp;
  let source: string;
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await buildTestApp('pglite', { seed: false });
    const response = await t.app.inject({ method: 'GET', url: `${apiDocsPath}/json` });
    expect(response.statusCode).toBe(200);
    source = response.body;
    document = response.json<OpenApiDocument>();
  });
  afterAll(() => t.close());

  it('has no errors under the recommended rules of a standard OpenAPI linter', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'served-openapi.json', config });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? '?'}`);
    expect(errors).toEqual([]);
  });

  it('gives every operation an operation id and a declared security (an empty list when public)', () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter(({ operation }) => !operation.operationId).map(({ at }) => at)).toEqual([]);
    expect(
      operations.filter(({ operation }) => !Array.isArray(operation.security)).map(({ at }) => at),
    ).toEqual([]);
    expect(document.servers?.length).toBeGreaterThan(0);
  });

  it("describes every route of the contracts, the auth library's sign-in and token exchange included", () => {
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    );
    const missing = Object.values(apiRoutes)
      .map((route) => `${route.method} ${route.path}`)
      .filter((route) => !documented.has(route));
    expect(missing).toEqual([]);
    const operationIds = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    );
    expect(operationIds).toEqual(expect.arrayContaining(Object.keys(apiRoutes)));
  });

  it("types the catalogue import's body as the catalogue document, the schema the export answers with", () => {
    type Described = { requestBody?: { content?: Record<string, { schema?: Schema }> } };
    const paths = document.paths as Record<
      string,
      Record<string, Described & { responses?: Record<string, Described> }>
    >;
    const exported = (
      paths[apiRoutes.exportCatalogue.path]!.get!.responses!['200'] as {
        content: Record<string, { schema: Schema }>;
      }
    ).content['application/json']!.schema;
    expect(exported.properties).toHaveProperty('menu');
    for (const route of [apiRoutes.importCatalogue, apiRoutes.previewCatalogueImport]) {
      const body =
        paths[route.path]![route.method.toLowerCase()]!.requestBody?.content?.['application/json']?.schema;
      expect(body, route.operationId).toMatchObject({ type: 'object', required: exported.required });
      expect(Object.keys(body!.properties ?? {}), route.operationId).toEqual(
        Object.keys(exported.properties!),
      );
    }
  });

  it('describes the uploads as multipart/form-data with their fields and the binary file', () => {
    const forms = [
      {
        route: apiRoutes.previewUpload,
        fields: ['valueStyle', 'sheet', 'skipRows', 'headerRow'],
        required: ['file'],
      },
      { route: apiRoutes.uploadTable, fields: ['options'], required: ['options', 'file'] },
    ];
    for (const { route, fields, required } of forms) {
      const content = requestBodyOf(document, route)?.content ?? {};
      expect(Object.keys(content), route.operationId).toEqual(['multipart/form-data']);
      const form = content['multipart/form-data']!.schema!;
      expect(form, route.operationId).toMatchObject({ type: 'object', required });
      // The route reads the fields first, then the file (decision 027): the form lists them in that order.
      expect(Object.keys(form.properties ?? {}), route.operationId).toEqual([...fields, 'file']);
      expect(form.properties?.file, route.operationId).toMatchObject({ type: 'string', format: 'binary' });
    }
  });

  it('gives every request body a described shape, never an empty or unknown schema', () => {
    const shapeless = operationsOf(document).flatMap(({ at, operation }) =>
      Object.entries(operation.requestBody?.content ?? {})
        .filter(([, media]) => !hasShape(media.schema))
        .map(([mediaType]) => `${at} ${mediaType}`),
    );
    expect(shapeless).toEqual([]);
  });
});

type Schema = { type?: unknown; properties?: Record<string, Schema>; required?: string[] } & Record<
  string,
  unknown
>;
type RequestBody = { content?: Record<string, { schema?: Schema }> };

function operationsOf(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.includes(method))
      .map(([method, operation]) => ({
        at: `${method.toUpperCase()} ${path}`,
        operation: operation as Operation & { requestBody?: RequestBody },
      })),
  );
}

function requestBodyOf(
  document: OpenApiDocument,
  route: { method: string; path: string },
): RequestBody | undefined {
  const path = route.path.replace(/:(\w+)/g, '{$1}');
  const operation = document.paths[path]?.[route.method.toLowerCase()] as
    { requestBody?: RequestBody } | undefined;
  return operation?.requestBody;
}

/** A schema that says what the body is: a type, properties, a combination, a reference or fixed values. */
function hasShape(schema: Schema | undefined): boolean {
  if (!schema) return false;
  return ['type', 'properties', 'anyOf', 'oneOf', 'allOf', '$ref', 'enum', 'const'].some(
    (key) => key in schema,
  );
}

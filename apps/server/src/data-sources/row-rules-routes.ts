import { apiEndpoints, type RowRuleBody } from '@cockpit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../activity';
import { endpointRoute } from '../lib/endpoint-route';
import { badRequest, conflict, notFound } from '../lib/http-error';
import type { DataSourceProbe } from './data-source-probe';
import { createDataSourcePasswords } from './data-source-passwords';
import { type DataSourceRow, createDataSourcesRepository } from './data-sources-repository';
import { openedSource } from './opened-source';
import { type RowRuleValues, createRowRulesRepository } from './row-rules-repository';

// Management → Data → a source's row rules (docs/decisions/044-row-rules.md): list, add, change, remove.
// Registered by data-sources-routes.ts inside the management scope (administrators only; another
// organisation's source is "not found").

export interface RowRulesRoutesOptions {
  probe: DataSourceProbe;
}

export const rowRulesRoutes: FastifyPluginAsyncZod<RowRulesRoutesOptions> = async (app, { probe }) => {
  const sources = createDataSourcesRepository(app.db);
  const rules = createRowRulesRepository(app.db);
  const passwords = createDataSourcePasswords(app.config.authSecret);

  async function sourceNamed(organisationId: string, name: string): Promise<DataSourceRow> {
    const row = await sources.find(organisationId, name);
    if (!row) throw notFound(`No data source named '${name}' in your organisation`);
    return row;
  }

  /**
   * The body as a rule; the table and column must be the source's own when its schema can be read (a
   * rule on a name that is not there would filter nothing). Uploaded tables have no schema to name.
   */
  async function valuesOf(row: DataSourceRow, body: RowRuleBody): Promise<RowRuleValues> {
    const values: RowRuleValues = {
      schema: row.kind === 'uploads' ? null : (body.schema ?? null),
      table: body.table,
      column: body.column,
      attribute: body.attribute,
      administratorsSeeAll: body.administratorsSeeAll ?? false,
    };
    const source = openedSource(row, passwords);
    if (source.kind !== 'uploads' && source.password === null) return values;
    let tables;
    try {
      ({ tables } = await probe.describe(source));
    } catch {
      // The source does not answer now: the rule is kept as written (it fails closed: a missing column is an error).
      return values;
    }
    const table = tables.find(
      (candidate) =>
        candidate.name === values.table && (values.schema === null || candidate.schema === values.schema),
    );
    if (!table) throw badRequest(`table: '${values.table}' is not a table of '${row.name}'`);
    if (!table.columns.some((column) => column.name === values.column)) {
      throw badRequest(`column: '${values.table}' has no column '${values.column}'`);
    }
    return values;
  }

  const taken = (values: RowRuleValues) =>
    conflict(`column: '${values.table}.${values.column}' has a row rule already`);

  app.route({
    ...endpointRoute(apiEndpoints.listRowRules),
    handler: async (request) => {
      const row = await sourceNamed(request.user.organisationId, request.params.name);
      return { items: await rules.list(row.id) };
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.createRowRule),
    handler: async (request, reply) => {
      const row = await sourceNamed(request.user.organisationId, request.params.name);
      const values = await valuesOf(row, request.body);
      const created = await rules.create(actorOf(request), row, values);
      if (created === 'taken') throw taken(values);
      request.log.info(
        {
          event: 'management.row_rule.added',
          organisationId: row.organisationId,
          dataSource: row.name,
          table: values.table,
        },
        'row rule added',
      );
      return reply.status(201).send(created);
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.updateRowRule),
    handler: async (request) => {
      const row = await sourceNamed(request.user.organisationId, request.params.name);
      const values = await valuesOf(row, request.body);
      const updated = await rules.update(actorOf(request), row, request.params.id, values);
      if (updated === 'taken') throw taken(values);
      if (!updated) throw notFound('No such row rule');
      return updated;
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.deleteRowRule),
    handler: async (request, reply) => {
      const row = await sourceNamed(request.user.organisationId, request.params.name);
      if (!(await rules.remove(actorOf(request), row, request.params.id))) throw notFound('No such row rule');
      return reply.status(204).send(null);
    },
  });
};

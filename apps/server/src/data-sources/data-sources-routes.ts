import { randomUUID } from 'node:crypto';
import { apiEndpoints, type DataSourceBody, type DataSourceConnection } from '@cockpit/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../activity';
import { endpointRoute } from '../lib/endpoint-route';
import { badRequest, conflict, notFound } from '../lib/http-error';
import type { DataSourceProbe, ProbedSource } from './data-source-probe';
import { createDataSourcePasswords } from './data-source-passwords';
import {
  identityChanged,
  kindProblem,
  sameConnection,
  storedConnection,
  storedKind,
  titleOf,
  uploadsSourceName,
} from './data-source-rules';
import {
  type DataSourceRow,
  type DataSourceValues,
  createDataSourcesRepository,
  ensureUploadsSource,
} from './data-sources-repository';
import { openedSource } from './opened-source';
import { createQueryLogRepository } from './query-log-repository';
import { rowRulesRoutes } from './row-rules-routes';
import { uploadsRoutes } from './uploads/uploads-routes';

export interface DataSourcesRoutesOptions {
  /** The executor's connect, describe and host rule (reports/executor), wired by app.ts. */
  probe: DataSourceProbe;
}

const sourceNotFound = (name: string) => notFound(`No data source named '${name}' in your organisation`);

/** The body as a data source's values; `connection` of uploads is null. Refuses a name and kind that do not fit. */
function valuesOf(body: {
  name: string;
  title: DataSourceBody['title'];
  kind: DataSourceValues['kind'];
  connection?: DataSourceConnection | undefined;
}): DataSourceValues {
  const problem = kindProblem(body);
  if (problem) throw badRequest(`${problem.field}: ${problem.message}`);
  return { name: body.name, title: body.title, kind: body.kind, connection: body.connection ?? null };
}

/**
 * Management → Data (docs/decisions/027-reports-over-own-data.md): the organisation's data sources and
 * the query log. Registered inside the management scope (administrators only; the path names no
 * organisation, so another organisation's sources are "not found"). A password goes in, never out: it is
 * sealed at once (data-source-passwords.ts) and opened only to hand it to the executor. Uploaded tables
 * (uploads/) register their routes here too.
 */
export const dataSourcesRoutes: FastifyPluginAsyncZod<DataSourcesRoutesOptions> = async (app, options) => {
  const { probe } = options;
  const sources = createDataSourcesRepository(app.db);
  const queryLog = createQueryLogRepository(app.db);
  const passwords = createDataSourcePasswords(app.config.authSecret);

  async function managed(row: DataSourceRow) {
    return sources.toManaged(row, await sources.definitionsOf(row.organisationId, row.id));
  }

  async function assertHostAllowed({ kind, connection }: DataSourceValues) {
    if (!connection || kind === 'uploads') return;
    const { host, port, database } = connection;
    const problem = await probe.hostProblem(host, { kind, port, database });
    if (problem) throw badRequest(`connection.host: ${problem}`);
  }

  /** After the change committed: the executor closes the source's pools on this instance. */
  async function forget(row: Pick<DataSourceRow, 'id' | 'name'>, log: FastifyBaseLogger) {
    try {
      await probe.forget({ id: row.id });
    } catch (error) {
      log.warn({ err: error, dataSource: row.name }, 'closing the pools of a changed data source failed');
    }
  }

  /** The source with its password opened for the executor; a database without one → 400 naming `password`. */
  function probed(row: DataSourceRow): ProbedSource {
    const source = openedSource(row, passwords);
    if (source.kind !== 'uploads' && source.password === null) {
      throw badRequest('password: enter the password of the database account first');
    }
    return source;
  }

  async function existing(organisationId: string, name: string): Promise<DataSourceRow> {
    const row = await sources.find(organisationId, name);
    if (!row) throw sourceNotFound(name);
    return row;
  }

  app.route({
    ...endpointRoute(apiEndpoints.listDataSources),
    handler: async (request) => ({ items: await sources.list(request.user.organisationId) }),
  });

  app.route({
    ...endpointRoute(apiEndpoints.createDataSource),
    handler: async (request, reply) => {
      const organisationId = request.user.organisationId;
      const body = request.body;
      // The uploaded tables exist from the start: asking for them again is a conflict, like a taken name.
      await ensureUploadsSource(app.db, organisationId);
      if (body.kind === 'uploads') {
        throw conflict(`kind: your organisation has its uploaded tables already ('${uploadsSourceName}')`);
      }
      if (body.name === uploadsSourceName) {
        throw conflict(`name: '${uploadsSourceName}' is the name of the uploaded tables`);
      }
      const values = valuesOf(body);
      if (body.password === undefined)
        throw badRequest('password: enter the password of the database account');
      await assertHostAllowed(values);
      const password = body.password;
      const row = await sources.create(actorOf(request), values, (sourceId) =>
        passwords.seal(password, { organisationId, sourceId }),
      );
      if (!row) throw conflict(`name: a data source named '${body.name}' exists already`);
      request.log.info(
        { event: 'management.data_source.added', organisationId, dataSource: row.name, kind: row.kind },
        'data source added',
      );
      return reply.status(201).send(await managed(row));
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.updateDataSource),
    handler: async (request) => {
      const organisationId = request.user.organisationId;
      const body = request.body;
      const row = await existing(organisationId, request.params.name);
      const before = { kind: storedKind(row.kind), connection: storedConnection(row.connection) };
      if (before.kind === 'uploads') {
        if (body.kind !== 'uploads') throw badRequest('kind: the uploaded tables stay uploaded tables');
        if (body.name !== uploadsSourceName) {
          throw badRequest(`name: the uploaded tables keep the name '${uploadsSourceName}'`);
        }
        if (body.password !== undefined) throw badRequest('password: uploaded tables have no password');
      } else if (body.kind === 'uploads') {
        throw badRequest('kind: a database does not become uploaded tables');
      }
      const values = valuesOf(body);
      const moved = identityChanged(before, values);
      if (body.password === undefined) {
        if (values.kind !== 'uploads' && moved) {
          throw badRequest(
            'password: enter the password again when the host, port, database, user or kind change, TLS is weakened or its CA changes',
          );
        }
        if (values.kind !== 'uploads' && row.passwordSealed === null) {
          throw badRequest('password: enter the password of the database account');
        }
      }
      const unchanged =
        body.password === undefined &&
        values.name === row.name &&
        values.kind === before.kind &&
        sameConnection(values.connection, before.connection) &&
        JSON.stringify(values.title) === JSON.stringify(titleOf(row));
      if (unchanged) return managed(row);
      await assertHostAllowed(values);
      const password = body.password;
      const updated = await sources.update(
        actorOf(request),
        row.id,
        values,
        password === undefined ? undefined : passwords.seal(password, { organisationId, sourceId: row.id }),
      );
      if (updated === 'taken') throw conflict(`name: a data source named '${values.name}' exists already`);
      if (!updated) throw sourceNotFound(request.params.name);
      await forget(updated, request.log);
      request.log.info(
        {
          event: 'management.data_source.changed',
          organisationId,
          dataSource: updated.name,
          passwordReplaced: password !== undefined,
        },
        'data source changed',
      );
      return managed(updated);
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.deleteDataSource),
    handler: async (request, reply) => {
      const organisationId = request.user.organisationId;
      const row = await existing(organisationId, request.params.name);
      if (row.kind === 'uploads') {
        throw conflict('the uploaded tables cannot be removed; remove single tables instead');
      }
      const readers = await sources.definitionsOf(organisationId, row.id);
      const inUse = () =>
        conflict(`report definitions read '${row.name}': ${readers.join(', ') || 'one was just added'}`);
      if (readers.length > 0) throw inUse();
      const result = await sources.remove(actorOf(request), row);
      if (result === 'in-use') throw inUse();
      if (result === null) throw sourceNotFound(request.params.name);
      await forget(row, request.log);
      request.log.info(
        { event: 'management.data_source.removed', organisationId, dataSource: row.name },
        'data source removed',
      );
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.testDataSource),
    handler: async (request) =>
      probe.test(probed(await existing(request.user.organisationId, request.params.name))),
  });

  app.route({
    ...endpointRoute(apiEndpoints.testUnsavedDataSource),
    handler: async (request) => {
      const { kind, connection, password } = request.body;
      // The host rule of a save first (decision 027): a refused host is never connected to, not even to test.
      await assertHostAllowed({ name: 'unsaved', title: { en: 'unsaved' }, kind, connection });
      // A source of its own for this one test: no stored source's pool or cached result is reached, and its
      // pool closes right after. The account is checked where it connects, as for a stored source (decision 041).
      const source: ProbedSource = {
        id: `unsaved-${randomUUID()}`,
        organisationId: request.user.organisationId,
        name: 'unsaved',
        kind,
        version: 0,
        connection,
        password,
      };
      try {
        return await probe.test(source);
      } finally {
        await forget(source, request.log);
      }
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.getDataSourceSchema),
    handler: async (request) =>
      probe.describe(probed(await existing(request.user.organisationId, request.params.name))),
  });

  // Row rules of a source's tables (decision 044).
  await app.register(rowRulesRoutes, { probe });

  // Uploaded tables (uploads/): their source exists before the first upload, whatever was listed before.
  await app.register(async (uploads) => {
    uploads.addHook('preHandler', async (request) =>
      ensureUploadsSource(app.db, request.user.organisationId),
    );
    await uploads.register(uploadsRoutes);
  });

  app.route({
    ...endpointRoute(apiEndpoints.listQueryLog),
    handler: async (request) => {
      const { dataSource, definition, errorsOnly, page } = request.query;
      return queryLog.list(request.user.organisationId, {
        dataSource,
        definition,
        errorsOnly: errorsOnly === 'true',
        page,
      });
    },
  });
};

import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../app-types';

/**
 * The parts of the start-up that others rely on, by the name Fastify knows them under
 * (docs/decisions/032-declared-start-up-order.md). A plugin lists the names it needs in `dependencies`;
 * registering it before them, or without them, stops `app.ready()` with Fastify's
 * "The dependency '…' of plugin '…' is not registered".
 */
export const pluginNames = {
  database: 'database',
  clusterEvents: 'cluster-events',
  catalogue: 'catalogue',
  routeInventory: 'route-inventory',
  redisClient: 'redis-client',
  security: 'security',
  reportQueryLimits: 'report-query-limits',
  metrics: 'metrics',
  reportExecutor: 'report-executor',
  auth: 'auth',
  mail: 'mail',
  backgroundJobs: 'background-jobs',
  authenticate: 'authenticate',
  accountSetUpGates: 'account-set-up-gates',
  administratorsOnly: 'administrators-only',
} as const;

export type PluginName = (typeof pluginNames)[keyof typeof pluginNames];

/** A plugin of the app's own: registered with `app.register`, it applies to the scope it is registered in. */
export type DeclaredPlugin<Options extends object> = FastifyPluginAsync<
  Options,
  RawServerDefault,
  ZodTypeProvider
>;

/**
 * Wraps a registration as a named `fastify-plugin` plugin: not encapsulated (its decorators and hooks
 * belong to the scope that registers it, as if written there), checked against its dependencies when
 * it is loaded.
 */
export function declaredPlugin<Options extends object = Record<never, never>>(
  name: PluginName,
  dependencies: readonly PluginName[],
  register: (app: App, options: Options) => void | Promise<void>,
): DeclaredPlugin<Options> {
  const plugin: DeclaredPlugin<Options> = async (app, options) => {
    await register(app, options);
  };
  return fastifyPlugin(plugin, { name, dependencies: [...dependencies] });
}

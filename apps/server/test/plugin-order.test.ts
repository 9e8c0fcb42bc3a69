import Fastify from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { accountSetUpGatesPlugin } from '../src/plugins/account-set-up-gates';
import { cataloguePlugin } from '../src/catalogue';
import { databasePlugin } from '../src/plugins/database';
import { pluginNames } from '../src/plugins/declared-plugin';
import { metricsPlugin } from '../src/plugins/metrics';
import { reportExecutorPlugin } from '../src/reports';
import { administratorsOnly } from '../src/plugins/require-admin';
import { buildTestApp, testDrivers } from './helpers/build-test-app';

// Decision 032: what other parts rely on is a named plugin with its dependencies, so a misordered or
// missing part stops start-up with the missing plugin's name instead of failing on some later request.
// Fastify checks the names when a plugin is loaded, before its body runs: no database is needed here.

const fakeDatabase = {} as Database;

describe('declared start-up order', () => {
  it('refuses a plugin registered before its dependency, naming the missing plugin', async () => {
    const app = Fastify({ logger: false });
    await app.register(databasePlugin, { db: fakeDatabase });
    // The executor's per-source series join the metrics' registry: metrics must come first.
    void app.register(reportExecutorPlugin);
    void app.register(metricsPlugin);
    await expect(app.ready()).rejects.toThrow(
      "The dependency 'metrics' of plugin 'report-executor' is not registered",
    );
    expect(app.hasPlugin(pluginNames.metrics)).toBe(false);
  });

  it('refuses a plugin whose dependency is missing altogether', async () => {
    const app = Fastify({ logger: false });
    await app.register(databasePlugin, { db: fakeDatabase });
    // The catalogue's changes travel over the cluster events, which were left out.
    void app.register(cataloguePlugin);
    await expect(app.ready()).rejects.toThrow(
      "The dependency 'cluster-events' of plugin 'catalogue' is not registered",
    );
  });

  it('refuses the administrator check outside a scope with the bearer check', async () => {
    const app = Fastify({ logger: false });
    void app.register(async (scope) => {
      await scope.register(administratorsOnly);
    });
    await expect(app.ready()).rejects.toThrow(
      "The dependency 'authenticate' of plugin 'administrators-only' is not registered",
    );
  });

  it('refuses the account set-up gates before the bearer check of their scope', async () => {
    const app = Fastify({ logger: false });
    const authenticate = fastifyPlugin(async () => undefined, { name: pluginNames.authenticate });
    void app.register(async (scope) => {
      await scope.register(accountSetUpGatesPlugin);
      await scope.register(authenticate);
    });
    await expect(app.ready()).rejects.toThrow(
      "The dependency 'authenticate' of plugin 'account-set-up-gates' is not registered",
    );
  });

  it.each(testDrivers())('starts the real app with every part it declares (%s)', async (driver) => {
    const test = await buildTestApp(driver, { seed: false });
    const { app } = test;
    try {
      // The bearer check, the set-up gates and the administrator check live in the protected scope.
      const scoped: string[] = [
        pluginNames.authenticate,
        pluginNames.accountSetUpGates,
        pluginNames.administratorsOnly,
      ];
      const rootLevel = Object.values(pluginNames).filter((name) => !scoped.includes(name));
      expect(rootLevel.filter((name) => !app.hasPlugin(name))).toEqual([]);
      expect(scoped.filter((name) => app.hasPlugin(name))).toEqual([]);
    } finally {
      await test.close();
    }
  });
});

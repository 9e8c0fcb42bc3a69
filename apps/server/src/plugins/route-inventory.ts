import type { HTTPMethods, RouteOptions } from 'fastify';
import { declaredPlugin, pluginNames } from './declared-plugin';

/** One registered route as the router knows it (HEAD twins of GET routes left out). */
export interface InventoryRoute {
  method: HTTPMethods;
  url: string;
  schema: RouteOptions['schema'];
}

/**
 * Records every route as it is registered (decision 032): the authorisation table, the hostile-input suite
 * and the schema checks iterate over `app.routeInventory`, so a route added later is covered — or makes
 * those tests fail until someone decides what it should answer. Must run before any route is added.
 */
export const routeInventoryPlugin = declaredPlugin(pluginNames.routeInventory, [], (app) => {
  const routes: InventoryRoute[] = [];
  app.decorate('routeInventory', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify adds a HEAD twin for every GET; it runs the GET's hooks and handler, so it is covered.
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, schema: route.schema });
    }
  });
});

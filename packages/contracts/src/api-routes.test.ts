import { describe, expect, it } from 'vitest';
import { apiEndpoints } from './api-endpoints';
import { apiRoutes, pathOf, publicApiPaths, type ApiRoute } from './api-routes';

// Decision 025: every endpoint defined once — a route (zod-free) and its schemas under the same operation id.

describe('the routes and endpoints of the API', () => {
  it('keys every route by its own operation id, and every route has an endpoint with its schemas', () => {
    for (const [key, route] of Object.entries(apiRoutes)) expect(route.operationId).toBe(key);
    expect(Object.keys(apiEndpoints).sort()).toEqual(Object.keys(apiRoutes).sort());
    for (const [key, endpoint] of Object.entries(apiEndpoints)) {
      expect(endpoint.route).toBe(apiRoutes[key as keyof typeof apiRoutes]);
    }
  });

  it('has one route per method and path', () => {
    const routes = Object.values(apiRoutes).map((route) => `${route.method} ${route.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('declares a success answer for every endpoint', () => {
    // The stream answers with server-sent events, not a JSON body: its description says what comes.
    for (const endpoint of Object.values(apiEndpoints).filter(
      (e) => e !== apiEndpoints.streamNotifications,
    )) {
      const statuses = Object.keys(endpoint.response).map(Number);
      expect(
        statuses.some((status) => status >= 200 && status < 300),
        endpoint.operationId,
      ).toBe(true);
    }
  });

  it('lists exactly the public routes as public paths', () => {
    const publicRoutes = Object.values(apiRoutes as Record<string, ApiRoute>).filter(
      (route) => route.security === 'public',
    );
    expect([...publicApiPaths].sort()).toEqual(publicRoutes.map((route) => route.path).sort());
    expect(publicApiPaths).toContain(apiRoutes.getHealth.path);
    expect(publicApiPaths).not.toContain(apiRoutes.getMenu.path);
  });
});

describe('pathOf', () => {
  it('fills every parameter, URL-encoded, and leaves a path without parameters as it is', () => {
    expect(pathOf(apiRoutes.getDashboardTile, { layoutId: 12, tileId: 'a/b c' })).toBe(
      '/api/dashboards/12/tiles/a%2Fb%20c',
    );
    expect(pathOf(apiRoutes.getReport, { name: '../admin' })).toBe('/api/reports/..%2Fadmin');
    expect(pathOf(apiRoutes.getMenu)).toBe('/api/navigation/menu');
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => pathOf(apiRoutes.updateUser, {} as never)).toThrow(/missing :id/);
  });
});

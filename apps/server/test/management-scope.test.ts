import { type AuthenticatedUser } from '../src/auth/authenticated-user';
import Fastify from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { pluginNames } from '../src/plugins/declared-plugin';
import { registerErrorHandler } from '../src/plugins/error-handler';
import { managementScope } from '../src/plugins/require-admin';
import type { App } from '../src/app-types';

// app.ts registers every feature's management routes through `managementScope`: a route added there
// without an administrator check of its own is still refused to members (test/management-authz.test.ts
// covers the real routes). The bearer check is stood in for by a plugin of the same name that takes
// the caller's role key from a header.

const newRoute = '/api/management/a-route-without-its-own-check';

/** Stands in for plugins/authenticate.ts: `x-test-role` is the signed-in user's role key. */
const roleFromHeader = fastifyPlugin(
  async (scope) => {
    scope.decorateRequest('user', null as never);
    scope.addHook('onRequest', async (request) => {
      const roleKey = request.headers['x-test-role'];
      if (typeof roleKey === 'string') request.user = { roleKey } as AuthenticatedUser;
    });
  },
  { name: pluginNames.authenticate },
);

async function appWithNewManagementRoute(): Promise<App> {
  const app = Fastify({ logger: false }).withTypeProvider();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app as App);
  await app.register(async (protectedScope) => {
    await protectedScope.register(roleFromHeader);
    await protectedScope.register(
      managementScope(async (management) => {
        management.get(newRoute, async () => ({ secret: 'only for administrators' }));
      }),
    );
  });
  await app.ready();
  return app as App;
}

describe('the management scope', () => {
  it('refuses a member on a management route that has no check of its own', async () => {
    const app = await appWithNewManagementRoute();
    const member = await app.inject({
      method: 'GET',
      url: newRoute,
      headers: { 'x-test-role': 'organisationmember' },
    });
    expect(member.statusCode).toBe(403);
    expect(member.body).not.toContain('only for administrators');
    const signedOut = await app.inject({ method: 'GET', url: newRoute });
    expect(signedOut.statusCode).toBe(403);
    const administrator = await app.inject({
      method: 'GET',
      url: newRoute,
      headers: { 'x-test-role': 'organisationadministrator' },
    });
    expect(administrator.statusCode).toBe(200);
    expect(administrator.json()).toEqual({ secret: 'only for administrators' });
    await app.close();
  });
});

import {
  type ApiRoute,
  apiEndpoints,
  apiErrorSchema,
  errorCodes,
  integrityAuthPathPrefixes,
  integrityRoutes,
  integrityTokenHeader,
} from '@cockpit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrityRequirementOf } from '../src/auth/account-policy';
import { type TestApp, buildTestApp, testDrivers } from './helpers/build-test-app';

// One source (decision 007): the web app's client sends the integrity token to exactly the calls the
// contracts mark (`integrity` on a route, `integrityAuthPathPrefixes` for the auth library's other paths);
// here the server must refuse every one of them without it.

const declared = (route: ApiRoute) =>
  (apiEndpoints as Record<string, { headers?: { shape: object } }>)[route.operationId];

describe('integrity marks', () => {
  it('marks at least the password sign-in and the code steps', () => {
    expect(integrityRoutes.map((route) => route.operationId).sort()).toEqual(
      ['signInWithEmail', 'verifyRecoveryCode', 'verifyTwoFactorCode'].sort(),
    );
  });

  it('is the server lookup too, with the kind of credentials each takes', () => {
    for (const route of integrityRoutes) {
      expect(integrityRequirementOf(route.path), route.path).toBe(route.integrity);
      // However the path is spelled.
      expect(
        integrityRequirementOf(route.path.toUpperCase().replace('/API/AUTH/', '/api//auth/./')),
        route.path,
      ).toBe(route.integrity);
    }
    for (const { prefix, kind } of integrityAuthPathPrefixes) {
      expect(integrityRequirementOf(`${prefix}/other`)).toBe(kind);
    }
    expect(integrityRequirementOf('/api/auth/sign-out')).toBeNull();
    expect(integrityRequirementOf('/api/auth/token')).toBeNull();
  });

  it('describes the integrity header in the API document exactly where a route is marked', () => {
    for (const [operationId, endpoint] of Object.entries(apiEndpoints as Record<string, ApiRoute>)) {
      const headers = declared(endpoint)?.headers?.shape ?? {};
      expect(integrityTokenHeader in headers, operationId).toBe(endpoint.integrity !== undefined);
    }
  });
});

describe.each(testDrivers())('integrity marks enforced by the server (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(driver, { seed: false });
  });
  afterAll(() => t?.close());

  const paths = [
    ...integrityRoutes.map((route) => route.path),
    ...integrityAuthPathPrefixes.map(({ prefix }) => `${prefix}/other`),
  ];
  it.each(paths)('refuses POST %s without an integrity token (403 INTEGRITY_REQUIRED)', async (path) => {
    const response = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { origin: t.origin },
      payload: { email: 'someone@example.com', password: 'Some-password-123', code: '123456' },
    });
    expect(response.statusCode).toBe(403);
    expect(apiErrorSchema.parse(response.json()).error.code).toBe(errorCodes.integrityRequired);
  });
});

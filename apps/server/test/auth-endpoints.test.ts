import { authApiPrefix } from '@cockpit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedAuthEndpoints } from '../src/features/sign-in/auth-routes';
import { type TestApp, buildTestApp, demoUsers, integrityHeader } from './helpers/build-test-app';

// decision 009: the auth library brings many endpoints; only those the app uses may answer. This asks
// every endpoint the library has — signed in, with an integrity token, with a body — and compares the
// ones that answer with the allow-list, so a library update that adds an endpoint fails here.

type Endpoint = { path?: string; options?: { method?: string | string[] } };

describe('endpoints of the auth library under /api/auth', () => {
  let t: TestApp;
  let cookie = '';
  beforeAll(async () => {
    t = await buildTestApp('pglite', { realSignIn: true });
    cookie = await t.signIn(demoUsers.member);
  });
  afterAll(() => t?.close());

  const libraryEndpoints = () => {
    const found = new Set<string>();
    for (const endpoint of Object.values(t.app.auth.api) as Endpoint[]) {
      if (typeof endpoint.path !== 'string') continue;
      const declared = endpoint.options?.method ?? '*';
      const methods = (Array.isArray(declared) ? declared : [declared]).flatMap((method) =>
        method === '*' ? ['GET', 'POST'] : [method.toUpperCase()],
      );
      // Path parameters get a value; the glue serves GET and POST only (others are 404 by the router).
      const path = `${authApiPrefix}${endpoint.path.replace(/:[A-Za-z]+/g, 'x')}`;
      for (const method of methods) if (method === 'GET' || method === 'POST') found.add(`${method} ${path}`);
    }
    return [...found].sort();
  };

  it('knows enough of the library to mean something', () => {
    const endpoints = libraryEndpoints();
    for (const expected of [
      'POST /api/auth/update-user',
      'POST /api/auth/change-password',
      'GET /api/auth/list-sessions',
    ])
      expect(endpoints).toContain(expected);
  });

  it('answers only the allow-listed ones; every other one is 404', async () => {
    const answering: string[] = [];
    for (const endpoint of libraryEndpoints()) {
      const [method, url] = endpoint.split(' ') as ['GET' | 'POST', string];
      const response = await t.app.inject({
        method,
        url,
        headers: { origin: t.origin, cookie, ...(await integrityHeader(t.app)) },
        ...(method === 'POST'
          ? { payload: { name: 'x', currentPassword: 'x', newPassword: 'x', password: 'x' } }
          : {}),
      });
      if (response.statusCode !== 404) answering.push(endpoint);
    }
    // Any answer but 404 counts (a 401 after sign-out ended the session too).
    expect(answering.sort()).toEqual([...allowedAuthEndpoints].sort());
  });

  it.each([
    ['POST', '/api/auth/update-user'],
    ['POST', '/api/auth/UPDATE-USER'],
    ['POST', '/api/auth/x/../update-user'],
    ['POST', '/api/auth/update-user/'],
    ['POST', '/api/auth/%75pdate-user'],
    ['POST', '/api/auth/change-password'],
    ['GET', '/api/auth/list-sessions'],
    ['POST', '/api/auth/verify-password'],
    ['GET', '/api/auth/get-session'],
  ] as const)('%s %s answers 404 in the error shape', async (method, url) => {
    const signedIn = await t.signIn(demoUsers.basic);
    const response = await t.app.inject({
      method,
      url,
      headers: { origin: t.origin, cookie: signedIn },
      ...(method === 'POST' ? { payload: { name: '<b>x</b>' } } : {}),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
});

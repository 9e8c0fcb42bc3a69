import { apiRoutes, integrityAuthPathPrefixes, integrityRoutes } from '@cockpit/contracts';
import { describe, expect, it } from 'vitest';
import { needsIntegrity } from './api-client';

// The client sends the integrity token where the contracts mark it (decision 007); the server refuses
// the same calls without it (apps/server/test/integrity-marks.test.ts).
describe('needsIntegrity', () => {
  const url = (path: string) => new URL(path, 'http://localhost');

  it('follows the marks of the contracts', () => {
    for (const route of integrityRoutes)
      expect(needsIntegrity(url(route.path), route.method), route.path).toBe(true);
    for (const { prefix } of integrityAuthPathPrefixes)
      expect(needsIntegrity(url(`${prefix}/other`), 'post')).toBe(true);
  });

  it('leaves every other call alone', () => {
    for (const route of Object.values(apiRoutes)) {
      if (route.integrity !== undefined || route.path.startsWith('/api/auth/sign-')) continue;
      expect(needsIntegrity(url(route.path), route.method), route.path).toBe(false);
    }
    expect(needsIntegrity(url(apiRoutes.signInWithEmail.path), 'GET')).toBe(false);
  });
});

import { apiRoutes, errorCodes, integrityAuthPathPrefixes, integrityRoutes } from '@cockpit/contracts';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../testing/test-utils';
import { createApiClient, needsIntegrity, setAccountSetUpHandler } from './api-client';

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

describe('set-up gates refused by the server', () => {
  it('hands the gate of a 403 PASSWORD_CHANGE_REQUIRED or TWO_FACTOR_REQUIRED to the one handler', async () => {
    const gates: string[] = [];
    setAccountSetUpHandler((gate) => gates.push(gate));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answers = [errorCodes.passwordChangeRequired, errorCodes.twoFactorRequired, errorCodes.forbidden];
    const client = createApiClient({
      fetch: async () => jsonResponse({ error: { code: answers.shift(), message: 'no' } }, 403),
      getToken: async () => 'token-1',
      getClientParams: () => ({ isoLanguageName: 'en', cultureName: 'en-GB', currencySymbol: '€' }),
      retryDelayMs: 0,
      origin: () => 'http://localhost:3000',
    });
    for (let call = 0; call < 3; call += 1) await expect(client.call(apiRoutes.getMenu)).rejects.toThrow();
    expect(gates).toEqual(['password-change', 'second-factor']);
    setAccountSetUpHandler(() => undefined);
    vi.restoreAllMocks();
  });
});

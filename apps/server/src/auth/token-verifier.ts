import { type JSONWebKeySet, type JWTPayload, createLocalJWKSet, errors, jwtVerify } from 'jose';

interface TokenVerifierOptions {
  /** The public keys better-auth's jwt plugin signs with (`auth.api.getJwks()`). */
  loadJwks: () => Promise<JSONWebKeySet>;
  issuer: string;
  audience: string;
  /** A token with an unknown key id reloads the keys at most this often. */
  minReloadIntervalMs?: number;
}

/**
 * Verifies bearer tokens locally with jose (DESIGN.md §3) against the cached key set; the keys are
 * reloaded when a token names a key the cache does not have (key created or rotated since).
 */
export function createTokenVerifier({
  loadJwks,
  issuer,
  audience,
  minReloadIntervalMs = 1000,
}: TokenVerifierOptions) {
  let keySet: Promise<ReturnType<typeof createLocalJWKSet>> | null = null;
  let loadedAt = 0;

  const reload = () => {
    loadedAt = Date.now();
    const loading = loadJwks().then((jwks) => createLocalJWKSet(jwks));
    // A failed load is not cached: the next request tries again.
    loading.catch(() => {
      if (keySet === loading) keySet = null;
    });
    keySet = loading;
    return loading;
  };

  const verifyWith = async (keys: ReturnType<typeof createLocalJWKSet>, token: string) =>
    (await jwtVerify(token, keys, { issuer, audience })).payload;

  return async function verify(token: string): Promise<JWTPayload> {
    try {
      return await verifyWith(await (keySet ?? reload()), token);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey && Date.now() - loadedAt >= minReloadIntervalMs) {
        return verifyWith(await reload(), token);
      }
      throw error;
    }
  };
}

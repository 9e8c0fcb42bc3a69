import { type JSONWebKeySet, type JWTPayload, createLocalJWKSet, errors, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';

interface TokenVerifierOptions {
  /** The public keys better-auth's jwt plugin signs with (`auth.api.getJwks()`). */
  loadJwks: () => Promise<JSONWebKeySet>;
  issuer: string;
  audience: string;
  /** A token with an unknown key id reloads the keys at most this often. */
  minReloadIntervalMs?: number;
}

/** Tokens verified once and remembered until they expire; the least recently used go first. */
const maxRememberedTokens = 20_000;

/**
 * Verifies bearer tokens locally with jose (docs/product.md §D.3) against the cached key set; the keys are
 * reloaded when a token names a key the cache does not have (key created or rotated since).
 *
 * A token that verified is remembered until its `exp`: a signature check costs more than the rest of a
 * cached API call (decision 014), and a token's claims cannot change. Whether its session is still
 * alive is checked separately on every request (auth/active-user-cache.ts).
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

  /**
   * The keys as loaded at least `minReloadIntervalMs` after the last load: one shared reload, so tokens
   * with unknown key ids (forged ones too) load the keys at most that often. A token signed with a key
   * made just after the last load (two first sign-ins at once each make one) waits for it instead of
   * being refused — a 401 would sign its holder out.
   */
  let nextReload: Promise<ReturnType<typeof createLocalJWKSet>> | null = null;
  const reloadSoon = () =>
    (nextReload ??= new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, loadedAt + minReloadIntervalMs - Date.now())),
    ).then(() => {
      nextReload = null;
      return reload();
    }));

  const verifyUncached = async (token: string): Promise<JWTPayload> => {
    try {
      return await verifyWith(await (keySet ?? reload()), token);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey) return verifyWith(await reloadSoon(), token);
      throw error;
    }
  };

  const verified = new LRUCache<string, JWTPayload>({ max: maxRememberedTokens });

  /** The claims of a token verified before and not yet expired, without waiting for anything. */
  const remembered = (token: string): JWTPayload | undefined => {
    const claims = verified.get(token);
    // The cache's own expiry is a monotonic clock; `exp` is wall-clock time: both must agree.
    return claims && (claims.exp ?? 0) * 1000 > Date.now() ? claims : undefined;
  };

  const verify = async (token: string): Promise<JWTPayload> => {
    const claims = remembered(token);
    if (claims) return claims;
    const payload = await verifyUncached(token);
    // `exp` is optional in a JWT: a token without one is verified every time, never remembered.
    const msLeft = typeof payload.exp === 'number' ? payload.exp * 1000 - Date.now() : 0;
    if (msLeft > 0) verified.set(token, payload, { ttl: msLeft });
    return payload;
  };
  // The bearer check answers a remembered token without a promise (decision 028).
  return Object.assign(verify, { remembered });
}

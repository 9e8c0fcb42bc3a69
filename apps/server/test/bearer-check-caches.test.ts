import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActiveUserCache } from '../src/auth/active-user-cache';
import type { ActiveSession } from '../src/auth/authenticated-user';
import { createTokenVerifier } from '../src/auth/token-verifier';
import { SessionEvents } from '../src/auth/session-events';

// Unit tests of the two caches behind the bearer check (decision 014); the end-to-end behaviour is in
// account-changes.test.ts.

const issuer = 'http://localhost:3000';

function activeSession(userId: string, sessionId: string, expiresInMs = 3_600_000): ActiveSession {
  return {
    sessionExpiresAt: new Date(Date.now() + expiresInMs),
    user: {
      id: userId,
      sessionId,
      organisationId: 'org',
      roleKey: 'organisationmember',
      subscription: 'pro',
      uiLanguage: 'en',
      uiCulture: 'en-GB',
      currencySymbol: '€',
      displayName: 'Someone',
      email: `${userId}@example.com`,
    },
  };
}

describe('active user cache', () => {
  it('forgets one ended session, or all of a user when sessionId is null, or a changed user', () => {
    const events = new SessionEvents();
    const cache = createActiveUserCache(events);
    for (const [userId, sessionId] of [
      ['u1', 's1'],
      ['u1', 's2'],
      ['u2', 's3'],
      ['u10', 's4'],
    ] as const) {
      cache.remember(activeSession(userId, sessionId), cache.generation());
    }
    events.emitEnded({ userId: 'u1', sessionId: 's1' });
    expect(cache.get('u1', 's1')).toBeUndefined();
    expect(cache.get('u1', 's2')?.id).toBe('u1');

    events.emitEnded({ userId: 'u1', sessionId: null });
    expect(cache.get('u1', 's2')).toBeUndefined();
    // "u1" is a prefix of "u10": still only u1's sessions go.
    expect(cache.get('u10', 's4')?.id).toBe('u10');

    events.emitUserChanged('u2');
    expect(cache.get('u2', 's3')).toBeUndefined();
    cache.close();
  });

  it('does not store what was read before a session ended (a load racing a deactivation)', () => {
    const events = new SessionEvents();
    const cache = createActiveUserCache(events);
    const loadStartedAt = cache.generation();
    events.emitEnded({ userId: 'u1', sessionId: null });
    cache.remember(activeSession('u1', 's1'), loadStartedAt);
    expect(cache.get('u1', 's1')).toBeUndefined();
    cache.close();
  });

  it('never keeps a session past its expiry, nor one that has already expired', () => {
    const events = new SessionEvents();
    const cache = createActiveUserCache(events);
    cache.remember(activeSession('u1', 's1', -1), cache.generation());
    expect(cache.get('u1', 's1')).toBeUndefined();
    cache.close();
    // After close() it no longer listens: nothing throws, nothing is kept for it.
    expect(() => events.emitEnded({ userId: 'u1', sessionId: null })).not.toThrow();
  });
});

describe('token verifier', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  async function setUp() {
    const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'EdDSA' };
    let loads = 0;
    const verify = createTokenVerifier({
      loadJwks: async () => {
        loads += 1;
        return { keys: [jwk] };
      },
      issuer,
      audience: issuer,
    });
    const sign = (expiresAt: Date) =>
      new SignJWT({ sid: 's1' })
        .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
        .setSubject('u1')
        .setIssuer(issuer)
        .setAudience(issuer)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(privateKey);
    return { verify, sign, loads: () => loads };
  }

  it('waits for the keys of a token signed just after they were loaded, loading them once', async () => {
    // Two first sign-ins at once each make a signing key: the second key appears after the first load.
    const first = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const second = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const keys = [{ ...(await exportJWK(first.publicKey)), kid: 'k1', alg: 'EdDSA' }];
    let loads = 0;
    const verify = createTokenVerifier({
      loadJwks: async () => {
        loads += 1;
        return { keys: [...keys] };
      },
      issuer,
      audience: issuer,
      minReloadIntervalMs: 1_000,
    });
    const sign = (kid: string, privateKey: typeof first.privateKey, subject: string) =>
      new SignJWT({ sid: 's1' })
        .setProtectedHeader({ alg: 'EdDSA', kid })
        .setSubject(subject)
        .setIssuer(issuer)
        .setAudience(issuer)
        .setExpirationTime(new Date(Date.now() + 60_000))
        .sign(privateKey);
    expect((await verify(await sign('k1', first.privateKey, 'u1'))).sub).toBe('u1');
    keys.push({ ...(await exportJWK(second.publicKey)), kid: 'k2', alg: 'EdDSA' });
    // Within the reload interval: both wait for one reload and are accepted.
    const [a, b] = await Promise.all([
      verify(await sign('k2', second.privateKey, 'u2')),
      verify(await sign('k2', second.privateKey, 'u3')),
    ]);
    expect([a.sub, b.sub]).toEqual(['u2', 'u3']);
    expect(loads).toBe(2);
    // A key that does not exist is still refused, after at most one more load.
    const stranger = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    await expect(verify(await sign('k3', stranger.privateKey, 'u4'))).rejects.toThrow();
    expect(loads).toBe(3);
  });

  it('accepts a valid token again from memory, and refuses it once it has expired', async () => {
    const { verify, sign } = await setUp();
    const token = await sign(new Date(Date.now() + 60_000));
    expect((await verify(token)).sub).toBe('u1');
    expect((await verify(token)).sid).toBe('s1');

    vi.useFakeTimers({ now: Date.now() + 120_000, toFake: ['Date'] });
    await expect(verify(token)).rejects.toThrow(/exp/);
  });

  it('refuses a token whose signature does not match, even after a valid one was remembered', async () => {
    const { verify, sign } = await setUp();
    const token = await sign(new Date(Date.now() + 60_000));
    await verify(token);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'u2', sid: 's1', iss: issuer, aud: issuer, exp: Math.floor(Date.now() / 1000) + 60 })).toString('base64url')}.${signature}`;
    expect(payload).not.toBe(forged.split('.')[1]);
    await expect(verify(forged)).rejects.toThrow();
  });
});

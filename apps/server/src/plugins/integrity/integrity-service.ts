import { createHash, hkdfSync, randomUUID } from 'node:crypto';
import type { IntegrityChallenge, IntegritySolution } from '@cockpit/contracts';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { SignJWT, errors, jwtVerify } from 'jose';
import type { Config } from '../../config';
import type { UseOnceKeys } from '../use-once-keys';

/** The algorithm every challenge uses (ALTCHA v2 proof of work, docs/tools.md). */
export const integrityAlgorithm = 'PBKDF2/SHA-256';
const tokenType = 'integrity+jwt';

export type RedeemResult =
  { ok: true; token: string; expiresAt: Date } | { ok: false; reason: 'expired' | 'invalid' | 'replayed' };

export interface IntegrityService {
  /** A fresh HMAC-signed challenge that expires after `challengeTtlSeconds` (≤ 600 s). */
  createChallenge(): Promise<IntegrityChallenge>;
  /** Checks a solution and, the first time only, exchanges it for an integrity token. */
  redeem(challenge: IntegrityChallenge, solution: IntegritySolution): Promise<RedeemResult>;
  /** Signs a token directly (the redeem path and test helpers). */
  issueToken(): Promise<{ token: string; expiresAt: Date }>;
  /** `true` for an unexpired token this server signed; never throws for a bad token. */
  verifyToken(token: string): Promise<boolean>;
}

/** Separate keys per purpose, derived from AUTH_SECRET (a leaked integrity key never signs sessions). */
function derive(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'report-cockpit', `integrity:${purpose}`, 32));
}

/**
 * App integrity (docs/product.md §1, docs/product.md §D.3, docs/decisions/007-proof-of-work-integrity-token.md): ALTCHA v2 in its deterministic
 * mode — the server picks the secret counter and signs the derived key, so checking a solution is one
 * HMAC, while finding it costs the client about `maxNumber × 3/4` PBKDF2 derivations. A redeemed
 * challenge is remembered until it expires (UseOnceKeys.claimOnce), so it cannot be used twice.
 */
export function createIntegrityService(config: Config, useOnceKeys: UseOnceKeys): IntegrityService {
  const challengeSecret = derive(config.authSecret, 'challenge').toString('hex');
  const keySignatureSecret = derive(config.authSecret, 'key-signature').toString('hex');
  const tokenKey = derive(config.authSecret, 'token');
  const issuer = config.publicUrl;
  const audience = `${config.publicUrl}/integrity`;
  const { maxNumber, cost, challengeTtlSeconds, tokenTtlSeconds } = config.integrity;

  const issueToken = async () => {
    const expiresAt = new Date((Math.floor(Date.now() / 1000) + tokenTtlSeconds) * 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: tokenType })
      .setIssuer(issuer)
      .setAudience(audience)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(tokenKey);
    return { token, expiresAt };
  };

  return {
    async createChallenge() {
      const challenge = await createChallenge({
        algorithm: integrityAlgorithm,
        cost,
        counter: randomInt(maxNumber, Math.max(1, Math.ceil(maxNumber / 2))),
        deriveKey,
        expiresAt: Math.floor(Date.now() / 1000) + challengeTtlSeconds,
        hmacSignatureSecret: challengeSecret,
        hmacKeySignatureSecret: keySignatureSecret,
      });
      return challenge as IntegrityChallenge;
    },

    async redeem(challenge, solution) {
      let result;
      try {
        result = await verifySolution({
          challenge,
          solution,
          deriveKey,
          hmacSignatureSecret: challengeSecret,
          hmacKeySignatureSecret: keySignatureSecret,
        });
      } catch {
        // altcha-lib throws on parameters it cannot use (bad hex, unknown algorithm): a wrong answer.
        return { ok: false, reason: 'invalid' };
      }
      if (result.expired) return { ok: false, reason: 'expired' };
      if (!result.verified) return { ok: false, reason: 'invalid' };
      // Remembered until the challenge itself expires; after that it is refused as expired anyway.
      const ttlMs = challenge.parameters.expiresAt * 1000 - Date.now() + 1_000;
      const key = `integrity:used:${createHash('sha256').update(challenge.signature).digest('hex')}`;
      if (!(await useOnceKeys.claimOnce(key, ttlMs))) return { ok: false, reason: 'replayed' };
      return { ok: true, ...(await issueToken()) };
    },

    issueToken,

    async verifyToken(token) {
      try {
        await jwtVerify(token, tokenKey, { issuer, audience, algorithms: ['HS256'], typ: tokenType });
        return true;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return false;
        throw error;
      }
    },
  };
}

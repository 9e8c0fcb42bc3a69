import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

// The unsubscribe link of a mail (decision 029): a signed token that works without signing in, for one
// purpose (unsubscribing this recipient from this subscription), for a limited time. Signed with a key
// derived from AUTH_SECRET for this purpose only, so no other token of the cockpit is accepted here.

const purpose = 'cockpit:unsubscribe';
/** A mail's link works this long (a monthly report's link outlives the next mail). */
export const unsubscribeTokenLifetimeSeconds = 60 * 86_400;

export interface UnsubscribeClaims {
  subscriptionId: string;
  userId: string;
}

export function createUnsubscribeTokens(authSecret: string) {
  const key = createHmac('sha256', authSecret).update(purpose).digest();
  return {
    async sign(claims: UnsubscribeClaims, now = new Date()): Promise<string> {
      return new SignJWT({ sid: claims.subscriptionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setAudience(purpose)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(now.getTime() / 1000) + unsubscribeTokenLifetimeSeconds)
        .sign(key);
    },
    /** The claims of a valid token; `null` for a forged, expired or foreign one. */
    async verify(token: string, now = new Date()): Promise<UnsubscribeClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          audience: purpose,
          algorithms: ['HS256'],
          currentDate: now,
        });
        if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null;
        return { subscriptionId: payload.sid, userId: payload.sub };
      } catch {
        return null;
      }
    },
  };
}

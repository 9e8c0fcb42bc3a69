import type { FastifyRequest } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/database';
import { user, verification } from '../db/core-tables';
import { cookiePrefix } from './create-auth';

/** better-auth's two-factor plugin cookie (its TWO_FACTOR_COOKIE_NAME), with our prefix. */
const challengeCookieNames = [`${cookiePrefix}.two_factor`, `__Secure-${cookiePrefix}.two_factor`];

/** The value of one cookie of the request, URL-decoded; `null` when absent or malformed. */
function cookieValue(header: string | undefined, names: readonly string[]): string | null {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (!names.includes(part.slice(0, separator).trim())) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The e-mail of the user whose two-factor sign-in the request continues (decision 021): the plugin's
 * signed cookie names a verification row whose value is the user id. Only used to key the sign-in
 * limits (plugins/sign-in-guard.ts); the library checks the signature itself. `null` when there is none.
 */
export function createPendingSecondFactorLookup(db: Database) {
  return async (request: FastifyRequest): Promise<string | null> => {
    const signed = cookieValue(request.headers.cookie, challengeCookieNames);
    // A signed cookie is `<value>.<signature>`.
    const identifier = signed?.slice(0, Math.max(0, signed.lastIndexOf('.')));
    if (!identifier || identifier.length > 200) return null;
    const [row] = await db
      .select({ email: user.email })
      .from(verification)
      .innerJoin(user, eq(user.id, verification.value))
      .where(and(eq(verification.identifier, identifier), gt(verification.expiresAt, new Date())))
      .limit(1);
    return row?.email ?? null;
  };
}

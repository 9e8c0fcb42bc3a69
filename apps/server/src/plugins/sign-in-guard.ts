import { createHmac } from 'node:crypto';
import { errorCodes, integrityTokenHeader } from '@cockpit/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CredentialEndpoint } from '../auth/credential-endpoint';
import type { Config } from '../config';
import type { IntegrityService } from './integrity/integrity-service';
import { type RateLimitStore, sendTooMany } from './rate-limits';

/** The e-mail of the account a request's pending two-factor sign-in belongs to, if any (decision 021). */
export type PendingSecondFactorLookup = (request: FastifyRequest) => Promise<string | null>;

const hourMs = 60 * 60_000;
const quarterHourMs = 15 * 60_000;
const minuteMs = 60_000;

/**
 * A short, stable, non-reversible account key: the e-mail itself never reaches logs or Redis (also the
 * forgotten-password limit per address, decision 031).
 */
export function accountKey(secret: string, email: string): string {
  return createHmac('sha256', secret).update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}

function emailOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const email = (body as { email?: unknown }).email;
  return typeof email === 'string' && email.trim() !== '' ? email.slice(0, 320) : null;
}

const eventNames: Record<CredentialEndpoint, string> = {
  'sign-in': 'sign_in',
  'sign-up': 'sign_up',
  'second-factor': 'second_factor',
};

export interface SignInGuard {
  /**
   * Before the credentials reach better-auth: an integrity token is required (403 INTEGRITY_REQUIRED),
   * then the limits per address and per account are checked (429 with Retry-After). Returns `true` when
   * the request was refused and answered (a boolean, not the reply: a reply is thenable and would be
   * awaited away), otherwise `false`.
   */
  before(request: FastifyRequest, reply: FastifyReply, endpoint: CredentialEndpoint): Promise<boolean>;
  /** After better-auth answered: failed sign-ins are counted, and both outcomes are logged. */
  after(
    request: FastifyRequest,
    endpoint: CredentialEndpoint,
    status: number,
    userId: string | null,
  ): Promise<void>;
}

/** What the guard counts with: the limiters of @fastify/rate-limit and its store (plugins/rate-limits.ts). */
export interface SignInLimiters {
  createRateLimit: FastifyInstance['createRateLimit'];
  takeBack: RateLimitStore['takeBack'];
}

interface SignInKeys {
  /** The account's HMAC (`accountKey`), `null` without an e-mail. */
  account: string | null;
}

/**
 * Sign-in protection (security hardening, OWASP ASVS 5.0 §6.3 and §2.4 anti-automation): at most
 * `maxFailuresPerAccountPerHour` (100) failed sign-ins per account per hour, a limit of failures and of
 * attempts per client address — all of them windows of @fastify/rate-limit, shared through Redis when
 * configured (docs/decisions/034-one-rate-limiter.md).
 */
export function createSignInGuard(
  config: Config,
  { createRateLimit, takeBack }: SignInLimiters,
  integrity: IntegrityService,
  pendingSecondFactor: PendingSecondFactorLookup = () => Promise.resolve(null),
): SignInGuard {
  const limits = config.signInLimits;
  // A wrong code counts against the account whose password was just given: its e-mail comes from the
  // pending two-factor sign-in, so codes and passwords share one counter (decision 021).
  const keysOf = new WeakMap<FastifyRequest, SignInKeys>();
  const keys = async (request: FastifyRequest, endpoint: CredentialEndpoint) => {
    const known = keysOf.get(request);
    if (known) return known;
    const email = endpoint === 'second-factor' ? await pendingSecondFactor(request) : emailOf(request.body);
    const found = { account: email ? accountKey(config.authSecret, email) : null };
    keysOf.set(request, found);
    return found;
  };
  const accountWindow = (account: string) => `signin:acct:${account}`;

  // Every attempt per address and minute, successful or not.
  const addressAttempts = createRateLimit({
    max: limits.maxAttemptsPerAddressPerMinute,
    timeWindow: minuteMs,
    keyGenerator: (request) => `signin:ip:${request.ip}`,
  });
  // Only failures per address: looked at before (`increment: false`), counted after a wrong password.
  const addressFailures = createRateLimit({
    max: limits.maxFailuresPerAddressPer15Minutes,
    timeWindow: quarterHourMs,
    keyGenerator: (request) => `signin:ipfail:${request.ip}`,
  });
  // Per account: counted before the password is checked, so parallel attempts cannot overshoot the limit;
  // an attempt that was no failure is taken back afterwards (decisions 009 and 034).
  const accountFailures = createRateLimit({
    max: limits.maxFailuresPerAccountPerHour,
    timeWindow: hourMs,
    keyGenerator: (request) => accountWindow(keysOf.get(request)?.account ?? ''),
  });

  return {
    async before(request, reply, endpoint) {
      const token = request.headers[integrityTokenHeader];
      if (typeof token !== 'string' || token === '' || !(await integrity.verifyToken(token))) {
        request.log.warn(
          { event: 'auth.integrity_missing', endpoint },
          'credentials without a valid integrity token',
        );
        void reply.status(403).send({
          error: {
            code: errorCodes.integrityRequired,
            message: 'This app could not be verified. Reload the page and try again.',
          },
        });
        return true;
      }
      const { account } = await keys(request, endpoint);

      const attempts = await addressAttempts(request);
      if (!attempts.isAllowed && attempts.isExceeded) {
        request.log.warn(
          { event: 'auth.sign_in.rate_limited', scope: 'address' },
          'too many sign-in attempts',
        );
        void sendTooMany(reply, attempts.ttlInSeconds, 'Too many sign-in attempts. Please wait a moment.');
        return true;
      }
      const failures = await addressFailures(request, { increment: false });
      // The limit is reached with the last allowed failure: no attempt is left.
      if (!failures.isAllowed && failures.remaining === 0) {
        request.log.warn(
          { event: 'auth.sign_in.rate_limited', scope: 'address' },
          'too many failed sign-ins',
        );
        void sendTooMany(reply, failures.ttlInSeconds, 'Too many failed sign-ins. Please try again later.');
        return true;
      }
      if (account) {
        const accountCount = await accountFailures(request);
        if (!accountCount.isAllowed && accountCount.isExceeded) {
          request.log.warn(
            { event: 'auth.sign_in.rate_limited', scope: 'account', account },
            'account locked for now',
          );
          void sendTooMany(
            reply,
            accountCount.ttlInSeconds,
            'Too many failed sign-ins. Please try again later.',
          );
          return true;
        }
      }
      return false;
    },

    async after(request, endpoint, status, userId) {
      const { account } = await keys(request, endpoint);
      if (status >= 200 && status < 300) {
        request.log.info({ event: `auth.${eventNames[endpoint]}.success`, userId }, 'signed in');
        if (account) await takeBack(accountWindow(account));
        return;
      }
      // 401 is a wrong e-mail or password (or a deactivated account); 400 an input the library refused.
      request.log.warn({ event: `auth.${eventNames[endpoint]}.failure`, status, account }, 'sign-in failed');
      if (status === 401) await addressFailures(request);
      // A wrong code is 401; the library's own limits answer 400 (too many tries for this sign-in) or 429
      // (the factor is locked): all of them stay counted against the account.
      else if (endpoint === 'second-factor') return;
      // Refused for another reason (malformed input): not a password guess, so it does not count.
      else if (account) await takeBack(accountWindow(account));
    },
  };
}

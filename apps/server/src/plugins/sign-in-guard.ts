import { createHmac } from 'node:crypto';
import { errorCodes, integrityTokenHeader } from '@cockpit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CredentialEndpoint } from '../auth/credential-endpoint';
import type { Config } from '../config';
import type { IntegrityService } from './integrity/integrity-service';
import type { SharedCounters } from './shared-counters';

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

function refuseTooMany(reply: FastifyReply, resetInMs: number, message: string): true {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  void reply
    .status(429)
    .header('retry-after', String(seconds))
    .send({ error: { code: errorCodes.rateLimited, message } });
  return true;
}

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

/**
 * Sign-in protection (security hardening, OWASP ASVS 5.0 §6.3 and §2.4 anti-automation): at most
 * `maxFailuresPerAccountPerHour` (100) failed sign-ins per account per hour, a limit of failures and of
 * attempts per client address, counters shared through Redis when configured.
 */
export function createSignInGuard(
  config: Config,
  counters: SharedCounters,
  integrity: IntegrityService,
  pendingSecondFactor: PendingSecondFactorLookup = () => Promise.resolve(null),
): SignInGuard {
  const limits = config.signInLimits;
  // A wrong code counts against the account whose password was just given: its e-mail comes from the
  // pending two-factor sign-in, so codes and passwords share one counter (decision 021).
  const keys = async (request: FastifyRequest, endpoint: CredentialEndpoint) => {
    const email = endpoint === 'second-factor' ? await pendingSecondFactor(request) : emailOf(request.body);
    return {
      account: email ? accountKey(config.authSecret, email) : null,
      addressAttempts: `signin:ip:${request.ip}`,
      addressFailures: `signin:ipfail:${request.ip}`,
    };
  };

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
      const { account, addressAttempts, addressFailures } = await keys(request, endpoint);

      const attempts = await counters.increment(addressAttempts, minuteMs);
      if (attempts.count > limits.maxAttemptsPerAddressPerMinute) {
        request.log.warn(
          { event: 'auth.sign_in.rate_limited', scope: 'address' },
          'too many sign-in attempts',
        );
        return refuseTooMany(reply, attempts.resetInMs, 'Too many sign-in attempts. Please wait a moment.');
      }
      const failures = await counters.peek(addressFailures);
      if (failures.count >= limits.maxFailuresPerAddressPer15Minutes) {
        request.log.warn(
          { event: 'auth.sign_in.rate_limited', scope: 'address' },
          'too many failed sign-ins',
        );
        return refuseTooMany(reply, failures.resetInMs, 'Too many failed sign-ins. Please try again later.');
      }
      if (account) {
        // Counted before the password is checked, so parallel attempts cannot overshoot the limit; a
        // successful sign-in takes its count back (after()).
        const accountFailures = await counters.increment(`signin:acct:${account}`, hourMs);
        if (accountFailures.count > limits.maxFailuresPerAccountPerHour) {
          request.log.warn(
            { event: 'auth.sign_in.rate_limited', scope: 'account', account },
            'account locked for now',
          );
          return refuseTooMany(
            reply,
            accountFailures.resetInMs,
            'Too many failed sign-ins. Please try again later.',
          );
        }
      }
      return false;
    },

    async after(request, endpoint, status, userId) {
      const { account, addressFailures } = await keys(request, endpoint);
      if (status >= 200 && status < 300) {
        request.log.info({ event: `auth.${eventNames[endpoint]}.success`, userId }, 'signed in');
        if (account) await counters.decrement(`signin:acct:${account}`);
        return;
      }
      // 401 is a wrong e-mail or password (or a deactivated account); 400 an input the library refused.
      request.log.warn({ event: `auth.${eventNames[endpoint]}.failure`, status, account }, 'sign-in failed');
      if (status === 401) await counters.increment(addressFailures, quarterHourMs);
      // A wrong code is 401; the library's own limits answer 400 (too many tries for this sign-in) or 429
      // (the factor is locked): all of them stay counted against the account.
      else if (endpoint === 'second-factor') return;
      // Refused for another reason (malformed input): not a password guess, so it does not count.
      else if (account) await counters.decrement(`signin:acct:${account}`);
    },
  };
}

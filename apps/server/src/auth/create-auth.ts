import { type BetterAuthPlugin, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import {
  errorCodes,
  integrityTokenHeader,
  passwordMaxLength,
  passwordMinLength,
  pendingSetUpClaim,
  recoveryCodeCount,
} from '@cockpit/contracts';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { jwt } from 'better-auth/plugins/jwt';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/database';
import {
  account,
  jwks,
  organisations,
  session as sessionTable,
  user as userTable,
  verification,
} from '../db/core-tables';
import { twoFactor as twoFactorTable } from '../db/two-factor-schema';
import type { SessionEvents } from './session-events';
import { redactErrorsIn } from '../lib/log-redaction';
import { hashPassword, verifyPassword } from './password';
import { endDeviceTrust, trustDeviceOption } from './device-trust';
import { createSecondFactorStepCheck } from './second-factor-steps';
import { integrityRequirementOf, pendingGates } from './account-policy';

/** What better-auth's drizzle adapter gets: its tables under its model names (two-factor: decision 021). */
const authSchema = {
  user: userTable,
  session: sessionTable,
  account,
  verification,
  jwks,
  twoFactor: twoFactorTable,
};

/** Lifetime of the bearer token the SPA gets from `GET /api/auth/token` (docs/product.md §D.3: ≤ 15 min). */
export const accessTokenLifetime = '15m';

/** The session cookie is `cockpit.session_token` (`__Secure-cockpit.session_token` on https). */
export const cookiePrefix = 'cockpit';

/** The name authenticator apps show next to the account (decision 021). */
export const twoFactorIssuer = 'Report Cockpit';
export const deactivatedMessage = 'This account has been deactivated.';

/** How long a session may go without an API call before its token exchange is refused (decision 009). */
export function sessionIdleLimitMs(
  config: Pick<Config, 'idleTimeoutSeconds' | 'idleCountdownSeconds'>,
): number {
  // The browser signs out after its idle time and countdown; the server does not end a session earlier.
  return (config.idleTimeoutSeconds + config.idleCountdownSeconds) * 1000;
}

/** What sign-in needs of the integrity check (plugins/integrity, which provides it): is a token valid? */
interface IntegrityTokenCheck {
  verifyToken(token: string): Promise<boolean>;
}

interface CreateAuthOptions {
  config: Config;
  db: Database;
  logger: FastifyBaseLogger;
  /** Checks integrity tokens (decision 007); the Fastify glue checks first, this is the backstop. */
  integrity?: IntegrityTokenCheck;
  /** Told when better-auth deletes a session (sign-out, revocation), to close its streams. */
  sessionEvents?: SessionEvents;
  /**
   * Single sign-on with the organisation's provider (decision 020): the single-sign-on feature's better-auth
   * plugin, composed by app.ts (auth/ imports no feature, docs/decisions/023-layers-enforced-by-lint.md).
   */
  singleSignOn?: BetterAuthPlugin;
}

/**
 * better-auth: e-mail + password sign-in, sessions in our database (cookie only for /api/auth/*), and
 * the jwt plugin that exchanges a session for a short-lived bearer token (docs/product.md §D.3).
 */
export function createAuth({
  config,
  db,
  logger,
  integrity,
  sessionEvents,
  singleSignOn,
}: CreateAuthOptions) {
  const localOrigins = [config.port, 5173].flatMap((port) => [
    `http://localhost:${port}`,
    `http://127.0.0.1:${port}`,
  ]);

  /**
   * ASVS 7.3.1 inactivity timeout on the server (decision 009): a session whose last API call
   * (`session.updated_at`, auth/session-activity.ts) lies further back than the browser's idle time plus
   * its countdown gets no new bearer token; the session is deleted and the exchange answers 401.
   */
  const idleLimitMs = sessionIdleLimitMs(config);
  const claimCodeStep = createSecondFactorStepCheck(db);
  /** The set-up gates a new token announces (auth/account-policy.ts decides them). */
  const gatesOf = async (user: Record<string, unknown>, session: Record<string, unknown>) => {
    const [organisation] = await db
      .select({ requireTwoFactor: organisations.requireTwoFactor })
      .from(organisations)
      .where(eq(organisations.id, String(user.organisationId)));
    const account = {
      mustChangePassword: user.mustChangePassword,
      twoFactorEnabled: user.twoFactorEnabled,
      organisationRequiresTwoFactor: organisation?.requireTwoFactor,
    };
    return pendingGates(account, { signInMethod: session.signInMethod });
  };
  const endIdleSession = async (ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]) => {
    const found = await getSessionFromCtx(ctx);
    if (!found) return; // no session: the endpoint answers 401 itself
    if (Date.now() - new Date(found.session.updatedAt).getTime() <= idleLimitMs) return;
    await db.delete(sessionTable).where(eq(sessionTable.id, found.session.id));
    sessionEvents?.emitEnded({ userId: found.user.id, sessionId: found.session.id });
    logger.info(
      { event: 'auth.session.idle_ended', userId: found.user.id },
      'session ended after inactivity',
    );
    throw new APIError('UNAUTHORIZED', { message: 'The session has ended after a period of inactivity.' });
  };

  return betterAuth({
    appName: 'Report Cockpit',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    database: drizzleAdapter(db, { provider: 'pg', schema: authSchema }),
    // The SPA posts from PUBLIC_URL (built app) or from Vite (5173) in development.
    trustedOrigins: [...new Set([config.publicUrl, ...localOrigins])],
    emailAndPassword: {
      enabled: true,
      // Accounts are created by the seed and, later, by organisation administrators.
      disableSignUp: true,
      // Security hardening (ASVS 5.0 §6.2): 12 to 128 characters, no composition rules.
      minPasswordLength: passwordMinLength,
      maxPasswordLength: passwordMaxLength,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    // ASVS 7.3.2 absolute lifetime (decision 009): a session ends SESSION_MAX_AGE_SECONDS after sign-in
    // (default 12 h) and is never extended; its idle limit is checked at each token exchange (below).
    session: {
      expiresIn: config.sessionMaxAgeSeconds,
      disableSessionRefresh: true,
      // Decision 021: 'sso' sessions (single sign-on) are exempt from the organisation's two-factor policy.
      additionalFields: {
        signInMethod: { type: 'string', required: false, defaultValue: 'password', input: false },
      },
    },
    user: {
      additionalFields: {
        organisationId: { type: 'string', required: true, input: false },
        roleKey: { type: 'string', required: true, defaultValue: 'organisationmember', input: false },
        subscription: { type: 'string', required: true, defaultValue: 'basic', input: false },
        uiLanguage: { type: 'string', required: true, defaultValue: 'en', input: false },
        uiCulture: { type: 'string', required: true, defaultValue: 'auto', input: false },
        currencySymbol: { type: 'string', required: true, defaultValue: '€', input: false },
        active: { type: 'boolean', required: true, defaultValue: true, input: false },
        // Decision 022: set by an administrator's one-time password, cleared by the user's own change.
        mustChangePassword: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    databaseHooks: {
      session: {
        create: {
          // A deactivated user keeps the password but gets no new session.
          before: async (session) => {
            const [row] = await db
              .select({ active: userTable.active })
              .from(userTable)
              .where(eq(userTable.id, session.userId));
            if (!row?.active) throw new APIError('UNAUTHORIZED', { message: deactivatedMessage });
          },
        },
        delete: {
          // Sign-out and revocation: the session's notification streams close at once (decision 009).
          after: async (ended) => {
            sessionEvents?.emitEnded({ userId: ended.userId, sessionId: ended.id });
          },
        },
      },
    },
    hooks: {
      // Backstop for the integrity check of plugins/sign-in-guard.ts: whatever path spelling reached a
      // credential endpoint, it is refused here without a valid integrity token (decision 007).
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/token') {
          await endIdleSession(ctx);
          return;
        }
        if (integrity && integrityRequirementOf(`/api/auth${ctx.path}`)) {
          const token = ctx.headers?.get(integrityTokenHeader);
          if (!token || !(await integrity.verifyToken(token))) {
            throw new APIError('FORBIDDEN', {
              message: 'This app could not be verified. Reload the page and try again.',
              code: errorCodes.integrityRequired,
            });
          }
        }
        if (ctx.path.startsWith('/two-factor/verify')) {
          // Decision 021: the app does not offer "trust this device"; every sign-in asks for a code.
          if ((ctx.body as Record<string, unknown> | undefined)?.[trustDeviceOption] === true) {
            throw new APIError('BAD_REQUEST', {
              message: 'Trusting a device is not offered: every sign-in asks for a code.',
            });
          }
          if (ctx.path === '/two-factor/verify-totp') await claimCodeStep(ctx);
        }
      }),
      // Turning two-factor sign-in off ends every device trust of the user, not only this browser's.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/two-factor/disable' || isAPIError(ctx.context.returned)) return;
        const userId = ctx.context.session?.user.id;
        if (userId) await endDeviceTrust(db, userId);
      }),
    },
    // Off everywhere, explicitly: one rate limiter for the whole API (docs/decisions/034-one-rate-limiter.md);
    // sign-in is limited by plugins/sign-in-guard.ts before the library is reached.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix,
      // Security hardening: HttpOnly, SameSite=Strict (the cookie is only ever sent by same-origin fetches to
      // /api/auth/*), Secure on https (better-auth sets it for an https baseURL), host-only (no Domain).
      defaultCookieAttributes: { httpOnly: true, sameSite: 'strict', path: '/' },
      // Check the Origin header also under Vitest (better-auth skips it when NODE_ENV is 'test').
      disableOriginCheck: false,
      // The Fastify glue puts the socket address here (features/sign-in/auth-routes.ts).
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    telemetry: { enabled: false },
    // Anything that is not one of its own answers (a failed query, say) is thrown to our glue
    // (features/sign-in/auth-routes.ts), which logs it without bound parameters and answers 500/503. Otherwise
    // its router prints the error — the query's e-mail or session token included — to stderr
    // (decision 009). Its own answers (wrong password, bad origin) still become responses.
    onAPIError: { throw: true },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        // Its messages may carry a failed query's error, with the e-mail or token it looked up.
        const data = args.length > 0 ? { details: redactErrorsIn(args) } : {};
        if (level === 'error') logger.error(data, `better-auth: ${message}`);
        else if (level === 'warn') logger.warn(data, `better-auth: ${message}`);
        else logger.debug(data, `better-auth: ${message}`);
      },
    },
    plugins: [
      // Decision 021: TOTP with ten recovery codes; the Fastify glue adds the integrity check and the
      // sign-in limits to its code endpoints (plugins/sign-in-guard.ts).
      twoFactor({ issuer: twoFactorIssuer, backupCodeOptions: { amount: recoveryCodeCount } }),
      // Decision 020: the organisation's OpenID Connect provider (/api/auth/sso/*).
      ...(singleSignOn ? [singleSignOn] : []),
      jwt({
        jwt: {
          expirationTime: accessTokenLifetime,
          issuer: config.publicUrl,
          audience: config.publicUrl,
          // Only what a verifier needs; everything else is loaded per request (authenticate plugin).
          // `sid`: the bearer hook refuses tokens of ended sessions at once (decision 009).
          // Decisions 021, 022: the web app shows the screen of a pending set-up gate first (the server decides anyway).
          definePayload: async ({ user, session }) => {
            const gates = await gatesOf(user, session);
            return {
              email: user.email,
              sid: session.id,
              ...(gates.length > 0 ? { [pendingSetUpClaim]: gates } : {}),
            };
          },
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

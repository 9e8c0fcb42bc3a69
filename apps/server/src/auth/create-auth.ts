import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { jwt } from 'better-auth/plugins/jwt';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { authSchema, user as userTable } from '../db/schema';
import { hashPassword, verifyPassword } from './password';

/** Lifetime of the bearer token the SPA gets from `GET /api/auth/token` (DESIGN.md §3: ≤ 15 min). */
export const accessTokenLifetime = '15m';

/** The session cookie is `cockpit.session_token` (`__Secure-cockpit.session_token` on https). */
export const cookiePrefix = 'cockpit';

export const deactivatedMessage = 'This account has been deactivated.';

interface CreateAuthOptions {
  config: Config;
  db: Database;
  logger: FastifyBaseLogger;
}

/**
 * better-auth: e-mail + password sign-in, sessions in our database (cookie only for /api/auth/*), and
 * the jwt plugin that exchanges a session for a short-lived bearer token (DESIGN.md §3).
 */
export function createAuth({ config, db, logger }: CreateAuthOptions) {
  const localOrigins = [config.port, 5173].flatMap((port) => [
    `http://localhost:${port}`,
    `http://127.0.0.1:${port}`,
  ]);

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
      password: { hash: hashPassword, verify: verifyPassword },
    },
    user: {
      additionalFields: {
        organisationId: { type: 'string', required: true, input: false },
        roleKey: { type: 'string', required: true, defaultValue: 'organisationmember', input: false },
        subscription: { type: 'string', required: true, defaultValue: 'basic', input: false },
        uiLanguage: { type: 'string', required: true, defaultValue: 'en', input: false },
        uiCulture: { type: 'string', required: true, defaultValue: 'en-GB', input: false },
        currencySymbol: { type: 'string', required: true, defaultValue: '€', input: false },
        active: { type: 'boolean', required: true, defaultValue: true, input: false },
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
      },
    },
    rateLimit: {
      enabled: config.nodeEnv === 'production',
      window: 60,
      max: 300,
      // Generous enough for browser tests that sign in several users in a row.
      customRules: { '/sign-in/email': { window: 60, max: 30 } },
    },
    advanced: {
      cookiePrefix,
      // Check the Origin header also under Vitest (better-auth skips it when NODE_ENV is 'test').
      disableOriginCheck: false,
      // The Fastify glue puts the socket address here (plugins/auth-routes.ts).
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    telemetry: { enabled: false },
    // Expected refusals (wrong password, bad origin) are not errors; anything else goes to our log.
    onAPIError: {
      onError: (error) => {
        const status = (error as { statusCode?: unknown }).statusCode;
        if (typeof status === 'number' && status < 500)
          logger.debug({ status }, `better-auth: ${String((error as Error).message)}`);
        else logger.error({ err: error }, 'better-auth: request failed');
      },
    },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const data = args.length > 0 ? { details: args } : {};
        if (level === 'error') logger.error(data, `better-auth: ${message}`);
        else if (level === 'warn') logger.warn(data, `better-auth: ${message}`);
        else logger.debug(data, `better-auth: ${message}`);
      },
    },
    plugins: [
      jwt({
        jwt: {
          expirationTime: accessTokenLifetime,
          issuer: config.publicUrl,
          audience: config.publicUrl,
          // Only what a verifier needs; everything else is loaded per request (authenticate plugin).
          definePayload: ({ user }) => ({ email: user.email }),
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

import { apiRoutes } from '@cockpit/contracts';
import type { FastifyRequest } from 'fastify';
import { type JWTPayload, errors } from 'jose';
import type { App } from '../app-types';
import { type ActiveUser, createActiveUserCache } from '../auth/active-user-cache';
import { loadActiveSession } from '../auth/authenticated-user';
import { createSessionActivity, sessionActivityResolutionMs } from '../auth/session-activity';
import { sessionIdleLimitMs } from '../auth/create-auth';
import { createTokenVerifier } from '../auth/token-verifier';
import { unauthorized } from '../lib/http-error';
import { declaredPlugin, pluginNames } from './declared-plugin';

const bearerPattern = /^Bearer +([A-Za-z0-9\-_.]+)$/;

/** What the bearer check needs from a token's claims. */
interface TokenSession {
  subject: string;
  sessionId: string;
  expiresAtSec: number;
}

/**
 * Adds the bearer-token check to the scope that registers it: every route registered in that scope (and
 * its children) answers 401 without a valid, unexpired token of an active user. app.ts registers all
 * protected routes inside one such scope, so a new route cannot forget it. Hooks that read `request.user`
 * declare it as their dependency.
 */
export const authenticatePlugin = declaredPlugin(
  pluginNames.authenticate,
  // The JWKS of the auth library, sessions in the database, session events to forget ended sessions.
  [pluginNames.database, pluginNames.auth, pluginNames.security],
  (scope) => requireBearerToken(scope),
);

function requireBearerToken(scope: App): void {
  const verify = createTokenVerifier({
    loadJwks: () => scope.auth.api.getJwks(),
    issuer: scope.config.publicUrl,
    audience: scope.config.publicUrl,
  });

  // "Last active" is also the server's idle clock (decision 009): precise to a quarter of the idle limit.
  const touchSession = createSessionActivity(
    scope.db,
    scope.log,
    Math.min(sessionActivityResolutionMs, sessionIdleLimitMs(scope.config) / 4),
  );
  const activeUsers = createActiveUserCache(scope.sessionEvents);
  scope.addHook('onClose', async () => activeUsers.close());

  scope.decorateRequest('user', null as never);
  scope.decorateRequest('bearerExpiresAtSec', 0);

  const invalid = () => unauthorized('The bearer token is invalid or has expired');

  /** Every token names its session and expires (auth/create-auth.ts); one without is refused. */
  const sessionOf = (claims: JWTPayload): TokenSession => {
    const { sub: subject, sid: sessionId, exp: expiresAtSec } = claims;
    if (!subject || typeof sessionId !== 'string' || sessionId === '' || typeof expiresAtSec !== 'number') {
      throw invalid();
    }
    return { subject, sessionId, expiresAtSec };
  };

  const accept = (request: FastifyRequest, user: ActiveUser, { sessionId, expiresAtSec }: TokenSession) => {
    request.user = user;
    request.bearerExpiresAtSec = expiresAtSec;
    // The notification stream reconnects by itself whenever its token expires: that is not a person
    // using the app, so it does not keep an idle session alive (decision 009).
    // (The URL first: `routeOptions` builds an object on every read.)
    const streamPath = apiRoutes.streamNotifications.path;
    if (!request.url.startsWith(streamPath) || request.routeOptions.url !== streamPath)
      touchSession(sessionId);
  };

  /** A session this process does not remember as live: ask the database. */
  const loadSession = async (request: FastifyRequest, session: TokenSession): Promise<void> => {
    const loadStartedAt = activeUsers.generation();
    const loaded = await loadActiveSession(scope.db, session.subject, session.sessionId);
    if (!loaded) throw invalid();
    activeUsers.remember(loaded, loadStartedAt);
    accept(request, loaded.user, session);
  };

  /** A token this process has not verified yet: check its signature first. */
  const verifyThenCheck = async (request: FastifyRequest, token: string): Promise<void> => {
    let claims: JWTPayload;
    try {
      claims = await verify(token);
    } catch (error) {
      // Bad signature, expired, wrong issuer, malformed: 401. Anything else (database down) is a 5xx.
      if (error instanceof errors.JOSEError || error instanceof TypeError) throw invalid();
      throw error;
    }
    const session = sessionOf(claims);
    const user = activeUsers.get(session.subject, session.sessionId);
    if (user) accept(request, user, session);
    else await loadSession(request, session);
  };

  scope.addHook('onRequest', (request, _reply, done) => {
    const match = bearerPattern.exec(request.headers.authorization ?? '');
    if (!match?.[1]) return done(unauthorized('A bearer token is required'));
    const claims = verify.remembered(match[1]);
    if (!claims) return void verifyThenCheck(request, match[1]).then(() => done(), done);
    // Decision 028: a token verified before, of a session known to be live, is answered at once —
    // no promise, no database.
    // A refused token throws: Fastify answers the 401 as from an async hook.
    const session = sessionOf(claims);
    const user = activeUsers.get(session.subject, session.sessionId);
    if (!user) return void loadSession(request, session).then(() => done(), done);
    accept(request, user, session);
    done();
  });
}

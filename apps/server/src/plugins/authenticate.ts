import { apiRoutes } from '@cockpit/contracts';
import { errors } from 'jose';
import type { App } from '../app-types';
import { createActiveUserCache } from '../auth/active-user-cache';
import { loadActiveSession } from '../auth/authenticated-user';
import { createSessionActivity, sessionActivityResolutionMs } from '../auth/session-activity';
import { sessionIdleLimitMs } from '../auth/create-auth';
import { createTokenVerifier } from '../auth/token-verifier';
import { unauthorized } from '../lib/http-error';

const bearerPattern = /^Bearer +([A-Za-z0-9\-_.]+)$/;

/**
 * Adds the bearer-token check to a scope: every route registered in that scope (and its children)
 * answers 401 without a valid, unexpired token of an active user. app.ts registers all protected
 * routes inside one such scope, so a new route cannot forget it.
 */
export function requireBearerToken(scope: App): void {
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
  scope.addHook('onRequest', async (request) => {
    const match = bearerPattern.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized('A bearer token is required');

    let subject: string | undefined;
    let sessionId: unknown;
    let expiresAtSec: number | undefined;
    try {
      const claims = await verify(match[1]);
      subject = claims.sub;
      sessionId = claims.sid;
      expiresAtSec = claims.exp;
    } catch (error) {
      // Bad signature, expired, wrong issuer, malformed: 401. Anything else (database down) is a 5xx.
      if (error instanceof errors.JOSEError || error instanceof TypeError) {
        throw unauthorized('The bearer token is invalid or has expired');
      }
      throw error;
    }
    // Every token names its session and expires (auth/create-auth.ts); one without is refused.
    if (!subject || typeof sessionId !== 'string' || sessionId === '' || typeof expiresAtSec !== 'number') {
      throw unauthorized('The bearer token is invalid or has expired');
    }
    let user = activeUsers.get(subject, sessionId);
    if (!user) {
      const loadStartedAt = activeUsers.generation();
      const loaded = await loadActiveSession(scope.db, subject, sessionId);
      if (!loaded) throw unauthorized('The bearer token is invalid or has expired');
      activeUsers.remember(loaded, loadStartedAt);
      user = loaded.user;
    }
    request.user = user;
    request.bearerExpiresAtSec = expiresAtSec;
    // The notification stream reconnects by itself whenever its token expires: that is not a person
    // using the app, so it does not keep an idle session alive (decision 009).
    if (request.routeOptions.url !== apiRoutes.streamNotifications.path) touchSession(sessionId);
  });
}

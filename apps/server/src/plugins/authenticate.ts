import { errors } from 'jose';
import type { App } from '../app-types';
import { loadActiveUser } from '../auth/authenticated-user';
import { createSessionActivity } from '../auth/session-activity';
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

  const touchSession = createSessionActivity(scope.db, scope.log);

  scope.decorateRequest('user', null as never);
  scope.addHook('onRequest', async (request) => {
    const match = bearerPattern.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized('A bearer token is required');

    let subject: string | undefined;
    let sessionId: unknown;
    try {
      const claims = await verify(match[1]);
      subject = claims.sub;
      sessionId = claims.sid;
    } catch (error) {
      // Bad signature, expired, wrong issuer, malformed: 401. Anything else (database down) is a 5xx.
      if (error instanceof errors.JOSEError || error instanceof TypeError) {
        throw unauthorized('The bearer token is invalid or has expired');
      }
      throw error;
    }
    // Every token names its session (auth/create-auth.ts); one without is refused (issue 7).
    const user =
      subject && typeof sessionId === 'string' && sessionId !== ''
        ? await loadActiveUser(scope.db, subject, sessionId)
        : null;
    if (!user) throw unauthorized('The bearer token is invalid or has expired');
    request.user = user;
    touchSession(sessionId as string);
  });
}

import type { App } from '../app-types';

/**
 * Authorisation failures in the log (security hardening, OWASP ASVS 5.0 §16.3): every 401 and 403 with the route
 * and, when known, the user. Tokens, cookies and passwords are redacted by the logger (app.ts).
 */
export function registerSecurityLog(app: App): void {
  // Synchronous (decision 028): most answers are neither, and need no promise.
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    if (status !== 401 && status !== 403) return done();
    const user = request.user as { id?: string } | null | undefined;
    const entry = {
      event: 'authz.denied',
      status,
      method: request.method,
      route: request.routeOptions.url ?? null,
      userId: user?.id ?? null,
    };
    // 401 happens on every signed-out page load (the token probe); 403 means someone tried more than they may.
    if (status === 403) request.log.warn(entry, 'authorisation refused');
    else request.log.info(entry, 'authentication required');
    done();
  });
}

import type { BetterAuthPlugin } from 'better-auth';
import { createAuth } from '../auth/create-auth';
import { declaredPlugin, pluginNames } from './declared-plugin';

export interface AuthOptions {
  /** The single-sign-on feature's plugin, composed by app.ts (auth/ imports no feature). */
  singleSignOn?: BetterAuthPlugin;
}

/**
 * `app.auth` (better-auth): sign-in checks integrity tokens as the backstop of the sign-in guard and tells
 * the session events when it deletes a session, so it comes after the security set-up.
 */
export const authPlugin = declaredPlugin<AuthOptions>(
  pluginNames.auth,
  [pluginNames.database, pluginNames.security],
  (app, { singleSignOn }) => {
    app.decorate(
      'auth',
      createAuth({
        config: app.config,
        db: app.db,
        logger: app.log,
        integrity: app.integrity,
        sessionEvents: app.sessionEvents,
        ...(singleSignOn ? { singleSignOn } : {}),
      }),
    );
  },
);

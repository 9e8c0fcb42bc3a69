import { lazyModule } from '../lazy-module';

/**
 * The session module (session.ts: token exchange, renewal, sign-in, sign-out) as a chunk of its own:
 * the login screen is drawn without it (bundle budget, docs/decisions/011). The app starts loading it at
 * once (app/bootstrap.ts, the start-up session check of docs/product.md §D.3); the route guards and the login
 * form await it. Apart from session-state.ts, which session.ts imports, so that no import cycle arises.
 */
export const lazySession = lazyModule(() => import('./session'));

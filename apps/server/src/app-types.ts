import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Auth } from './auth/create-auth';
import type { AuthenticatedUser } from './auth/authenticated-user';
import type { Config } from './config';
import type { Database } from './db/database';

/** The Fastify instance with zod schemas as its type provider (fastify-type-provider-zod). */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    auth: Auth;
  }
  interface FastifyRequest {
    /**
     * The signed-in user. Set by the bearer-token hook of the protected scope (plugins/authenticate.ts);
     * only routes registered inside that scope may read it.
     */
    user: AuthenticatedUser;
    /**
     * When the verified bearer token expires (its `exp` claim, seconds since the epoch). Set by the same
     * hook; the notification stream ends then, without decoding the token again.
     */
    bearerExpiresAtSec: number;
  }
}

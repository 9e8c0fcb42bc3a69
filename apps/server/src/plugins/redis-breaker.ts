import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/** After a failure Redis is not asked again for this long; then one call probes it (decision 009). */
export const redisBreakerOpenMs = 5_000;

/**
 * A circuit breaker for Redis (decision 009 "Outages"): once a command fails, callers go straight to
 * their fallback for `openMs` instead of each waiting for the command timeout; then one call is let
 * through as a probe — success closes the breaker, failure keeps it open for another `openMs`. A
 * connection ioredis knows to be down (reconnecting) counts as a failure without sending anything; its
 * reconnect closes the breaker. Each change of state is logged once, not once per request.
 */
export interface RedisBreaker {
  /** `closed`: Redis is used; `open`: the fallback is. */
  readonly state: 'closed' | 'open';
  /** `operation` against Redis unless the breaker is open; the fallback when it is or when Redis fails. */
  run<T>(operation: () => Promise<T>, fallback: () => Promise<T>): Promise<T>;
  /** Called with every change of state (metrics). */
  onChange(listener: (state: 'closed' | 'open') => void): void;
}

export interface RedisBreakerOptions {
  openMs?: number;
  now?: () => number;
}

export function createRedisBreaker(
  redis: Pick<Redis, 'status' | 'on'>,
  log: FastifyBaseLogger,
  { openMs = redisBreakerOpenMs, now = Date.now }: RedisBreakerOptions = {},
): RedisBreaker {
  let state: 'closed' | 'open' = 'closed';
  let retryAt = 0;
  let probing = false;
  const listeners = new Set<(next: 'closed' | 'open') => void>();

  const change = (next: 'closed' | 'open', error?: unknown) => {
    if (state === next) return;
    state = next;
    if (next === 'open') {
      log.warn(
        { event: 'redis.unavailable', err: error },
        'redis unavailable: sign-in limits count in this process, use-once keys go to the database until it is back',
      );
    } else {
      log.info({ event: 'redis.available' }, 'redis available again: counters are shared again');
    }
    for (const listener of listeners) listener(next);
  };
  const fail = (error: unknown) => {
    retryAt = now() + openMs;
    change('open', error);
  };

  // The connection's own news: a dropped connection opens at once, a reconnect closes.
  redis.on('error', (error: Error) => fail(error));
  redis.on('ready', () => change('closed'));

  /** ioredis states in which a command would wait for a connection that is not there. */
  const disconnected = () =>
    redis.status === 'reconnecting' || redis.status === 'close' || redis.status === 'end';

  return {
    get state() {
      return state;
    },
    onChange(listener) {
      listeners.add(listener);
    },
    async run(operation, fallback) {
      if (state === 'open' && (probing || now() < retryAt)) return fallback();
      if (disconnected()) {
        fail(new Error(`redis connection is ${redis.status}`));
        return fallback();
      }
      const probe = state === 'open';
      if (probe) probing = true;
      try {
        const result = await operation();
        change('closed');
        return result;
      } catch (error) {
        fail(error);
        return fallback();
      } finally {
        if (probe) probing = false;
      }
    },
  };
}

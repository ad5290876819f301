/**
 * The per-client rate limits (hono-rate-limiter), counted in the proxy's store so that instances
 * sharing one count together.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { rateLimiter, type Store } from 'hono-rate-limiter';
import { errorBody } from '../http.js';
import { memoryStore, UnstorageStore } from '../shared-store.js';
import { StoreUnavailable, type KeyValueStore } from '../store.js';

/**
 * hono-rate-limiter's counters in the proxy's store (shared by every instance when the store is):
 * one fixed one-minute window per limit and client, `rl:<limit>:<client>:<window>`, counted with the store's atomic
 * increment. Its memory store would count per instance.
 */
export function rateLimitStore(
  store: KeyValueStore,
  name: string,
  windowMs = 60_000,
  now: () => number = Date.now,
): Store {
  const window = () => Math.floor(now() / windowMs);
  const key = (client: string, w: number) => `rl:${name}:${client}:${w}`;
  return {
    async increment(client) {
      const w = window();
      // Kept a little past its window, so a late decrement still finds it.
      return {
        totalHits: await store.increment(key(client, w), windowMs + 5_000),
        resetTime: new Date((w + 1) * windowMs),
      };
    },
    async decrement(client) {
      await store.increment(key(client, window()), windowMs + 5_000, -1);
    },
    async resetKey(client) {
      await store.set(key(client, window()), '0', windowMs);
    },
  };
}

/**
 * Requests per minute per client key, counted in `store` under the limit's `name`. When the store
 * fails (Redis down), a read (GET, HEAD) of the browser routes is counted in this instance's
 * memory instead, so the catalogue and the avatar's facade keep working, still limited; anything
 * else fails closed with 503 (state-changing requests, and the platform's calls, which it retries).
 */
export function limitRate(
  perMinute: number,
  clientKey: (c: Context) => Promise<string>,
  store: KeyValueStore,
  name: string,
): MiddlewareHandler {
  if (perMinute === 0) return async (_c, next) => next();
  const limiter = (counted: KeyValueStore) =>
    rateLimiter({
      windowMs: 60_000,
      limit: perMinute,
      // No RateLimit-* headers on every answer: they cost a Headers object per request on the hot
      // path, and prepared answers are finished Responses. A refusal says when to come back.
      standardHeaders: false,
      keyGenerator: clientKey,
      store: rateLimitStore(counted, name),
      handler: (c) => {
        const info = c.get('rateLimit' as never) as { resetTime?: Date } | undefined;
        const seconds = info?.resetTime
          ? Math.max(1, Math.ceil((info.resetTime.getTime() - Date.now()) / 1000))
          : 60;
        return c.json(
          errorBody(
            'rate_limited',
            `Too many requests: at most ${perMinute} a minute. Try again in ${seconds} s.`,
          ),
          429,
          { 'retry-after': String(seconds) },
        );
      },
    });
  const shared = limiter(store);
  if ((store instanceof UnstorageStore && store.inMemory) || !name.startsWith('browser'))
    return shared;
  const local = limiter(memoryStore());
  return async (c, next) => {
    let counted = false;
    try {
      return await shared(c, async () => {
        counted = true;
        await next();
      });
    } catch (err) {
      const read = c.req.method === 'GET' || c.req.method === 'HEAD';
      if (counted || !read || !(err instanceof StoreUnavailable)) throw err;
      return local(c, next);
    }
  };
}

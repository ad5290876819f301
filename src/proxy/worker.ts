/**
 * The proxy on Cloudflare Workers (workerd): the same Hono app as on Node, configured from the
 * worker's bindings (the DH_* variables and secrets, as `wrangler.toml` [vars] and `wrangler
 * secret put`) instead of `process.env`. `npm run build:worker` bundles this file into one ES
 * module, `dist/worker/dh-kit-worker.js`; `examples/wrangler.toml` shows a deployment.
 *
 * State: without a store binding each isolate keeps its own (as one Node process does). With a
 * Workers KV namespace bound as `DH_KV`, the bearer token, the catalogues and webhook
 * de-duplication are shared through unstorage's KV driver (`kvStore`). The counters (rate limit,
 * daily cap) stay in each isolate's memory: KV has no atomic increment and allows one write a
 * second per key, so a counter there would be wrong and would cost a write per request.
 *
 * The client, for the rate limit, is `CF-Connecting-IP`: Cloudflare's edge sets it to the
 * visitor's address and overwrites whatever the visitor sent.
 */
import { createStorage } from 'unstorage';
import kvDriver from 'unstorage/drivers/cloudflare-kv-binding';
import type { ExecutionContext, Hono } from 'hono';
import { createProxy, type ProxyOptions } from './app.js';
import { parseConfig } from './config.js';
import { memoryStore, UnstorageStore } from './shared-store.js';
import { errorBody } from './http.js';
import type { KeyValueStore } from './store.js';
import { warnOnConsole } from '../platform/printable.js';

/**
 * The worker's store over a KV namespace: get, set and add (not atomic across isolates: two
 * isolates may both add the same key within KV's propagation time, so a delivery retried to two
 * isolates at once can be handled twice) in KV; increments in this isolate's memory.
 */
export function kvStore(binding: unknown): KeyValueStore {
  const kv = new UnstorageStore(createStorage({ driver: kvDriver({ binding: binding as never }) }));
  const local = memoryStore();
  return {
    get: (key) => kv.get(key),
    set: (key, value, ttlMs) => kv.set(key, value, ttlMs),
    add: (key, value, ttlMs) => kv.add(key, value, ttlMs),
    increment: (key, ttlMs, by) => local.increment(key, ttlMs, by),
  };
}

/** What Workers hands to `fetch`: the bindings (text vars, secrets, a KV namespace). */
export type WorkerEnv = Record<string, unknown>;

/** The text bindings, as the environment parseConfig reads (a KV namespace or a service is not text). */
const textBindings = (env: WorkerEnv) =>
  Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );

/** What a site's worker adds in code: its tool handlers, plugin, event handler (ProxyOptions). */
export type WorkerOptions = Omit<ProxyOptions, 'config' | 'store'>;

/**
 * A Workers module for the proxy: `export default createWorker({tools: {weather: …}})` in the
 * site's own worker file, or the built bundle as it is (no tools, the echo plugin).
 */
export function createWorker(options: WorkerOptions = {}) {
  let app: Hono | undefined;
  /**
   * The app is made on the first request, not when the module loads: Workers allows random values
   * (a per-process signing key, the hashing of answers) only while a request is handled, and the
   * bindings are known only then.
   */
  const proxyFor = (env: WorkerEnv): Hono => {
    if (app) return app;
    const kv = env.DH_KV;
    app = createProxy({
      // Workers compresses what it sends itself (brotli or gzip, by the visitor's Accept-Encoding).
      compress: false,
      // Set by Cloudflare's edge (a visitor's own value is overwritten). Absent off Cloudflare (a
      // workerd of the site's own): the request is refused with client_unknown, never counted in
      // one bucket shared by every visitor.
      clientKey: (c) => c.req.header('cf-connecting-ip'),
      ...options,
      config: parseConfig(textBindings(env)),
      ...(kv ? { store: kvStore(kv) } : {}),
    });
    return app;
  };
  return {
    fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext): Response | Promise<Response> {
      try {
        return proxyFor(env).fetch(request, env, ctx);
      } catch (err) {
        // A configuration error: said in the log, naming the variable (ConfigError never holds a value).
        warnOnConsole(err instanceof Error ? err.message : String(err));
        return Response.json(
          errorBody(
            'misconfigured',
            'The proxy is not configured; its log says which variable to set.',
          ),
          { status: 503 },
        );
      }
    },
  };
}

export default createWorker();

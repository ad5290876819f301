/**
 * The proxy on Cloudflare Workers (workerd): the same Hono app as on Node, configured from the
 * worker's bindings (the DH_* variables and secrets, as `wrangler.toml` [vars] and `wrangler
 * secret put`) instead of `process.env`. `npm run build:worker` bundles this file into one ES
 * module, `dist/worker/dh-kit-worker.js`; `examples/wrangler.toml` shows a deployment.
 *
 * State: without a store binding each isolate keeps its own (as one Node process does). With a
 * Workers KV namespace bound as `DH_KV`, the bearer token and the catalogues are shared through
 * unstorage's KV driver; KV has no atomic operations and is eventually consistent, so webhook
 * de-duplication and the counters (rate limit, daily cap) stay exact only within an isolate
 * (README, "Deploying", says what that means and where exact ones need Node with Redis).
 */
import { createStorage } from 'unstorage';
import kvDriver from 'unstorage/drivers/cloudflare-kv-binding';
import type { ExecutionContext, Hono } from 'hono';
import { createProxy, type ProxyOptions } from './app.js';
import { parseConfig } from './config.js';
import { UnstorageStore } from './shared-store.js';

/** What Workers hands to `fetch`: the bindings (text vars, secrets, a KV namespace). */
export type WorkerEnv = Record<string, unknown>;

/** The text bindings, as the environment parseConfig reads (a KV namespace or a service is not text). */
const textBindings = (env: WorkerEnv) => Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => typeof e[1] === 'string'));

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
      ...options,
      config: parseConfig(textBindings(env)),
      ...(kv ? { store: new UnstorageStore(createStorage({ driver: kvDriver({ binding: kv as never }) })) } : {}),
    });
    return app;
  };
  return {
    fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext): Response | Promise<Response> {
      try {
        return proxyFor(env).fetch(request, env, ctx);
      } catch (err) {
        // A configuration error: said in the log, naming the variable (ConfigError never holds a value).
        console.error(`[dh-kit] ${err instanceof Error ? err.message : String(err)}`);
        return Response.json({ error: { code: 'misconfigured', message: 'The proxy is not configured; its log says which variable to set.' } }, { status: 503 });
      }
    },
  };
}

export default createWorker();

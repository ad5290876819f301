/**
 * The commands that act through a running proxy's admin routes (`dh-kit events`, `dh-kit
 * origins`): where it is (`--proxy`, else http://127.0.0.1:<PORT><DH_PREFIX>, as `dh-kit start`
 * serves it), and one call with the admin token (DH_ADMIN_TOKEN; none is needed on loopback in
 * simulator mode) and the CSRF header, whose errors say what to do.
 */
import { CSRF_HEADER, CSRF_VALUE } from '../api/client.js';
import { parseConfig } from '../proxy/config.js';
import { UsageError } from './shared.js';

/** The `--proxy` option's help line. */
export const PROXY_OPTION_HELP = `  --proxy URL  Where the proxy's routes are (default http://127.0.0.1:<PORT><DH_PREFIX>, as
               "dh-kit start" serves them)`;

export interface RunningProxy {
  base: string;
  /** Calls `path` below the routes; resolves with the JSON answer (undefined for none), throws an Error that says what to do. */
  call(path: string, init?: { method?: string; body?: unknown }): Promise<unknown>;
}

export function runningProxy(
  proxy: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): RunningProxy {
  const config = parseConfig(env);
  const base = (
    proxy ?? `http://127.0.0.1:${config.port}${config.prefix === '/' ? '' : config.prefix}`
  ).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(base))
    throw new UsageError(
      `--proxy is the address of the proxy's routes, such as http://127.0.0.1:8787/dh, not "${base}"`,
    );
  const headers: Record<string, string> = {
    accept: 'application/json',
    [CSRF_HEADER]: CSRF_VALUE,
    ...(config.adminToken ? { authorization: `Bearer ${config.adminToken}` } : {}),
  };
  return {
    base,
    async call(path, { method = 'GET', body } = {}) {
      let res: Response;
      try {
        res = await fetch(`${base}${path}`, {
          method,
          headers:
            body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch {
        throw new Error(
          `cannot reach the proxy at ${base} (is "dh-kit start" or your server running? --proxy sets where)`,
        );
      }
      const answer = (await res.json().catch(() => undefined)) as
        | { error?: { message?: string } }
        | undefined;
      if (res.status === 401 || res.status === 403)
        throw new Error(
          `the proxy refused: ${answer?.error?.message ?? res.status} (set DH_ADMIN_TOKEN to the proxy's)`,
        );
      if (!res.ok) throw new Error(answer?.error?.message ?? `the proxy answered ${res.status}`);
      return answer;
    },
  };
}

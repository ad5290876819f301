/**
 * `dh-kit origins list | add <origin> | remove <origin>`: the page origins allowed to call the
 * proxy, changed at run time through the running proxy's admin routes (/origins): a page
 * elsewhere works as soon as its origin is added, on every instance, with no restart.
 */
import type { OriginsAnswer } from '../api/answers.js';
import { originProblem } from '../proxy/page-origins.js';
import { PROXY_OPTION_HELP, runningProxy } from './running-proxy.js';
import { args, UsageError, type Io } from './shared.js';

const HELP = `Usage: dh-kit origins list [--proxy URL] [--json]
       dh-kit origins add <origin> [--proxy URL] [--json]
       dh-kit origins remove <origin> [--proxy URL] [--json]

The page origins whose pages may use the proxy (an embed code pasted on another site works only
where its origin is allowed): DH_ALLOWED_ORIGINS, fixed at start, and those added here, kept in
the proxy's store (every instance sees them; no restart). An origin is scheme, host and port:
https://shop.example, http://127.0.0.1:9911. Through the running proxy's admin routes
(DH_ADMIN_TOKEN, or none on loopback in simulator mode).

Options:
${PROXY_OPTION_HELP}
  --json       Print {static, added} as JSON`;

const OPTIONS = {
  proxy: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function originsCommand(
  argv: string[],
  io: Io,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const { values, positionals } = args(argv, OPTIONS, { help: HELP });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const [action, origin] = positionals;
  const changes = action === 'add' || action === 'remove';
  if (!(action === 'list' && positionals.length === 1) && !(changes && positionals.length === 2))
    throw new UsageError(HELP);
  const problem = changes ? originProblem(origin!) : undefined;
  if (problem) throw new UsageError(problem);
  const { call } = runningProxy(values.proxy, env);
  if (action === 'add') await call('/origins', { method: 'POST', body: { origin } });
  if (action === 'remove')
    await call(`/origins?origin=${encodeURIComponent(origin!)}`, { method: 'DELETE' });
  const list = (await call('/origins')) as OriginsAnswer;
  if (values.json) {
    io.out(JSON.stringify(list));
    return 0;
  }
  if (action === 'add') io.out(`${origin} is allowed now: a page there can use the proxy.`);
  if (action === 'remove') io.out(`${origin} is no longer allowed.`);
  if (list.static.length === 0 && list.added.length === 0) {
    io.out('No page origin is allowed: only pages served by the proxy itself can use it.');
    return 0;
  }
  for (const o of list.static) io.out(`${o}  (DH_ALLOWED_ORIGINS)`);
  for (const o of list.added) io.out(`${o}  (added)`);
  return 0;
}

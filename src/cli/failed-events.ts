/**
 * `dh-kit events failed` and `dh-kit events retry <id>`: the session events whose onEvent kept
 * failing until its retry time ran out (event-consumer.ts), read from the running proxy's admin
 * routes (GET /events/failed, POST /events/failed/:id/retry), so they work whatever log the proxy
 * keeps (in its memory, or a Redis Stream shared by its instances).
 */
import type { FailedEvent } from '../proxy/event-log.js';
import { PROXY_OPTION_HELP, runningProxy } from './running-proxy.js';
import { args, intOption, UsageError, type Io } from './shared.js';
import { table, truncate } from './table.js';

const HELP = `Usage: dh-kit events failed [--take N] [--proxy URL] [--json]
       dh-kit events retry <id> [--proxy URL] [--json]

The session events whose onEvent handler kept failing until DH_EVENT_RETRY_HOURS ran out, and
putting one back to be handled again (from its first attempt). They are read from the running
proxy (admin routes: DH_ADMIN_TOKEN, or none on loopback in simulator mode).

Options:
${PROXY_OPTION_HELP}
  --take N     At most N events (1 to 1000, default 100)
  --json       Print JSON`;

const OPTIONS = {
  proxy: { type: 'string' },
  take: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function failedEventsCommand(
  argv: string[],
  io: Io,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const { values, positionals } = args(argv, OPTIONS, { help: HELP });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const [action, id] = positionals;
  if (
    !(action === 'failed' && positionals.length === 1) &&
    !(action === 'retry' && id && positionals.length === 2)
  )
    throw new UsageError(HELP);
  const { call } = runningProxy(values.proxy, env);
  if (action === 'retry') {
    await call(`/events/failed/${encodeURIComponent(id!)}/retry`, { method: 'POST' });
    io.out(
      values.json
        ? JSON.stringify({ id, retried: true })
        : `Event ${id} is back in the log: onEvent gets it again now.`,
    );
    return 0;
  }
  const take = intOption('take', values.take, 1, 1000) ?? 100;
  const { items } = (await call(`/events/failed?take=${take}`)) as { items: FailedEvent[] };
  if (values.json) {
    io.out(JSON.stringify(items));
    return 0;
  }
  if (items.length === 0) {
    io.out('No failed events.');
    return 0;
  }
  for (const line of table(
    ['ID', 'EVENT', 'SESSION', 'ATTEMPTS', 'FAILED AT', 'ERROR'],
    items.map((f) => [
      f.id,
      f.event.event_type,
      f.event.session_id,
      f.attempts,
      f.failedAt,
      truncate(f.error, 60),
    ]),
  )) {
    io.out(line);
  }
  io.out(`\n"dh-kit events retry <ID>" hands one to onEvent again.`);
  return 0;
}

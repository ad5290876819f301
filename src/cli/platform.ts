/**
 * CLI commands that act on the platform directly, with the proxy's credentials:
 *   dh-kit webhooks create|list|get|update|delete …
 *   dh-kit events enable|disable <headId>
 *   dh-kit tools set <headId> <file.json> [--prompt-file f]
 * Human-readable output by default, `--json` for scripts; errors are the client's messages.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { describeZodError } from '../platform/readers.js';
import { toolDefinitionSchema, type WebhookConfig } from '../platform/schemas.js';
import { promptMismatch } from '../platform/tools.js';
import type { Connect } from './connect.js';
import { args, UsageError, type Io } from './shared.js';
import { table } from './table.js';

const FLAG_OPTIONS = {
  start: { type: 'boolean' },
  end: { type: 'boolean' },
  timeout: { type: 'boolean' },
  inactivity: { type: 'boolean' },
  all: { type: 'boolean' },
  url: { type: 'string' },
  json: { type: 'boolean' },
  'show-keys': { type: 'boolean' },
  'prompt-file': { type: 'string' },
} as const;

const WEBHOOKS_USAGE =
  'dh-kit webhooks create|list|get|update|delete … (update <id> [--url u] [--start|--no-start] [--end|--no-end] [--timeout|--no-timeout] [--inactivity|--no-inactivity] [--all])';
const EVENTS_USAGE = 'dh-kit events enable|disable <headId> [--json]';
const TOOLS_USAGE = 'dh-kit tools set <headId> <tools.json> [--prompt-file prompt.txt]';

const mask = (key: string) => `${key.slice(0, 4)}…${key.slice(-4)}`;

function printHooks(io: Io, hooks: WebhookConfig[], json: boolean, showKeys: boolean): void {
  const view = hooks.map((h) => ({ ...h, sharedKey: showKeys ? h.sharedKey : mask(h.sharedKey) }));
  if (json) {
    io.out(JSON.stringify(view));
    return;
  }
  if (!view.length) {
    io.out('No webhook configured for this head.');
    return;
  }
  const rows = view.map((h) => [
    h.id,
    h.webhookUrl,
    [
      h.startConversation && 'start',
      h.endConversation && 'end',
      h.timeoutConversation && 'timeout',
      h.inactivityWarning && 'inactivity',
    ]
      .filter(Boolean)
      .join(',') || '(none)',
    h.sharedKey,
  ]);
  for (const line of table(['id', 'url', 'events', 'shared key'], rows)) io.out(line);
}

const EVENT_FLAGS = ['start', 'end', 'timeout', 'inactivity'] as const;
type EventFlag = (typeof EVENT_FLAGS)[number];

/**
 * Takes `--no-start`, `--no-end`, `--no-timeout`, `--no-inactivity` out of the arguments (Node 20's
 * parseArgs has no allowNegative): they turn an event off in an update. A flag given both ways is
 * a mistake; `--` ends the options, as for parseArgs.
 */
function negations(argv: string[]): { rest: string[]; off: Set<EventFlag> } {
  const off = new Set<EventFlag>();
  const rest: string[] = [];
  const end = argv.indexOf('--');
  argv.forEach((arg, i) => {
    const flag = /^--no-(.+)$/.exec(arg)?.[1];
    if (flag && (end === -1 || i < end) && (EVENT_FLAGS as readonly string[]).includes(flag))
      off.add(flag as EventFlag);
    else rest.push(arg);
  });
  return { rest, off };
}

/**
 * The four event flags: --start/--end/--timeout/--inactivity (or --all) turn events on,
 * --no-… turn them off; only the flags given are sent, so an update leaves the others as they are.
 */
function flags(
  values: ReturnType<typeof args<typeof FLAG_OPTIONS>>['values'],
  off: ReadonlySet<EventFlag>,
) {
  for (const flag of off) {
    if (values[flag] === true)
      throw new UsageError(`--${flag} and --no-${flag} cannot both be given`);
  }
  const pick = (flag: EventFlag) =>
    off.has(flag) ? false : values.all === true ? true : values[flag];
  return {
    startConversation: pick('start'),
    endConversation: pick('end'),
    timeoutConversation: pick('timeout'),
    inactivityWarning: pick('inactivity'),
  };
}

const webhookId = (value: string | undefined) => {
  const n = Number(value);
  if (!value || !Number.isInteger(n) || n < 1)
    throw new UsageError(`give the webhook id (a number), not "${value ?? ''}"`);
  return n;
};

export async function webhooksCommand(argv: string[], io: Io, connect: Connect): Promise<number> {
  const { rest, off } = negations(argv);
  const { values, positionals } = args(rest, FLAG_OPTIONS, { help: `Usage: ${WEBHOOKS_USAGE}` });
  const [action, a, b] = positionals;
  const json = values.json === true;
  // Connected only once the command line is right.
  const platform = () => connect().then((p) => p.client);
  switch (action) {
    case 'create': {
      if (!a || !b)
        throw new UsageError(
          'dh-kit webhooks create <headId> <https-url> [--start] [--end] [--timeout] [--inactivity] [--all]',
        );
      const events = flags(values, off);
      const client = await platform();
      const { sharedKey } = await client.createWebhook({ headId: a, webhookUrl: b, ...events });
      // The one moment the key is shown in full: the receiver needs it to verify deliveries.
      io.out(
        json
          ? JSON.stringify({ headId: a, sharedKey })
          : `Created. Shared key (keep it secret; your receiver verifies deliveries with it):\n${sharedKey}`,
      );
      return 0;
    }
    case 'list':
      if (!a) throw new UsageError('dh-kit webhooks list <headId> [--json] [--show-keys]');
      printHooks(io, await (await platform()).listWebhooks(a), json, values['show-keys'] === true);
      return 0;
    case 'get': {
      const id = webhookId(a);
      printHooks(io, [await (await platform()).getWebhook(id)], json, values['show-keys'] === true);
      return 0;
    }
    case 'update': {
      const id = webhookId(a);
      const events = flags(values, off);
      const client = await platform();
      await client.updateWebhook(id, {
        ...(values.url ? { webhookUrl: values.url } : {}),
        ...events,
      });
      printHooks(io, [await client.getWebhook(id)], json, false);
      return 0;
    }
    case 'delete': {
      const id = webhookId(a);
      await (await platform()).deleteWebhook(id);
      io.out(json ? JSON.stringify({ deleted: id }) : `Deleted webhook ${id}.`);
      return 0;
    }
    default:
      throw new UsageError(WEBHOOKS_USAGE);
  }
}

export async function eventsCommand(argv: string[], io: Io, connect: Connect): Promise<number> {
  const { values, positionals } = args(argv, FLAG_OPTIONS, { help: `Usage: ${EVENTS_USAGE}` });
  const [action, headId] = positionals;
  if ((action !== 'enable' && action !== 'disable') || !headId) throw new UsageError(EVENTS_USAGE);
  const enabled = action === 'enable';
  await (await connect()).client.setEventsEnabled(headId, enabled);
  io.out(
    values.json
      ? JSON.stringify({ headId, enabled })
      : `Event delivery ${enabled ? 'enabled' : 'disabled'} for head ${headId}.`,
  );
  return 0;
}

export async function toolsCommand(argv: string[], io: Io, connect: Connect): Promise<number> {
  const { values, positionals } = args(argv, FLAG_OPTIONS, { help: `Usage: ${TOOLS_USAGE}` });
  const [action, headId, file] = positionals;
  if (action !== 'set' || !headId || !file) throw new UsageError(TOOLS_USAGE);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new UsageError(
      `${file}: ${err instanceof SyntaxError ? 'not valid JSON' : 'cannot be read'}`,
    );
  }
  const parsed = z.array(toolDefinitionSchema).safeParse(json);
  if (!parsed.success) throw new UsageError(`${file}: ${describeZodError(parsed.error)}`);
  if (values['prompt-file']) {
    const problem = promptMismatch(parsed.data, await readFile(values['prompt-file'], 'utf8'));
    if (problem) throw new UsageError(problem);
  }
  await (await connect()).client.setTools(headId, parsed.data);
  const names = parsed.data.map((t) => t.name);
  io.out(
    values.json
      ? JSON.stringify({ headId, tools: names })
      : `Set ${names.length} tool${names.length === 1 ? '' : 's'} on head ${headId}: ${names.join(', ')}.`,
  );
  return 0;
}

import { parseConfig } from '../proxy/config.js';
import { DEFAULT_LAUNCH_TTL_S, MAX_LAUNCH_TTL_S, signLaunchUrl } from '../proxy/signing.js';
import { args, UsageError, type Io } from './shared.js';

const HELP = `Usage: dh-kit sign <headId> [--view chat|stream] [--ttl seconds] [--base URL] [--json]

Prints a signed launch URL for <dh-avatar src="…">, signed with DH_SIGNING_SECRET (the same
secret the proxy verifies with). For pages rendered by a CMS or a static site generator.

Options:
  --view chat|stream  Which page the link opens (default chat)
  --ttl N             Lifetime in seconds (default ${DEFAULT_LAUNCH_TTL_S}, at most ${MAX_LAUNCH_TTL_S})
  --base URL          Where the proxy routes are (default /dh)
  --json              Print {url, expiresAt} as JSON`;

export async function signCommand(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = args(
    argv,
    {
      view: { type: 'string' },
      ttl: { type: 'string' },
      base: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    { help: HELP },
  );
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const [headId] = positionals;
  if (!headId || positionals.length > 1) throw new UsageError(`give one head id\n\n${HELP}`);
  const view = values.view ?? 'chat';
  if (view !== 'chat' && view !== 'stream')
    throw new UsageError(`--view must be chat or stream, not "${view}"`);
  const ttl = values.ttl === undefined ? DEFAULT_LAUNCH_TTL_S : Number(values.ttl);
  if (!Number.isInteger(ttl) || ttl < 1 || ttl > MAX_LAUNCH_TTL_S)
    throw new UsageError(`--ttl must be 1 to ${MAX_LAUNCH_TTL_S} seconds`);
  const { signingSecret, prefix } = parseConfig(process.env);
  if (!signingSecret)
    throw new UsageError(
      'DH_SIGNING_SECRET is not set: the proxy could not verify the link. Set the same secret on both.',
    );
  const launch = await signLaunchUrl({
    secret: signingSecret,
    headId,
    view,
    ttl,
    base: values.base ?? prefix,
  });
  if (values.json) {
    io.out(JSON.stringify(launch));
    return 0;
  }
  io.out(launch.url);
  io.err(`expires ${launch.expiresAt}`);
  return 0;
}

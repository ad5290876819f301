import { callbackAddresses } from '../proxy/callback-addresses.js';
import { parseConfig } from '../proxy/config.js';
import { args, UsageError, type Io } from './shared.js';

const HELP = `Usage: dh-kit callbacks [--base URL] [--json]

Prints the addresses to give the platform for the proxy's plugin (a plugin head's service
address) and its tools (a tool's url is this + /<name>). They hold DH_CALLBACK_SECRET, which the
proxy checks on every call: keep them private, like the secret.

Options:
  --base URL  Where the proxy routes are, as the platform reaches them (e.g. https://shop.example/dh;
              default DH_PREFIX, /dh)
  --json      Print {plugin, tools} as JSON`;

export async function callbacksCommand(argv: string[], io: Io): Promise<number> {
  const { values } = args(
    argv,
    {
      base: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    { help: HELP, positionals: false },
  );
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const { callbackSecret, prefix } = parseConfig(process.env);
  if (!callbackSecret) {
    throw new UsageError(
      'DH_CALLBACK_SECRET is not set: the proxy serves no plugin or tools without it. Set it (at least 32 characters, e.g. `openssl rand -hex 32`) on the proxy and here.',
    );
  }
  const base = values.base ?? prefix;
  if (values.base !== undefined && !/^https?:\/\/[^/]/.test(base))
    throw new UsageError(
      `--base is the proxy's address as the platform reaches it, such as https://shop.example/dh, not "${base}"`,
    );
  const addresses = callbackAddresses(base, callbackSecret);
  if (values.json) {
    io.out(JSON.stringify(addresses));
    return 0;
  }
  io.out(`plugin  ${addresses.plugin}\ntools   ${addresses.tools}/<name>`);
  if (values.base === undefined)
    io.err('These are paths: give the platform full addresses with --base https://your-site/dh.');
  return 0;
}

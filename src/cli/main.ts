/**
 * `dh-kit <command>`: the kit's command line. Each command is a small module; this file only
 * dispatches and turns errors into one clear line and an exit code. Nothing imports this file:
 * what commands share is in shared.ts.
 */
import { ConfigError } from '../proxy/config.js';
import { UsageError, type Io } from './shared.js';
import { bundleCommand } from './bundle.js';
import { facesCommand, voicesCommand } from './catalogue.js';
import { withPlatform } from './connect.js';
import { headBudgetCommand } from './head-budget.js';
import { headsCommand } from './heads.js';
import { insightsCommand } from './insights.js';
import { simCommand } from './sim.js';
import { callbacksCommand } from './callbacks.js';
import { originsCommand } from './origins.js';
import { signCommand } from './sign.js';
import { eventsCommand, toolsCommand, webhooksCommand } from './platform.js';
import { failedEventsCommand } from './failed-events.js';
import { startCommand } from './start.js';
import { videosCommand } from './videos.js';

const defaultIo: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  ...(process.stderr.isTTY ? { status: (text: string) => void process.stderr.write(text) } : {}),
};

const USAGE = `Usage: dh-kit <command> [options]

Commands:
  start [--rebuild] [--fresh]
                        Serve the proxy, the demo site and the bundle on one port (PORT, default
                        8787); against the built-in simulator when DH_EMAIL/DH_SECRET_KEY are unset,
                        which keeps its heads in .dh-kit/sim.json (--fresh starts it empty).
  sim [--port N]        Start the local Digital Human Platform simulator and print one JSON line
                        {baseUrl, chatUrl, streamUrl, email, secretKey, orgId}; runs until stopped.
  sign <headId> [--view chat|stream] [--ttl s]
                        Print a signed launch URL (DH_SIGNING_SECRET) for <dh-avatar src>.
  callbacks [--base URL]
                        Print the plugin and tool addresses to give the platform (DH_CALLBACK_SECRET).
  origins list | add <origin> | remove <origin> [--proxy URL]
                        The page origins allowed to use the running proxy, changed with no restart.
  bundle [--site URL] [--head ID] [--sri]
                        Print the embed code for a page on any origin (a CMS block): the bundle's
                        script tag with its integrity value and, with --head, the head's tag.
  faces [--gender MALE|FEMALE] [--order ASC|DESC] [--page N] [--take N]
                        List the faces (head visuals); the ID is what --face takes.
  voices [--provider p] [--streaming]
                        List the TTS voices; the VOICE ID is what --voice takes.
  heads create --name n --face id --voice id --language l [--mode m] [--streaming] [--file f] …
  heads get <id> | splitter <id> on|off
                        Create a head in any mode, read one (never its publicUrl), set its splitter.
  heads budget <id> [--concurrent N] [--minutes-per-day N] [--per-visitor N] [--time-zone Z]
               [--clear] [--register-webhook] [--proxy URL]
                        A head's session budget, enforced by the running proxy at launch.
  insights [--head ID] [--days N] [--json | --csv] [--proxy URL]
                        The heads' conversations day by day (sessions, minutes, time-outs, busiest
                        hours, questions asked most), as the running proxy counted them.
  videos create <headId> "<text>" [--wait] [--timeout s] | list <headId> [--page N]
                        Text to video, waiting for the mp4 with --wait; a head's videos.
  webhooks create <headId> <url> [--start --end --timeout --inactivity | --all]
  webhooks list <headId> | get <id> | delete <id>
  webhooks update <id> [--url u] [those flags] [--no-start --no-end --no-timeout --no-inactivity]
                        Webhook configurations of a head (the platform's /head-events).
  events enable|disable <headId>
                        Turn session event delivery on or off for a head.
  events failed [--proxy URL] | retry <id>
                        The events onEvent kept failing on (from the running proxy); hand one back.
  tools set <headId> <tools.json> [--prompt-file prompt.txt]
                        Set the tools the head's language model may call (checked first).
  help                  Show this text.

The platform commands use DH_EMAIL, DH_SECRET_KEY and DH_BASE_URL, like the proxy. With none
set they use the simulator that "dh-kit sim" or "npm start" keeps running (or DH_SIM_URL), else
one inside the command, gone when it ends. --json prints machine-readable output.

Run "dh-kit <command> --help" for the options of a command.`;

/** Runs one command; resolves to the exit code. Long-running commands resolve when stopped. */
export async function main(argv: string[], io: Io = defaultIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'start':
        return await startCommand(rest, io);
      case 'sim':
        return await simCommand(rest, io);
      case 'sign':
        return await signCommand(rest, io);
      case 'bundle':
        return await bundleCommand(rest, io);
      case 'callbacks':
        return await callbacksCommand(rest, io);
      case 'origins':
        return await originsCommand(rest, io);
      case 'webhooks':
        return await withPlatform(io, (connect) => webhooksCommand(rest, io, connect));
      case 'events':
        // The failed list is the proxy's; enable and disable are the platform's.
        if (rest[0] === 'failed' || rest[0] === 'retry') return await failedEventsCommand(rest, io);
        return await withPlatform(io, (connect) => eventsCommand(rest, io, connect));
      case 'tools':
        return await withPlatform(io, (connect) => toolsCommand(rest, io, connect));
      case 'faces':
        return await withPlatform(io, (connect) => facesCommand(rest, io, connect));
      case 'voices':
        return await withPlatform(io, (connect) => voicesCommand(rest, io, connect));
      case 'heads':
        // A head's session budget is the proxy's; the rest are the platform's.
        if (rest[0] === 'budget') return await headBudgetCommand(rest, io);
        return await withPlatform(io, (connect) => headsCommand(rest, io, connect));
      case 'videos':
        return await withPlatform(io, (connect) => videosCommand(rest, io, connect));
      case 'insights':
        return await insightsCommand(rest, io);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.out(USAGE);
        return 0;
      default:
        io.err(`dh-kit: unknown command "${command}".\n\n${USAGE}`);
        return 2;
    }
  } catch (err) {
    io.err(`dh-kit ${command}: ${err instanceof Error ? err.message : String(err)}`);
    return err instanceof UsageError || err instanceof ConfigError ? 2 : 1;
  }
}

import { startSimulator } from '../sim/index.js';
import { SIM_DEFAULTS } from '../sim/options.js';
import { advertiseSimulator } from './discovery.js';
import { args, intOption, UsageError, untilStopped, type Io } from './shared.js';

const HELP = `Usage: dh-kit sim [options]

Starts the local Digital Human Platform simulator on loopback and prints one JSON line:
{"baseUrl", "chatUrl", "streamUrl", "email", "secretKey", "orgId"}. Stop it with Ctrl+C.

Options:
  --port N              Port to listen on (default: a free port)
  --token-shape A|B     Token response shape: A {token} (default) or B {data: {bearer}}
  --token-lifetime-ms N Bearer token lifetime (default: 7 days)
  --talk-delay-ms N     Time a text-to-video job takes (default: 3000)
  --streaming-provider  The streaming TTS provider (default: elevenlabs)
  --allow-insecure-webhooks
                        Accept http:// webhook URLs on loopback (the platform takes https only)
  --inactivity-ms N     Time without a message before inactivity_warning (default: 60000)
  --timeout-ms N        Time without a message before timeout_conversation (default: 120000)`;

/** Parses the options and starts; resolves with the exit code once a signal stops the simulator. */
export async function simCommand(argv: string[], io: Io, signal?: AbortSignal): Promise<number> {
  const { values } = args(
    argv,
    {
      port: { type: 'string' },
      'token-shape': { type: 'string' },
      'token-lifetime-ms': { type: 'string' },
      'talk-delay-ms': { type: 'string' },
      'streaming-provider': { type: 'string' },
      'allow-insecure-webhooks': { type: 'boolean' },
      'inactivity-ms': { type: 'string' },
      'timeout-ms': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    { help: HELP, positionals: false },
  );
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const shape = values['token-shape'];
  if (shape !== undefined && shape !== 'A' && shape !== 'B')
    throw new UsageError(`--token-shape must be A or B, not "${shape}"`);
  const inactivityMs = intOption('inactivity-ms', values['inactivity-ms'], 1);
  const timeoutMs = intOption('timeout-ms', values['timeout-ms'], 1);
  // The simulator refuses a time-out no later than the warning (a RangeError): say it with the flags' names.
  const inactivity = inactivityMs ?? SIM_DEFAULTS.inactivityMs;
  const timeout = timeoutMs ?? SIM_DEFAULTS.timeoutMs;
  if (timeout <= inactivity) {
    const shown = (value: number, given: boolean) => `${value}${given ? '' : ', the default'}`;
    throw new UsageError(
      `--timeout-ms (${shown(timeout, timeoutMs !== undefined)}) must be longer than --inactivity-ms (${shown(inactivity, inactivityMs !== undefined)}): the inactivity warning comes before the time-out.`,
    );
  }
  const sim = await startSimulator({
    port: intOption('port', values.port, 0, 65535),
    tokenShape: shape,
    tokenLifetimeMs: intOption('token-lifetime-ms', values['token-lifetime-ms'], 1),
    talkDelayMs: intOption('talk-delay-ms', values['talk-delay-ms']),
    streamingProvider: values['streaming-provider'],
    allowInsecureWebhooks: values['allow-insecure-webhooks'],
    inactivityMs,
    timeoutMs,
  });
  // Other dh-kit commands without credentials find this simulator through the file.
  const withdraw = await advertiseSimulator(
    { ...sim.info, streamingProvider: sim.store.options.streamingProvider },
    io.err,
  );
  io.out(JSON.stringify(sim.info));
  await untilStopped(signal);
  await withdraw();
  await sim.close();
  return 0;
}

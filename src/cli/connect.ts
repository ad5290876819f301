/**
 * Which platform a command talks to, in this order:
 *   1. DH_EMAIL + DH_SECRET_KEY (+ DH_BASE_URL): the real platform, as the proxy uses it;
 *   2. DH_SIM_URL: the simulator at that address (its baseUrl), with the simulator's default login;
 *   3. a simulator that `dh-kit sim` or `dh-kit start` keeps running (found through its discovery file);
 *   4. else a simulator inside this command, gone when the command ends (said on stderr).
 * DH_BASE_URL without credentials is a mistake, not a reason to fall back to a simulator.
 *
 * The connection is opened lazily (`withPlatform`): a command checks its arguments first, so a
 * typing mistake never starts a simulator.
 */
import { PlatformClient } from '../platform/client.js';
import { parseConfig } from '../proxy/config.js';
import { startSimulator } from '../sim/index.js';
import { SIM_DEFAULTS } from '../sim/options.js';
import { findRunningSimulator, isLoopback, probeSimulator } from './discovery.js';
import { UsageError, type Io } from './shared.js';

export interface Platform {
  client: PlatformClient;
  /** The one TTS provider of streaming avatars: DH_STREAMING_TTS_PROVIDER, or the simulator's. */
  streamingProvider: string;
}

/** Opens the connection the first time it is called; later calls get the same one. */
export type Connect = () => Promise<Platform>;

/** Runs a command with a lazy connection, and closes an in-command simulator afterwards. */
export async function withPlatform(
  io: Io,
  run: (connect: Connect) => Promise<number>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  let opened: Promise<Platform & { close(): Promise<void> }> | undefined;
  try {
    return await run(async () => (opened ??= openPlatform(io, env)));
  } finally {
    if (opened) await (await opened.catch(() => undefined))?.close();
  }
}

async function openPlatform(
  io: Io,
  env: NodeJS.ProcessEnv,
): Promise<Platform & { close(): Promise<void> }> {
  const config = parseConfig(env);
  const none = async () => undefined;
  if (config.platform || set(env.DH_BASE_URL)) {
    // clientFromEnv refuses DH_BASE_URL without credentials, with what to set.
    return { client: clientFromEnv(env), streamingProvider: config.streamingProvider, close: none };
  }
  const simUrl = env.DH_SIM_URL?.trim();
  if (simUrl) {
    const sim = await probeSimulator(simUrl);
    if (!sim)
      throw new UsageError(
        `DH_SIM_URL (${simUrl}) does not answer as a dh-kit simulator: give the baseUrl that "dh-kit sim" prints (…/api), or unset it.`,
      );
    return {
      // `dh-kit sim` and `dh-kit start` always use the simulator's default key; a simulator
      // started with another key is reached with DH_EMAIL/DH_SECRET_KEY/DH_BASE_URL instead.
      client: simClient(simUrl, sim.email, SIM_DEFAULTS.secretKey),
      streamingProvider: sim.streamingProvider,
      close: none,
    };
  }
  const running = await findRunningSimulator();
  if (running) {
    io.err(
      `dh-kit: no DH_EMAIL/DH_SECRET_KEY set: using the running simulator at ${running.baseUrl}.`,
    );
    return {
      client: simClient(running.baseUrl, running.email, running.secretKey),
      streamingProvider: running.streamingProvider,
      close: none,
    };
  }
  const sim = await startSimulator({ streamingProvider: config.streamingProvider });
  io.err(
    'dh-kit: no DH_EMAIL/DH_SECRET_KEY set and no simulator running: using a simulator inside this command — what it creates is gone when the command ends ("npm start" or "npx dh-kit sim" keeps one running).',
  );
  return {
    client: simClient(sim.info.baseUrl, sim.info.email, sim.info.secretKey),
    streamingProvider: config.streamingProvider,
    close: sim.close,
  };
}

/** A simulator's receivers are plain http on loopback, which the client refuses elsewhere. */
function simClient(baseUrl: string, email: string, secretKey: string): PlatformClient {
  return new PlatformClient({
    baseUrl,
    email,
    secretKey,
    allowLoopbackWebhooks: isLoopback(baseUrl),
  });
}

const set = (value: string | undefined) => value !== undefined && value.trim() !== '';

/**
 * The platform the proxy would use: DH_EMAIL, DH_SECRET_KEY, DH_BASE_URL (and DH_ORG_ID). The
 * commands get theirs through `withPlatform` (connect.ts), which falls back to a simulator when
 * none of these is set.
 */
export function clientFromEnv(env: NodeJS.ProcessEnv = process.env): PlatformClient {
  const config = parseConfig(env);
  if (!config.platform) {
    throw new UsageError(
      'No platform credentials: set DH_EMAIL, DH_SECRET_KEY and DH_BASE_URL to use the platform, or unset DH_BASE_URL too to use a local simulator ("npx dh-kit sim" keeps one running).',
    );
  }
  // A local simulator's receivers may be plain http on loopback.
  const local = /^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(config.platform.baseUrl);
  return new PlatformClient({ ...config.platform, allowLoopbackWebhooks: local });
}

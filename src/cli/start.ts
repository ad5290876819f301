/**
 * `npm start` / `dh-kit start`: builds what is missing, then serves on one port the proxy's
 * routes, the demo site and the single-file bundle. With no credentials it starts the simulator
 * in the same process, seeds a few demo heads and says so plainly.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, renameSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { ID_PATTERN, ID_RULE } from '../api/rules.js';
import { PlatformClient } from '../platform/client.js';
import { describeZodError } from '../platform/readers.js';
import { callbackAddresses } from '../proxy/callback-addresses.js';
import {
  ConfigError,
  parseConfig,
  requireServingSecrets,
  type ProxyConfig,
} from '../proxy/config.js';
import { conversationInsights } from '../proxy/conversation-insights.js';
import { seedDemoInsights } from '../proxy/demo-insights.js';
import { startProxyServer, type RunningProxy } from '../proxy/node.js';
import { memoryStore } from '../proxy/shared-store.js';
import { keepLists } from './kept-lists.js';
import { signLaunchUrl } from '../proxy/signing.js';
import { startSimulator } from '../sim/index.js';
import { SIM_DEFAULTS } from '../sim/options.js';
import { startCmsDemo, type RunningCmsDemo } from './cms-demo.js';
import { advertiseSimulator } from './discovery.js';
import { AVATAR_FILE, BUNDLE_FILE, DIST, FROM_SOURCES, ROOT } from './paths.js';
import { args, untilStopped, type Io } from './shared.js';

/** Where the simulator keeps its state, in the folder `dh-kit start` runs in. */
const DEFAULT_SIM_DATA = '.dh-kit/sim.json';
/** Where the proxy keeps what an owner changes at run time, when it has no shared store. */
const DEFAULT_PROXY_DATA = '.dh-kit/proxy.json';

const HELP = `Usage: dh-kit start [--rebuild] [--fresh]

Serves the proxy routes (under /dh), the demo site and the CDN files (/dh-kit.avatar.js,
/dh-kit.bundle.js and their languages) on one port (PORT, default 8787). Without DH_EMAIL and
DH_SECRET_KEY it runs against the built-in simulator, which
keeps its heads, videos and webhooks in ${DEFAULT_SIM_DATA} (DH_SIM_DATA moves it; off keeps
nothing), so a copied embed code still works after a restart.

Options:
  --rebuild   In a checkout of the repository: build the demo and the CDN files even when dist/ is
              up to date (the installed package has them prebuilt)
  --fresh     Start the simulator empty (its old state file is kept beside, as ….previous)`;

/** Newest modification time under the folders the builds read. */
function newestSource(): number {
  let newest = 0;
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  // package.json (its sideEffects) and vite.config.ts change the output as much as the sources do.
  for (const dir of [
    'demo',
    'docs',
    'src/api',
    'src/elements',
    'src/cdn',
    'src/index.ts',
    'src/boxes.css',
    'package.json',
    'vite.config.ts',
    'scripts/cdn.mjs',
    'scripts/docs.mjs',
  ]) {
    const p = join(ROOT, dir);
    if (existsSync(p) && statSync(p).isFile()) newest = Math.max(newest, statSync(p).mtimeMs);
    else walk(p);
  }
  return newest;
}

/** Runs `work`, then prints `  ✓ name (12.3 s)`. */
async function timed(io: Io, name: string, work: () => Promise<unknown>): Promise<void> {
  const t0 = performance.now();
  await work();
  io.err(`  ✓ ${name} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}

/**
 * Run from the sources (a checkout of the repository), the demo and the CDN files are built with Vite
 * when dist/ is missing or older than the sources, one line per step with its time. The reference
 * pages (/docs/) need the compiled modules and the elements' manifest, the slowest part of a first
 * build, which the demo does not: they are returned as a step to run once the server answers.
 * Run from the package, everything comes prebuilt in dist/ and nothing is built (Vite is not among
 * its dependencies).
 */
async function buildIfNeeded(
  force: boolean,
  io: Io,
): Promise<((serverUrl: string) => DocsBuild) | undefined> {
  const site = [join(DIST, 'demo/index.html'), BUNDLE_FILE, AVATAR_FILE];
  const docsPage = join(DIST, 'demo/docs/index.html');
  if (!FROM_SOURCES) {
    const missing = site.filter((p) => !existsSync(p));
    if (missing.length)
      throw new Error(
        `This copy of dh-kit is incomplete (no ${missing.join(', ')}): reinstall the package.`,
      );
    return undefined;
  }
  const newest = newestSource();
  const upToDate = (paths: string[]) =>
    !force &&
    paths.every(existsSync) &&
    Math.min(...paths.map((p) => statSync(p).mtimeMs)) > newest;
  if (!upToDate(site)) {
    io.err(
      'Building the demo and the CDN files from the sources (the npm package has them prebuilt):',
    );
    const { build } = await import('vite');
    const configFile = join(ROOT, 'vite.config.ts');
    await timed(io, 'demo site (vite)', () =>
      build({ configFile, logLevel: 'warn', mode: 'production' }),
    );
    // scripts/ is in a checkout only, beside src/ (this branch runs from the sources).
    const cdn: typeof import('../../scripts/cdn.mjs') = await import(join(ROOT, 'scripts/cdn.mjs'));
    await timed(io, 'CDN files (vite)', () => cdn.buildCdnFiles(DIST));
  }
  // The demo's build empties dist/demo, the reference pages with it.
  if (upToDate([docsPage])) return undefined;
  return (serverUrl) => buildDocsAside(io, serverUrl);
}

/** The reference pages being built beside the server. */
interface DocsBuild {
  stop(): void;
}

/**
 * The reference pages, built by scripts/docs.mjs in a process of its own (its compiler and
 * analyzer would hold this one's event loop, and the server must answer meanwhile); its step lines
 * are passed on. A failure is said, and the demo keeps running.
 */
function buildDocsAside(io: Io, serverUrl: string): DocsBuild {
  io.err(`Building the reference pages for ${serverUrl}/docs/ while the demo runs:`);
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    [join(ROOT, 'scripts/docs.mjs'), '--out', join(DIST, 'demo/docs')],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk;
    const lines = output.split('\n');
    output = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('  ✓')) io.err(line);
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk));
  let stopped = false;
  child.on('close', (code) => {
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    if (code === 0) io.err(`  Docs      ${serverUrl}/docs/  ready (${seconds} s)`);
    else if (!stopped)
      io.err(
        `The reference pages could not be built (exit ${code}); the demo runs without /docs/ (npm run docs says why):\n${errors.trim()}`,
      );
  });
  return {
    stop: () => {
      stopped = true;
      child.kill();
    },
  };
}

/** Heads the demo pages show, made in the simulator at start. */
async function seedDemoHeads(
  client: PlatformClient,
  streamingProvider: string,
): Promise<{ chat: string; stream: string }> {
  const faces = (await client.listFaces({ take: 10 })).data;
  const voices = await client.listVoices();
  const voice = voices.find((v) => v.provider !== streamingProvider && v.locale === 'en-US')!;
  const streamVoice = voices.find((v) => v.provider === streamingProvider && v.locale === 'en-US')!;
  const chat = await client.createHead({
    headVisualId: faces.find((f) => f.gender === 'FEMALE')!.id,
    name: 'Ava',
    language: 'en-US',
    languageSpeechRecognition: 'en-US',
    operationMode: 'oc',
    ttsProvider: voice.provider,
    ttsVoice: voice.voiceId,
    greetings: 'Hi, I am Ava. Ask me anything about dh-kit.',
    promptConfig: { system_prompt: 'You are Ava, a friendly guide to dh-kit.' },
  });
  const stream = await client.createStreamingHead(
    {
      headVisualId: faces.find((f) => f.gender === 'MALE')!.id,
      name: 'Leo',
      language: 'en-US',
      languageSpeechRecognition: 'en-US',
      operationMode: 'oc',
      ttsProvider: streamingProvider,
      ttsVoice: streamVoice.voiceId,
      greetings: '',
    },
    { streamingProvider },
  );
  return { chat: chat.id, stream: stream.id };
}

const milliseconds = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number of milliseconds` })
    .int(`${name} must be a whole number of milliseconds`)
    .min(1, `${name} must be 1 ms or more`)
    .optional();
const demoHead = (name: string) =>
  z.string().regex(ID_PATTERN, `${name} is a head id (${ID_RULE})`).optional();

/** The variables only `dh-kit start` reads (the proxy's own are parseConfig's), parsed once with zod. */
const startEnvSchema = z.object({
  DH_DEMO_HEAD: demoHead('DH_DEMO_HEAD'),
  DH_DEMO_STREAM_HEAD: demoHead('DH_DEMO_STREAM_HEAD'),
  HOST: z
    .string()
    .regex(/^[A-Za-z0-9.:-]+$/, 'HOST is an address to listen on, such as 127.0.0.1, 0.0.0.0 or ::')
    .optional(),
  DH_LOG: z.enum(['on', 'off'], 'DH_LOG is on or off').default('on'),
  DH_SIM_INACTIVITY_MS: milliseconds('DH_SIM_INACTIVITY_MS'),
  DH_SIM_TIMEOUT_MS: milliseconds('DH_SIM_TIMEOUT_MS'),
  DH_SIM_TALK_DELAY_MS: milliseconds('DH_SIM_TALK_DELAY_MS'),
  DH_SIM_DATA: z.string().default(DEFAULT_SIM_DATA),
  DH_PROXY_DATA: z.string().default(DEFAULT_PROXY_DATA),
});

export interface StartConfig {
  /** Heads the demo pages show in platform mode (in simulator mode, the demo heads made at start). */
  demoHead?: string;
  demoStreamHead?: string;
  /** Where to listen; default 127.0.0.1 in simulator mode, 0.0.0.0 with a platform. */
  host?: string;
  /** The one-line-per-request log. */
  log: boolean;
  /** Simulator mode: a page session's inactivity warning and time-out. */
  simInactivityMs?: number;
  simTimeoutMs?: number;
  /** Simulator mode: how long a video takes to be made (the simulator's default: 3 s). */
  simTalkDelayMs?: number;
  /** Simulator mode: the file its heads, videos and webhooks are kept in (absolute), or undefined for none (`DH_SIM_DATA=off`). */
  simData?: string;
  /** Without DH_STORE: the file the allowed origins and the heads made are kept in (absolute), or undefined (`DH_PROXY_DATA=off`). */
  proxyData?: string;
}

/** Parses start's variables; a wrong value is a ConfigError naming the variable (exit 2). */
export function parseStartConfig(
  env: Record<string, string | undefined> = process.env,
): StartConfig {
  // An exported but empty variable counts as unset, as in parseConfig.
  const given = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const result = startEnvSchema.safeParse(given);
  if (!result.success) throw new ConfigError(`Configuration: ${describeZodError(result.error, 5)}`);
  const e = result.data;
  // The simulator refuses a time-out no later than the warning (simOptionsProblem): say it with the variables' names.
  const inactivity = e.DH_SIM_INACTIVITY_MS ?? SIM_DEFAULTS.inactivityMs;
  const timeout = e.DH_SIM_TIMEOUT_MS ?? SIM_DEFAULTS.timeoutMs;
  if (
    (e.DH_SIM_INACTIVITY_MS !== undefined || e.DH_SIM_TIMEOUT_MS !== undefined) &&
    timeout <= inactivity
  ) {
    const shown = (value: number, set: boolean) => `${value}${set ? '' : ', the default'}`;
    throw new ConfigError(
      `Configuration: DH_SIM_TIMEOUT_MS (${shown(timeout, e.DH_SIM_TIMEOUT_MS !== undefined)}) must be longer than DH_SIM_INACTIVITY_MS (${shown(inactivity, e.DH_SIM_INACTIVITY_MS !== undefined)}): the inactivity warning comes before the time-out.`,
    );
  }
  return {
    demoHead: e.DH_DEMO_HEAD,
    demoStreamHead: e.DH_DEMO_STREAM_HEAD,
    host: e.HOST,
    log: e.DH_LOG === 'on',
    simInactivityMs: e.DH_SIM_INACTIVITY_MS,
    simTimeoutMs: e.DH_SIM_TIMEOUT_MS,
    simTalkDelayMs: e.DH_SIM_TALK_DELAY_MS,
    simData: e.DH_SIM_DATA === 'off' ? undefined : resolve(e.DH_SIM_DATA),
    proxyData: e.DH_PROXY_DATA === 'off' ? undefined : resolve(e.DH_PROXY_DATA),
  };
}

/** The heads the demo pages show: the simulator's demo heads, or DH_DEMO_HEAD and DH_DEMO_STREAM_HEAD. */
function demoHeadIds(
  config: ProxyConfig,
  start: StartConfig,
  demoHeads?: { chat: string; stream: string },
): { chat: string; stream: string } {
  const named = config.publicHeads.filter((h) => h !== '*');
  const chat = demoHeads?.chat ?? start.demoHead ?? named[0] ?? '';
  return { chat, stream: demoHeads?.stream ?? start.demoStreamHead ?? named[1] ?? chat };
}

const randomSecret = () => randomBytes(32).toString('hex');

/**
 * The proxy's address as the simulator on this machine reaches it: loopback when listening on
 * every address (HOST=0.0.0.0), since the simulator accepts http webhooks on loopback only.
 */
export function loopbackUrl(serverUrl: string): string {
  const url = new URL(serverUrl);
  if (url.hostname === '0.0.0.0') url.hostname = '127.0.0.1';
  else if (url.hostname === '[::]') url.hostname = '[::1]';
  return url.origin;
}

export async function startCommand(argv: string[], io: Io, signal?: AbortSignal): Promise<number> {
  const { values } = args(
    argv,
    {
      rebuild: { type: 'boolean' },
      fresh: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    { help: HELP, positionals: false },
  );
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  // Both parsed before anything is built or started: a wrong value stops start-up at once.
  let config: ProxyConfig = parseConfig(process.env);
  requireServingSecrets(config);
  const start = parseStartConfig(process.env);
  const buildDocs = await buildIfNeeded(values.rebuild === true, io);

  let stopSim: (() => Promise<void>) | undefined;
  let withdrawSim: (() => Promise<void>) | undefined;
  let platformOrigin = config.platform
    ? new URL(config.platform.chatUrl ?? config.platform.baseUrl).origin
    : '';
  let demoHeads: { chat: string; stream: string } | undefined;
  // In simulator mode the server listens on loopback only, so admin routes may stay open for the demo.
  const host = start.host ?? (config.mode === 'simulator' ? '127.0.0.1' : '0.0.0.0');
  const openAdmin =
    config.mode === 'simulator' &&
    !config.adminToken &&
    ['127.0.0.1', 'localhost', '::1'].includes(host);
  let server: RunningProxy | undefined;
  let seedClient: PlatformClient | undefined;
  let cms: RunningCmsDemo | undefined;
  // The demo's signed page signs with the proxy's key: one key for both, random when unset.
  if (!config.signingSecret) config = { ...config, signingSecret: randomSecret() };
  // The demo's plugin and sample tool answer at addresses holding a callback secret: made up
  // here in simulator mode (everything is local); against the platform, DH_CALLBACK_SECRET or off.
  if (!config.callbackSecret && config.mode === 'simulator')
    config = { ...config, callbackSecret: randomSecret() };
  try {
    if (config.mode === 'simulator') {
      // The simulated platform keeps an origin of its own, as the real one has (cross-origin
      // frames): the next port, so it is predictable for firewalls and bookmarks.
      if (values.fresh && start.simData && existsSync(start.simData)) {
        renameSync(start.simData, `${start.simData}.previous`);
        io.err(
          `Starting the simulator empty (--fresh): its old state is in ${start.simData}.previous.`,
        );
      }
      const sim = await startSimulator({
        dataFile: start.simData,
        warn: io.err,
        streamingProvider: config.streamingProvider,
        port: config.port === 0 ? 0 : config.port + 1,
        host: host === '0.0.0.0' ? '127.0.0.1' : host,
        // The demo's receiver is this process on loopback http: the simulator lets that through.
        allowInsecureWebhooks: true,
        inactivityMs: start.simInactivityMs,
        timeoutMs: start.simTimeoutMs,
        talkDelayMs: start.simTalkDelayMs,
      });
      stopSim = sim.close;
      // `dh-kit heads …` and the other commands without credentials use this simulator too.
      withdrawSim = await advertiseSimulator(
        { ...sim.info, streamingProvider: sim.store.options.streamingProvider },
        io.err,
      );
      platformOrigin = sim.urls.origin;
      const platform = {
        baseUrl: sim.info.baseUrl,
        chatUrl: sim.info.chatUrl,
        streamUrl: sim.info.streamUrl,
        email: sim.info.email,
        secretKey: sim.info.secretKey,
      };
      seedClient = new PlatformClient({ ...platform, allowLoopbackWebhooks: true });
      // The demo heads of an earlier start, when the state file brought them back; else new ones.
      const kept = sim.store.demoHeads;
      demoHeads =
        kept && sim.store.heads.has(kept.chat) && sim.store.heads.has(kept.stream)
          ? kept
          : await seedDemoHeads(seedClient, config.streamingProvider);
      sim.store.demoHeads = demoHeads;
      sim.state?.save();
      if (sim.state?.heads)
        io.err(
          `The simulator has its ${sim.state.heads} head(s) back from ${sim.state.file} (--fresh starts empty).`,
        );
      // The CMS page: another origin (two ports up), allowed by the proxy's CORS list.
      cms = await startCmsDemo({
        staticDir: join(DIST, 'demo'),
        host: host === '0.0.0.0' ? '127.0.0.1' : host,
        port: config.port === 0 ? 0 : config.port + 2,
      });
      config = {
        ...config,
        platform,
        // Everything is local: every head is published (so a head made in the demo can be tried)
        // unless DH_PUBLIC_HEADS says otherwise.
        publicHeads: config.publicHeads.length ? config.publicHeads : ['*'],
        allowedOrigins: [...config.allowedOrigins, cms.url],
      };
    }
    const heads = demoHeadIds(config, start, demoHeads);
    const secret = config.signingSecret!;
    const cmsUrl = cms ? `${cms.url}/` : '';
    server = await startProxyServer({
      config,
      // The allowed origins and the heads made through the proxy outlive a restart (kept-lists.ts).
      // Without DH_STORE the store is made here, so the demo's insights can be written into it.
      ...(config.store
        ? {}
        : {
            store: start.proxyData
              ? await keepLists(memoryStore(), start.proxyData, io.err)
              : memoryStore(),
          }),
      host,
      staticDir: join(DIST, 'demo'),
      bundleFile: BUNDLE_FILE,
      // Open admin routes answer only requests addressed to this machine (DNS rebinding).
      openAdmin,
      // Asked on every request: the signed page gets a fresh launch URL each time.
      pageValues: async () => ({
        __DH_CHAT_HEAD__: heads.chat,
        __DH_STREAM_HEAD__: heads.stream,
        __DH_CMS_URL__: cmsUrl,
        __DH_SIGNED_SRC__: heads.chat
          ? (await signLaunchUrl({ secret, headId: heads.chat, base: config.prefix })).url
          : '',
      }),
      // The demo runs under a strict policy, as a careful site would: no inline script or style,
      // frames only from this origin and the platform's pages (where /dh/embed redirects).
      // The back office may not be framed by any page; the others by this origin only.
      privatePages: [
        'backoffice.html',
        'docs/elements/dh-head-form.html',
        'docs/elements/dh-video-studio.html',
        'docs/elements/dh-insights.html',
      ],
      pageCsp: [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        `img-src 'self' data: ${platformOrigin}`,
        `media-src 'self' ${platformOrigin}`,
        `frame-src 'self' ${platformOrigin} ${config.platform?.streamUrl ? new URL(config.platform.streamUrl).origin : ''}`.trim(),
        "connect-src 'self'",
        "base-uri 'none'",
        "object-src 'none'",
      ].join('; '),
      log: start.log ? undefined : () => undefined,
      // A sample tool, so a head's tools can be tried in the demo (POST /dh/tools/{secret}/weather).
      tools: {
        weather: ({ city }) =>
          `It is sunny in ${typeof city === 'string' && city ? city : 'your city'} today (a sample tool of the dh-kit demo).`,
      },
    });
    const platformOrigins = [config.platform?.chatUrl, config.platform?.streamUrl].flatMap((u) =>
      u ? [new URL(u).origin] : [],
    );
    if (cms && server.bundle && server.allElements)
      cms.ready({
        siteUrl: loopbackUrl(server.url),
        prefix: config.prefix,
        headId: heads.chat,
        bundle: server.bundle,
        allElements: server.allElements,
        platformOrigins,
      });
    // The loop works out of the box: the demo heads send their session events to this proxy,
    // whose GET /dh/events/stream feeds the demo's events panel. Inside the try: a failure here
    // must stop the proxy and the simulator too.
    if (seedClient && demoHeads) {
      const webhookUrl = `${loopbackUrl(server.url)}${config.prefix === '/' ? '' : config.prefix}/hooks/events`;
      for (const headId of [demoHeads.chat, demoHeads.stream]) {
        // A restart finds the webhook of the last start: one per head and address, never two.
        const known = await seedClient.listWebhooks(headId);
        if (!known.some((hook) => hook.webhookUrl === webhookUrl))
          await seedClient.createWebhook({
            headId,
            webhookUrl,
            startConversation: true,
            endConversation: true,
            timeoutConversation: true,
            inactivityWarning: true,
          });
        await seedClient.setEventsEnabled(headId, true);
      }
      // A few weeks of simulated conversations, so the insights' charts show something (once).
      if (server.store)
        await seedDemoInsights(
          conversationInsights({ store: server.store, config, now: Date.now }),
          demoHeads,
        );
    }
  } catch (err) {
    // A port in use, a failed seed or webhook: nothing may be left running, or the process would hang.
    await server?.close();
    await cms?.close();
    await withdrawSim?.();
    await stopSim?.();
    throw err;
  }

  const lines = [
    '',
    config.mode === 'simulator'
      ? '  dh-kit is running against the built-in SIMULATOR (no DH_EMAIL / DH_SECRET_KEY set): everything is local and offline.'
      : `  dh-kit is running against the platform at ${config.platform!.baseUrl}.`,
    '',
    `  Demo      ${server.url}/`,
    ...(existsSync(join(DIST, 'demo/docs/index.html'))
      ? [`  Docs      ${server.url}/docs/  (the reference, live examples against this server)`]
      : buildDocs
        ? [`  Docs      ${server.url}/docs/  (being built: ready in a minute, said below)`]
        : []),
    `  Proxy     ${server.url}${config.prefix}  (health: ${server.url}${config.prefix}/health)`,
    `  CDN files ${server.url}/dh-kit.avatar.js  (the avatar: what a CMS page loads)`,
    `            ${server.url}/dh-kit.bundle.js  (all six elements: a back office)`,
    `            ${server.url}/dh-kit.analytics.js  (connectAnalytics: the page's own analytics)`,
  ];
  for (const file of [server.bundle, server.allElements, server.analytics])
    if (file) lines.push(`            ${server.url}${file.path}  integrity ${file.integrity}`);
  if (cms)
    lines.push(
      `  CMS page  ${cms.url}/  (another origin: the avatar file and the avatar from an HTML block)`,
      `            ${cms.url}/back-office  (another origin: all six elements under a strict CSP)`,
    );
  if (demoHeads) lines.push(`  Heads     chat ${demoHeads.chat} · stream ${demoHeads.stream}`);
  if (config.callbackSecret) {
    // The made-up secret of a local demo is shown; a configured one never goes into a log.
    const shown = callbackAddresses(
      `${server.url}${config.prefix}`,
      config.mode === 'simulator' ? config.callbackSecret : '<DH_CALLBACK_SECRET>',
    );
    lines.push(
      `  Plugin    ${shown.plugin}  (a plugin head's service address)`,
      `  Tools     ${shown.tools}/<name>  (the sample tool: weather)`,
    );
  } else {
    lines.push(
      '  Plugin and tools are off: set DH_CALLBACK_SECRET to serve them ("dh-kit callbacks" prints their addresses).',
    );
  }
  if (openAdmin)
    lines.push(
      '  Admin routes are open on loopback (simulator mode), to requests addressed to this machine only. Set DH_ADMIN_TOKEN to require a token.',
    );
  lines.push('', '  Stop with Ctrl+C.', '');
  io.err(lines.join('\n'));
  io.out(
    JSON.stringify({
      url: server.url,
      mode: config.mode,
      demoHeads,
      bundle: server.bundle,
      cmsUrl: cms?.url,
    }),
  );

  const docs = buildDocs?.(server.url);
  await untilStopped(signal);
  docs?.stop();
  await server.close();
  await cms?.close();
  await withdrawSim?.();
  await stopSim?.();
  return 0;
}

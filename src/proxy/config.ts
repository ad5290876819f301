/**
 * The proxy's configuration, parsed once from the environment with zod. Secrets stay in this
 * object and are never logged: `describeConfig()` is the only printable view of it.
 */
import { z } from 'zod';
import { originProblem } from './page-origins.js';
import { DEFAULT_STREAMING_TTS_PROVIDER } from '../platform/modes.js';
import { ID_PATTERN } from '../api/rules.js';
import { describeZodError } from '../platform/readers.js';

const url = (name: string) =>
  z.url({ protocol: /^https?$/, error: `${name} must be an http(s) URL` });
const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
const count = (name: string, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a whole number (0 turns it off)`,
        });
        return z.NEVER;
      }
      return n;
    });

const envSchema = z.object({
  DH_EMAIL: z.string().optional(),
  DH_SECRET_KEY: z.string().optional(),
  DH_ORG_ID: z.string().optional(),
  DH_BASE_URL: url('DH_BASE_URL').optional(),
  DH_CHAT_URL: url('DH_CHAT_URL').optional(),
  DH_STREAM_URL: url('DH_STREAM_URL').optional(),
  DH_STREAMING_TTS_PROVIDER: z.string().min(1).default(DEFAULT_STREAMING_TTS_PROVIDER),
  DH_SIGNING_SECRET: z
    .string()
    .min(32, 'DH_SIGNING_SECRET must be at least 32 characters (e.g. `openssl rand -hex 32`)')
    .optional(),
  DH_ALLOWED_ORIGINS: list.superRefine((origins, ctx) => {
    // An origin is scheme://host[:port], exactly as a browser sends it: no path, no trailing
    // slash, no "*" and no "null" (what sandboxed frames and file: pages send).
    for (const origin of origins) {
      const problem = originProblem(origin);
      if (problem)
        ctx.addIssue({ code: 'custom', message: `DH_ALLOWED_ORIGINS lists origins: ${problem}` });
    }
  }),
  // Request headers a listed origin's page may send besides the kit's own (the elements' `headers`
  // property: a site's auth header, a tenant id): names, checked and lower-cased.
  DH_ALLOWED_HEADERS: list.transform((names, ctx) => {
    for (const name of names) {
      if (name === '*')
        ctx.addIssue({
          code: 'custom',
          message:
            'DH_ALLOWED_HEADERS lists header names; "*" is not allowed (a browser ignores it on requests with credentials)',
        });
      else if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
        ctx.addIssue({
          code: 'custom',
          message: `DH_ALLOWED_HEADERS lists header names such as x-tenant-id, separated by commas; "${name}" is not one`,
        });
    }
    return [...new Set(names.map((name) => name.toLowerCase()))];
  }),
  DH_ADMIN_TOKEN: z.string().min(16, 'DH_ADMIN_TOKEN must be at least 16 characters').optional(),
  DH_PUBLIC_HEADS: list,
  DH_RATE_LIMIT: count('DH_RATE_LIMIT', 120),
  DH_STORE: z
    .string()
    .refine(
      (v) => URL.canParse(v) && /^rediss?:$/.test(new URL(v).protocol),
      'DH_STORE is a Redis URL, redis://[user:password@]host:port[/db] (or rediss:// for TLS)',
    )
    .optional(),
  // DH_STORE names one node of a Redis Cluster (or a managed service's configuration endpoint).
  DH_STORE_CLUSTER: z
    .enum(['true', 'false', '1', '0'], 'DH_STORE_CLUSTER is true or false')
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  DH_VIDEO_DAILY_CAP: count('DH_VIDEO_DAILY_CAP', 100),
  DH_WEBHOOK_KEYS: list.transform((entries, ctx) => {
    // A Map: a head id such as "__proto__" or "constructor" is a key like any other.
    const keys = new Map<string, string[]>();
    for (const entry of entries) {
      const at = entry.indexOf(':');
      const head = entry.slice(0, at);
      if (at < 1 || at === entry.length - 1 || !ID_PATTERN.test(head)) {
        ctx.addIssue({
          code: 'custom',
          message:
            'DH_WEBHOOK_KEYS is a comma-separated list of headId:sharedKey (a head id is letters, digits, - and _)',
        });
        return z.NEVER;
      }
      keys.set(head, [...(keys.get(head) ?? []), entry.slice(at + 1)]);
    }
    return keys;
  }),
  DH_CALLBACK_SECRET: z
    .string()
    .min(32, 'DH_CALLBACK_SECRET must be at least 32 characters (e.g. `openssl rand -hex 32`)')
    .optional(),
  DH_TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'], 'DH_TRUST_PROXY is true or false')
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  DH_PREFIX: z
    .string()
    .regex(/^\/[A-Za-z0-9/_-]*$/, 'DH_PREFIX is a path such as /dh')
    .default('/dh')
    .transform((p) => p.replace(/\/+$/, '') || '/'),
  PORT: count('PORT', 8787).refine((p) => p < 65536, 'PORT must be 0 (a free port) to 65535'),
  DH_EVENT_RETRY_HOURS: count('DH_EVENT_RETRY_HOURS', 24),
  DH_EVENT_RETENTION_DAYS: count('DH_EVENT_RETENTION_DAYS', 7).refine(
    (d) => d > 0,
    'DH_EVENT_RETENTION_DAYS must be at least 1',
  ),
  DH_MAX_CONNECTIONS: count('DH_MAX_CONNECTIONS', 1_000).refine(
    (n) => n >= 20,
    'DH_MAX_CONNECTIONS must be at least 20',
  ),
  // A session whose end never reaches the proxy counts this long in a head's budget.
  DH_MAX_SESSION_MINUTES: count('DH_MAX_SESSION_MINUTES', 60).refine(
    (n) => n >= 1 && n <= 1440,
    'DH_MAX_SESSION_MINUTES must be 1 to 1440 (a day)',
  ),
  // How many days the conversation insights keep (conversation-insights.ts).
  DH_INSIGHTS_DAYS: count('DH_INSIGHTS_DAYS', 90).refine(
    (n) => n >= 1 && n <= 3660,
    'DH_INSIGHTS_DAYS must be 1 to 3660 (ten years)',
  ),
  // Whether the insights keep the visitors' questions (plugin mode): off keeps no new text and
  // shows none (texts kept before stay until their day leaves the store: docs/configuration.md).
  DH_INSIGHTS_QUESTIONS: z.enum(['on', 'off'], 'DH_INSIGHTS_QUESTIONS is on or off').default('on'),
  DH_EVENT_LOG_MAX: count('DH_EVENT_LOG_MAX', 100_000).refine(
    (n) => n > 0,
    'DH_EVENT_LOG_MAX must be at least 1',
  ),
});

/** The variables that depend on each other. */
const configSchema = envSchema.superRefine((env, ctx) => {
  // Not when DH_STORE itself is wrong: that has its own message.
  if (!env.DH_STORE_CLUSTER || (env.DH_STORE && !URL.canParse(env.DH_STORE))) return;
  if (!env.DH_STORE)
    ctx.addIssue({
      code: 'custom',
      message:
        'DH_STORE_CLUSTER needs DH_STORE, the URL of one node of the cluster (redis://host:port)',
    });
  // A cluster serves database 0 only (SELECT fails there).
  else if (!/^\/?0?$/.test(new URL(env.DH_STORE).pathname))
    ctx.addIssue({
      code: 'custom',
      message:
        'DH_STORE names a database, but a Redis Cluster (DH_STORE_CLUSTER) has only database 0',
    });
});

export interface PlatformAccess {
  baseUrl: string;
  chatUrl?: string;
  streamUrl?: string;
  email: string;
  secretKey: string;
  orgId?: string;
}

export interface ProxyConfig {
  /** `platform` with credentials; `simulator` when none are set. */
  mode: 'platform' | 'simulator';
  /** Where the platform is and how to log in; filled in by the simulator in simulator mode. */
  platform?: PlatformAccess;
  streamingProvider: string;
  /** Random per process when unset (launch URLs then die with the process). */
  signingSecret?: string;
  allowedOrigins: string[];
  /** Request headers the listed origins' pages may send besides content-type, authorization and x-dh-kit (lower case). */
  allowedHeaders?: string[];
  adminToken?: string;
  /** Head ids the public routes answer for; `*` for all. Empty: none. */
  publicHeads: string[];
  /** Requests per minute per client; 0 turns the limit off. */
  rateLimit: number;
  /** Text-to-video requests a day; 0 turns the cap off. */
  videoDailyCap: number;
  /**
   * The session event log (event-log.ts): a failing onEvent is retried for `retryForMs`; the log
   * keeps events `retentionMs` and at most `maxLength` of them (a log in memory at most 10,000).
   */
  events: { retryForMs: number; retentionMs: number; maxLength: number };
  /**
   * A Redis URL: the state instances share (rate-limit counters, the daily cap, webhook
   * de-duplication, key look-ups) lives there. Unset: in this process's memory.
   */
  store?: string;
  /** `store` is the URL of one node of a Redis Cluster (or its configuration endpoint). */
  storeCluster: boolean;
  /** A reverse proxy of the site appends the client's address to X-Forwarded-For. */
  trustProxy: boolean;
  /**
   * The longest a session counts in a head's budget (session-budget.ts) when its end never
   * arrives (DH_MAX_SESSION_MINUTES), ms.
   */
  maxSessionMs: number;
  /**
   * The conversation insights (conversation-insights.ts): kept `keptDays` days (DH_INSIGHTS_DAYS);
   * `questions` false (DH_INSIGHTS_QUESTIONS=off) keeps no new visitor's text and shows none.
   */
  insights: { keptDays: number; questions: boolean };
  /** The Node server's visitor connections in all; the caps per client and group follow (connection-shares.ts). */
  maxConnections: number;
  /** Webhook shared keys by head id, given in configuration (several per head during a rotation). */
  webhookKeys: ReadonlyMap<string, string[]>;
  /**
   * Part of the plugin and tool addresses the platform is given (`{prefix}/plugin/{secret}/…`,
   * `{prefix}/tools/{secret}/{name}`). Unset with credentials: those routes are off.
   */
  callbackSecret?: string;
  prefix: string;
  port: number;
}

export class ConfigError extends Error {}

/** A URL for a log line: its password replaced. */
export function redactUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.href;
}

/** Parses the environment. Throws ConfigError naming the variable to fix. */
export function parseConfig(env: Record<string, string | undefined> = process.env): ProxyConfig {
  // An exported but empty variable counts as unset (`DH_ADMIN_TOKEN= npm start`).
  const given = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const result = configSchema.safeParse(given);
  if (!result.success) throw new ConfigError(`Configuration: ${describeZodError(result.error, 5)}`);
  const e = result.data;
  const hasEmail = Boolean(e.DH_EMAIL);
  const hasKey = Boolean(e.DH_SECRET_KEY);
  if (hasEmail !== hasKey) {
    throw new ConfigError(
      `Configuration: set both DH_EMAIL and DH_SECRET_KEY to use the platform, or neither to use the simulator (${hasEmail ? 'DH_SECRET_KEY' : 'DH_EMAIL'} is missing)`,
    );
  }
  const mode = hasEmail ? 'platform' : 'simulator';
  if (mode === 'platform' && !e.DH_BASE_URL) {
    throw new ConfigError(
      'Configuration: DH_BASE_URL is required with DH_EMAIL and DH_SECRET_KEY (the platform API address)',
    );
  }
  // One secret for two jobs: whoever learns one (a leaked launch link cannot, but a plugin
  // address or an admin's browser might) would hold the other. A webhook shared key is known
  // beyond this server too: the platform keeps it and shows it to whoever reads the head's
  // webhooks. The messages name the variables, never a value (they are printed at start-up).
  const secrets = (
    [
      ['DH_SIGNING_SECRET', e.DH_SIGNING_SECRET],
      ['DH_ADMIN_TOKEN', e.DH_ADMIN_TOKEN],
      ['DH_CALLBACK_SECRET', e.DH_CALLBACK_SECRET],
      ['DH_SECRET_KEY', e.DH_SECRET_KEY],
    ] as const
  ).filter(([, v]) => v !== undefined);
  // Two heads may share a key, or list one twice during a rotation: those are not compared.
  const webhookKeys = [...e.DH_WEBHOOK_KEYS].flatMap(([head, keys]) =>
    keys.map((key) => [`DH_WEBHOOK_KEYS (a key of head ${head})`, key] as const),
  );
  for (const [i, [name, value]] of secrets.entries()) {
    const same = [...secrets.slice(i + 1), ...webhookKeys].find(([, other]) => other === value);
    if (same)
      throw new ConfigError(`Configuration: ${name} and ${same[0]} must be different secrets.`);
  }
  return {
    mode,
    platform:
      mode === 'platform'
        ? {
            baseUrl: e.DH_BASE_URL!,
            chatUrl: e.DH_CHAT_URL,
            streamUrl: e.DH_STREAM_URL,
            email: e.DH_EMAIL!,
            secretKey: e.DH_SECRET_KEY!,
            orgId: e.DH_ORG_ID,
          }
        : undefined,
    streamingProvider: e.DH_STREAMING_TTS_PROVIDER,
    signingSecret: e.DH_SIGNING_SECRET,
    allowedOrigins: e.DH_ALLOWED_ORIGINS,
    allowedHeaders: e.DH_ALLOWED_HEADERS,
    adminToken: e.DH_ADMIN_TOKEN,
    publicHeads: e.DH_PUBLIC_HEADS,
    rateLimit: e.DH_RATE_LIMIT,
    videoDailyCap: e.DH_VIDEO_DAILY_CAP,
    events: {
      retryForMs: e.DH_EVENT_RETRY_HOURS * 3600e3,
      retentionMs: e.DH_EVENT_RETENTION_DAYS * 24 * 3600e3,
      maxLength: e.DH_EVENT_LOG_MAX,
    },
    store: e.DH_STORE,
    storeCluster: e.DH_STORE_CLUSTER,
    trustProxy: e.DH_TRUST_PROXY,
    maxConnections: e.DH_MAX_CONNECTIONS,
    maxSessionMs: e.DH_MAX_SESSION_MINUTES * 60_000,
    insights: { keptDays: e.DH_INSIGHTS_DAYS, questions: e.DH_INSIGHTS_QUESTIONS === 'on' },
    webhookKeys: e.DH_WEBHOOK_KEYS,
    callbackSecret: e.DH_CALLBACK_SECRET,
    prefix: e.DH_PREFIX,
    port: e.PORT,
  };
}

/** What may be printed at start-up: no secret, only whether each one is set. */
export function describeConfig(c: ProxyConfig): Record<string, unknown> {
  return {
    mode: c.mode,
    platform: c.platform?.baseUrl,
    chatUrl: c.platform?.chatUrl,
    streamUrl: c.platform?.streamUrl,
    orgId: c.platform?.orgId,
    streamingProvider: c.streamingProvider,
    signingSecret: c.signingSecret ? 'set' : 'random per process',
    adminToken: c.adminToken ? 'set' : 'not set',
    allowedOrigins: c.allowedOrigins,
    allowedHeaders: c.allowedHeaders ?? [],
    publicHeads: c.publicHeads,
    rateLimit: c.rateLimit,
    videoDailyCap: c.videoDailyCap,
    store: c.store
      ? `${redactUrl(c.store)}${c.storeCluster ? ' (a Redis Cluster)' : ''}`
      : 'memory (this instance only)',
    events: `kept ${c.events.retentionMs / 86_400_000} days (at most ${c.events.maxLength}${c.store ? '' : ', 10000 in memory'}); onEvent retried for ${c.events.retryForMs / 3_600_000} h`,
    trustProxy: c.trustProxy,
    maxConnections: c.maxConnections,
    maxSessionMinutes: c.maxSessionMs / 60_000,
    insights: `kept ${c.insights.keptDays} days, ${c.insights.questions ? 'with' : 'without'} the visitors' questions`,
    webhookKeys: c.webhookKeys.size ? `${c.webhookKeys.size} head(s), keys hidden` : 'none',
    callbackSecret: c.callbackSecret
      ? 'set'
      : c.mode === 'platform'
        ? 'not set: plugin and tool routes off'
        : 'not set',
    prefix: c.prefix,
    port: c.port,
  };
}

/**
 * What a proxy that serves the platform needs beyond parseConfig (the CLI's commands read the
 * same configuration without serving): launch links that outlive a restart and work on every
 * instance, so DH_SIGNING_SECRET is required with credentials. Throws a ConfigError.
 */
export function requireServingSecrets(c: ProxyConfig): void {
  if (c.mode === 'platform' && !c.signingSecret) {
    throw new ConfigError(
      'Configuration: DH_SIGNING_SECRET is required with DH_EMAIL and DH_SECRET_KEY (at least 32 characters, e.g. `openssl rand -hex 32`): launch links are signed with it, and must keep working after a restart and on every instance.',
    );
  }
}

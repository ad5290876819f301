import { DEFAULT_STREAMING_TTS_PROVIDER, TOKEN_LIFETIME_MS } from '../platform/modes.js';

/** How the simulator behaves. Every field has a default that matches the real platform. */
export interface SimOptions {
  /** Token response shape: A `{token}` or B `{data: {bearer}}` (spec, Token response). */
  tokenShape?: 'A' | 'B';
  /** Bearer token lifetime; 7 days like the platform, shorter in tests. */
  tokenLifetimeMs?: number;
  /** How long a text-to-video job takes before its talk appears in the talks list. */
  talkDelayMs?: number;
  /** The one TTS provider streaming avatars support (`<streaming_tts_provider>`). */
  streamingProvider?: string;
  /** Accept `http://` webhook URLs on loopback hosts (the platform itself accepts HTTPS only). */
  allowInsecureWebhooks?: boolean;
  /** A page session without a user message this long gets inactivity_warning (and a popup). */
  inactivityMs?: number;
  /** …and this long, timeout_conversation then end_conversation, and the session closes. */
  timeoutMs?: number;
  /** How long a webhook receiver may take to answer (spec: 5 s). */
  deliveryTimeoutMs?: number;
  /** Retries after a failed delivery (spec: up to 3), with exponential backoff from this base. */
  deliveryRetries?: number;
  deliveryRetryBaseMs?: number;
  /** Primary account credentials; fixed defaults so a demo works with no set-up. */
  email?: string;
  secretKey?: string;
}

export type ResolvedSimOptions = Required<SimOptions>;

export const SIM_DEFAULTS: ResolvedSimOptions = {
  tokenShape: 'A',
  tokenLifetimeMs: TOKEN_LIFETIME_MS,
  talkDelayMs: 3000,
  streamingProvider: DEFAULT_STREAMING_TTS_PROVIDER,
  allowInsecureWebhooks: false,
  inactivityMs: 60_000,
  timeoutMs: 120_000,
  deliveryTimeoutMs: 5000,
  deliveryRetries: 3,
  deliveryRetryBaseMs: 500,
  email: 'demo@dh-kit.local',
  secretKey: 'sim-secret-key',
};

/** Why a set of options cannot work, or undefined. */
export function simOptionsProblem(options: ResolvedSimOptions): string | undefined {
  // The warning comes before the end (spec, Events): a time-out no later than the warning would
  // end a session before it was ever warned.
  if (options.timeoutMs <= options.inactivityMs) {
    return `timeoutMs (${options.timeoutMs}) must be longer than inactivityMs (${options.inactivityMs}): the inactivity warning comes before the time-out.`;
  }
  return undefined;
}

export function resolveSimOptions(options: SimOptions = {}): ResolvedSimOptions {
  const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  const resolved = { ...SIM_DEFAULTS, ...defined };
  const problem = simOptionsProblem(resolved);
  if (problem) throw new RangeError(`Simulator options: ${problem}`);
  return resolved;
}

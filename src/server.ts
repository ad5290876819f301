/**
 * `dh-kit/server`: everything a site's server uses — the platform client and schemas, the proxy
 * (a web-standard fetch handler), launch URL signing, configuration and the store interface.
 */
export * from './platform/index.js';
export { createProxy, type LogLine, type ProxyOptions } from './proxy/app.js';
export { VERSION } from './version.js';
export {
  ConfigError,
  describeConfig,
  parseConfig,
  type PlatformAccess,
  type ProxyConfig,
} from './proxy/config.js';
export type { AdminAction, Authorize, Platform } from './proxy/deps.js';
export { startProxyServer, type NodeServerOptions, type RunningProxy } from './proxy/node.js';
export {
  DEFAULT_LAUNCH_TTL_S,
  MAX_LAUNCH_TTL_S,
  signLaunchUrl,
  verifyLaunch,
  type LaunchView,
  type SignOptions,
} from './proxy/signing.js';
export { StoreUnavailable, type KeyValueStore } from './proxy/store.js';
import { memoryStore as unstorageMemory } from './proxy/shared-store.js';
import type { KeyValueStore } from './proxy/store.js';
/**
 * The proxy's default store, for a site that wraps it: unstorage's memory driver (one process).
 * Typed as the interface only, so a site's TypeScript never loads unstorage's driver types.
 */
export const memoryStore: (now?: () => number) => KeyValueStore = unstorageMemory;
export {
  parseSignatureHeader,
  signWebhookBody,
  verifyWebhookSignature,
} from './proxy/webhook-signature.js';
export { echoPlugin, type PluginHandler } from './proxy/routes/plugin.js';
export type { ToolHandler } from './proxy/routes/tool-calls.js';
export type { EventHandler, EventMeta } from './proxy/event-consumer.js';
export {
  memoryEventLog,
  type EventLog,
  type EventLogOptions,
  type FailedEvent,
  type LoggedEvent,
  type PendingEvent,
} from './proxy/event-log.js';
export { startEvents, stopEvents } from './proxy/event-pipeline.js';

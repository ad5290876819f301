/**
 * `dh-kit/server`: everything a site's server uses — the platform client and schemas, the proxy
 * (a web-standard fetch handler), launch URL signing, configuration and the store interface.
 */
export * from './platform/index.js';
export { createProxy, VERSION, type LogLine, type ProxyOptions } from './proxy/app.js';
export { ConfigError, describeConfig, parseConfig, type PlatformAccess, type ProxyConfig } from './proxy/config.js';
export type { AdminAction, Authorize, Platform } from './proxy/deps.js';
export { startProxyServer, type NodeServerOptions, type RunningProxy } from './proxy/node.js';
export { DEFAULT_LAUNCH_TTL_S, MAX_LAUNCH_TTL_S, signLaunchUrl, verifyLaunch, type LaunchView, type SignOptions } from './proxy/signing.js';
export { StoreUnavailable, type KeyValueStore } from './proxy/store.js';
export { memoryStore, UnstorageStore, type AtomicOps } from './proxy/shared-store.js';
export { parseSignatureHeader, signWebhookBody, verifyWebhookSignature } from './proxy/webhooks.js';
export { echoPlugin, type PluginHandler } from './proxy/routes/plugin.js';
export type { ToolHandler } from './proxy/routes/tool-calls.js';
export type { EventHandler } from './proxy/routes/receiver.js';
export { EventHub } from './proxy/events.js';

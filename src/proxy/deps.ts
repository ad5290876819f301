/**
 * What the proxy's routes share: configuration, the platform client, the store, and the cached
 * loaders of catalogues and head records.
 */
import type { Context } from 'hono';
import type { PlatformClient } from '../platform/client.js';
import { PlatformError } from '../platform/errors.js';
import type { Face, HeadRecord, Voice } from '../platform/schemas.js';
import { CoalescingCache } from './cache.js';
import type { ProxyConfig } from './config.js';
import type { ConversationInsights } from './conversation-insights.js';
import type { Compressor } from './encodings.js';
import type { PageOrigins } from './page-origins.js';
import type { SessionBudgets } from './session-budget.js';
import type { KeyValueStore } from './store.js';

/** A picture of the platform's as the proxy keeps it (media.ts). */
export interface RelayedImage {
  type: string;
  bytes: Uint8Array;
}

/** The admin actions a site's `authorize` hook decides on. */
export type AdminAction =
  | 'heads:create'
  /** List the heads made through this proxy. */
  | 'heads:read'
  | 'videos:create'
  | 'videos:list'
  | 'tools:set'
  /** Read the plugin and tool addresses (they hold the callback secret). */
  | 'callbacks:read'
  | 'events:set'
  | 'webhooks:read'
  | 'webhooks:write'
  | 'events:stream'
  /** Read the failed list of onEvent, and put an event of it back. */
  | 'events:failed'
  /** Read the run-time list of allowed page origins. */
  | 'origins:read'
  /** Add or remove an allowed page origin. */
  | 'origins:write'
  /** Read a head's session budget and today's use of it. */
  | 'budgets:read'
  /** Set a head's session budget (and, when asked, point its session events at the proxy). */
  | 'budgets:write'
  /** Read the conversation insights (per day and hour, durations, time-outs, top questions). */
  | 'insights:read'
  /** Read the platform's own words when it fails (a back office), instead of the message for visitors. */
  | 'errors:details';

/** Decides whether a request may do an admin action (a site plugs in its own session check). */
export type Authorize = (request: Request, action: AdminAction) => boolean | Promise<boolean>;

/** The slice of PlatformClient the proxy uses, so a site may wrap or replace it. */
export type Platform = Pick<
  PlatformClient,
  | 'listFaces'
  | 'listVoices'
  | 'createHead'
  | 'createStreamingHead'
  | 'getHead'
  | 'setSplitter'
  | 'setTools'
  | 'setEventsEnabled'
  | 'textToVideo'
  | 'listTalks'
  | 'createWebhook'
  | 'listWebhooks'
  | 'getWebhook'
  | 'updateWebhook'
  | 'deleteWebhook'
>;

export interface Deps {
  config: ProxyConfig;
  platform: Platform;
  store: KeyValueStore;
  /** The page origins allowed to call the proxy: DH_ALLOWED_ORIGINS and those added at run time. */
  origins: PageOrigins;
  signingSecret: string;
  authorize: Authorize;
  /** True when `authorize` is the reference DH_ADMIN_TOKEN check (its refusal can say how to open it). */
  defaultAuthorize: boolean;
  /** Every face, oldest first, fetched in pages of 100 (spec: a client may page on its side). */
  faces(): Promise<Face[]>;
  voices(): Promise<Voice[]>;
  head(id: string): Promise<HeadRecord>;
  /** Whether `head(id)` would answer from its cache (a head, or "no such head"), without asking the platform. */
  headCached(id: string): boolean;
  /** The platform's pictures the proxy relays (posters, faces), fetched once by their address: media.ts. */
  images: CoalescingCache<RelayedImage>;
  /** Compresses prepared answers once (brotli and gzip on Node, gzip elsewhere). */
  compress: Compressor;
  /** For the few requests that are not platform API calls (its pictures and videos: media.ts). */
  fetch: typeof fetch;
  now(): number;
  /**
   * Who sent a request, hashed (client-identity.ts), for the per-client budgets; rejects with
   * 500 client_unknown where the proxy cannot tell.
   */
  clientOf(c: Context): Promise<string>;
  /** The heads' session budgets: read, set, enforced at launch, fed by the session events. */
  budgets: SessionBudgets;
  /** The conversation insights: fed by the session events, launches and plugin messages, read by GET /insights. */
  insights: ConversationInsights;
}

/** Catalogues change rarely: five minutes keeps the platform quiet and new faces visible soon. */
export const CATALOGUE_TTL_MS = 5 * 60_000;
const HEAD_TTL_MS = 60_000;

/**
 * A catalogue through the store, when instances share one (DH_STORE): an instance that finds it
 * there takes it instead of asking the platform, and one that loads it puts it there, for the rest
 * of its time to live. The store is a help, never a need: when it fails, the instance asks the
 * platform and keeps the catalogue in its own memory (the cache in front of this).
 */
function throughStore<T>(
  store: KeyValueStore | undefined,
  key: string,
  load: () => Promise<T>,
): () => Promise<T> {
  if (!store) return load;
  return async () => {
    const found = await store.get(key).catch(() => undefined);
    if (found) {
      try {
        return JSON.parse(found) as T;
      } catch {
        // Damaged: loaded again below.
      }
    }
    const value = await load();
    await store.set(key, JSON.stringify(value), CATALOGUE_TTL_MS).catch(() => undefined);
    return value;
  };
}

export function catalogueLoaders(platform: Platform, now: () => number, store?: KeyValueStore) {
  const faceCache = new CoalescingCache<Face[]>(CATALOGUE_TTL_MS, 1, now);
  const voiceCache = new CoalescingCache<Voice[]>(CATALOGUE_TTL_MS, 1, now);
  const headCache = new CoalescingCache<HeadRecord | PlatformError>(HEAD_TTL_MS, 500, now);
  const allFaces = throughStore(store, 'catalogue:faces', async () => {
    const all: Face[] = [];
    for (let page = 1; page <= 100; page++) {
      const res = await platform.listFaces({ order: 'ASC', take: 100, page });
      all.push(...res.data);
      if (!res.meta.hasNextPage || res.data.length === 0) break;
    }
    return all;
  });
  const allVoices = throughStore(store, 'catalogue:voices', () => platform.listVoices());
  return {
    faces: async () => (await faceCache.get('all', allFaces)).value,
    voices: async () => (await voiceCache.get('all', allVoices)).value,
    head: async (id: string) => {
      // A head the platform does not know is remembered like one it does: with DH_PUBLIC_HEADS=*
      // a flood of made-up ids costs one platform call per id per minute, not one per request.
      const { value } = await headCache.get(id, () =>
        platform
          .getHead(id)
          .catch((err: unknown) =>
            err instanceof PlatformError && err.status === 404 ? err : Promise.reject(err),
          ),
      );
      if (value instanceof PlatformError) throw value;
      return value;
    },
    headCached: (id: string) => headCache.fresh(id),
    // A day; at most 500 (a face catalogue's thumbnails are a few kilobytes each).
    images: new CoalescingCache<RelayedImage>(24 * 3600e3, 500, now),
  };
}

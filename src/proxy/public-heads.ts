/**
 * What the head routes share: which heads the site publishes, a head's public summary and poster
 * source, the platform page a launch leads to, and where the proxy's routes are. Used by the head,
 * launch, callbacks and creation code (routes/heads.ts, routes/launch.ts, routes/callbacks.ts,
 * create-head.ts).
 */
import type { Context } from 'hono';
import type { HeadSummary } from '../api/answers.js';
import type { View } from '../api/rules.js';
import type { HeadRecord } from '../platform/schemas.js';
import { chatPageUrl, streamPageUrl } from '../platform/urls.js';
import type { Deps } from './deps.js';
import { fail } from './http.js';

/**
 * Platform reads a minute, per client, of heads the public routes have not read lately, when the
 * site publishes every head (DH_PUBLIC_HEADS=*): one client inventing ids spends its own budget
 * (429), never the site's quota at the platform. Heads read lately (a head or "no such head",
 * cached a minute) and listed heads cost nothing; DH_RATE_LIMIT=0 (no per-client limits) turns it off.
 */
export const HEAD_READS_PER_CLIENT = 20;
/** And at most this many for all clients together (a crowd inventing ids): then 429 for uncached heads only. */
export const HEAD_READS_PER_MINUTE = 600;

/**
 * The head of a public route: published (assertPublished), and read through the cache; a read the
 * platform must answer costs the client one of its HEAD_READS_PER_CLIENT a minute.
 */
export async function publicHead(deps: Deps, c: Context, id: string): Promise<HeadRecord> {
  assertPublished(deps, id);
  // Off with the per-client limits (DH_RATE_LIMIT=0: one trusted client, a test suite).
  if (deps.config.rateLimit > 0 && !deps.config.publicHeads.includes(id) && !deps.headCached(id)) {
    const minute = Math.floor(deps.now() / 60_000);
    // The store away (Redis down): reads go on, as the rate limit's do (docs/deploying.md).
    const count = (key: string) => deps.store.increment(key, 65_000).catch(() => 0);
    const used = await count(`head-reads:${await deps.clientOf(c)}:${minute}`);
    if (
      used > HEAD_READS_PER_CLIENT ||
      (await count(`head-reads:all:${minute}`)) > HEAD_READS_PER_MINUTE
    ) {
      fail(
        429,
        'rate_limited',
        `Too many different heads asked for: at most ${HEAD_READS_PER_CLIENT} a minute. Try again in a minute.`,
        { 'retry-after': '60' },
      );
    }
  }
  return deps.head(id);
}

/** The public routes answer only for heads the site publishes (DH_PUBLIC_HEADS). */
export function assertPublished(deps: Deps, id: string): string {
  if (!deps.config.publicHeads.includes('*') && !deps.config.publicHeads.includes(id)) {
    fail(
      404,
      'head_not_published',
      `Head ${id} is not published on this site. Add it to DH_PUBLIC_HEADS (or "*" for all).`,
    );
  }
  return id;
}

/** The face image of a head (avatar, then posterImage), or undefined when it has only a video. */
export async function posterSource(deps: Deps, head: HeadRecord): Promise<string | undefined> {
  const face = head.headVisualId
    ? (await deps.faces()).find((f) => f.id === head.headVisualId)
    : undefined;
  return face?.avatar ?? face?.posterImage ?? undefined;
}

export async function headSummary(deps: Deps, id: string, head: HeadRecord): Promise<HeadSummary> {
  return {
    id,
    name: head.name ?? 'Digital human',
    mode: head.operationMode ?? 'unknown',
    // Only a well-formed locale tag (the facade names the language in the visitor's words).
    language: languageTag(head.language ?? head.langCode),
    // Served by the proxy, so a facade makes no request to the platform before the user asks.
    poster: (await posterSource(deps, head))
      ? `${routeBase(deps)}/heads/${encodeURIComponent(id)}/poster`
      : null,
  };
}

/** A locale tag as given (`es-ES`, `de`), or null when there is none or it is not one. */
function languageTag(value: string | undefined): string | null {
  try {
    return value ? Intl.getCanonicalLocales(value.replace(/_/g, '-'))[0]! : null;
  } catch {
    return null;
  }
}

/** The platform page of a head (it carries the organisation key: never logged, never in JSON). */
export function pageUrl(deps: Deps, head: HeadRecord, view: View): string {
  if (view === 'chat') return chatPageUrl(head.publicUrl, deps.config.platform?.chatUrl);
  const streamUrl = deps.config.platform?.streamUrl;
  if (!streamUrl)
    fail(409, 'stream_unavailable', 'The stream view needs DH_STREAM_URL on the proxy.');
  return streamPageUrl(head.publicUrl, streamUrl!);
}

/**
 * Where this proxy's routes are, as a path: URLs the proxy hands out are relative to its own
 * origin (the elements resolve them against their endpoint), so a TLS-terminating reverse proxy
 * or an internal host name never leaks into them.
 */
export const routeBase = (deps: Deps) => (deps.config.prefix === '/' ? '' : deps.config.prefix);

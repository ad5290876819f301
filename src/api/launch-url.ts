/**
 * The signed launch URL, `<base>/embed/<headId>?view=…&exp=…&sig=…`, in one place: the proxy's
 * signer builds it (proxy/signing.ts), its `/embed/:id` route checks its query (api/requests.ts
 * embedQuerySchema), and `<dh-avatar>` recognises one before it puts it in its frame (api/urls.ts
 * frameUrl). sig = HMAC-SHA256 over the head, the view and exp, in lower-case hex.
 */
import { ID_PATTERN, VIEWS, type View } from './rules.js';

/** `exp`: seconds since the epoch, digits only (`0x…`, `1e9`, signs and spaces are not how a signer writes a time). */
export const EXP_PATTERN = /^\d{1,12}$/;
/** `sig`: an HMAC-SHA256 in lower-case hex. */
export const SIG_PATTERN = /^[0-9a-f]{64}$/;

/** What a launch link carries. */
export interface LaunchFields {
  headId: string;
  view: View;
  /** Seconds since the epoch. */
  exp: number;
  sig: string;
}

/** The link for these fields below `base` (the proxy's route prefix, `/dh`, or its full URL). */
export function launchUrl(base: string, { headId, view, exp, sig }: LaunchFields): string {
  const query = new URLSearchParams({ view, exp: String(exp), sig });
  return `${base.replace(/\/+$/, '')}/embed/${encodeURIComponent(headId)}?${query}`;
}

/**
 * Whether `url` is a launch link below the path `base` (an endpoint's pathname, `/dh`), every
 * field in its pattern. The origin is the caller's to check; the signature is the proxy's.
 */
export function isLaunchUrl(url: URL, base: string): boolean {
  const embed = `${base.replace(/\/+$/, '')}/embed/`;
  const q = url.searchParams;
  // (`test(null)` reads "null", which matches none of the patterns.)
  return (
    url.pathname.startsWith(embed) &&
    ID_PATTERN.test(url.pathname.slice(embed.length)) &&
    VIEWS.includes(q.get('view') as View) &&
    EXP_PATTERN.test(q.get('exp')!) &&
    SIG_PATTERN.test(q.get('sig')!)
  );
}

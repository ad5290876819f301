/**
 * `import 'dh-kit/avatar/preconnect'`: `<dh-avatar>` warms up the connection to its proxy when the
 * pointer comes over it or focus comes into it, before the click (a `<link rel=preconnect>`, once
 * per origin and page). Only a proxy on another origin than the page's gains from it (a site's
 * `configure({trustedEndpoints})`): the default `/dh` on the page's own origin needs none, and a
 * page that does not add this makes no preconnect. Both CDN files import it (src/cdn/). The
 * element decides when: never while its `consent` is asked (avatar.ts).
 */
import { isTrusted, mediaUrl } from '../../api/urls.js';
import { addPreconnect } from './avatar.js';

/** Origins already preconnected on this page: one `<link rel=preconnect>` each, ever. */
const preconnected = new Set<string>();

/**
 * Warms up the connection to a proxy on another origin; the platform's origin is not touched.
 * Only an http(s) endpoint (mediaUrl's rule): a malformed one is refused later, with a message.
 */
function preconnect(endpoint: string): void {
  const url = mediaUrl(endpoint);
  // Not even a connection to an endpoint the page does not trust (markup cannot choose one).
  const origin = url && isTrusted(new URL(url)) && new URL(url).origin;
  if (!origin || origin === location.origin || preconnected.has(origin)) return;
  preconnected.add(origin);
  document.head.append(
    Object.assign(document.createElement('link'), {
      rel: 'preconnect',
      href: origin,
      crossOrigin: '',
    }),
  );
}

addPreconnect(preconnect);

/**
 * The URL policy of every element. Markup is input: whoever writes a page's HTML (a CMS editor, an
 * injected snippet) sets `src`, `endpoint`, `head-id` and `poster`, and an HTML sanitizer does not
 * know that a custom element's attribute is a URL. So an element asks here before it frames a
 * page, fetches, shows an image or a video, or sends the site's credentials:
 *
 * - an endpoint is an http(s) URL or a path, with no `?` or `#` (which would point its routes
 *   anywhere), and trusted: the page's own `/dh`, the `/dh` of the proxy the kit was loaded from
 *   (import.meta.url: the CMS snippet loads the bundle from the proxy's root), or one the site's
 *   script lists with `configure({trustedEndpoints})` (origin and path): markup narrows, script widens;
 * - an id is checked before a path is built from it;
 * - the frame loads only a signed launch link at the endpoint (`<endpoint>/embed/<id>?view&exp&sig`),
 *   https (http on this machine); its `allow` delegates each known feature
 *   to the platform page's origin only, and it is sandboxed without top navigation;
 * - media (posters, thumbnails, videos) are http(s) only.
 *
 * Browser only: it reads `document.baseURI` and `location`.
 */
import { ApiRequestError } from './errors.js';
import { isLaunchUrl } from './launch-url.js';
import { ID_PATTERN, ID_RULE } from './rules.js';

/** Endpoints the site's script trusts (origin and path, without a trailing slash). */
const trustedEndpointKeys = new Set<string>();
/** An endpoint as it is trusted: its origin and path, without a trailing slash. */
const endpointKey = (url: URL) => `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
/** Where the proxy's routes are unless the site says otherwise (DH_PREFIX's default). */
const DEFAULT_PREFIX = '/dh';

export interface KitOptions {
  /**
   * Proxies the elements may use besides the page's own `/dh` (e.g. `['https://api.example.com/dh']`,
   * or `['/api/dh']` for another prefix on this origin): origin and path, as in `endpoint`.
   */
  trustedEndpoints?: readonly string[];
}

/** Settings of the page's own script (never of the markup): call it before the elements load data. */
export function configure(options: KitOptions): void {
  for (const endpoint of options.trustedEndpoints ?? [])
    trustedEndpointKeys.add(endpointKey(endpointUrl(endpoint)));
}

/** `url` resolved against `base` (itself resolved against the page), or undefined when either is malformed. */
const parse = (url: string, base = ''): URL | undefined => {
  try {
    return new URL(url, new URL(base, document.baseURI));
  } catch {
    return undefined;
  }
};

/**
 * The kit's own origin when it was loaded from that origin's root, as the proxy serves the bundle
 * (`/dh-kit.<hash>.js`: the CMS snippet), so that proxy's `/dh` is trusted as it is. Not when it
 * came from a path (a public CDN's `/npm/dh-kit@…/…`, whose origin serves anyone's files), nor
 * where the module is no http(s) URL (SSR, Node).
 */
const kitOrigin = (() => {
  const url = /^https?:/.test(import.meta.url) ? new URL(import.meta.url) : undefined;
  return url && /^\/[^/]+\.js$/.test(url.pathname) ? url.origin : null;
})();

/**
 * Whether the elements may use an endpoint: the page's own `/dh`, the `/dh` of the proxy the kit
 * was loaded from, or one the site's script listed (origin and path: any other path of a trusted
 * origin, such as its uploads, is not a proxy).
 */
export const isTrusted = (url: URL): boolean => {
  const key = endpointKey(url);
  return (
    key === location.origin + DEFAULT_PREFIX ||
    (kitOrigin !== null && key === kitOrigin + DEFAULT_PREFIX) ||
    trustedEndpointKeys.has(key)
  );
};

/**
 * The endpoint as a URL, when the page may use it at all: markup alone (an injected tag, a CMS
 * editor) cannot point an element at another proxy, which would choose what is framed and fetched.
 * Throws `untrusted_endpoint` before any request.
 */
export function trustedEndpoint(endpoint: string): URL {
  const url = endpointUrl(endpoint);
  if (isTrusted(url)) return url;
  throw new ApiRequestError(
    'untrusted_endpoint',
    `Untrusted endpoint ${endpointKey(url)}: list it with configure({trustedEndpoints}).`,
  );
}

/**
 * `trustedEndpoint`, once the page's own scripts have run when the endpoint is not trusted yet:
 * the embed code's script that lists a proxy (`configure`) runs after the kit's file has defined
 * the elements, and the module scripts of a page's HTML all run before DOMContentLoaded starts.
 */
export async function trustedEndpointAfterScripts(endpoint: string): Promise<URL> {
  const navigation = performance.getEntriesByType('navigation')[0] as
    | PerformanceNavigationTiming
    | undefined;
  if (!isTrusted(endpointUrl(endpoint)) && navigation && !navigation.domContentLoadedEventStart)
    await new Promise((resolve) => addEventListener('DOMContentLoaded', resolve, { once: true }));
  return trustedEndpoint(endpoint);
}

/** https; http only on this machine (development) or on the page's own origin. */
const secure = (url: URL): boolean =>
  url.protocol === 'https:' ||
  (url.protocol === 'http:' &&
    (/^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(url.hostname) ||
      url.origin === location.origin));

/** The endpoint as a URL: http(s) or a path, with no `?` or `#`. */
export function endpointUrl(endpoint: string): URL {
  const url = /[?#]/.test(endpoint) ? undefined : parse(endpoint);
  if (url && /^https?:$/.test(url.protocol)) return url;
  throw new ApiRequestError(
    'invalid_endpoint',
    `The endpoint "${endpoint}" is not an http(s) URL or path without ? or #.`,
  );
}

/** An id to put in a path, or an error before any request: `..` or `/` would move it to another route. */
export function idSegment(id: string | undefined, name = 'head-id'): string {
  if (id && ID_PATTERN.test(id)) return id;
  throw new ApiRequestError(
    'invalid_head_id',
    `The ${name} "${id ?? ''}" is not valid: an id is ${ID_RULE}.`,
  );
}

/**
 * The URL a frame may load: a signed launch link of the site's proxy, exactly
 * `<endpoint>/embed/<id>?view&exp&sig` (the endpoint's origin and path: not any page of that
 * origin whose path ends in /embed/<id>, such as an upload), secure. `base` resolves a relative
 * URL: the page for a markup `src`, the endpoint for the proxy's launch answer.
 */
export function frameUrl(url: string, endpoint: string, base?: string): string {
  const e = trustedEndpoint(endpoint);
  const u = parse(url, base);
  if (u && secure(u) && u.origin === e.origin && isLaunchUrl(u, e.pathname)) return u.href;
  throw new ApiRequestError(
    'unsafe_url',
    "This conversation link was refused: it is not a launch link of the site's proxy.",
  );
}

/** A media URL to show (poster, thumbnail, video), or undefined: http(s) only, a relative one resolved. */
export function mediaUrl(url: string | null | undefined, base?: string): string | undefined {
  const u = url ? parse(url, base) : undefined;
  return u && /^https?:$/.test(u.protocol) ? u.href : undefined;
}

/** The platform page's origin from a proxy answer, when it is exactly a secure origin. */
export function pageOrigin(value: unknown): string | undefined {
  const u = typeof value === 'string' ? parse(value) : undefined;
  return u && u.origin === value && secure(u) ? value : undefined;
}

/** The features a frame may be given; anything else in `allow` is ignored. */
export const FRAME_FEATURES = ['microphone', 'camera', 'autoplay', 'fullscreen', 'clipboard-write'];

/** A list of features or tokens (`a; b *` or `a b`) as the set of their names. */
const names = (list: string, separator: RegExp) =>
  new Set(
    list
      .split(separator)
      .map((d) => d.trim().split(/\s+/)[0]!)
      .filter(Boolean),
  );

/**
 * What the frame is allowed by default: microphone and camera only where the frame loads on the
 * visitor's gesture (a click, the bubble opened); autoplay and fullscreen always.
 */
export function defaultAllow(loading: string, layout: string): string {
  return `${loading !== 'click' && layout === 'inline' ? '' : 'microphone; camera; '}autoplay; fullscreen`;
}

/**
 * Markup narrows, script widens: the frame's features are what the site's script set (`allow` the
 * property), else the defaults, of which an `allow` attribute (markup: a CMS editor, an injected
 * tag) keeps only those it names. The same for sandbox tokens (frameSandbox).
 */
export function chosenAllow(
  defaults: string,
  script: string | undefined,
  markup: string | null | undefined,
): string {
  if (script !== undefined) return script;
  if (markup === null || markup === undefined) return defaults;
  const kept = names(markup, /;/);
  return [...names(defaults, /;/)].filter((f) => kept.has(f)).join('; ');
}

/**
 * The frame's `allow`: each known feature asked for, delegated to the platform page's origin and
 * to the origin of the frame's own URL (`via`: the proxy's /embed, which redirects there), nowhere
 * else. Firefox checks a redirected frame's features against both, Chromium against the final
 * page only. Nothing without a platform origin.
 */
export function frameAllow(allow: string, origin: string | undefined, via: string): string {
  const features = names(allow, /;/);
  const to = new URL(via).origin;
  return origin
    ? FRAME_FEATURES.filter((f) => features.has(f))
        .map((f) => `${f} ${to === origin ? '' : `${to} `}${origin}`)
        .join('; ')
    : '';
}

/** What the platform's pages need in the frame's sandbox. */
const SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';

/**
 * The frame's sandbox: what the platform's pages need, of which a `sandbox` attribute (markup)
 * keeps only the tokens it names, plus the `allow-*` tokens the site's script adds (`sandbox` the
 * property), except `allow-top-navigation` (`allow-top-navigation-by-user-activation` is allowed).
 */
export function frameSandbox(script = '', markup?: string | null): string {
  const kept = markup === null || markup === undefined ? undefined : names(markup, /\s+/);
  const base = SANDBOX.split(' ').filter((t) => !kept || kept.has(t));
  return [
    ...base,
    ...script.split(/\s+/).filter((t) => /^allow-(?!top-navigation$)/.test(t) && !base.includes(t)),
  ].join(' ');
}

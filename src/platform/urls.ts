/**
 * Page addresses of a head, built from its publicUrl (spec, Heads rules 2 and 3). Dependency-free
 * and browser-safe: only the URL class. These addresses carry the organisation key (`api_key`) and
 * must be kept private (spec, Heads rule 2): never log them.
 */

/** The parts of a head's publicUrl `{chat_url}/<org_id>/<head_id>?api_key=<API_KEY>`. */
export interface PublicUrlParts {
  orgId: string;
  headId: string;
  apiKey: string;
}

function parseHttpUrl(value: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // The value is not echoed: a publicUrl carries the organisation key.
    throw new Error(`${what} is not a valid URL`);
  }
  // The result becomes an iframe's address: no javascript:, data: or other schemes.
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${what} must be an http(s) URL`);
  return url;
}

function segmentsOf(url: URL): string[] {
  return url.pathname.split('/').filter((s) => s !== '');
}

/** Reads org id, head id (the last two path segments) and api_key from a publicUrl; throws if one is missing. */
export function parsePublicUrl(publicUrl: string): PublicUrlParts {
  const url = parseHttpUrl(publicUrl, 'publicUrl');
  const segments = segmentsOf(url);
  const [orgId, headId] = segments.slice(-2).map(decodeURIComponent);
  if (segments.length < 2 || !orgId || !headId) {
    throw new Error('publicUrl must end with /<org_id>/<head_id> (spec, Heads rule 3)');
  }
  const apiKey = url.searchParams.get('api_key');
  if (!apiKey) throw new Error('publicUrl has no api_key query value (spec, Authentication 5)');
  return { orgId, headId, apiKey };
}

/** `{base}/<org_id>/<head_id>?api_key=<key>`; `base` may have a path prefix and a trailing slash. */
function pageUrl(base: string, what: string, { orgId, headId, apiKey }: PublicUrlParts): string {
  const url = parseHttpUrl(base, what);
  const prefix = url.pathname.replace(/\/+$/, '');
  url.pathname = `${prefix}/${encodeURIComponent(orgId)}/${encodeURIComponent(headId)}`;
  url.search = new URLSearchParams({ api_key: apiKey }).toString();
  url.hash = '';
  return url.toString();
}

/**
 * The chat page of any head (spec, Heads rule 3): `{chat_url}/<org_id>/<head_id>?api_key=<key>`.
 * Without `chatUrl`, the publicUrl's own origin and path prefix are the chat address.
 */
export function chatPageUrl(publicUrl: string, chatUrl?: string): string {
  const parts = parsePublicUrl(publicUrl);
  if (chatUrl !== undefined) return pageUrl(chatUrl, 'chatUrl', parts);
  const url = new URL(publicUrl);
  const prefix = segmentsOf(url).slice(0, -2).join('/');
  return pageUrl(`${url.origin}/${prefix}`, 'publicUrl', parts);
}

/**
 * The streaming page of a streaming head (spec, Heads rule 2): `{stream_url}/<org_id>/<head_id>?api_key=<key>`,
 * from the path segments and the api_key of publicUrl.
 */
export function streamPageUrl(publicUrl: string, streamUrl: string): string {
  return pageUrl(streamUrl, 'streamUrl', parsePublicUrl(publicUrl));
}

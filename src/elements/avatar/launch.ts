/**
 * What `<dh-avatar>` puts in its frame, and how it gets it: a launch URL checked by the kit's URL
 * policy (api/urls.ts), from the page's markup (`src`) or from the proxy (`head-id`), with the
 * origin of the platform page it leads to. A click with `head-id` costs one request here (the
 * launch); the frame's navigation is the second. Only a markup `src` is asked about first.
 */
import { launchSchema } from '../../api/answers.js';
import { ApiRequestError, getJson, plainRefusal } from '../../api/client.js';
import type { View } from '../../api/rules.js';
import { frameUrl, idSegment, pageOrigin } from '../../api/urls.js';

/** What the frame loads: a checked launch URL, and the platform page's origin it leads to. */
export interface Frame {
  url: string;
  origin?: string | undefined;
}

/** A launch URL this close to expiry is not used: it could expire while the frame loads. */
const EXPIRY_MARGIN_MS = 5000;

export async function launchFrame(
  {
    src,
    headId,
    endpoint,
    view,
  }: { src?: string | undefined; headId?: string | undefined; endpoint: string; view: View },
  signal: AbortSignal,
): Promise<Frame> {
  if (src) {
    // Markup: checked before anything is fetched or framed.
    const url = frameUrl(src, endpoint);
    try {
      // Fresh by this page's clock; the proxy has the last word (its clock, the signature).
      if (Number(new URL(url).searchParams.get('exp')) * 1000 < Date.now() + EXPIRY_MARGIN_MS) {
        throw new ApiRequestError(
          'launch_expired',
          'This conversation link has expired. Reload the page to get a new one.',
        );
      }
      return { url, origin: await check(url, signal) };
    } catch (err) {
      // With head-id, an expired src (a cached page) is replaced by a fresh URL.
      if ((err as ApiRequestError).code !== 'launch_expired' || !headId) throw err;
    }
  }
  if (!headId)
    throw new ApiRequestError('missing_head', 'Set head-id (or a signed src) on <dh-avatar>.');
  const launch = await getJson(
    endpoint,
    `/heads/${idSegment(headId)}/launch`,
    launchSchema,
    signal,
    view ? `?view=${encodeURIComponent(view)}` : '',
  );
  // Signed by the proxy a moment ago: asking it again whether it accepts the link would only
  // cost the visitor a round trip (a markup `src` is checked above; it may be old or edited).
  // Its URL is relative to the proxy, not to this page (the proxy may be on another origin).
  return { url: frameUrl(launch.url, endpoint, endpoint), origin: pageOrigin(launch.pageOrigin) };
}

/**
 * Asks the proxy, for JSON, what the frame would get: a refused link (tampered, expired) becomes
 * the element's error state instead of a refusal page in the frame, and a good one names the
 * platform page's origin. A redirect is not followed, so this never reaches the platform. A
 * network or CORS failure tells nothing: the frame goes anyway, with no feature delegated.
 */
async function check(url: string, signal: AbortSignal): Promise<string | undefined> {
  const res = await fetch(url, {
    redirect: 'manual',
    headers: { accept: 'application/json' },
    signal,
  }).catch(() => undefined);
  const payload = await res?.json().catch(() => undefined);
  if (res && !res.ok && res.type !== 'opaqueredirect') throw plainRefusal(res, payload);
  return pageOrigin(payload?.pageOrigin);
}

/**
 * The platform's media, relayed: a visitor's browser never contacts the platform's media host
 * outside the chat frame, and a page with a strict Content-Security-Policy (`img-src` and
 * `media-src` naming only the site) shows every picture. Used by the head poster
 * (`/heads/:id/poster`), the faces' pictures and idle videos (`/faces/:id/image`, `/faces/:id/video`)
 * and the video downloads (`/heads/:id/videos/:talkId/download`).
 *
 * The address fetched is always one the platform gave (a face's, a head's, a talk's), never one
 * the browser sent, and never one a redirect points to: no server-side request forgery.
 */
import type { Deps, RelayedImage } from './deps.js';
import { fail } from './http.js';

/** An image larger than this is refused; the platform's are a few kilobytes. */
const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
const IMAGE_TIMEOUT_MS = 10_000;
const IMAGE_TYPE = /^image\/(png|jpeg|webp|gif|avif|svg\+xml)\b/;
/** How long the media server may take to start answering, and then to send each next chunk. */
const MEDIA_TIMEOUT_MS = 15_000;
const MEDIA_IDLE_MS = 30_000;
/** Answers that are an error page, not a video (a media server's 200 with HTML, say). */
const NOT_VIDEO = /^(text\/|application\/(json|problem|xml|xhtml))/i;

const isHttp = (url: string) => /^https?:\/\//i.test(url);

/**
 * An image of the platform's, read once and kept in the proxy's image cache for a day (the same
 * address is fetched once however many visitors ask). `what` names it in the error:
 * 502 `media_unavailable` when it cannot be read, is not an image, or is too large.
 */
export async function relayImage(deps: Deps, source: string, what: string): Promise<RelayedImage> {
  const cached = await deps.images.get(source, async () => {
    const unavailable = (why: string) =>
      fail(502, 'media_unavailable', `${what} could not be loaded from the platform: ${why}.`);
    // A 3xx is not ok: refused ('manual': Workers has no redirect 'error').
    const res = isHttp(source)
      ? await deps
          .fetch(source, { signal: AbortSignal.timeout(IMAGE_TIMEOUT_MS), redirect: 'manual' })
          .catch(() => undefined)
      : undefined;
    const type = res?.headers.get('content-type') ?? '';
    if (!res?.ok || !IMAGE_TYPE.test(type)) {
      await res?.body?.cancel().catch(() => undefined);
      return unavailable(
        res ? `the answer was ${res.status} ${type || 'with no type'}` : 'no answer',
      );
    }
    if (Number(res.headers.get('content-length') ?? 0) > IMAGE_MAX_BYTES) {
      await res.body?.cancel().catch(() => undefined);
      return unavailable('it is too large');
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (bytes.byteLength > IMAGE_MAX_BYTES) return unavailable('it is too large');
    return { type, bytes };
  });
  return cached.value;
}

/** The answer for a relayed image: cached by browsers for a day, never a document that runs script. */
export function imageResponse(image: RelayedImage): Response {
  return new Response(image.bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      'content-type': image.type,
      'content-length': String(image.bytes.byteLength),
      'cache-control': 'public, max-age=86400',
      // An SVG from elsewhere, now on the site's origin: never a document that runs script.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'x-content-type-options': 'nosniff',
    },
  });
}

/**
 * The answer for a relayed video a `<video>` plays (a 206 with its range when one was asked
 * for); `cacheControl` says who may keep it: a face's idle clip is public, a talk's private.
 */
export function videoResponse(media: RelayedMedia, cacheControl: string): Response {
  return new Response(media.body, {
    status: media.status,
    headers: {
      'content-type': 'video/mp4',
      ...media.headers,
      'cache-control': cacheControl,
      'x-content-type-options': 'nosniff',
    },
  });
}

export interface RelayedMedia {
  status: 200 | 206;
  body: ReadableStream<Uint8Array>;
  headers: Record<string, string>;
}

/**
 * A video of the platform's, passed on as it comes (never held in memory). A `range` the browser
 * sent (a `<video>` seeking, Safari always) is passed on, and a 206 with its `content-range`
 * comes back. The request has a deadline for its first answer and then one per chunk, so a slow
 * download of a long video goes on while a stalled one ends; a download the browser drops
 * cancels the upstream read. 502 `video_unavailable` when the platform has no video there.
 */
export async function relayMedia(
  deps: Deps,
  url: string,
  range?: string | undefined,
): Promise<RelayedMedia> {
  const unavailable = () =>
    fail(
      502,
      'video_unavailable',
      'The video file could not be fetched from the platform. Try again in a moment.',
    );
  if (!isHttp(url) || !URL.canParse(url)) return unavailable();
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), MEDIA_TIMEOUT_MS);
  // Only a well-formed single byte range is passed on.
  const headers: Record<string, string> =
    range && /^bytes=\d{0,15}-\d{0,15}$/.test(range) ? { range } : {};
  const res = await deps
    .fetch(url, { signal: abort.signal, redirect: 'manual', headers })
    .catch(() => undefined);
  clearTimeout(timer);
  if (
    !res ||
    (res.status !== 200 && res.status !== 206) ||
    !res.body ||
    NOT_VIDEO.test(res.headers.get('content-type') ?? '')
  ) {
    await res?.body?.cancel().catch(() => undefined);
    return unavailable();
  }
  const reader = res.body.getReader();
  // Pulled one chunk at a time as the browser takes them: nothing is buffered, and the idle
  // deadline runs only while a chunk is awaited from the media server (a slow reader is no fault).
  const body = new ReadableStream<Uint8Array>({
    async pull(out) {
      const idle = setTimeout(() => abort.abort(), MEDIA_IDLE_MS);
      try {
        const { done, value } = await reader.read();
        if (done) out.close();
        else out.enqueue(value);
      } finally {
        clearTimeout(idle);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
  const passed: Record<string, string> = {};
  const length = res.headers.get('content-length');
  if (length && /^\d{1,15}$/.test(length)) passed['content-length'] = length;
  const contentRange = res.headers.get('content-range');
  if (res.status === 206 && contentRange && /^bytes [\d\-/*]+$/.test(contentRange))
    passed['content-range'] = contentRange;
  if (res.headers.get('accept-ranges') === 'bytes') passed['accept-ranges'] = 'bytes';
  return { status: res.status === 206 ? 206 : 200, body, headers: passed };
}

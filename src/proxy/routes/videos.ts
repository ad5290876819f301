/**
 * `/heads/:id/videos` (mounted by heads.ts, which checks the id), text to video for the back
 * office: start a video, list a head's talks, and download a talk's
 * mp4 through the proxy (the media server is another origin, where a link's `download` is
 * ignored), streamed as it comes and never held in memory. The daily cap (DH_VIDEO_DAILY_CAP) is
 * counted in the store, so it holds across instances.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { VideosPage } from '../../api/answers.js';
import { attachment, videoFileName } from '../file-names.js';
import { headIdSchema, videoRequestSchema, videosQuerySchema } from '../../api/requests.js';
import type { Talk } from '../../platform/schemas.js';
import type { Deps } from '../deps.js';
import { fail } from '../http.js';
import { requireAdmin } from '../security.js';
import { valid } from '../validate.js';

/** The head's id is checked first, where `/heads` is mounted (invalid_head_id); then the talk's. */
const talkParam = valid(
  'param',
  z.object({ id: z.string(), talkId: headIdSchema }),
  'invalid_talk_id',
);

/** A video download looks for its talk this many at a time, newest first… */
const TALK_SEARCH_TAKE = 100;
/** …on at most this many pages: an unknown id costs a bounded number of platform calls. */
const TALK_SEARCH_MAX_PAGES = 20;
/** How long the media server may take to start answering, and then to send each next chunk. */
const MEDIA_TIMEOUT_MS = 15_000;
const MEDIA_IDLE_MS = 30_000;
/** Answers that are an error page, not a video (a media server's 200 with HTML, say). */
const NOT_VIDEO = /^(text\/|application\/(json|problem|xml|xhtml))/i;

/**
 * Fetches a talk's mp4 and passes its body on as it comes (never held in memory). The request
 * has a deadline for its first answer and then one per chunk, so a slow download of a long
 * video goes on while a stalled one ends; a download the browser drops cancels the upstream read.
 */
async function streamMedia(
  deps: Deps,
  url: string,
): Promise<{ body: ReadableStream<Uint8Array>; length?: string }> {
  const unavailable = () =>
    fail(
      502,
      'video_unavailable',
      'The video file could not be fetched from the platform. Try again in a moment.',
    );
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:'))
    return unavailable();
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), MEDIA_TIMEOUT_MS);
  // Redirects are refused (a 3xx is not ok; 'manual', as Workers has no 'error'): the address
  // fetched is the platform's own answer, not one it points to.
  const res = await deps
    .fetch(parsed.href, { signal: abort.signal, redirect: 'manual' })
    .catch(() => undefined);
  clearTimeout(timer);
  if (
    !res?.ok ||
    res.status !== 200 ||
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
  const length = res.headers.get('content-length');
  return { body, length: length && /^\d{1,15}$/.test(length) ? length : undefined };
}

export function videoRoutes(deps: Deps) {
  const app = new Hono();

  app.post(
    '/',
    requireAdmin(deps, 'videos:create'),
    valid('json', videoRequestSchema),
    async (c) => {
      const id = c.req.param('id')!;
      const { text } = c.req.valid('json');
      const cap = deps.config.videoDailyCap;
      const day = new Date(deps.now()).toISOString().slice(0, 10);
      const key = `videos:${day}`;
      if (cap > 0) {
        // Counted before the call (so parallel requests cannot all pass), given back if it fails.
        const used = await deps.store.increment(key, 24 * 3600e3);
        if (used > cap) {
          await deps.store.increment(key, 24 * 3600e3, -1);
          const midnight = Date.parse(`${day}T00:00:00Z`) + 24 * 3600e3;
          const seconds = Math.ceil((midnight - deps.now()) / 1000);
          fail(
            429,
            'video_cap_reached',
            `The daily limit of ${cap} videos is reached (DH_VIDEO_DAILY_CAP). It resets at midnight UTC.`,
            { 'retry-after': String(seconds) },
          );
        }
      }
      try {
        await deps.platform.textToVideo({ id, text });
      } catch (err) {
        if (cap > 0) await deps.store.increment(key, 24 * 3600e3, -1);
        throw err;
      }
      return c.json({ headId: id, status: 'processing' }, 202);
    },
  );

  app.get('/', requireAdmin(deps, 'videos:list'), valid('query', videosQuerySchema), async (c) => {
    const id = c.req.param('id')!;
    const q = c.req.valid('query');
    const page = await deps.platform.listTalks(id, {
      order: q.order ?? 'DESC',
      page: q.page,
      take: q.take,
    });
    const body: VideosPage = {
      // A talk still being made has no url yet: "" (the studio shows it as not playable yet).
      items: page.data.map(({ id: talkId, createdAt, updatedAt, voice, url, text }) => ({
        id: talkId,
        createdAt,
        updatedAt,
        voice,
        url: url ?? '',
        text,
      })),
      page: page.meta.page,
      take: page.meta.take,
      total: page.meta.itemCount,
      pageCount: page.meta.pageCount,
      hasNextPage: page.meta.hasNextPage,
    };
    c.header('cache-control', 'no-store');
    return c.json(body);
  });

  // The platform's media server is another origin, where a link's `download` is ignored (the mp4
  // opens instead of saving): served from the proxy, with content-disposition, it saves.
  app.get('/:talkId/download', requireAdmin(deps, 'videos:list'), talkParam, async (c) => {
    const { id, talkId: wanted } = c.req.valid('param');
    // The URL fetched is the one the platform lists for this talk, never one the browser sent (no SSRF).
    let talk: Talk | undefined;
    for (let page = 1; page <= TALK_SEARCH_MAX_PAGES && talk === undefined; page++) {
      const talks = await deps.platform.listTalks(id, {
        order: 'DESC',
        page,
        take: TALK_SEARCH_TAKE,
      });
      talk = talks.data.find((t) => t.id === wanted);
      if (!talks.meta.hasNextPage || talks.data.length === 0) break;
    }
    const url = talk?.url;
    if (talk && !url)
      fail(
        409,
        'video_not_ready',
        `The video ${wanted} is still being made: try again in a minute.`,
      );
    if (url === undefined)
      fail(
        404,
        'talk_not_found',
        `The head ${id} has no video ${wanted} (among its ${TALK_SEARCH_MAX_PAGES * TALK_SEARCH_TAKE} newest).`,
      );
    // Named after the head and the text (the head's name is read through the cache; without it, the text).
    const head = await deps.head(id).catch(() => undefined);
    const media = await streamMedia(deps, url!);
    return new Response(media.body, {
      status: 200,
      headers: {
        'content-type': 'video/mp4',
        ...(media.length ? { 'content-length': media.length } : {}),
        'content-disposition': attachment(videoFileName(head?.name, talk!.text, wanted)),
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        // A back office on another origin (DH_ALLOWED_ORIGINS) that fetches the file may read its
        // name too: CORS hides content-disposition from a script unless it is exposed (corsFor
        // adds the headers every answer exposes to this list).
        'access-control-expose-headers': 'content-disposition',
      },
    });
  });

  return app;
}

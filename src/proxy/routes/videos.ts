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
import { relayMedia, videoResponse } from '../media.js';
import { routeBase } from '../public-heads.js';
import { requireAdmin } from '../security/admin-guard.js';
import { signTalkMedia, verifyTalkMedia } from '../signing.js';
import { valid } from '../validate.js';

/** The head's id is checked first, where `/heads` is mounted (invalid_head_id); then the talk's. */
const talkParam = valid(
  'param',
  z.object({ id: z.string(), talkId: headIdSchema }),
  'invalid_talk_id',
);

/** A talk's signed video address: `exp` (epoch seconds) and `sig` (hex). */
const talkMediaQuery = valid(
  'query',
  z.object({
    exp: z.coerce.number().int().positive(),
    sig: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  'media_link_invalid',
);

/** A video download looks for its talk this many at a time, newest first… */
const TALK_SEARCH_TAKE = 100;
/** …on at most this many pages: an unknown id costs a bounded number of platform calls. */
const TALK_SEARCH_MAX_PAGES = 20;
/** Where a listed talk's video is, kept as long as its signed address lives (no search to play it). */
const talkMediaKey = (head: string, talk: string) => `talk-media:${head}:${talk}`;
const TALK_MEDIA_KEEP_MS = 2 * 3600e3;

/**
 * The talk's video address as the platform lists it (never one the browser sent: no SSRF): 404
 * `talk_not_found` among the head's newest talks, 409 `video_not_ready` while it is being made.
 */
async function talkVideoUrl(
  deps: Deps,
  id: string,
  wanted: string,
): Promise<{ talk: Talk; url: string }> {
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
  if (talk === undefined)
    fail(
      404,
      'talk_not_found',
      `The head ${id} has no video ${wanted} (among its ${TALK_SEARCH_MAX_PAGES * TALK_SEARCH_TAKE} newest).`,
    );
  if (!talk!.url)
    fail(409, 'video_not_ready', `The video ${wanted} is still being made: try again in a minute.`);
  return { talk: talk!, url: talk!.url! };
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
    // A talk's video plays from the proxy (a page's CSP names only the site; media.ts), at a
    // signed address: a talk still being made has no url yet, "" (the studio shows it as not
    // playable yet). Where each video is stays in the store, so playing it costs no search; best
    // effort (the store away, KV refusing a second write to a key within a second): the media
    // route then searches the head's talks for it.
    const items = await Promise.all(
      page.data.map(async ({ id: talkId, createdAt, updatedAt, voice, url, text }) => {
        if (!url) return { id: talkId, createdAt, updatedAt, voice, url: '', text };
        await deps.store
          .set(talkMediaKey(id, talkId), url, TALK_MEDIA_KEEP_MS)
          .catch(() => undefined);
        const { exp, sig } = await signTalkMedia(
          deps.signingSecret,
          id,
          talkId,
          Math.floor(deps.now() / 1000),
        );
        const at = `${routeBase(deps)}/heads/${encodeURIComponent(id)}/videos/${encodeURIComponent(talkId)}`;
        return {
          id: talkId,
          createdAt,
          updatedAt,
          voice,
          url: `${at}/media?exp=${exp}&sig=${sig}`,
          text,
        };
      }),
    );
    const body: VideosPage = {
      items,
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
    const { talk, url } = await talkVideoUrl(deps, id, wanted);
    // Named after the head and the text (the head's name is read through the cache; without it, the text).
    const head = await deps.head(id).catch(() => undefined);
    const media = await relayMedia(deps, url);
    return new Response(media.body, {
      status: 200,
      headers: {
        'content-type': 'video/mp4',
        ...(media.headers['content-length']
          ? { 'content-length': media.headers['content-length'] }
          : {}),
        'content-disposition': attachment(videoFileName(head?.name, talk.text, wanted)),
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        // A back office on another origin (DH_ALLOWED_ORIGINS) that fetches the file may read its
        // name too: CORS hides content-disposition from a script unless it is exposed (corsFor
        // adds the headers every answer exposes to this list).
        'access-control-expose-headers': 'content-disposition',
      },
    });
  });

  // A talk's video for the studio's <video>: its address is the proof (signed by the list above),
  // checked before anything else; ranges are passed on (seeking, Safari).
  app.get('/:talkId/media', talkParam, talkMediaQuery, async (c) => {
    const { id, talkId } = c.req.valid('param');
    const { exp, sig } = c.req.valid('query');
    const fields = { headId: id, talkId, exp, sig };
    if (!(await verifyTalkMedia(deps.signingSecret, fields, Math.floor(deps.now() / 1000))))
      fail(
        403,
        'media_link_invalid',
        "This video address is not valid or has expired: list the head's videos again for a new one.",
      );
    const url =
      (await deps.store.get(talkMediaKey(id, talkId))) ??
      (await talkVideoUrl(deps, id, talkId)).url;
    const media = await relayMedia(deps, url, c.req.header('range'));
    return videoResponse(media, 'private, max-age=3600');
  });

  return app;
}

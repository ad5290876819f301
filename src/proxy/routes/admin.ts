/**
 * Admin routes for a site's back office: text-to-video and the talks list, tools, event delivery
 * and webhook configuration. Webhook shared keys stay on the server: answers say only whether one
 * is set, and the proxy keeps each key for verifying deliveries.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { VideosPage } from '../../api/answers.js';
import { headIdSchema, videoRequestSchema, videosQuerySchema } from '../../api/requests.js';
import { toolDefinitionSchema, webhookCreateSchema, webhookUpdateSchema, type WebhookConfig } from '../../platform/schemas.js';
import { promptMismatch } from '../../platform/tools.js';
import type { Deps } from '../deps.js';
import { fail, jsonBody, parseInput } from '../http.js';
import { requireAdmin } from '../security.js';
import { readPlatformKeys, storedSharedKeys, storeSharedKeys } from './hooks.js';

const headId = (c: Context) => parseInput(headIdSchema, c.req.param('id'), 'invalid_head_id');
const talkId = (c: Context) => parseInput(headIdSchema, c.req.param('talkId'), 'invalid_talk_id');
const webhookId = (c: Context) =>
  Number(parseInput(z.string().regex(/^[1-9]\d{0,15}$/, 'the webhook id is a positive whole number'), c.req.param('id'), 'invalid_webhook_id'));

export { sharedKeysKey } from './hooks.js';

/** A video download looks for its talk this many at a time, newest first… */
const TALK_SEARCH_TAKE = 100;
/** …on at most this many pages: an unknown id costs a bounded number of platform calls. */
const TALK_SEARCH_MAX_PAGES = 20;
/** How long the media server may take to start answering, and then to send each next chunk. */
const MEDIA_TIMEOUT_MS = 15_000;
const MEDIA_IDLE_MS = 30_000;
/** Answers that are an error page, not a video (a media server's 200 with HTML, say). */
const NOT_VIDEO = /^(text\/|application\/(json|problem|xml|xhtml))/i;

/** A file name part: letters, digits, `-` and `_` only (no quote, no path, nothing to escape in the header). */
const fileNamePart = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 100);

/**
 * Fetches a talk's mp4 and passes its body on as it comes (never held in memory). The request
 * has a deadline for its first answer and then one per chunk, so a slow download of a long
 * video goes on while a stalled one ends; a download the browser drops cancels the upstream read.
 */
async function streamMedia(deps: Deps, url: string): Promise<{ body: ReadableStream<Uint8Array>; length?: string }> {
  const unavailable = () => fail(502, 'video_unavailable', 'The video file could not be fetched from the platform. Try again in a moment.');
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) return unavailable();
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), MEDIA_TIMEOUT_MS);
  // Redirects are refused: the address fetched is the platform's own answer, not one it points to.
  const res = await deps.fetch(parsed.href, { signal: abort.signal, redirect: 'error' }).catch(() => undefined);
  clearTimeout(timer);
  if (!res?.ok || res.status !== 200 || !res.body || NOT_VIDEO.test(res.headers.get('content-type') ?? '')) {
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

/** A webhook configuration as a browser may see it: everything but the shared key. */
function webhookView({ sharedKey, ...rest }: WebhookConfig) {
  return { ...rest, sharedKeySet: sharedKey.length > 0 };
}

/**
 * Primes the receiver's key cache with a key just created, so the first delivery costs no platform
 * call. A cache like the receiver's own (KEYS_TTL_MS): the platform stays the truth.
 */
async function rememberSharedKey(deps: Deps, head: string, key: string): Promise<void> {
  const known = (await storedSharedKeys(deps.store, head)) ?? [];
  if (!known.includes(key)) await storeSharedKeys(deps.store, head, [...known, key]);
}

export function adminRoutes(deps: Deps) {
  const app = new Hono();

  app.post('/heads/:id/videos', requireAdmin(deps, 'videos:create'), async (c) => {
    const id = headId(c);
    const { text } = parseInput(videoRequestSchema, await jsonBody(c));
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
        fail(429, 'video_cap_reached', `The daily limit of ${cap} videos is reached (DH_VIDEO_DAILY_CAP). It resets at midnight UTC.`, { 'retry-after': String(seconds) });
      }
    }
    try {
      await deps.platform.textToVideo({ id, text });
    } catch (err) {
      if (cap > 0) await deps.store.increment(key, 24 * 3600e3, -1);
      throw err;
    }
    return c.json({ headId: id, status: 'processing' }, 202);
  });

  app.get('/heads/:id/videos', requireAdmin(deps, 'videos:list'), async (c) => {
    const id = headId(c);
    const q = parseInput(videosQuerySchema, c.req.query());
    const page = await deps.platform.listTalks(id, { order: q.order ?? 'DESC', page: q.page, take: q.take });
    const body: VideosPage = {
      items: page.data.map(({ id: talkId, createdAt, updatedAt, voice, url, text }) => ({ id: talkId, createdAt, updatedAt, voice, url, text })),
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
  app.get('/heads/:id/videos/:talkId/download', requireAdmin(deps, 'videos:list'), async (c) => {
    const id = headId(c);
    const wanted = talkId(c);
    // The URL fetched is the one the platform lists for this talk, never one the browser sent (no SSRF).
    let url: string | undefined;
    for (let page = 1; page <= TALK_SEARCH_MAX_PAGES && url === undefined; page++) {
      const talks = await deps.platform.listTalks(id, { order: 'DESC', page, take: TALK_SEARCH_TAKE });
      url = talks.data.find((t) => t.id === wanted)?.url;
      if (!talks.meta.hasNextPage || talks.data.length === 0) break;
    }
    if (url === undefined) fail(404, 'talk_not_found', `The head ${id} has no video ${wanted} (among its ${TALK_SEARCH_MAX_PAGES * TALK_SEARCH_TAKE} newest).`);
    const media = await streamMedia(deps, url!);
    // A back office on another origin (DH_ALLOWED_ORIGINS) that fetches the file may read its name
    // too: CORS hides content-disposition from a script unless it is exposed.
    const exposed = c.res.headers.get('access-control-expose-headers');
    if (exposed) c.header('access-control-expose-headers', `${exposed}, content-disposition`);
    return new Response(media.body, {
      status: 200,
      headers: {
        'content-type': 'video/mp4',
        ...(media.length ? { 'content-length': media.length } : {}),
        'content-disposition': `attachment; filename="${fileNamePart(id)}-${fileNamePart(wanted)}.mp4"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  });

  app.put('/heads/:id/splitter', requireAdmin(deps, 'heads:create'), async (c) => {
    const id = headId(c);
    const { on } = parseInput(z.object({ on: z.boolean('on is true or false') }), await jsonBody(c));
    // Spec, Heads rule 1: streaming avatars need it off.
    await deps.platform.setSplitter(id, on);
    return c.json({ headId: id, splitter: on });
  });

  app.put('/heads/:id/tools', requireAdmin(deps, 'tools:set'), async (c) => {
    const id = headId(c);
    const { tools, prompt } = parseInput(z.object({ tools: z.array(toolDefinitionSchema), prompt: z.string().optional() }), await jsonBody(c));
    if (prompt !== undefined) {
      const problem = promptMismatch(tools, prompt);
      if (problem) fail(400, 'tool_prompt_mismatch', problem);
    }
    await deps.platform.setTools(id, tools);
    return c.json({ headId: id, tools });
  });

  app.put('/heads/:id/events', requireAdmin(deps, 'events:set'), async (c) => {
    const id = headId(c);
    const { enabled } = parseInput(z.object({ enabled: z.boolean('enabled is true or false') }), await jsonBody(c));
    await deps.platform.setEventsEnabled(id, enabled);
    return c.json({ headId: id, enabled });
  });

  app.get('/webhooks', requireAdmin(deps, 'webhooks:read'), async (c) => {
    const head = parseInput(headIdSchema, c.req.query('headId'), 'invalid_head_id');
    const hooks = await deps.platform.listWebhooks(head);
    // The platform's whole list for the head: it replaces what the receiver knew.
    await storeSharedKeys(deps.store, head, hooks.filter((h) => h.headId === head).map((h) => h.sharedKey).filter(Boolean));
    return c.json({ items: hooks.map(webhookView) });
  });

  app.post('/webhooks', requireAdmin(deps, 'webhooks:write'), async (c) => {
    const body = parseInput(webhookCreateSchema, await jsonBody(c));
    const { sharedKey } = await deps.platform.createWebhook(body);
    await rememberSharedKey(deps, body.headId, sharedKey);
    // The platform answers only the key; the new configuration is the newest of the head's list.
    const hooks = await deps.platform.listWebhooks(body.headId);
    const created = hooks.find((h) => h.sharedKey === sharedKey);
    return c.json(created ? webhookView(created) : { headId: body.headId, sharedKeySet: true }, 201);
  });

  app.get('/webhooks/:id', requireAdmin(deps, 'webhooks:read'), async (c) => c.json(webhookView(await deps.platform.getWebhook(webhookId(c)))));

  app.patch('/webhooks/:id', requireAdmin(deps, 'webhooks:write'), async (c) => {
    const id = webhookId(c);
    await deps.platform.updateWebhook(id, parseInput(webhookUpdateSchema, await jsonBody(c)));
    return c.json(webhookView(await deps.platform.getWebhook(id)));
  });

  app.delete('/webhooks/:id', requireAdmin(deps, 'webhooks:write'), async (c) => {
    const id = webhookId(c);
    // Which head's keys change (the id alone does not say); a failure here must not stop the delete.
    const gone = await deps.platform.getWebhook(id).catch(() => undefined);
    await deps.platform.deleteWebhook(id);
    if (gone) {
      // The deleted key must stop verifying now, not when the cache expires: read the head's keys
      // again, or at least drop that one.
      await readPlatformKeys(deps, gone.headId).catch(async () => {
        const known = (await storedSharedKeys(deps.store, gone.headId)) ?? [];
        if (known.length) await storeSharedKeys(deps.store, gone.headId, known.filter((k) => k !== gone.sharedKey));
      });
    }
    return c.body(null, 204);
  });

  return app;
}

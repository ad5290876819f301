/**
 * Admin routes for a site's back office: text-to-video and the talks list, tools, event delivery
 * and webhook configuration. Webhook shared keys stay on the server: answers say only whether one
 * is set, and the proxy keeps each key for verifying deliveries.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { headIdSchema, videoRequestSchema, videosQuerySchema, type VideosPage } from '../../api/schemas.js';
import { toolDefinitionSchema, webhookCreateSchema, webhookUpdateSchema, type ToolDefinition, type WebhookConfig } from '../../platform/schemas.js';
import type { Deps } from '../deps.js';
import { fail, jsonBody, parseInput } from '../http.js';
import { requireAdmin } from '../security.js';
import { readPlatformKeys, storedSharedKeys, storeSharedKeys } from './hooks.js';

const headId = (c: Context) => parseInput(headIdSchema, c.req.param('id'), 'invalid_head_id');
const webhookId = (c: Context) =>
  Number(parseInput(z.string().regex(/^[1-9]\d{0,15}$/, 'the webhook id is a positive whole number'), c.req.param('id'), 'invalid_webhook_id'));

export { sharedKeysKey } from './hooks.js';

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

/**
 * Spec, Tool definition: "Parameter names in the prompt must match these names". Given the
 * head's prompt, every parameter must be named in it, and every {placeholder} in it must be a
 * parameter: a mismatch is a tool the model would call with the wrong arguments.
 */
export function promptMismatch(tools: ToolDefinition[], prompt: string): string | undefined {
  const names = new Set(tools.flatMap((t) => t.parameters.map((p) => p.name)));
  for (const tool of tools) {
    for (const p of tool.parameters) {
      if (!new RegExp(`\\b${p.name}\\b`).test(prompt)) return `The prompt does not name the parameter "${p.name}" of the tool "${tool.name}".`;
    }
  }
  for (const [, placeholder] of prompt.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) {
    if (!names.has(placeholder!)) return `The prompt uses {${placeholder}}, which no tool has as a parameter (${[...names].join(', ') || 'none'}).`;
  }
  return undefined;
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

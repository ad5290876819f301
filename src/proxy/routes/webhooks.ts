/**
 * `/webhooks`, the webhook configurations (the platform's /head-events) for the back office. Shared keys stay on
 * the server: answers say only whether one is set, and the receiver's key cache
 * (webhook-keys.ts) learns each key as it is created, read or deleted here.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { headIdSchema } from '../../api/requests.js';
import {
  webhookCreateSchema,
  webhookUpdateSchema,
  type WebhookConfig,
} from '../../platform/schemas.js';
import type { Deps } from '../deps.js';
import { requireAdmin } from '../security/admin-guard.js';
import { valid } from '../validate.js';
import {
  readPlatformKeys,
  rememberHead,
  rememberSharedKey,
  storedSharedKeys,
  storeSharedKeys,
} from '../webhook-keys.js';

const webhookParam = valid(
  'param',
  z.object({
    id: z
      .string()
      .regex(/^[1-9]\d{0,15}$/, 'the webhook id is a positive whole number')
      .transform(Number),
  }),
  'invalid_webhook_id',
);
const headQuery = valid('query', z.object({ headId: headIdSchema }), 'invalid_head_id');

/** A webhook configuration as a browser may see it: everything but the shared key. */
function webhookView({ sharedKey, ...rest }: WebhookConfig) {
  return { ...rest, sharedKeySet: sharedKey.length > 0 };
}

export function webhookRoutes(deps: Deps) {
  const app = new Hono();

  app.get('/', requireAdmin(deps, 'webhooks:read'), headQuery, async (c) => {
    const head = c.req.valid('query').headId;
    const hooks = await deps.platform.listWebhooks(head);
    // The platform's whole list for the head: it replaces what the receiver knew.
    if (hooks.length) await rememberHead(deps.store, head);
    await storeSharedKeys(
      deps.store,
      head,
      hooks
        .filter((h) => h.headId === head)
        .map((h) => h.sharedKey)
        .filter(Boolean),
    );
    return c.json({ items: hooks.map(webhookView) });
  });

  app.post(
    '/',
    requireAdmin(deps, 'webhooks:write'),
    valid('json', webhookCreateSchema),
    async (c) => {
      const body = c.req.valid('json');
      const { sharedKey } = await deps.platform.createWebhook(body);
      await rememberSharedKey(deps.store, body.headId, sharedKey);
      // The platform answers only the key; the new configuration is the newest of the head's list.
      const hooks = await deps.platform.listWebhooks(body.headId);
      // Both from the platform: a lookup, not a check of a caller's secret.
      const created = hooks.find((h) => h.sharedKey === sharedKey);
      return c.json(
        created ? webhookView(created) : { headId: body.headId, sharedKeySet: true },
        201,
      );
    },
  );

  app.get('/:id', requireAdmin(deps, 'webhooks:read'), webhookParam, async (c) =>
    c.json(webhookView(await deps.platform.getWebhook(c.req.valid('param').id))),
  );

  app.patch(
    '/:id',
    requireAdmin(deps, 'webhooks:write'),
    webhookParam,
    valid('json', webhookUpdateSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await deps.platform.updateWebhook(id, c.req.valid('json'));
      return c.json(webhookView(await deps.platform.getWebhook(id)));
    },
  );

  app.delete('/:id', requireAdmin(deps, 'webhooks:write'), webhookParam, async (c) => {
    const { id } = c.req.valid('param');
    // Which head's keys change (the id alone does not say); a failure here must not stop the delete.
    const gone = await deps.platform.getWebhook(id).catch(() => undefined);
    await deps.platform.deleteWebhook(id);
    if (gone) {
      // The deleted key must stop verifying now, not when the cache expires: read the head's keys
      // again, or at least drop that one.
      await readPlatformKeys(deps, gone.headId).catch(async () => {
        const known = (await storedSharedKeys(deps.store, gone.headId)) ?? [];
        // Not a check of a caller's secret: the deleted hook's own key.
        if (known.length)
          await storeSharedKeys(
            deps.store,
            gone.headId,
            known.filter((k) => k !== gone.sharedKey),
          );
      });
    }
    return c.body(null, 204);
  });

  return app;
}

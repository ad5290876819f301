/**
 * Heads: the public summary and poster (a facade costs the platform nothing before a visitor
 * asks), and for the back office, creation (`POST /heads`, create-head.ts) and the sentence
 * splitter (`PUT /heads/:id/splitter`, which a streaming avatar needs off).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { headCreateBodySchema, headIdSchema, splitterBodySchema } from '../../api/requests.js';
import { createHead } from '../create-head.js';
import type { Deps } from '../deps.js';
import { headSummary, posterSource, publicHead } from '../heads.js';
import { fail } from '../http.js';
import { requireAdmin } from '../security.js';
import { valid } from '../validate.js';

const idParam = valid('param', z.object({ id: headIdSchema }), 'invalid_head_id');
const POSTER_MAX_BYTES = 2 * 1024 * 1024;
const POSTER_TIMEOUT_MS = 10_000;

export function headRoutes(deps: Deps) {
  const app = new Hono();

  app.get('/heads/:id', idParam, async (c) => {
    const id = c.req.valid('param').id;
    const head = await publicHead(deps, c, id);
    c.header('cache-control', 'public, max-age=60');
    return c.json(await headSummary(deps, id, head));
  });

  app.get('/heads/:id/poster', idParam, async (c) => {
    const id = c.req.valid('param').id;
    const source = await posterSource(deps, await publicHead(deps, c, id));
    if (!source) fail(404, 'no_poster', 'This head has no poster image.');
    const image = await deps.posters.get(source!, async () => {
      // Only http(s), no redirects to elsewhere (a 3xx is not ok: refused; Workers has no
      // redirect 'error'), a size cap read from the header first.
      const res = /^https?:/.test(source!)
        ? await deps
            .fetch(source!, { signal: AbortSignal.timeout(POSTER_TIMEOUT_MS), redirect: 'manual' })
            .catch(() => undefined)
        : undefined;
      const type = res?.headers.get('content-type') ?? '';
      if (Number(res?.headers.get('content-length') ?? 0) > POSTER_MAX_BYTES)
        fail(502, 'poster_unavailable', "The head's poster image is too large.");
      if (!res?.ok || !/^image\/(png|jpeg|webp|gif|avif|svg\+xml)\b/.test(type)) {
        await res?.body?.cancel().catch(() => undefined);
        return fail(
          502,
          'poster_unavailable',
          "The head's poster image could not be loaded from the platform.",
        );
      }
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (bytes.byteLength > POSTER_MAX_BYTES)
        fail(502, 'poster_unavailable', "The head's poster image is too large.");
      return { type, bytes };
    });
    return c.body(image.value.bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': image.value.type,
      'cache-control': 'public, max-age=86400',
      // An SVG from elsewhere, now on the site's origin: never a document that runs script.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'x-content-type-options': 'nosniff',
    });
  });

  app.post(
    '/heads',
    requireAdmin(deps, 'heads:create'),
    valid('json', headCreateBodySchema),
    async (c) => c.json(await createHead(deps, c.req.valid('json')), 201),
  );

  app.put(
    '/heads/:id/splitter',
    requireAdmin(deps, 'heads:create'),
    idParam,
    valid('json', splitterBodySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { on } = c.req.valid('json');
      // Spec, Heads rule 1: streaming avatars need it off.
      await deps.platform.setSplitter(id, on);
      return c.json({ headId: id, splitter: on });
    },
  );

  return app;
}

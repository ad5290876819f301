/**
 * `/heads`, one resource: the public summary and poster (a facade costs the platform nothing
 * before a visitor asks) and, for the back office, creation (`POST /heads`, create-head.ts). Its
 * parts below `/heads/:id` are mounted here, each from its own module: the launch link
 * (launch.ts), the session budget (budget.ts), the videos (videos.ts) and the settings
 * (head-settings.ts: splitter, tools, events). The id is checked once, for all of them.
 */
import { Hono } from 'hono';
import type { MadeHeads } from '../../api/answers.js';
import { headCreateBodySchema } from '../../api/requests.js';
import { madeHeads } from '../made-heads.js';
import { createHead } from '../create-head.js';
import type { Deps } from '../deps.js';
import { fail } from '../http.js';
import { headSummary, posterSource, publicHead } from '../public-heads.js';
import { imageResponse, relayImage } from '../media.js';
import { requireAdmin } from '../security/admin-guard.js';
import { valid } from '../validate.js';
import { headIdParam } from './head-id.js';
import { budgetRoutes } from './budget.js';
import { headSettingRoutes } from './head-settings.js';
import { launchRoutes } from './launch.js';
import { videoRoutes } from './videos.js';

export function headRoutes(deps: Deps) {
  const app = new Hono();
  // `/:id/*` matches `/:id` too: every route below a head.
  app.use('/:id/*', headIdParam);

  app.post(
    '/',
    requireAdmin(deps, 'heads:create'),
    valid('json', headCreateBodySchema),
    async (c) => c.json(await createHead(deps, c.req.valid('json')), 201),
  );

  app.get('/', requireAdmin(deps, 'heads:read'), async (c) =>
    c.json({ items: await madeHeads(deps.store).list() } satisfies MadeHeads),
  );

  app.get('/:id', async (c) => {
    const id = c.req.param('id');
    const head = await publicHead(deps, c, id);
    c.header('cache-control', 'public, max-age=60');
    return c.json(await headSummary(deps, id, head));
  });

  app.get('/:id/poster', async (c) => {
    const id = c.req.param('id');
    const source = await posterSource(deps, await publicHead(deps, c, id));
    if (!source) fail(404, 'no_media', 'This head has no poster image.');
    return imageResponse(await relayImage(deps, source!, "The head's poster image"));
  });

  app.route('/:id/launch', launchRoutes(deps));
  app.route('/:id/budget', budgetRoutes(deps));
  app.route('/:id/videos', videoRoutes(deps));
  app.route('/:id', headSettingRoutes(deps));
  return app;
}

/** `GET /callbacks`: the addresses of this proxy's plugin and tools, for an admin to register. */
import { Hono } from 'hono';
import type { Callbacks } from '../../api/answers.js';
import { callbackAddresses } from '../callback-addresses.js';
import type { Deps } from '../deps.js';
import { routeBase } from '../public-heads.js';
import { requireAdmin } from '../security/admin-guard.js';

export function callbackRoutes(deps: Deps) {
  const app = new Hono();
  app.get('/', requireAdmin(deps, 'callbacks:read'), (c) => {
    const secret = deps.config.callbackSecret;
    const addresses = secret ? callbackAddresses(routeBase(deps) || '/', secret) : undefined;
    return c.json({
      plugin: addresses?.plugin ?? null,
      tools: addresses?.tools ?? null,
    } satisfies Callbacks);
  });
  return app;
}

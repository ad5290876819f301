/**
 * `PUT /heads/:id/tools`: the tools a head's language model may call (the platform's
 * conversation settings), checked against the head's prompt first (platform/tools.ts).
 * `GET /callbacks`: the addresses of this proxy's plugin and tools, for an admin to register.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { headIdSchema } from '../../api/requests.js';
import { toolDefinitionSchema } from '../../platform/schemas.js';
import { promptMismatch } from '../../platform/tools.js';
import type { Callbacks } from '../../api/answers.js';
import { callbackAddresses } from '../callbacks.js';
import type { Deps } from '../deps.js';
import { routeBase } from '../heads.js';
import { fail } from '../http.js';
import { requireAdmin } from '../security.js';
import { valid } from '../validate.js';

const idParam = valid('param', z.object({ id: headIdSchema }), 'invalid_head_id');
const toolsBody = z.object({ tools: z.array(toolDefinitionSchema), prompt: z.string().optional() });

export function toolRoutes(deps: Deps) {
  const app = new Hono();

  app.put(
    '/heads/:id/tools',
    requireAdmin(deps, 'tools:set'),
    idParam,
    valid('json', toolsBody),
    async (c) => {
      const { id } = c.req.valid('param');
      const { tools, prompt } = c.req.valid('json');
      if (prompt !== undefined) {
        const problem = promptMismatch(tools, prompt);
        if (problem) fail(400, 'tool_prompt_mismatch', problem);
      }
      await deps.platform.setTools(id, tools);
      return c.json({ headId: id, tools });
    },
  );

  app.get('/callbacks', requireAdmin(deps, 'callbacks:read'), (c) => {
    const secret = deps.config.callbackSecret;
    const addresses = secret ? callbackAddresses(routeBase(deps) || '/', secret) : undefined;
    return c.json({
      plugin: addresses?.plugin ?? null,
      tools: addresses?.tools ?? null,
    } satisfies Callbacks);
  });

  return app;
}

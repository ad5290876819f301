/**
 * A head's settings for the back office, below `/heads/:id` (mounted by heads.ts, which checks
 * the id): `PUT /splitter` (the sentence splitter, which a streaming avatar needs off: spec, Heads
 * rule 1), `PUT /tools` (the tools its language model may call, checked against its prompt first:
 * platform/tools.ts) and `PUT /events` (the platform's delivery of its session events on or off).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { splitterBodySchema } from '../../api/requests.js';
import { toolDefinitionSchema } from '../../platform/schemas.js';
import { promptMismatch } from '../../platform/tools.js';
import type { Deps } from '../deps.js';
import { fail } from '../http.js';
import { requireAdmin } from '../security/admin-guard.js';
import { valid } from '../validate.js';

const toolsBody = z.object({ tools: z.array(toolDefinitionSchema), prompt: z.string().optional() });
const eventsBody = z.object({ enabled: z.boolean('enabled is true or false') });

export function headSettingRoutes(deps: Deps) {
  const app = new Hono();

  app.put(
    '/splitter',
    requireAdmin(deps, 'heads:create'),
    valid('json', splitterBodySchema),
    async (c) => {
      const id = c.req.param('id')!;
      const { on } = c.req.valid('json');
      await deps.platform.setSplitter(id, on);
      return c.json({ headId: id, splitter: on });
    },
  );

  app.put('/tools', requireAdmin(deps, 'tools:set'), valid('json', toolsBody), async (c) => {
    const id = c.req.param('id')!;
    const { tools, prompt } = c.req.valid('json');
    if (prompt !== undefined) {
      const problem = promptMismatch(tools, prompt);
      if (problem) fail(400, 'tool_prompt_mismatch', problem);
    }
    await deps.platform.setTools(id, tools);
    return c.json({ headId: id, tools });
  });

  app.put('/events', requireAdmin(deps, 'events:set'), valid('json', eventsBody), async (c) => {
    const id = c.req.param('id')!;
    const { enabled } = c.req.valid('json');
    await deps.platform.setEventsEnabled(id, enabled);
    return c.json({ headId: id, enabled });
  });

  return app;
}

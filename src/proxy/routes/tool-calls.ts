/**
 * `POST /tools/:name`: the platform's calls of the tools a head's language model may use. Like the
 * plugin's, these calls are untrusted input: parsed with zod, whatever their content type.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { fail } from '../http.js';
import { valid } from '../validate.js';

/** A site's tool: its parameters by name in, the `message` the head speaks out. */
export type ToolHandler = (params: Record<string, unknown>) => string | { message: string } | Promise<string | { message: string }>;

const nameParam = valid('param', z.object({ name: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'a tool name is letters, digits, - or _') }), 'invalid_tool');
const paramsBody = z.record(z.string(), z.unknown(), 'the tool call is a JSON object of parameters');

export function toolCallRoutes(tools: Record<string, ToolHandler>) {
  const app = new Hono();

  app.post('/tools/:name', nameParam, async (c, next) => {
    const { name } = c.req.valid('param');
    if (!Object.hasOwn(tools, name)) fail(404, 'unknown_tool', `No tool named "${name}" is registered on this proxy.`);
    await next();
  }, valid('json', paramsBody, 'invalid_tool_call', { anyContentType: true }), async (c) => {
    const handler = tools[c.req.valid('param').name];
    const params = c.req.valid('json');
    const answer = await handler!(params);
    return c.json({ message: typeof answer === 'string' ? answer : answer.message });
  });

  return app;
}

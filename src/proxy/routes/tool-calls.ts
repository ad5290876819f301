/**
 * `POST /tools/{secret}/:name`: the platform's calls of the tools a head's language model may
 * use. Like the plugin's, the address carries DH_CALLBACK_SECRET (callback-addresses.ts) and the calls are
 * untrusted input: parsed with zod, whatever their content type.
 *
 * The spec does not show the envelope of a call. The simulator posts the parameters flat
 * (`{"city": "Oslo"}`); the common envelopes are read too: `{parameters: {…}}`, `{arguments: {…}}`
 * (or arguments as a JSON string, as some model APIs send them), each with an optional `name`.
 * A handler always gets an object.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { callbackSecret } from '../callback-addresses.js';
import { fail } from '../http.js';
import { jsonTooDeep, valid } from '../validate.js';

/** A site's tool: its parameters by name in, the `message` the head speaks out. */
export type ToolHandler = (
  params: Record<string, unknown>,
) => string | { message: string } | Promise<string | { message: string }>;

const nameParam = valid(
  'param',
  z.looseObject({
    name: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'a tool name is letters, digits, - or _'),
  }),
  'invalid_tool',
);
const object = z.record(z.string(), z.unknown());
const paramsBody = z.record(
  z.string(),
  z.unknown(),
  'the tool call is a JSON object of parameters',
);
/** Keys an envelope may have besides the parameters; a flat call with only these is flat. */
const ENVELOPE_KEYS = new Set(['name', 'tool', 'id', 'type', 'parameters', 'arguments']);

/** The parameters of a call, flat or in an envelope; undefined when an envelope holds no object. */
export function toolParameters(body: Record<string, unknown>): Record<string, unknown> | undefined {
  const keys = Object.keys(body);
  const inner =
    'parameters' in body ? body.parameters : 'arguments' in body ? body.arguments : undefined;
  const enveloped =
    (keys.includes('parameters') || keys.includes('arguments')) &&
    keys.every((k) => ENVELOPE_KEYS.has(k));
  if (!enveloped) return body;
  let value = inner;
  if (typeof value === 'string') {
    if (jsonTooDeep(value)) return undefined;
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (value === null || value === undefined) return {};
  const parsed = object.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export function toolCallRoutes(tools: Record<string, ToolHandler>, secret: string) {
  const app = new Hono();
  app.use('/:secret/*', callbackSecret(secret));

  app.post(
    '/:secret/:name',
    nameParam,
    async (c, next) => {
      const { name } = c.req.valid('param');
      if (!Object.hasOwn(tools, name))
        fail(404, 'unknown_tool', `No tool named "${name}" is registered on this proxy.`);
      await next();
    },
    valid('json', paramsBody, 'invalid_tool_call', { anyContentType: true }),
    async (c) => {
      const handler = tools[c.req.valid('param').name];
      const params = toolParameters(c.req.valid('json'));
      if (!params)
        fail(
          400,
          'invalid_tool_call',
          "The tool call's parameters (or arguments) are not a JSON object.",
        );
      const answer = await handler!(params!);
      return c.json({ message: typeof answer === 'string' ? answer : answer.message });
    },
  );

  return app;
}

/**
 * The routes the platform calls during a conversation: the plugin-mode conversation service
 * (`POST /plugin/conversation/:userid/message`, spec "Calls made by the service") and tool calls
 * (`POST /tools/:name`). How the platform authenticates these calls is not shown in the spec:
 * treat their input as untrusted (it is parsed with zod here) and keep handlers free of secrets.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { pluginMessageSchema, type PluginMessage } from '../../platform/schemas.js';
import { fail, jsonBody, parseInput } from '../http.js';

/** A site's plugin: the user's text parts in, the reply (text, or parts) out. */
export type PluginHandler = (message: PluginMessage, context: { userId: string }) => string | PluginMessage | Promise<string | PluginMessage>;
/** A site's tool: its parameters by name in, the `message` the head speaks out. */
export type ToolHandler = (params: Record<string, unknown>) => string | { message: string } | Promise<string | { message: string }>;

/** The reference plugin: an echo that shows what it received, options included. Replace it. */
export const echoPlugin: PluginHandler = (message) => {
  const text = message.map((p) => p.payload.message).join(' ');
  const options = message.find((p) => p.payload.options && Object.keys(p.payload.options).length)?.payload.options;
  return `You said: "${text}"${options ? ` (options: ${JSON.stringify(options)})` : ''}`;
};

const userIdSchema = z.string().min(1).max(200);
const toolNameSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'a tool name is letters, digits, - or _');
const textPart = (message: string) => ({ type: 'text' as const, payload: { type: 'text' as const, message } });

export function conversationRoutes(plugin: PluginHandler, tools: Record<string, ToolHandler>) {
  const app = new Hono();

  app.post('/plugin/conversation/:userid/message', async (c) => {
    const userId = parseInput(userIdSchema, c.req.param('userid'), 'invalid_user');
    // Spec, plugin rules: a list of parts; only "text" exists — another type is refused by name.
    const message = parseInput(pluginMessageSchema, await jsonBody(c), 'invalid_message');
    const answer = await plugin(message, { userId });
    const parts: PluginMessage = typeof answer === 'string' ? [textPart(answer)] : answer;
    return c.json(parseInput(pluginMessageSchema, parts, 'invalid_plugin_answer'));
  });

  app.post('/tools/:name', async (c) => {
    const name = parseInput(toolNameSchema, c.req.param('name'), 'invalid_tool');
    const handler = Object.hasOwn(tools, name) ? tools[name] : undefined;
    if (!handler) fail(404, 'unknown_tool', `No tool named "${name}" is registered on this proxy.`);
    const params = parseInput(z.record(z.string(), z.unknown(), 'the tool call is a JSON object of parameters'), await jsonBody(c), 'invalid_tool_call');
    const answer = await handler!(params);
    return c.json({ message: typeof answer === 'string' ? answer : answer.message });
  });

  return app;
}

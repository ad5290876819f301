/**
 * `POST /plugin/{secret}/conversation/:userid/message`: the plugin-mode conversation service
 * (spec, "Calls made by the service"). How the platform authenticates these calls is not shown in
 * the spec, so the address carries DH_CALLBACK_SECRET (callback-addresses.ts); the input is untrusted all
 * the same (parsed with zod here, whatever its content type) and the handler holds no secret.
 * Each message's text is told to the conversation insights (their top questions), never at the
 * cost of the answer: a store that fails leaves it uncounted.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { pluginMessageSchema, type PluginMessage } from '../../platform/schemas.js';
import { callbackSecret } from '../callback-addresses.js';
import { fail } from '../http.js';
import { valid } from '../validate.js';

/** A site's plugin: the user's text parts in, the reply (text, or parts) out. */
export type PluginHandler = (
  message: PluginMessage,
  context: { userId: string },
) => string | PluginMessage | Promise<string | PluginMessage>;
/** The reference plugin: an echo that shows what it received, options included. Replace it. */
export const echoPlugin: PluginHandler = (message) => {
  const text = message.map((p) => p.payload.message).join(' ');
  const options = message.find((p) => p.payload.options && Object.keys(p.payload.options).length)
    ?.payload.options;
  return `You said: "${text}"${options ? ` (options: ${JSON.stringify(options)})` : ''}`;
};

const userParam = valid(
  'param',
  z.looseObject({ userid: z.string().min(1).max(200) }),
  'invalid_user',
);
const textPart = (message: string) => ({
  type: 'text' as const,
  payload: { type: 'text' as const, message },
});

export function pluginRoutes(
  plugin: PluginHandler,
  secret: string,
  /** Told each message's text, by the platform's userid (conversation-insights.ts). */
  asked?: (userId: string, text: string) => Promise<void>,
) {
  const app = new Hono();
  app.use('/:secret/*', callbackSecret(secret));

  // Spec, plugin rules: a list of parts; only "text" exists — another type is refused by name.
  app.post(
    '/:secret/conversation/:userid/message',
    userParam,
    valid('json', pluginMessageSchema, 'invalid_message', { anyContentType: true }),
    async (c) => {
      const userId = c.req.valid('param').userid;
      const message = c.req.valid('json');
      // Counted beside the answer, never in its way: not awaited (a Redis that hangs would hold
      // the answer up to its command timeout), and a failure leaves the message uncounted.
      const counted = asked?.(userId, message.map((p) => p.payload.message).join(' ')).catch(
        () => undefined,
      );
      if (counted)
        try {
          // Serverless and edge runtimes end a request's work with its answer unless told to wait.
          c.executionCtx.waitUntil(counted);
        } catch {
          // Node has no execution context: the count goes on as long as the process.
        }
      const answer = await plugin(message, { userId });
      const parts: PluginMessage = typeof answer === 'string' ? [textPart(answer)] : answer;
      // The site's answer is checked too: the platform gets only what it can read.
      const checked = pluginMessageSchema.safeParse(parts);
      if (!checked.success)
        fail(
          500,
          'invalid_plugin_answer',
          `The plugin's answer is not a list of text parts: ${checked.error.issues[0]?.message ?? 'invalid'}`,
        );
      return c.json(checked.data!);
    },
  );

  return app;
}

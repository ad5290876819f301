/**
 * The simulator's own reading of what the platform accepts: the request bodies of the API and the
 * answers it takes from plugins and tools, written from the spec (`platform-api.md`) apart from
 * the client's schemas in `src/platform/schemas.ts`. The two are two guesses at one platform; a
 * contract test that sends the same body to both (HEAD-7, TOOL-2) only means something when
 * neither borrows the other's rule. Where the spec is silent the choice is the one in
 * src/sim/README.md ("not shown"); unknown fields pass, as a server that reads JSON would let them.
 */
import { z } from 'zod';
import { FLOW_API_KEY_FIELD, FLOW_MODE } from '../platform/modes.js';

/** Spec, Operation modes: the five values of `operationMode`. */
const MODES = ['oc', 'ttt', 'doc_qa', 'plugin', FLOW_MODE] as const;

const required = (field: string) => z.string(`${field} is required`).min(1, `${field} is required`);
const isHttpUrl = (value: string) =>
  URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

export const tokenRequest = z.looseObject({
  email: required('email'),
  secretKey: required('secretKey'),
});

export const order = z.enum(['ASC', 'DESC'], 'order must be ASC or DESC');
export const gender = z.enum(['MALE', 'FEMALE'], 'gender must be MALE or FEMALE');

/**
 * POST /head/create. Required (the spec does not say; the simulator's choice): `headVisualId`,
 * `name`, `operationMode`, `ttsProvider`, `ttsVoice`, and `language` or `langCode`; plus
 * `pluginOperationalModeConfig` {name, url} for plugin and the flow key for the flow mode. Each
 * refusal names its field (HEAD-7).
 */
export const headCreate = z
  .looseObject({
    operationMode: z.enum(MODES, `operationMode must be one of ${MODES.join(', ')}`),
    headVisualId: required('headVisualId'),
    name: required('name'),
    ttsProvider: required('ttsProvider'),
    ttsVoice: required('ttsVoice'),
    language: z.string().optional(),
    langCode: z.string().optional(),
    languageSpeechRecognition: z.string().optional(),
    alias: z.string().optional(),
    greetings: z.string().optional(),
    orgId: z.string().optional(),
    pluginOperationalModeConfig: z
      .looseObject({
        name: required('pluginOperationalModeConfig.name'),
        url: z.string().refine(isHttpUrl, 'pluginOperationalModeConfig.url must be an http(s) URL'),
        options: z.record(z.string(), z.unknown()).nullish(),
      })
      .optional(),
    [FLOW_API_KEY_FIELD]: z.string().optional(),
  })
  .superRefine((head, ctx) => {
    if (!head.language && !head.langCode)
      ctx.addIssue({
        code: 'custom',
        path: ['language'],
        message: 'language (or langCode) is required',
      });
    if (head.operationMode === 'plugin' && !head.pluginOperationalModeConfig) {
      ctx.addIssue({
        code: 'custom',
        path: ['pluginOperationalModeConfig'],
        message: 'pluginOperationalModeConfig is required in plugin mode',
      });
    }
    if (head.operationMode === FLOW_MODE && !String(head[FLOW_API_KEY_FIELD] ?? '').trim()) {
      ctx.addIssue({
        code: 'custom',
        path: [FLOW_API_KEY_FIELD],
        message: `${FLOW_API_KEY_FIELD} is required in ${FLOW_MODE} mode`,
      });
    }
  });
export type SimHeadRequest = z.infer<typeof headCreate>;

/** POST /head/text-to-video: `{id, text}`, both required (spec, Text to video). */
export const textToVideo = z.looseObject({
  id: required('id'),
  text: z.string('text is required').refine((t) => t.trim() !== '', 'text is required'),
});

/** PUT /head/{headId}/conversation-settings (spec, Tools): each tool has a name, a description, its parameters and a url. */
const tool = z.looseObject({
  name: required('name'),
  description: z.string('description is required'),
  parameters: z.array(
    z.looseObject({ name: required('parameter name'), type: z.string(), description: z.string() }),
    'parameters must be a list',
  ),
  url: z.string().refine(isHttpUrl, 'url must be an http(s) URL'),
});
export const conversationSettings = z.looseObject({
  conversationSettings: z.looseObject({ tools: z.array(tool, 'tools must be a list') }),
});
export type SimTool = z.infer<typeof tool>;

/**
 * POST and PATCH /head-events (spec, Webhooks): `headId`, an HTTPS `webhookUrl` (Delivery 1; the
 * simulator's `allowInsecureWebhooks` lets loopback http through for local receivers) and the
 * four flags as booleans. PATCH takes the same fields.
 */
export function webhookBody(allowLoopbackHttp: boolean) {
  const webhookUrl = z.string('webhookUrl is required').superRefine((value, ctx) => {
    const url = URL.canParse(value) ? new URL(value) : undefined;
    const loopback =
      url?.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    if (url?.protocol !== 'https:' && !(allowLoopbackHttp && loopback))
      ctx.addIssue({ code: 'custom', message: 'webhookUrl must be an https URL' });
  });
  const flag = (name: string) => z.boolean(`${name} must be true or false`).optional();
  const create = z.looseObject({
    headId: required('headId'),
    webhookUrl,
    startConversation: flag('startConversation'),
    endConversation: flag('endConversation'),
    timeoutConversation: flag('timeoutConversation'),
    inactivityWarning: flag('inactivityWarning'),
  });
  return { create, update: create.partial() };
}

/** What a plugin answers (spec, Plugin message): a list of `{type: "text", payload: {type: "text", message}}`. */
export const pluginReply = z
  .array(
    z.looseObject({
      type: z.literal('text'),
      payload: z.looseObject({ type: z.literal('text'), message: z.string() }),
    }),
  )
  .min(1);

/** What a tool answers (spec, Tools: "the tool answers `{message}`"). */
export const toolReply = z.looseObject({ message: z.string() });

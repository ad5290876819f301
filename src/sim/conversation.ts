/**
 * What a head answers in the simulator's pages. The pages only ever call `reply()`:
 *   - plugin: the conversation is delegated to the plugin's URL (PLUG-1 … PLUG-3);
 *   - oc: a deterministic stand-in for the language model, which calls a configured tool when
 *     the message names it or matches its description (TOOL-2, TOOL-3; see `matchTool`) and
 *     speaks the tool's `message`;
 *   - ttt repeats the text; doc_qa and the flow mode give a canned answer naming the mode.
 */
import { FLOW_MODE } from '../platform/modes.js';
import { pluginReply, toolReply, type SimTool } from './rules.js';
import type { SimContext } from './context.js';
import type { SimHead } from './store.js';

export interface ConversationTurn {
  sessionId: string;
  text: string;
}

/** How long the simulator waits for a plugin or a tool (the spec does not say; pages wait with the user). */
const CALL_TIMEOUT_MS = 10_000;

function openConversation(head: SimHead, text: string): string {
  const name = head.request.name;
  if (/^\s*(hi|hello|hey|good (morning|afternoon|evening))\b/i.test(text)) {
    return `Hello, I am ${name}. What would you like to talk about?`;
  }
  if (text.trim().endsWith('?')) return `That is a good question. You asked: "${text.trim()}"`;
  return `I heard you say: "${text.trim()}"`;
}

/** Words that say nothing about what a tool does, so never match it on their own. */
const STOP_WORDS = new Set(
  (
    'the and for with from that this what when where which who how are was were will can could would should may might ' +
    'not but all any some into onto about your you our his her its their them they have has had does did get gets got ' +
    'tell tells give gives say says use uses used call calls return returns returned one two'
  ).split(' '),
);

/** The words of a text that may identify a tool: lowercase, three letters or more, not a stop word. */
function significantWords(text: string): Set<string> {
  return new Set(
    (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter(
      (w) => w.length >= 3 && !STOP_WORDS.has(w),
    ),
  );
}

/**
 * The tool a message asks for ("when a configured tool's name or description matches
 * the message"), deterministically:
 *   1. its name appears in the message as a word, any case (`get_weather` also as "get weather");
 *   2. else, the message shares at least two significant words with its description (all of them
 *      when the description has fewer than two), the most shared wins;
 * ties go to the tool configured first.
 */
export function matchTool(tools: readonly SimTool[], text: string): SimTool | undefined {
  const lower = text.toLowerCase();
  const byName = tools.find((t) => {
    const words = t.name.toLowerCase().match(/[\p{L}\p{N}]+/gu);
    if (!words) return false;
    const pattern = words.join('[\\s_-]+');
    return new RegExp(`(^|[^\\p{L}\\p{N}])${pattern}($|[^\\p{L}\\p{N}])`, 'u').test(lower);
  });
  if (byName) return byName;
  const said = significantWords(text);
  let best: { tool: SimTool; shared: number } | undefined;
  for (const tool of tools) {
    const described = significantWords(tool.description);
    const shared = [...described].filter((w) => said.has(w)).length;
    const needed = Math.min(2, described.size);
    if (needed > 0 && shared >= needed && shared > (best?.shared ?? 0)) best = { tool, shared };
  }
  return best?.tool;
}

/**
 * Parameter values by name (TOOL-3: the names in the prompt are the tool's parameter names):
 * `city: Paris` or `city=Paris` in the message; the first parameter may also be the last word.
 */
function toolArguments(tool: SimTool, text: string): Record<string, string> {
  const args: Record<string, string> = {};
  tool.parameters.forEach((p, i) => {
    const m = new RegExp(`\\b${p.name}\\s*[:=]\\s*("([^"]*)"|[^\\s,;?!]+)`, 'i').exec(text);
    if (m) args[p.name] = m[2] ?? m[1]!;
    else if (i === 0)
      args[p.name] =
        text
          .trim()
          .replace(/[?!.]+$/, '')
          .split(/\s+/)
          .at(-1) ?? '';
  });
  return args;
}

async function postJson(
  sim: SimContext,
  url: string,
  body: unknown,
  what: string,
): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    redirect: 'error',
  }).catch((err: unknown) => {
    throw new Error(
      `The ${what} could not be reached (${err instanceof Error && err.name === 'TimeoutError' ? 'no answer in time' : 'network error'}).`,
    );
  });
  sim.store.calls.push({
    at: new Date(sim.store.now()).toISOString(),
    kind: what,
    url,
    body,
    status: res.status,
  });
  if (!res.ok) throw new Error(`The ${what} answered ${res.status}.`);
  return res.json().catch(() => {
    throw new Error(`The ${what} did not answer JSON.`);
  });
}

export async function reply(
  sim: SimContext,
  head: SimHead,
  turn: ConversationTurn,
): Promise<string> {
  const { request } = head;
  switch (request.operationMode) {
    case 'ttt':
      // Text-to-video heads repeat the text passed to them (spec, Operation modes).
      return turn.text;
    case 'doc_qa':
      return `(doc_qa) I answer from the documents uploaded for me; the simulator has none, so I cannot answer "${turn.text.trim()}".`;
    case FLOW_MODE:
      return `(${FLOW_MODE}) My conversation is designed on a third-party platform, which the simulator does not call. You said: "${turn.text.trim()}"`;
    case 'plugin': {
      const config = request.pluginOperationalModeConfig;
      if (!config) throw new Error('The plugin head has no pluginOperationalModeConfig.');
      // Spec, plugin rule 1: the configured URL is the base; the service appends the suffix.
      const url = `${config.url.replace(/\/+$/, '')}/conversation/${encodeURIComponent(turn.sessionId)}/message`;
      const body = [
        {
          type: 'text',
          payload: { type: 'text', message: turn.text, options: config.options ?? {} },
        },
      ];
      const parsed = pluginReply.safeParse(await postJson(sim, url, body, 'plugin'));
      if (!parsed.success)
        throw new Error('The plugin answered something other than a list of text parts.');
      return parsed.data.map((part) => part.payload.message).join('\n');
    }
    default: {
      const tool = matchTool(head.tools, turn.text);
      if (!tool) return openConversation(head, turn.text);
      // The payload to a tool is not shown in the spec: its parameters by name, as a JSON object.
      const parsed = toolReply.safeParse(
        await postJson(sim, tool.url, toolArguments(tool, turn.text), `tool "${tool.name}"`),
      );
      if (!parsed.success) throw new Error(`The tool "${tool.name}" answered without a message.`);
      return parsed.data.message;
    }
  }
}

/**
 * What a head answers in the simulator's chat and stream pages. This is the hook point for the
 * conversation features of the platform (events, plugin calls, tool calls): the pages only ever
 * call `reply()`.
 */
import { FLOW_MODE } from '../platform/modes.js';
import type { SimContext } from './context.js';
import type { SimHead } from './store.js';

export interface ConversationTurn {
  sessionId: string;
  text: string;
}

/** A deterministic stand-in for the language model, so tests can assert on what a head says. */
function openConversation(head: SimHead, text: string): string {
  const name = head.request.name;
  if (/^\s*(hi|hello|hey|good (morning|afternoon|evening))\b/i.test(text)) {
    return `Hello, I am ${name}. What would you like to talk about?`;
  }
  if (text.trim().endsWith('?')) return `That is a good question. You asked: "${text.trim()}"`;
  return `I heard you say: "${text.trim()}"`;
}

export async function reply(_sim: SimContext, head: SimHead, turn: ConversationTurn): Promise<string> {
  const mode = head.request.operationMode;
  switch (mode) {
    case 'ttt':
      // Text-to-video heads repeat the text passed to them (spec, Operation modes).
      return turn.text;
    case 'doc_qa':
      return `(doc_qa) I answer from the documents uploaded for me; the simulator has none, so I cannot answer "${turn.text.trim()}".`;
    case FLOW_MODE:
      return `(${FLOW_MODE}) My conversation is designed on a third-party platform, which the simulator does not call. You said: "${turn.text.trim()}"`;
    case 'plugin':
      return `(plugin) My conversation is delegated to the plugin "${head.request.pluginOperationalModeConfig.name}". You said: "${turn.text.trim()}"`;
    default:
      return openConversation(head, turn.text);
  }
}

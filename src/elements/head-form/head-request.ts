/**
 * What `<dh-head-form>` sends: its fields read into the proxy's create request (`POST /heads`),
 * checked before anything is sent, and the proxy's refusals pointed back at the fields.
 */
import type { ApiRequestError } from '../../api/client.js';
import { FLOW_API_KEY_FIELD, FLOW_MODE, type OperationMode } from '../../api/modes.js';
import type { HeadCreateBody } from '../../api/requests.js';
import { capitalize } from '../shared/capitalize.js';

/** The fields a message can stand next to. */
export type Field =
  | 'name'
  | 'alias'
  | 'face'
  | 'voice'
  | 'language'
  | 'recognition'
  | 'mode'
  | 'greetings'
  | 'prompt'
  | 'suggestions'
  | 'pluginName'
  | 'pluginUrl'
  | 'pluginOptions'
  | 'flowKey';
export type Errors = Partial<Record<Field, string>>;

/** What `dh-head-created` tells: enough to link to the head, never its page URL or key. */
export interface HeadCreatedDetail {
  id: string;
  publicId: string | null;
  name: string;
  mode: string;
  streaming: boolean;
}

/** A language the form offers: a locale tag and its name. */
export interface LanguageOption {
  tag: string;
  label: string;
}

export const MODE_LABELS: Record<OperationMode, string> = {
  oc: 'Open conversation',
  ttt: 'Text to video (repeats the text it is given)',
  doc_qa: 'Answers from documents',
  plugin: 'Plugin (your own conversation service)',
  [FLOW_MODE]: 'Voiceflow (a conversation-design platform)',
};

export const DEFAULT_LANGUAGES: LanguageOption[] = [
  { tag: 'en-US', label: 'English (US)' },
  { tag: 'en-GB', label: 'English (UK)' },
  { tag: 'de-DE', label: 'German' },
  { tag: 'fr-FR', label: 'French' },
  { tag: 'es-ES', label: 'Spanish' },
  { tag: 'it-IT', label: 'Italian' },
  { tag: 'pt-BR', label: 'Portuguese (Brazil)' },
  { tag: 'nl-NL', label: 'Dutch' },
  { tag: 'pl-PL', label: 'Polish' },
  { tag: 'ja-JP', label: 'Japanese' },
];

/**
 * Where the proxy's messages point ("ttsVoice: …"): the start of a path of the create request (a
 * regular expression) → our field, the first that matches.
 */
const FIELD_OF_PATH = Object.entries({
  name: 'name',
  alias: 'alias',
  headVisualId: 'face',
  'tts(Voice|Provider)': 'voice',
  languageSpeechRecognition: 'recognition',
  '(language|langCode)': 'language',
  operationMode: 'mode',
  greetings: 'greetings',
  suggestions: 'suggestions',
  promptConfig: 'prompt',
  'pluginOperationalModeConfig\\.name': 'pluginName',
  'pluginOperationalModeConfig\\.url': 'pluginUrl',
  pluginOperationalModeConfig: 'pluginOptions',
  [FLOW_API_KEY_FIELD]: 'flowKey',
} satisfies Record<string, Field>).map(([path, field]) => [new RegExp(`^${path}\\b`), field] as const);

/**
 * How the fields are named in the form (the form-level message lists the ones to check), in the
 * order they stand there: the order in which they are checked and focused.
 */
export const FIELD_LABELS: Record<Field, string> = {
  name: 'Head name',
  alias: 'Alias',
  face: 'Face',
  voice: 'Voice',
  language: 'Language',
  recognition: 'Speech recognition',
  mode: 'Operation mode',
  pluginName: 'Plugin name',
  pluginUrl: 'Service address',
  pluginOptions: 'Options',
  flowKey: 'Voiceflow API key',
  greetings: 'Greeting',
  prompt: 'System prompt',
  suggestions: 'Suggestions',
};
export const FIELD_ORDER = Object.keys(FIELD_LABELS) as Field[];

/** "a", "a and b", "a, b and c" (British English: no comma before "and"). */
export const listOf = (items: string[]) => new Intl.ListFormat('en-GB').format(items);

/**
 * The system prompt steers the platform's language model: oc and doc_qa heads use it; a ttt head
 * repeats its text, and plugin and flow-mode heads hand the conversation to another service, so
 * the field is hidden and not sent there. (Greeting and suggestions belong to the chat page,
 * which every mode has.)
 */
export const usesPrompt = (mode: OperationMode) => mode === 'oc' || mode === 'doc_qa';

const isHttpUrl = (value: string) => {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** `key=value` lines → an object; the number of the first line that is not one, or the object. */
function parseOptions(text: string): Record<string, string> | number {
  const options: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    const eq = line.indexOf('=');
    if (eq < 1) return i + 1;
    options[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
  }
  return options;
}

/**
 * Reads and checks the form: the body of `POST {endpoint}/heads`, or the messages by field. The
 * voice goes as its voiceId alone: the proxy knows its provider (and, for a streaming avatar,
 * applies the streaming rules).
 */
export function collectHead(data: FormData, { streaming, mode }: { streaming: boolean; mode: OperationMode }): { body?: HeadCreateBody; errors: Errors } {
  const text = (name: string) => String(data.get(name) ?? '').trim();
  const errors: Errors = {};
  const name = text('name');
  if (!name) errors.name = 'Give the head a name.';
  const headVisualId = text('headVisualId');
  if (!headVisualId) errors.face = 'Choose a face for the head.';
  const ttsVoice = text('ttsVoice');
  if (!ttsVoice) errors.voice = 'Choose a voice.';
  const language = text('language');
  const body: HeadCreateBody = {
    name,
    headVisualId,
    ttsVoice,
    language,
    languageSpeechRecognition: text('languageSpeechRecognition') || language,
    operationMode: mode,
    streaming,
  };
  const prompt = text('systemPrompt');
  if (prompt && usesPrompt(mode)) body.promptConfig = { system_prompt: prompt };
  if (!streaming) {
    // Streaming avatars have no greeting, alias or suggestions (spec): not sent at all.
    body.greetings = text('greetings');
    const alias = text('alias');
    if (alias) body.alias = alias;
    const suggestions = text('suggestions').split('\n').map((s) => s.trim()).filter(Boolean);
    if (suggestions.length) body.suggestions = suggestions;
  }
  if (mode === 'plugin') {
    const pluginName = text('pluginName');
    const url = text('pluginUrl');
    const options = parseOptions(String(data.get('pluginOptions') ?? ''));
    if (!pluginName) errors.pluginName = 'Give the plugin a name.';
    if (!isHttpUrl(url)) errors.pluginUrl = 'Give the address of your conversation service, such as https://bot.example.com/api (the platform appends /conversation/…).';
    if (typeof options === 'number') errors.pluginOptions = `Write one option per line as key=value (line ${options} is not).`;
    else body.pluginOperationalModeConfig = { name: pluginName, url, options };
  }
  if (mode === FLOW_MODE) {
    const key = text('flowKey');
    if (!key) errors.flowKey = 'Paste the Voiceflow API key of your project.';
    body[FLOW_API_KEY_FIELD] = key;
  }
  return Object.keys(errors).length ? { errors } : { body, errors };
}

/** The proxy's message, next to the field it names ("ttsVoice: …"); undefined when it names none. */
export function fieldErrors(err: ApiRequestError): Errors | undefined {
  if (err.code === 'voice_not_available') return { voice: err.message };
  const errors: Errors = {};
  for (const part of err.message.split('; ')) {
    const m = /^([\w.[\]]+): (.+)$/.exec(part);
    const field = m && FIELD_OF_PATH.find(([re]) => re.test(m[1]!))?.[1];
    if (!field) return undefined;
    errors[field] = capitalize(m[2]!);
  }
  return errors;
}


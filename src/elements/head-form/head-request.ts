/**
 * What `<dh-head-form>` sends: its fields read into the proxy's create request (`POST /heads`),
 * checked before anything is sent, and the proxy's refusals pointed back at the fields.
 */
import type { ApiRequestError } from '../../api/client.js';
import { FLOW_API_KEY_FIELD, FLOW_MODE, type OperationMode } from '../../api/modes.js';
import type { HeadCreateBody } from '../../api/requests.js';
import { capitalize } from '../shared/capitalize.js';
import type { HeadFormMessages } from './messages.js';

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
/**
 * A field's message, written when it is shown: in the form's locale of the moment (a change of
 * `lang` re-words the messages on screen).
 */
export type Problem = (m: HeadFormMessages) => string;
export type Errors = Partial<Record<Field, Problem>>;

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

/** The languages offered unless the page gives its own (the region named only where it matters). */
const DEFAULT_TAGS = [
  'en-US',
  'en-GB',
  'de-DE',
  'fr-FR',
  'es-ES',
  'it-IT',
  'pt-BR',
  'nl-NL',
  'pl-PL',
  'ja-JP',
];

/** The default languages, named in a locale's words (`English (UK)`, `Englisch (UK)`). */
export function defaultLanguages(locale: string): LanguageOption[] {
  const names = new Intl.DisplayNames(locale, {
    type: 'language',
    style: 'short',
    languageDisplay: 'standard',
  });
  return DEFAULT_TAGS.map((tag) => ({
    tag,
    label: capitalize(names.of(/^(en|pt)-/.test(tag) ? tag : tag.slice(0, 2)) ?? tag),
  }));
}

export const DEFAULT_LANGUAGES: LanguageOption[] = /* @__PURE__ */ defaultLanguages('en');

let named: [string, [string, string][]] | undefined;
/** The languages as options: a page's own as given, the default ones named in the form's language (once per locale). */
export function languageOptions(languages: LanguageOption[], locale: string): [string, string][] {
  if (languages !== DEFAULT_LANGUAGES) return languages.map((l) => [l.tag, l.label]);
  if (named?.[0] !== locale)
    named = [locale, defaultLanguages(locale).map((l) => [l.tag, l.label])];
  return named[1];
}

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
} satisfies Record<string, Field>).map(
  ([path, field]) => [new RegExp(`^${path}\\b`), field] as const,
);

/** The fields in the order they stand in the form: the order in which they are checked and focused. */
export const FIELD_ORDER: Field[] = [
  'name',
  'alias',
  'face',
  'voice',
  'language',
  'recognition',
  'mode',
  'pluginName',
  'pluginUrl',
  'pluginOptions',
  'flowKey',
  'greetings',
  'prompt',
  'suggestions',
];

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
export function collectHead(
  data: FormData,
  { streaming, mode }: { streaming: boolean; mode: OperationMode },
): { body?: HeadCreateBody; errors: Errors } {
  const text = (name: string) => String(data.get(name) ?? '').trim();
  const errors: Errors = {};
  const name = text('name');
  if (!name) errors.name = (m) => m.nameMissing;
  const headVisualId = text('headVisualId');
  if (!headVisualId) errors.face = (m) => m.faceMissing;
  const ttsVoice = text('ttsVoice');
  if (!ttsVoice) errors.voice = (m) => m.voiceMissing;
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
  // What only a chat head has (a streaming avatar drops them: api/rules.ts STREAMING_DROPS, which
  // the form hides and clears): not sent at all for a streaming one.
  if (!streaming) {
    body.greetings = text('greetings');
    const alias = text('alias');
    if (alias) body.alias = alias;
    const suggestions = text('suggestions')
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean);
    if (suggestions.length) body.suggestions = suggestions;
  }
  if (mode === 'plugin') {
    const pluginName = text('pluginName');
    const url = text('pluginUrl');
    const options = parseOptions(String(data.get('pluginOptions') ?? ''));
    if (!pluginName) errors.pluginName = (m) => m.pluginNameMissing;
    if (!isHttpUrl(url)) errors.pluginUrl = (m) => m.pluginUrlInvalid;
    if (typeof options === 'number') errors.pluginOptions = (m) => m.pluginOptionsLine(options);
    else body.pluginOperationalModeConfig = { name: pluginName, url, options };
  }
  if (mode === FLOW_MODE) {
    const key = text('flowKey');
    if (!key) errors.flowKey = (m) => m.flowKeyMissing;
    body[FLOW_API_KEY_FIELD] = key;
  }
  return Object.keys(errors).length ? { errors } : { body, errors };
}

/**
 * The proxy's message, next to the field it names ("ttsVoice: …"); undefined when it names none.
 * English shows the proxy's words; another locale its own for the code (`fieldRefused`).
 */
export function fieldErrors(err: ApiRequestError): Errors | undefined {
  if (err.code === 'voice_not_available')
    return { voice: (m) => m.fieldRefused(err.code, err.message) };
  const errors: Errors = {};
  for (const part of err.message.split('; ')) {
    const m = /^([\w.[\]]+): (.+)$/.exec(part);
    const field = m && FIELD_OF_PATH.find(([re]) => re.test(m[1]!))?.[1];
    if (!field) return undefined;
    const said = capitalize(m[2]!);
    errors[field] = (t) => t.fieldRefused(err.code, said);
  }
  return errors;
}

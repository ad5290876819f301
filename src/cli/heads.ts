/**
 * Heads from a terminal:
 *   dh-kit heads create --name … --face <headVisualId> --voice <voiceId> [fields] [--streaming] [--file head.json]
 *   dh-kit heads get <id>
 *   dh-kit heads splitter <id> on|off
 *
 * The request is checked with the platform schemas (headCreateSchema, streamingHeadCreateSchema)
 * before anything is sent, each problem named by its flag. What is printed is the head's id,
 * public id and mode — NEVER its publicUrl: the page address carries the organisation key
 * (`api_key`), a secret that may reach only the iframe's own navigation: never a terminal, a log
 * or a shell's history.
 * `dh-kit sign <id>` gives a link to the page without it.
 */
import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import {
  lookUpVoice,
  streamingHead,
  voiceProblem,
  type HeadCreateInput,
  type StreamingHeadInput,
} from '../platform/head-rules.js';
import { FLOW_API_KEY_FIELD, FLOW_MODE, OPERATION_MODES } from '../platform/modes.js';
import { PlatformError } from '../platform/errors.js';
import { headCreateSchema, type HeadRecord } from '../platform/schemas.js';
import type { Connect } from './connect.js';
import { args, UsageError, type Io } from './shared.js';
import { embedCode } from '../api/embed.js';
import { EXAMPLE_SITE, localBundle, proxyEndpoint, siteOrigin } from './site.js';
import { details } from './table.js';

const HELP = `Usage:
  dh-kit heads create --name <name> --face <headVisualId> --voice <voiceId> --language <locale> [options]
  dh-kit heads get <id>
  dh-kit heads splitter <id> on|off
  dh-kit heads budget <id> [--concurrent N] [--minutes-per-day N] [--per-visitor N] …
                         the head's session budget, through the running proxy
                         ("dh-kit heads budget --help")

Create options:
  --mode oc|ttt|doc_qa|plugin|${FLOW_MODE}   operation mode (default oc)
  --provider p           TTS provider of the voice (default: looked up from the voice list)
  --speech-language l    speech-recognition locale (default: --language)
  --greeting text        welcome message (not for --streaming)
  --prompt text          system prompt
  --alias a              (not for --streaming)
  --plugin-name n --plugin-url https://… [--plugin-option k=v …]   for --mode plugin
  --${FLOW_MODE}-key k      for --mode ${FLOW_MODE} (or ${FLOW_API_KEY_FIELD} in --file, out of shell history)
  --streaming            a streaming avatar: the streaming provider's voice, no greeting or alias,
                         then the sentence splitter is turned off
  --file head.json       a create request (the platform's field names); flags override its fields
  --site URL             your site's origin, for the embed code printed after create
  --prefix /dh           where your proxy routes are on it (default /dh)
  --json                 JSON: {id, publicId, mode, streaming} (create), the record (get)

The head's page address (publicUrl) is never printed: it holds the organisation key. For a
link to the page, use "dh-kit sign <id>".
Faces: "dh-kit faces"; voices: "dh-kit voices" (--streaming for a streaming avatar).`;

const OPTIONS = {
  name: { type: 'string' },
  face: { type: 'string' },
  voice: { type: 'string' },
  provider: { type: 'string' },
  language: { type: 'string' },
  'speech-language': { type: 'string' },
  mode: { type: 'string' },
  greeting: { type: 'string' },
  prompt: { type: 'string' },
  alias: { type: 'string' },
  'plugin-name': { type: 'string' },
  'plugin-url': { type: 'string' },
  'plugin-option': { type: 'string', multiple: true },
  site: { type: 'string' },
  prefix: { type: 'string' },
  [`${FLOW_MODE}-key`]: { type: 'string' },
  streaming: { type: 'boolean' },
  file: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;
type Values = ReturnType<typeof args<typeof OPTIONS>>['values'];

export async function headsCommand(argv: string[], io: Io, connect: Connect): Promise<number> {
  const { values, positionals } = args(argv, OPTIONS, { help: HELP });
  const [action, id, state] = positionals;
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  switch (action) {
    case 'create':
      if (positionals.length > 1)
        throw new UsageError(`heads create takes flags only, not "${positionals[1]}"\n\n${HELP}`);
      return createHead(values, io, connect);
    case 'get': {
      if (!id || positionals.length > 2) throw new UsageError('dh-kit heads get <id> [--json]');
      const safe = safeHead(await (await connect()).client.getHead(id));
      if (values.json) io.out(JSON.stringify(safe));
      else {
        for (const line of details(Object.entries(safe))) io.out(line);
        io.out(
          `(The page address is not shown: it holds the organisation key. For a link: dh-kit sign ${id})`,
        );
      }
      return 0;
    }
    case 'splitter': {
      if (!id || (state !== 'on' && state !== 'off') || positionals.length > 3)
        throw new UsageError('dh-kit heads splitter <id> on|off');
      await (await connect()).client.setSplitter(id, state === 'on');
      if (values.json) io.out(JSON.stringify({ id, splitter: state === 'on' }));
      else
        io.out(
          `Sentence splitter ${state} for head ${id}.${state === 'on' ? ' A streaming avatar needs it off.' : ''}`,
        );
      return 0;
    }
    default:
      throw new UsageError(`dh-kit heads create|get|splitter|budget …\n\n${HELP}`);
  }
}

async function createHead(values: Values, io: Io, connect: Connect): Promise<number> {
  const streaming = values.streaming === true;
  // For the embed code printed at the end; checked first, so a typo costs no head.
  const site = siteOrigin(values.site);
  const endpoint = proxyEndpoint(site, values.prefix);
  const request = {
    ...(values.file ? await readRequest(values.file) : {}),
    ...requestFromFlags(values),
  };
  request.operationMode ??= 'oc';
  request.languageSpeechRecognition ??= request.language;
  const mode = request.operationMode;
  if (!OPERATION_MODES.includes(mode as never))
    throw new UsageError(
      `--mode must be one of ${OPERATION_MODES.join(', ')}, not "${String(mode)}"`,
    );
  for (const [flag, needs] of [
    ['plugin-name', 'plugin'],
    ['plugin-url', 'plugin'],
    ['plugin-option', 'plugin'],
    [`${FLOW_MODE}-key`, FLOW_MODE],
  ] as const) {
    if (values[flag] !== undefined && mode !== needs)
      throw new UsageError(`--${flag} is for --mode ${needs} (this head is ${String(mode)})`);
  }
  // What the streaming rule would drop is a mistake of the user's: said, not dropped.
  if (streaming && values.greeting !== undefined)
    throw new UsageError(
      '--greeting: a streaming avatar must have an empty greeting (no welcome message)',
    );
  if (streaming && values.alias !== undefined)
    throw new UsageError('--alias: a streaming avatar has no alias');
  // Checked before anything is sent, each problem named by its flag. The provider may be left
  // out: it is looked up after this check, so a mistake costs no request.
  if (!streaming)
    check(headCreateSchema, { ...request, ttsProvider: request.ttsProvider ?? 'looked-up' });

  const platform = await connect();
  const streamingProvider = streaming ? platform.streamingProvider : undefined;
  // Spec, Heads rule 1 (platform/head-rules.ts), before the voice list is asked.
  if (streamingProvider)
    byFlag(() => streamingHead(request as StreamingHeadInput, streamingProvider));
  // A provider given is the user's word (the platform judges the voice); else the voice list says.
  if (request.ttsProvider === undefined) {
    const voice = String(request.ttsVoice);
    const found = lookUpVoice(
      await platform.client.listVoices(streamingProvider ? { provider: streamingProvider } : {}),
      voice,
      streamingProvider,
    );
    if (!found.ok) {
      const list = streaming ? '"dh-kit voices --streaming"' : '"dh-kit voices"';
      throw new UsageError(
        voiceProblem(found, voice, {
          field: '--voice',
          list,
          choose: '--provider',
          streamingProvider,
        }),
      );
    }
    request.ttsProvider = found.provider;
  }
  const created = streamingProvider
    ? await platform.client
        .createStreamingHead(request as StreamingHeadInput, { streamingProvider })
        .catch((err: unknown) => {
          // The head exists but its splitter is still on: finish it, don't create another.
          if (err instanceof PlatformError && err.headId) {
            throw new Error(
              `head ${err.headId} was created, but the platform did not turn its sentence splitter off, which a streaming avatar needs. Run: dh-kit heads splitter ${err.headId} off`,
            );
          }
          throw err;
        })
    : await platform.client.createHead(request as HeadCreateInput);
  const summary = {
    id: created.id,
    publicId: created.publicId,
    mode,
    streaming,
    ...(streaming ? { splitter: false } : {}),
  };
  if (values.json) {
    io.out(JSON.stringify(summary));
    return 0;
  }
  io.out(`Created head ${created.id}`);
  const pairs: [string, unknown][] = [
    ['public id', created.publicId],
    ['mode', mode],
  ];
  if (streaming)
    pairs.push([
      'streaming',
      `yes (provider ${platform.streamingProvider}, sentence splitter off)`,
    ]);
  for (const line of details(pairs)) io.out(`  ${line}`);
  io.out(
    `Next: dh-kit heads get ${created.id} · dh-kit videos create ${created.id} "Hello" · dh-kit sign ${created.id}${streaming ? ' --view stream' : ''}`,
  );
  // The same embed code as the head form's: the bundle from the site, the tag pointed at its proxy.
  const bundle = localBundle();
  io.out('');
  io.out(
    `Embed code${values.site ? '' : ` (--site names your site; ${EXAMPLE_SITE} is an example)`}:`,
  );
  io.out(
    embedCode({
      headId: created.id,
      endpoint,
      bundle: bundle && { url: new URL(bundle.path, site).href, integrity: bundle.integrity },
      view: streaming ? 'stream' : 'chat',
    }),
  );
  io.out('As a chat bubble in the corner: add layout="bubble" to the <dh-avatar> tag.');
  io.out('The head is shown only where the proxy publishes it (DH_PUBLIC_HEADS).');
  return 0;
}

/** The create fields given as flags, in the platform's names; flags not given are left out. */
function requestFromFlags(values: Values): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    headVisualId: values.face,
    name: values.name,
    alias: values.alias,
    language: values.language,
    languageSpeechRecognition: values['speech-language'],
    operationMode: values.mode,
    ttsProvider: values.provider,
    ttsVoice: values.voice,
    greetings: values.greeting,
    promptConfig: values.prompt === undefined ? undefined : { system_prompt: values.prompt },
    [FLOW_API_KEY_FIELD]: values[`${FLOW_MODE}-key`],
  };
  if (
    values['plugin-name'] !== undefined ||
    values['plugin-url'] !== undefined ||
    values['plugin-option'] !== undefined
  ) {
    const options: Record<string, string> = {};
    for (const pair of values['plugin-option'] ?? []) {
      const at = pair.indexOf('=');
      if (at < 1) throw new UsageError(`--plugin-option takes key=value, not "${pair}"`);
      options[pair.slice(0, at)] = pair.slice(at + 1);
    }
    fields.pluginOperationalModeConfig = {
      name: values['plugin-name'],
      url: values['plugin-url'],
      options,
    };
  }
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

async function readRequest(file: string): Promise<Record<string, unknown>> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new UsageError(
      `${file}: ${err instanceof SyntaxError ? 'not valid JSON' : 'cannot be read'}`,
    );
  }
  if (!json || typeof json !== 'object' || Array.isArray(json))
    throw new UsageError(`${file}: a head create request is a JSON object`);
  return json as Record<string, unknown>;
}

/** Which flag sets a field, so a problem is named the way the user typed it. */
const FLAG_OF: Record<string, string> = {
  headVisualId: '--face',
  name: '--name',
  alias: '--alias',
  language: '--language',
  langCode: '--language',
  languageSpeechRecognition: '--speech-language',
  ttsProvider: '--provider',
  ttsVoice: '--voice',
  greetings: '--greeting',
  promptConfig: '--prompt',
  operationMode: '--mode',
  [FLOW_API_KEY_FIELD]: `--${FLOW_MODE}-key`,
};

function check<S extends z.ZodType>(schema: S, request: unknown): z.output<S> {
  const result = schema.safeParse(request);
  if (result.success) return result.data;
  const problems = result.error.issues.slice(0, 4).map((issue) => {
    const [field, sub] = issue.path.map(String);
    const flag =
      field === 'pluginOperationalModeConfig'
        ? sub === 'name' || sub === 'url'
          ? `--plugin-${sub}`
          : '--plugin-name and --plugin-url'
        : (FLAG_OF[field ?? ''] ?? field ?? 'the request');
    return /received undefined$|is required/.test(issue.message)
      ? `${flag} ${flag.includes(' and ') ? 'are' : 'is'} required`
      : `${flag}: ${issue.message}`;
  });
  throw new UsageError(`${problems.join('; ')}\n\nSee "dh-kit heads --help".`);
}

/** A platform rule's refusal (`field: why`), said with the flag that sets the field. */
function byFlag<T>(apply: () => T): T {
  try {
    return apply();
  } catch (err) {
    if (!(err instanceof PlatformError) || err.code !== 'invalid_request' || !err.detail) throw err;
    const problems = err.detail
      .split('; ')
      .map((part) =>
        part.replace(/^(\w+)(?:\.\w+)*: /, (whole, field: string) =>
          FLAG_OF[field] ? `${FLAG_OF[field]}: ` : whole,
        ),
      );
    throw new UsageError(`${problems.join('; ')}\n\nSee "dh-kit heads --help".`);
  }
}

/**
 * The head record without its page address: publicUrl (publicURL) carries the organisation key,
 * so it is never printed, nor any field named like a key or holding that key (the record's
 * other fields are "not shown" in the spec, so a future one might).
 */
export function safeHead(record: HeadRecord): Record<string, unknown> {
  const apiKey = URL.canParse(record.publicUrl)
    ? new URL(record.publicUrl).searchParams.get('api_key')
    : null;
  return Object.fromEntries(
    Object.entries(record).filter(([name, value]) => {
      if (value === undefined || value === null) return false;
      if (/^public_?url$/i.test(name) || /key|secret|token|password|bearer/i.test(name))
        return false;
      const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
      return !/api_key/i.test(text) && !(apiKey && text.includes(apiKey));
    }),
  );
}

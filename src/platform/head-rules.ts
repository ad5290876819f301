/**
 * The rules of head creation that are the kit's to apply, each in one place: spec, Heads rule 1
 * (a streaming avatar) and the voice → provider lookup. The client (`createStreamingHead`), the
 * proxy (`POST /heads`) and the CLI (`heads create`) call these; the head form only mirrors the
 * streaming rule for display (it hides the fields the rule removes) and leaves the rest to the proxy.
 */
import type { z } from 'zod';
import { STREAMING_DROPS } from '../api/rules.js';
import { invalidRequestError } from './errors.js';
import type { OperationMode } from './modes.js';
import {
  streamingHeadCreateSchema,
  type headCreateSchema,
  type HeadCreateRequest,
  type Voice,
} from './schemas.js';

/** What createHead accepts: the create request before defaults (e.g. plugin `options`) are filled in. */
export type HeadCreateInput = z.input<typeof headCreateSchema>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/**
 * A create request for a streaming avatar: operationMode and ttsProvider may be left out (oc and the
 * streaming provider); `streamingHead` refuses another mode or provider.
 */
export type StreamingHeadInput = DistributiveOmit<
  HeadCreateInput,
  'operationMode' | 'ttsProvider'
> & { operationMode?: OperationMode; ttsProvider?: string };

const CREATE = 'POST /head/create';

/**
 * Spec, Heads rule 1: mode oc, the streaming provider, greetings "", no alias or suggestions. The
 * spec allows any mode; the kit makes every streaming avatar in oc, the mode the stream page is
 * made for, and refuses another. A missing ttsProvider is the streaming provider; another one is
 * refused (the voiceId would be the wrong provider's). Nothing is sent: the splitter step is the
 * caller's (the client's createStreamingHead). Throws an `invalid_request` PlatformError whose
 * detail names the field (`operationMode: …`, `ttsProvider: …`).
 */
export function streamingHead(
  request: StreamingHeadInput,
  streamingProvider: string,
): HeadCreateRequest {
  const rest: Record<string, unknown> = { ...request };
  for (const field of STREAMING_DROPS) delete rest[field];
  const mode: unknown = rest.operationMode ?? 'oc';
  if (mode !== 'oc')
    throw invalidRequestError(
      CREATE,
      `operationMode: a streaming avatar uses open conversation (oc), not ${String(mode)}`,
    );
  const provider: unknown = rest.ttsProvider ?? streamingProvider;
  if (provider !== streamingProvider) {
    throw invalidRequestError(
      CREATE,
      `ttsProvider: a streaming avatar must use the streaming TTS provider "${streamingProvider}" (got "${String(provider)}"), with one of its voiceIds`,
    );
  }
  const parsed = streamingHeadCreateSchema.safeParse({
    ...rest,
    operationMode: 'oc',
    ttsProvider: provider,
    greetings: '',
  });
  if (!parsed.success) throw invalidRequestError(CREATE, parsed.error);
  return parsed.data;
}

/** What the voice list says of a `ttsVoice`. */
export type VoiceLookup =
  | { ok: true; provider: string }
  /** The voiceId exists for several providers: the request must name one. */
  | { ok: false; reason: 'ambiguous'; providers: string[] }
  /** A display name, not a voiceId (the platform would answer 404 "voice not available"): the ids it stands for. */
  | { ok: false; reason: 'display_name'; voiceIds: string[] }
  | { ok: false; reason: 'unknown' };

/**
 * The provider of a voice, from the voice list: with `streamingProvider`, among that provider's
 * voices only (a streaming avatar can use no other, STREAM-5).
 */
export function lookUpVoice(
  voices: readonly Voice[],
  voice: string,
  streamingProvider?: string,
): VoiceLookup {
  const offered =
    streamingProvider === undefined
      ? voices
      : voices.filter((v) => v.provider === streamingProvider);
  const byId = offered.filter((v) => v.voiceId === voice);
  if (byId.length === 1) return { ok: true, provider: byId[0]!.provider };
  if (byId.length > 1)
    return { ok: false, reason: 'ambiguous', providers: byId.map((v) => v.provider) };
  const byName = offered.filter((v) => v.displayName.toLowerCase() === voice.toLowerCase());
  if (byName.length)
    return {
      ok: false,
      reason: 'display_name',
      voiceIds: byName.map((v) => `${v.voiceId} (${v.provider})`),
    };
  return { ok: false, reason: 'unknown' };
}

/**
 * Why a lookup failed, in one wording for every surface: `field` is how the caller names the voice
 * (`ttsVoice` for the proxy, `--voice` for the CLI), `list` where its user finds the voices, and
 * `choose` how to name a provider (for a voiceId that several providers have).
 */
export function voiceProblem(
  lookup: Exclude<VoiceLookup, { ok: true }>,
  voice: string,
  words: { field: string; list: string; choose: string; streamingProvider?: string },
): string {
  switch (lookup.reason) {
    case 'ambiguous':
      return `${words.field}: ${voice} exists for several providers (${lookup.providers.join(', ')}): choose one with ${words.choose}`;
    case 'display_name':
      return `${words.field}: "${voice}" is a display name: ttsVoice must be a voiceId from the voice list, not its display name. Use ${lookup.voiceIds.join(', ')}.`;
    default:
      return words.streamingProvider
        ? `${words.field}: "${voice}" is not a voice of ${words.streamingProvider}, the only provider of streaming avatars (${words.list} lists them)`
        : `${words.field}: "${voice}" is not a voiceId of any voice (${words.list} lists them)`;
  }
}

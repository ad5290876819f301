/**
 * Names the spec leaves as placeholders, chosen once. The modes and the flow mode's names are in
 * `src/api/modes.ts` (the head form in the browser needs them too); the streaming TTS provider
 * (`<streaming_tts_provider>`) is configuration (`DH_STREAMING_TTS_PROVIDER`), defaulting to the one
 * the platform supports today.
 */
export {
  FLOW_API_KEY_FIELD,
  FLOW_MODE,
  OPERATION_MODES,
  type OperationMode,
} from '../api/modes.js';
export const DEFAULT_STREAMING_TTS_PROVIDER = 'elevenlabs';

/** The four session events of the spec's Events table, with the configuration flag of each. */
export const EVENT_FLAGS = {
  start_conversation: 'startConversation',
  end_conversation: 'endConversation',
  inactivity_warning: 'inactivityWarning',
  timeout_conversation: 'timeoutConversation',
} as const;
export type EventType = keyof typeof EVENT_FLAGS;
export const EVENT_TYPES = Object.keys(EVENT_FLAGS) as EventType[];

/** Spec, Authentication 3: a token expires after 7 days. */
export const TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

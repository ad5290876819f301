/**
 * Names the spec leaves as placeholders, chosen once here.
 *
 * The spec writes the third-party conversation-design mode as `<flow_mode>` and its key field as
 * `<flow_api_key>`; the platform we target calls them `voiceflow` and `voiceflowApiKey`. The
 * streaming TTS provider (`<streaming_tts_provider>`) is configuration (`DH_STREAMING_TTS_PROVIDER`),
 * defaulting to the one the platform supports today.
 */
export const FLOW_MODE = 'voiceflow';
export const FLOW_API_KEY_FIELD = 'voiceflowApiKey';
export const DEFAULT_STREAMING_TTS_PROVIDER = 'elevenlabs';

export const OPERATION_MODES = ['oc', 'ttt', 'doc_qa', 'plugin', FLOW_MODE] as const;
export type OperationMode = (typeof OPERATION_MODES)[number];

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

/**
 * Operation modes and the names the spec leaves as placeholders, chosen once here. Shared by the
 * browser (the head form) and the server (schemas, client, simulator): this file imports nothing.
 *
 * The spec writes the third-party conversation-design mode as `<flow_mode>` and its key field as
 * `<flow_api_key>`; the platform we target calls them `voiceflow` and `voiceflowApiKey`.
 */
export const FLOW_MODE = 'voiceflow';
export const FLOW_API_KEY_FIELD = 'voiceflowApiKey';

export const OPERATION_MODES = ['oc', 'ttt', 'doc_qa', 'plugin', FLOW_MODE] as const;
export type OperationMode = (typeof OPERATION_MODES)[number];

/** The English messages of `<dh-voice-picker>` (the catalogue's `voicePicker` section; see shared/localized.ts). */
export const voicePickerMessages = {};
export type VoicePickerMessages = typeof voicePickerMessages;

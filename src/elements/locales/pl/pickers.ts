import type { FacePickerMessages } from '../../face-picker/messages.js';
import type { VoicePickerMessages } from '../../voice-picker/messages.js';

export const facePicker = {} satisfies FacePickerMessages;
export const voicePicker = {} satisfies VoicePickerMessages;

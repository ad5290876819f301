'use client';
/** `dh-kit/react/voice-picker`: `<dh-voice-picker>` as a React component. */
import { DhVoicePicker as DhVoicePickerElement } from '../elements/voice-picker/voice-picker.js';
import type { DhErrorDetail, VoiceSelectDetail } from '../elements/shared/events.js';
import { wrap, type Detail } from './wrap.js';

/** `<dh-voice-picker>`: a form control whose value is a voiceId. */
export const DhVoicePicker = wrap('dh-voice-picker', DhVoicePickerElement, 'DhVoicePicker', {
  onDhSelect: 'dh-select' as Detail<VoiceSelectDetail>,
  onDhError: 'dh-error' as Detail<DhErrorDetail>,
});

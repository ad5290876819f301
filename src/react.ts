/**
 * `dh-kit/react`: the elements as React components (made with `@lit/react`). Properties are set as
 * properties, so objects such as `headers` reach the element as they are; events are `onDh…`
 * props with a typed `detail`:
 *
 * ```tsx
 * import { DhAvatar } from 'dh-kit/react';
 * <DhAvatar headId="…" layout="bubble" onDhLoad={(e) => console.log(e.detail.view)} />
 * ```
 *
 * Importing this module registers the five tags in a browser and nothing in Node, so the
 * components render on the server (`react-dom/server`) as their bare tags; the elements upgrade
 * when the page's JavaScript runs.
 */
import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import { DhAvatar as DhAvatarElement, type AvatarActivateDetail, type AvatarLoadDetail } from './elements/avatar/avatar.js';
import { DhFacePicker as DhFacePickerElement } from './elements/face-picker/face-picker.js';
import { DhHeadForm as DhHeadFormElement, type HeadCreatedDetail } from './elements/head-form/head-form.js';
import type { DhErrorDetail, FaceSelectDetail, VoiceSelectDetail } from './elements/shared/events.js';
import { DhVideoStudio as DhVideoStudioElement, type VideoReadyDetail, type VideoRequestedDetail } from './elements/video-studio/video-studio.js';
import { DhVoicePicker as DhVoicePickerElement } from './elements/voice-picker/voice-picker.js';

type Detail<T> = EventName<CustomEvent<T>>;
const onError = 'dh-error' as Detail<DhErrorDetail>;

/** One wrapper: the element class as a React component named like it, events as `onDh…` props. */
const wrap = <I extends HTMLElement, E extends Record<string, EventName | string>>(tagName: string, elementClass: new () => I, displayName: string, events: E) =>
  createComponent({ react: React, tagName, elementClass, displayName, events });

/** `<dh-avatar>`: a head's chat or stream page behind a facade. */
export const DhAvatar = wrap('dh-avatar', DhAvatarElement, 'DhAvatar', {
  onDhActivate: 'dh-activate' as Detail<AvatarActivateDetail>,
  onDhLoad: 'dh-load' as Detail<AvatarLoadDetail>,
  onDhError: onError,
  onDhOpen: 'dh-open' as Detail<Record<string, never>>,
  onDhClose: 'dh-close' as Detail<Record<string, never>>,
});

/** `<dh-face-picker>`: a form control whose value is a face id. */
export const DhFacePicker = wrap('dh-face-picker', DhFacePickerElement, 'DhFacePicker', { onDhSelect: 'dh-select' as Detail<FaceSelectDetail> });

/** `<dh-voice-picker>`: a form control whose value is a voiceId. */
export const DhVoicePicker = wrap('dh-voice-picker', DhVoicePickerElement, 'DhVoicePicker', { onDhSelect: 'dh-select' as Detail<VoiceSelectDetail> });

/** `<dh-head-form>`: creates a head in any mode (admin routes: pass `headers` or `credentials`). */
export const DhHeadForm = wrap('dh-head-form', DhHeadFormElement, 'DhHeadForm', {
  onDhHeadCreated: 'dh-head-created' as Detail<HeadCreatedDetail>,
  onDhError: onError,
});

/** `<dh-video-studio>`: text to video for one head (admin routes: pass `headers` or `credentials`). */
export const DhVideoStudio = wrap('dh-video-studio', DhVideoStudioElement, 'DhVideoStudio', {
  onDhVideoRequested: 'dh-video-requested' as Detail<VideoRequestedDetail>,
  onDhVideoReady: 'dh-video-ready' as Detail<VideoReadyDetail>,
  onDhError: onError,
});

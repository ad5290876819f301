/**
 * `dh-kit` in the browser: registers every element of the kit (the single-file bundle's entry),
 * and exports the proxy client and route schemas they share.
 */
export { DhAvatar, type AvatarTrigger } from './elements/avatar/avatar.js';
export { DhFacePicker } from './elements/face-picker/face-picker.js';
export { DhVoicePicker } from './elements/voice-picker/voice-picker.js';
export { DhHeadForm, type HeadCreatedDetail, type LanguageOption } from './elements/head-form/head-form.js';
export { DhVideoStudio, type VideoReadyDetail, type VideoRequestedDetail } from './elements/video-studio/video-studio.js';
export { ApiRequestError, CSRF_HEADER, CSRF_VALUE, requestJson, routeUrl, type RequestOptions } from './api/client.js';
export * from './api/schemas.js';
export * from './api/modes.js';

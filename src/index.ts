/**
 * `dh-kit` in the browser: registers every element of the kit (the single-file bundle's entry),
 * and exports the proxy client, the types of the proxy's answers and every event's detail type.
 */
export {
  DhAvatar,
  type AvatarActivateDetail,
  type AvatarConsentDetail,
  type AvatarLoadDetail,
  type AvatarTrigger,
} from './elements/avatar/avatar.js';
export { DhFacePicker, type DhFacePickerEventMap } from './elements/face-picker/face-picker.js';
export { DhVoicePicker, type DhVoicePickerEventMap } from './elements/voice-picker/voice-picker.js';
export {
  DhHeadForm,
  type HeadCreatedDetail,
  type LanguageOption,
} from './elements/head-form/head-form.js';
export {
  DhVideoStudio,
  type VideoReadyDetail,
  type VideoRequestedDetail,
} from './elements/video-studio/video-studio.js';
export { DhInsights, type InsightsHead } from './elements/insights/insights.js';
export type {
  DhErrorDetail,
  DhSelectEvent,
  FaceSelectDetail,
  VoiceSelectDetail,
} from './elements/shared/events.js';
export {
  ApiRequestError,
  CSRF_HEADER,
  CSRF_VALUE,
  request,
  requestJson,
  routeUrl,
  type RequestOptions,
} from './api/client.js';
export type { AnsweredCode, ErrorCode, VisitorCode } from './api/errors.js';
export { configure, type KitOptions } from './api/urls.js';
// From its own entry (dh-kit/analytics), as configure and setMessages are from theirs.
export {
  connectAnalytics,
  type AnalyticsEventName,
  type AnalyticsOptions,
  type AnalyticsParams,
  type AnalyticsSend,
} from './analytics.js';
export {
  setMessages,
  matchLocale,
  LOCALES,
  type Catalogue,
  type Locale,
  type Overrides,
} from './elements/localized.js';
export * from './api/answers.js';
export * from './api/rules.js';
export * from './api/modes.js';

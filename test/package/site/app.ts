// A site's TypeScript (strict, exactOptionalPropertyTypes, no decorator flags, no skipLibCheck).
import 'dh-kit/avatar';
import 'dh-kit/face-picker';
import {
  DhVoicePicker,
  type AvatarLoadDetail,
  type FaceItem,
  type HeadCreatedDetail,
  type VideoReadyDetail,
} from 'dh-kit';
import { connectAnalytics, type AnalyticsParams } from 'dh-kit/analytics';

const avatar = document.createElement('dh-avatar');
avatar.headId = 'h1';
avatar.view = 'stream';
avatar.layout = 'bubble';
avatar.addEventListener('dh-load', (e) => {
  const detail: AvatarLoadDetail = e.detail;
  console.log(detail.view);
});
avatar.addEventListener('dh-error', (e) => console.log(e.detail.code, e.detail.message));
void avatar.activate('method');

const faces = document.querySelector('dh-face-picker');
faces?.addEventListener('dh-select', (e) => {
  const face: FaceItem = e.detail.item;
  console.log(face.id, face.thumbnail?.url);
});
if (faces) faces.gender = 'FEMALE';

const voices = new DhVoicePicker();
voices.streaming = true;
voices.headers = { authorization: 'Bearer site-session' };

document.addEventListener('dh-head-created', (e) => {
  const created: HeadCreatedDetail = e.detail;
  console.log(created.id, created.streaming);
});
document.querySelector('dh-video-studio')?.addEventListener('dh-video-ready', (e) => {
  const ready: VideoReadyDetail = e.detail;
  console.log(ready.talk.url);
});

// The site's own analytics: GA4's gtag, as the site declares it.
declare const gtag: (command: 'event', name: string, params: AnalyticsParams) => void;
const stopAnalytics = connectAnalytics({ send: (name, params) => gtag('event', name, params) });
stopAnalytics();

// @ts-expect-error an event the kit does not send
connectAnalytics({ events: ['dh_avatar_play'] });
// @ts-expect-error a view the element does not have
avatar.view = 'video';
// @ts-expect-error headers are an object, not a number
voices.headers = 42;

'use client';
/**
 * `dh-kit/react`: the elements as React components (made with `@lit/react`). Properties are set as
 * properties, so objects such as `headers` reach the element as they are; events are `onDh…`
 * props with a typed `detail`:
 *
 * ```tsx
 * import { DhAvatar } from 'dh-kit/react/avatar';
 * <DhAvatar headId="…" layout="bubble" onDhLoad={(e) => console.log(e.detail.view)} />
 * ```
 *
 * This entry has all six; `dh-kit/react/avatar`, `…/face-picker`, `…/voice-picker`,
 * `…/head-form`, `…/video-studio` and `…/insights` have one each, so a page pays only for the
 * elements it uses. Every entry is a client module (`'use client'`): a React Server Component
 * page (Next.js's App Router) imports it as it is. Importing one registers its tag in a browser
 * and nothing in Node, so the components render on the server (`react-dom/server`) as their tags
 * with the elements' own attributes (`head-id="…"`); the elements upgrade when the page's
 * JavaScript runs.
 */
export { DhAvatar } from './avatar.js';
export { DhFacePicker } from './face-picker.js';
export { DhVoicePicker } from './voice-picker.js';
export { DhHeadForm } from './head-form.js';
export { DhVideoStudio } from './video-studio.js';
export { DhInsights } from './insights.js';

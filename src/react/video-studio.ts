'use client';
/** `dh-kit/react/video-studio`: `<dh-video-studio>` as a React component. */
import {
  DhVideoStudio as DhVideoStudioElement,
  type VideoReadyDetail,
  type VideoRequestedDetail,
} from '../elements/video-studio/video-studio.js';
import type { DhErrorDetail } from '../elements/shared/events.js';
import { wrap, type Detail } from './wrap.js';

/** `<dh-video-studio>`: text to video for one head (admin routes: pass `headers` or `credentials`). */
export const DhVideoStudio = wrap('dh-video-studio', DhVideoStudioElement, 'DhVideoStudio', {
  onDhVideoRequested: 'dh-video-requested' as Detail<VideoRequestedDetail>,
  onDhVideoReady: 'dh-video-ready' as Detail<VideoReadyDetail>,
  onDhError: 'dh-error' as Detail<DhErrorDetail>,
});

import type { VideoStudioMessages } from '../../video-studio/messages.js';

export default {} satisfies VideoStudioMessages;

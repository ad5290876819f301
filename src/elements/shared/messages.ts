/**
 * English messages that every element shows alike (the catalogue's `shared` section; see
 * localized.ts). Each locale of `elements/locales/` has its own.
 */
import type { VisitorCode } from '../../api/errors.js';
import {
  backOfficeWords,
  budgetWords,
  oldLinkWords,
  passingTroubleWords,
  platformRefusalWords,
  sharedMessagesOf,
} from './error-words.js';

/** Every visitor code's sentence (the back office's refusals keep the proxy's words: head-form and video-studio `refused`). */
const errorWords: Record<VisitorCode, string> = {
  ...passingTroubleWords,
  ...oldLinkWords,
  ...budgetWords,
  ...platformRefusalWords,
  ...backOfficeWords,
};

export const sharedMessages = sharedMessagesOf(errorWords);
export type { SharedMessages } from './error-words.js';

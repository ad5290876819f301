import type { bubbleMessages } from './bubble.js';
import type { consentMessages } from './consent-notice.js';
import {
  budgetWords,
  oldLinkWords,
  passingTroubleWords,
  sharedMessagesOf,
} from '../shared/error-words.js';

/**
 * The shared words in English as the avatar needs them: the sentences of the failures it shows in
 * those words (passing trouble, an old link, the head's session budget); its other failures say
 * `unavailable`.
 */
export const avatarSharedMessages = sharedMessagesOf({
  ...passingTroubleWords,
  ...oldLinkWords,
  ...budgetWords,
});

/**
 * The English messages of `<dh-avatar>` (the catalogue's `avatar` section; see elements/localized.ts),
 * but for the bubble's own and the consent notice's, which ship with their modules (bubble.ts
 * `bubbleMessages`, consent-notice.ts `consentMessages`): a page without them does not load their
 * words. Locales give all three in one section.
 */
export const avatarMessages = {
  /** The frame's and the panel's accessible name. */
  title: (name?: string): string => (name ? `${name}, digital human` : 'Digital human'),
  /** The facade's button, and the bubble's launcher (`name` unknown: a generic one). */
  talkTo: (name?: string): string => (name ? `Talk to ${name}` : 'Talk to the digital human'),
  /** Under the button when the head speaks another language than the page (its name in the page's). */
  speaks: (language: string): string => `Speaks ${language}`,
  connecting: (name?: string): string => `Connecting to ${name ?? 'the digital human'}…`,
  micBlocked: 'This page does not allow the microphone, so you can type but not talk.',
  /** Instead of the facade or the conversation when the head does not exist or the launch cannot work. */
  unavailable: (name?: string): string =>
    `${name ?? 'The digital human'} isn’t available right now.`,
};
export type AvatarMessages = typeof avatarMessages & typeof bubbleMessages & typeof consentMessages;

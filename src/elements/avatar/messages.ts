import type { bubbleMessages } from './bubble.js';
import type { consentMessages } from './consent-notice.js';
import type { micHintMessages } from './mic-hint-note.js';
import {
  budgetWords,
  oldLinkWords,
  passingTroubleWords,
  sharedMessagesOf,
} from '../shared/error-words.js';

/**
 * The failures the avatar shows in the shared words, each its own sentence: passing trouble, an
 * old link, the head's session budget. Its other failures say `unavailable`, but for one that
 * trying again may mend (a general sentence, with Try again).
 */
export const avatarErrorWords = { ...passingTroubleWords, ...oldLinkWords, ...budgetWords };

/** The shared words in English as the avatar needs them: the sentences of `avatarErrorWords`. */
export const avatarSharedMessages = sharedMessagesOf(avatarErrorWords);

/**
 * The English messages of `<dh-avatar>` (the catalogue's `avatar` section; see elements/localized.ts),
 * but for those of its parts, which ship with their modules (bubble.ts `bubbleMessages`,
 * consent-notice.ts `consentMessages`, mic-hint-note.ts `micHintMessages`): a page without a part
 * does not load its words. Locales give them all in one section.
 */
export const avatarMessages = {
  /** The frame's and the panel's accessible name. */
  title: (name?: string): string => (name ? `${name}, digital human` : 'Digital human'),
  /** The facade's button, and the bubble's launcher (`name` unknown: a generic one). */
  talkTo: (name?: string): string => (name ? `Talk to ${name}` : 'Talk to the digital human'),
  /** Under the button when the head speaks another language than the page (its name in the page's). */
  speaks: (language: string): string => `Speaks ${language}`,
  connecting: (name?: string): string => `Connecting to ${name ?? 'the digital human'}…`,
  /** Instead of the facade or the conversation when the head does not exist or the launch cannot work. */
  unavailable: (name?: string): string =>
    `${name ?? 'The digital human'} isn’t available right now.`,
};
export type AvatarMessages = typeof avatarMessages &
  typeof bubbleMessages &
  typeof consentMessages &
  typeof micHintMessages;

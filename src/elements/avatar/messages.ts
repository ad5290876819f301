/** The English messages of `<dh-avatar>` (the catalogue's `avatar` section; see shared/localized.ts). */
export const avatarMessages = {
  /** The frame's and the panel's accessible name. */
  title: (name?: string): string => (name ? `${name}, digital human` : 'Digital human'),
  /** The facade's button, and the bubble's launcher (`name` unknown: a generic one). */
  talkTo: (name?: string): string => (name ? `Talk to ${name}` : 'Talk to the digital human'),
  talkToUs: 'Talk to us',
  /** Under the button when the head speaks another language than the page (its name in the page's). */
  speaks: (language: string): string => `Speaks ${language}`,
  connecting: (name?: string): string => `Connecting to ${name ?? 'the digital human'}…`,
  micBlocked: 'This page does not allow the microphone, so you can type but not talk.',
  close: 'Close',
  closeLabel: (title: string): string => `Close ${title}`,
};
export type AvatarMessages = typeof avatarMessages;

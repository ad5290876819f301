/**
 * English messages that every element shows alike (the catalogue's `shared` section; see
 * localized.ts). Each locale of `elements/locales/` has its own.
 */
export const sharedMessages = {
  /**
   * The text shown for a failed request: English shows the proxy's or the element's own message
   * (`code` is the error's, as in `dh-error`); other locales show theirs for each code they know.
   */
  error: (_code: string, message: string): string => message,
  tryAgain: 'Try again',
};
export type SharedMessages = typeof sharedMessages;

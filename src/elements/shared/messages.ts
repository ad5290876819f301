/**
 * English messages that every element shows alike (the catalogue's `shared` section; see
 * localized.ts). Each locale of `elements/locales/` has its own.
 */
import type { VisitorCode } from '../../api/errors.js';

/**
 * What a person reads for an error code: visitor words, never the proxy's message (that names
 * variables and statuses for the operator, and goes to the console and the `dh-error` detail).
 * In English only the four a visitor can act on have their own (each locale explains every one of
 * api/errors.ts VISITOR_CODES: its table is a Record of them); the size budgets have no room for
 * more in every element. The back office's refusals keep the proxy's words in English
 * (video-studio and head-form `refused`).
 */
const errorWords: Partial<Record<VisitorCode, string>> = {
  // The page loaded, so the visitor's connection worked: the site's server is what is not answering.
  network: "The assistant can't be reached right now. Please try again in a moment.",
  offline: "You're offline. Check your internet connection and try again.",
  launch_expired: 'This conversation link has expired. Reload the page.',
  launch_invalid: 'This conversation link is not valid. Reload the page.',
};

export const sharedMessages = {
  /**
   * The text shown for a failed request, by its code (as in `dh-error`): its own sentence, else a
   * general one. `message` is the proxy's, for a site's override that wants it.
   */
  error: (code: string, _message?: string): string =>
    errorWords[code as VisitorCode] ?? 'Something went wrong. Please try again in a moment.',
  tryAgain: 'Try again',
};
export type SharedMessages = typeof sharedMessages;

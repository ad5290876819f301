/**
 * What a person reads, in English, for each visitor code of api/errors.ts: visitor words, never
 * the proxy's message (that names variables and statuses for the operator, and goes to the
 * console and the `dh-error` detail). Four tables, by where a code is met, so that an element
 * carries the sentences it can show and no others (the avatar, which every visitor loads, passing
 * trouble and old links; the pickers passing trouble and the platform's refusals of the site);
 * shared/messages.ts joins them into the full table, a
 * Record of every code (a missing one fails the type check), as each locale of
 * `elements/locales/` has.
 */
import type { VisitorCode } from '../../api/errors.js';

/** Said for a code that has no sentence of its own. */
export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again in a moment.';

/**
 * Trouble that passes (api/errors.ts canRetry: the avatar offers Try again), which any request
 * may meet.
 */
export const passingTroubleWords = {
  // The page loaded, so the visitor's connection worked: the site's server is what is not answering.
  network: "The assistant can't be reached right now. Please try again in a moment.",
  offline: "You're offline. Check your connection and try again.",
  rate_limited: 'Too many requests right now. Please try again in a moment.',
  platform_unavailable: "The avatar platform isn't answering. Please try again in a moment.",
  platform_timeout: 'The avatar platform took too long. Please try again in a moment.',
  platform_busy: 'The avatar platform is busy. Please try again in a moment.',
} satisfies Partial<Record<VisitorCode, string>>;

/**
 * A head's session budget, set by the site's owner: the launch is refused (429) while its
 * conversations are all taken, or for the rest of the day. Only the avatar launches.
 */
export const budgetWords = {
  head_busy:
    'This digital human is talking with other visitors right now. Please try again in a minute.',
  head_budget_spent:
    'This digital human has no more time for conversations today. Please come back tomorrow.',
  visitor_daily_limit: "You've had today's conversations here. Please come back tomorrow.",
} satisfies Partial<Record<VisitorCode, string>>;

/**
 * An old or broken conversation link (reload the page): with passing trouble, what the avatar
 * shows in these words. Its other failures say the head "isn't available right now" (the
 * avatar's own `unavailable`).
 */
export const oldLinkWords = {
  launch_expired: 'This conversation link has expired. Reload the page.',
  launch_invalid: 'This conversation link is not valid. Reload the page.',
} satisfies Partial<Record<VisitorCode, string>>;

/**
 * The platform refusing the site itself (its key, its account): what the pickers meet beside
 * passing trouble when they ask for a catalogue, and the back office too.
 */
export const platformRefusalWords = {
  platform_auth_failed:
    "This site isn't connected to the avatar platform correctly. Its operator can see why in the server log.",
  platform_forbidden:
    "This site's platform account doesn't allow this now. Its operator can see why in the server log.",
} satisfies Partial<Record<VisitorCode, string>>;

/** The refusals that only the back office meets (the head form, the video studio). */
export const backOfficeWords = {
  head_not_published: "This digital human isn't available on this site.",
  not_found: 'Not found.',
  stream_unavailable: "Video isn't available on this site.",
  unsafe_url: 'This link was refused for safety reasons.',
  admin_required: 'Only an administrator can do this.',
  admin_closed: 'Administration is closed on this server.',
  video_cap_reached: "Today's video limit is reached. Try again tomorrow.",
  video_timeout:
    "The video isn't ready yet. If it is still being made, it will appear among the earlier videos.",
  video_unavailable: "The video couldn't be fetched. Please try again in a moment.",
  video_unplayable: "This video can't be played.",
} satisfies Partial<Record<VisitorCode, string>>;

/** The shared section of a table of error words: a code's own sentence, else a general one. */
export function sharedMessagesOf(words: Partial<Record<VisitorCode, string>>) {
  return {
    /**
     * The text shown for a failed request, by its code (as in `dh-error`): its own sentence, else
     * a general one. `message` is the proxy's, for a site's override that wants it.
     */
    error: (code: string, _message?: string): string =>
      words[code as VisitorCode] ?? SOMETHING_WENT_WRONG,
    tryAgain: 'Try again',
  };
}

/** The catalogue's `shared` section: the error texts and Try again. */
export type SharedMessages = ReturnType<typeof sharedMessagesOf>;

/**
 * Limits of the /dh routes that both sides apply: the proxy in its zod schemas
 * (api/requests.ts, with its words for the operator), the elements before they send (without
 * zod, which they do not load; a rule says what is wrong as a code, each element in its words).
 */

/** The two pages a head has: the chat page (any mode) and the stream page (streaming avatars). */
export const VIEWS = ['chat', 'stream'] as const;
export type View = (typeof VIEWS)[number];

/**
 * Head and talk ids are opaque strings from the platform: letters, digits, `-` and `_` only. The
 * proxy refuses anything else, and the elements check before they build a path (`..` or `.`
 * would survive encodeURIComponent and move a request to another route).
 */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
export const ID_RULE = '1-100 letters, digits, - or _';

/**
 * What a streaming avatar has no use for (spec, Heads rule 1: greetings "", no alias, no
 * suggestions): the head form hides and clears these fields and sends none of them, and the
 * platform client drops them (sending greetings as "").
 */
export const STREAMING_DROPS = ['greetings', 'alias', 'suggestions'] as const;

/** Most faces or videos one request may ask for. */
export const MAX_PAGE_TAKE = 100;
/** Most voices one request may ask for. */
export const MAX_VOICES_TAKE = 500;

/** The longest range `GET /insights` answers, in days (the proxy refuses more; `<dh-insights>` asks for no more). */
export const MAX_INSIGHTS_DAYS = 366;

/** The most characters a video's text may have. */
export const MAX_VIDEO_TEXT = 5000;

/** The proxy's words for the operator when it refuses a video's text (its 400's message). */
export const VIDEO_TEXT_EMPTY = 'type the text the head should say';
export const VIDEO_TEXT_TOO_LONG = `the text is at most ${MAX_VIDEO_TEXT} characters`;

/** Why a video's text cannot be sent: none, or more than MAX_VIDEO_TEXT characters. */
export type VideoTextProblem = 'textEmpty' | 'textTooLong';

/** What is wrong with a video's text (after trimming), or undefined when it can be sent. */
export function videoTextProblem(text: string): VideoTextProblem | undefined {
  const trimmed = text.trim();
  if (!trimmed) return 'textEmpty';
  if (trimmed.length > MAX_VIDEO_TEXT) return 'textTooLong';
  return undefined;
}

/**
 * A name as both sides compare it: no accents, no case ("Élodie" matches "elo"). The proxy's
 * catalogue search (`q`) and the pickers' type-ahead use it alike.
 */
export const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

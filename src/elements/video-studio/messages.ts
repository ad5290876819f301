import { formats } from '../shared/formats.js';

const { n, plural } = formats('en');

/** The English messages of `<dh-video-studio>` (the catalogue's `videoStudio` section; see elements/localized.ts). */
export const videoStudioMessages = {
  /** The text box's label (the `label` property overrides it). */
  label: 'Text the head will say',
  /** Shown without a head; `attribute` is `head-id`, shown as code. */
  noHead: (attribute: string): string =>
    `No head is selected: set ${attribute} to make and list its videos.`,
  /** The visible counter under the text box (numbers as they are: `8 / 5000`). */
  count: (length: number, max: number): string => `${length} / ${max}`,
  /** Read after the counter by screen readers only: "8 / 5000 characters". */
  characters: (max: number): string => plural(max, { one: 'character', other: 'characters' }),
  textEmpty: 'Type the text the head should say.',
  textTooLong: (max: number): string => `The text is at most ${max} characters.`,
  generate: 'Generate video',
  shortcut: 'Ctrl+Enter (⌘+Enter) sends.',
  /** Shown and announced while the text is sent. */
  sending: 'Sending the text…',
  /** In the progress box while the platform makes the video. */
  producing: 'Producing the video…',
  /** Announced once the platform has accepted the text. */
  producingStarted: 'Producing the video. This can take a few minutes.',
  /** Announced every 15 s; `time` is a duration such as "1 minute 15 seconds". */
  stillProducing: (time: string): string => `Still producing the video: ${time} so far.`,
  /** For screen readers, beside the visible timer; `time` is a duration. */
  elapsed: (time: string): string => `${time} elapsed`,
  stop: 'Stop waiting',
  stoppedAnnouncement: 'Stopped waiting for the video.',
  stopped:
    'Stopped waiting. The platform may still make this video: it will then appear among the earlier videos.',
  waitingAgain: 'Waiting for the video again.',
  ready: 'The video is ready.',
  /** `time` is a duration such as "10 minutes". */
  timedOut: (time: string): string =>
    `No video after ${time}. The platform may still be making it: it will then appear among the earlier videos.`,
  keepWaiting: 'Keep waiting',
  /** The proxy's daily cap; it resets at midnight UTC, `hours` and `minutes` from now. */
  capReached: (hours: number, minutes: number): string =>
    `The daily limit of videos is reached: no more can be made today. It resets at midnight UTC, in about ${hours ? `${hours} h ` : ''}${minutes} min.`,
  requestFailed: 'The video could not be requested.',
  checkFailed: 'The video could not be checked.',
  listFailed: 'The videos could not be loaded.',
  downloadFailed: 'The video could not be downloaded.',
  /**
   * A failure by its error code: a back office's reader is the site's operator, so English shows
   * the proxy's words, or the browser's (the URL that could not be reached), as the head form
   * does; a locale gives '' (then the shared text of the code shows).
   */
  refused: (_code: string, message: string): string => message,
  unplayable: 'The video could not be played: the file is missing or not one this browser plays.',
  download: 'Download the video (mp4)',
  /** The gallery's heading. */
  earlier: 'Earlier videos',
  loading: 'Loading videos…',
  empty: 'No videos yet. Type a text above and press Generate video.',
  /** The accessible name of the gallery's pager. */
  pages: 'Pages of earlier videos',
  previous: 'Previous',
  next: 'Next',
  page: (page: number, count: number): string => `Page ${n(page)} of ${n(count)}`,
};
export type VideoStudioMessages = typeof videoStudioMessages;

import { passingTroubleWords, platformRefusalWords, sharedMessagesOf } from './error-words.js';
import { formats } from './formats.js';

const { n, plural } = formats('en');

/**
 * The English messages both pickers show alike: spread into `facePickerMessages` and
 * `voicePickerMessages` (each locale's pickers.ts spreads its own into both sections).
 */
export const pickerMessages = {
  /** An item whose page is still on its way. */
  loading: 'Loading…',
  /** An item whose page failed (the error below the list says why). */
  notLoaded: 'Not loaded',
  gender: 'Gender',
  /** The gender filter's "no filter" option. */
  allGenders: 'All',
  /** The platform's FEMALE and MALE, in the filter and beside each item. */
  female: 'Female',
  male: 'Male',
  clearFilters: 'Clear filters',
  /**
   * The positions of the items of the pages that failed (`61–120`; at most three ranges, then
   * `more` pages not listed): `1–60, 61–120, 121–180 and 2 more pages`.
   */
  failedItems: (ranges: [number, number][], more: number): string =>
    ranges.map(([a, b]) => `${n(a)}–${n(b)}`).join(', ') +
    (more ? plural(more, { one: ' and # more page', other: ' and # more pages' }) : ''),
};
export type PickerMessages = typeof pickerMessages;

/** The shared words in English as the pickers need them: the failures a catalogue request meets. */
export const pickerSharedMessages = sharedMessagesOf({
  ...passingTroubleWords,
  ...platformRefusalWords,
});

/** What the code both pickers share reads of a picker's section (its own words, beside the shared ones). */
export interface PickerSection extends PickerMessages {
  /** The grid's or list's accessible name when the page sets no `label`. */
  label: string;
  /** The validation message when `required` and nothing is chosen. */
  required: string;
  /** While the first page loads. */
  loadingList: string;
  /** The first page failed and the error has no message of its own. */
  loadFailed: string;
  /** Later pages failed; `items` is `failedItems`. */
  pagesFailed: (items: string) => string;
  /** Announced after a search or a filter: how many items match. */
  results: (count: number) => string;
}

import { formats } from '../shared/formats.js';
import { pickerMessages } from '../shared/picker-messages.js';

const { plural } = formats('en');

/** The English messages of `<dh-face-picker>` (the catalogue's `facePicker` section; see elements/localized.ts). */
export const facePickerMessages = {
  ...pickerMessages,
  /** The grid's accessible name (the `label` property overrides it). */
  label: 'Face',
  required: 'Please choose a face.',
  /** The search box's label, and its placeholder. */
  name: 'Name',
  search: 'Search faces',
  loadingList: 'Loading faces…',
  loadFailed: 'The faces could not be loaded.',
  /** `items`: positions such as `61–120` (see failedItems). */
  pagesFailed: (items: string): string => `Faces ${items} could not be loaded.`,
  results: (count: number): string => plural(count, { one: '# face', other: '# faces' }),
  /** A filter that left no face, in `noMatch`: the search text as typed. */
  byName: (q: string): string => `the name "${q}"`,
  femaleFaces: 'female faces',
  maleFaces: 'male faces',
  /** `filters`: one or two of byName, femaleFaces, maleFaces. */
  noMatch: (filters: string[]): string => `No face matches ${filters.join(' and ')}.`,
  /** No filter, and no face at all. */
  empty: 'No face matches yet: the catalogue is empty.',
  /** After noMatch, followed by the "Clear filters" button. */
  widen: 'Widen the search or',
};
export type FacePickerMessages = typeof facePickerMessages;

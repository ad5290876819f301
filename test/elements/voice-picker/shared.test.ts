/**
 * What <dh-voice-picker> shares with <dh-face-picker> (test/elements/picker-shared.ts), with the
 * voice picker's side: its listbox of options, its words, the proxy's voices; and, once a stale
 * answer has been kept out, the size of the set its options say.
 */
import { expect } from '@open-wc/testing';
import { sharedPickerTests } from '../picker-shared.js';
import type { DhVoicePicker } from '../../../src/elements/voice-picker/voice-picker.js';
import { voicePickerMessages } from '../../../src/elements/voice-picker/messages.js';
import type { VoiceItem } from '../../../src/api/answers.js';
import {
  all,
  describeVoicePicker,
  endpoint,
  fakeVoices,
  listbox,
  metaOf,
  nameOf,
  options,
  ready,
} from './support.js';

describeVoicePicker(() =>
  sharedPickerTests<VoiceItem, DhVoicePicker>({
    tag: 'dh-voice-picker',
    endpoint: () => endpoint,
    route: '/voices',
    catalogue: async () => all.items.map((v) => ({ value: v.voiceId, name: v.displayName })),
    words: {
      loading: 'Loading voices',
      label: 'Voice',
      noMatch: 'No voice matches',
      loadFailed: 'The voices could not be loaded.',
      results: voicePickerMessages.results,
    },
    ready: (el) => ready(el),
    scroller: listbox,
    items: (el) => options(el).filter((o) => !o.classList.contains('placeholder')),
    itemAt: (el, index) => el.shadowRoot!.getElementById(`option-${index}`),
    nameOf,
    entryOf: (v) => ({ value: v.voiceId, name: v.displayName }),
    fake: (count) => fakeVoices(count),
    parts: { item: 'option', scroller: 'listbox', bar: 'filters' },
    accentBorder: 'borderLeftColor',
    stale: () => {
      // The proxy's own voices: the late list is azure's, the last one audiostack's.
      const audiostack = all.items.filter((v) => v.provider === 'audiostack').length;
      return {
        endpoint,
        param: 'provider',
        late: 'azure',
        last: 'audiostack',
        set: (el, provider) => (el.provider = provider),
        shown: (o) => metaOf(o).provider,
        lastShown: 'audiostack',
        lastTotal: audiostack,
        afterwards: async (el) => {
          expect(options(el)[0]!.getAttribute('aria-setsize'), 'the set is the last list').to.equal(
            String(audiostack),
          );
        },
      };
    },
  }),
);

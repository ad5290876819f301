/**
 * What <dh-face-picker> shares with <dh-voice-picker> (test/elements/picker-shared.ts), with the
 * face picker's side: its grid of cells, its words, its catalogue; and, once a stale answer has
 * been kept out, its later pages (a grid of 10,000 faces pages; the stale list's never lands).
 */
import { expect } from '@open-wc/testing';
import { waitUntil } from '../wait.js';
import { press } from '../keys.js';
import { sharedPickerTests } from '../picker-shared.js';
import type { DhFacePicker } from '../../../src/elements/face-picker/face-picker.js';
import { facePickerMessages } from '../../../src/elements/face-picker/messages.js';
import type { FaceItem, FacesPage } from '../../../src/api/answers.js';
import {
  active,
  cell,
  describeFacePicker,
  endpoint,
  fakeFaces,
  grid,
  loadedCells,
  nameOf,
  ready,
} from './support.js';

describeFacePicker(() =>
  sharedPickerTests<FaceItem, DhFacePicker>({
    tag: 'dh-face-picker',
    endpoint: () => endpoint,
    route: '/faces',
    catalogue: async () => {
      const page = (await (await fetch(`${endpoint}/faces?take=100`)).json()) as FacesPage;
      return page.items.map((f) => ({ value: f.id, name: f.name }));
    },
    words: {
      loading: 'Loading faces',
      label: 'Face',
      noMatch: 'No face matches',
      loadFailed: 'The faces could not be loaded.',
      results: facePickerMessages.results,
    },
    ready: (el) => ready(el),
    scroller: grid,
    items: loadedCells,
    itemAt: cell,
    nameOf,
    entryOf: (f) => ({ value: f.id, name: f.name }),
    fake: (count) => fakeFaces(count),
    parts: { item: 'cell', scroller: 'grid', bar: 'toolbar' },
    accentBorder: 'borderTopColor',
    stale: () => {
      // 10,000 faces: the male list has later pages, which must land in it.
      const fake = fakeFaces(10_000);
      return {
        endpoint: 'http://fake.test/dh',
        param: 'gender',
        late: 'FEMALE',
        last: 'MALE',
        set: (el, gender) => (el.gender = gender as DhFacePicker['gender']),
        shown: (c) => c.querySelector('.meta')?.textContent ?? undefined,
        lastShown: 'Male',
        lastTotal: 5000,
        afterwards: async (el) => {
          // The male list's later pages land in it (not in the stale list).
          grid(el)!.focus();
          await press('Control+End');
          expect(active(el)).to.equal('cell-4999');
          await waitUntil(() => nameOf(cell(el, 4999)) === 'Face 9999', 'the last male face loads');
          expect(
            fake.calls.filter((q) => q.includes('gender=FEMALE')),
            'no later page of the stale list',
          ).to.have.length(1);
        },
        restore: fake.restore,
      };
    },
  }),
);

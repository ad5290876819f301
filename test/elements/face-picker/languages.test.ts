/**
 * <dh-face-picker> in the page's language: German, Arabic right to left and Japanese, with no
 * English left in any state.
 */
import { expect } from '@open-wc/testing';
import { holdRequests, waitUntil } from '../wait.js';
import type { FacesPage } from '../../../src/api/answers.js';
import {
  itSaysAnErrorInThePageLanguage,
  itSaysTheRequiredMessageInThePageLanguage,
  pickerInLanguage,
} from '../picker-languages.js';
import { facePickerMessages } from '../../../src/elements/face-picker/messages.js';
import {
  ar,
  cell,
  de,
  describeFacePicker,
  endpoint,
  fr,
  grid,
  ja,
  loadedCells,
  ready,
} from './support.js';
import { expectAccessible } from '../support.js';

describeFacePicker(() => {
  describe("in the page's language", () => {
    const catalogues = { de, ar, ja, fr };
    /** The words of the faces' names (data, not ours). */
    let names: string[];
    before(async () => {
      const page = (await (await fetch(`${endpoint}/faces?take=100`)).json()) as FacesPage;
      names = page.items.map((f) => f.name);
    });
    const { inLanguage, left, announced } = pickerInLanguage({
      tag: 'dh-face-picker',
      section: 'facePicker',
      english: facePickerMessages,
      endpoint: () => endpoint,
      data: () => names,
    });

    for (const [lang, dir] of [
      ['de', 'ltr'],
      ['ar', 'rtl'],
      ['ja', 'ltr'],
    ] as const) {
      it(`lang="${lang}"${dir === 'rtl' ? ' dir="rtl"' : ''}: no English left while loading, loaded, filtered and empty; announcements and axe too`, async () => {
        const m = catalogues[lang];
        // The list's first page is held back until the loading state has been read.
        const release = holdRequests('/faces');
        const { el } = await inLanguage(lang, dir).finally(() => setTimeout(release, 0));
        expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.equal(
          m.loadingList,
        );
        expect(await left(el, lang), 'loading').to.deep.equal([]);
        await ready(el);
        expect(grid(el)!.getAttribute('aria-label'), 'the default label follows the page').to.equal(
          m.label,
        );
        expect(el.shadowRoot!.querySelector<HTMLInputElement>('input')!.placeholder).to.equal(
          m.search,
        );
        expect(loadedCells(el)[0]!.querySelector('.meta')!.textContent).to.be.oneOf([
          m.female,
          m.male,
        ]);
        expect(await left(el, lang), 'loaded').to.deep.equal([]);
        await expectAccessible(el);
        // A filter: the count of faces left is announced, in the page's language.
        const select = el.shadowRoot!.querySelector('select')!;
        select.value = 'FEMALE';
        select.dispatchEvent(new Event('change'));
        await waitUntil(() => announced(el) !== '', 'the count is announced');
        const female = (await (
          await fetch(`${endpoint}/faces?gender=FEMALE&take=1`)
        ).json()) as FacesPage;
        expect(announced(el)).to.equal(m.results(female.total));
        expect(await left(el, lang), 'filtered').to.deep.equal([]);
        // A search that leaves nothing: said how to widen it.
        const search = el.shadowRoot!.querySelector('input')!;
        search.value = 'zzzz';
        search.dispatchEvent(new Event('input'));
        await waitUntil(
          () => el.shadowRoot!.querySelector('[part="status"]')?.textContent?.includes(m.widen),
          'the empty state',
        );
        expect(el.shadowRoot!.querySelector('.state button')!.textContent).to.equal(m.clearFilters);
        expect(await left(el, lang), 'empty').to.deep.equal([]);
        await expectAccessible(el);
      });
    }

    itSaysAnErrorInThePageLanguage('dh-face-picker', left);

    it('under dir="rtl" the layout is mirrored: the filters and the first face start at the right', async () => {
      const { el } = await inLanguage('ar', 'rtl');
      await ready(el);
      const box = el.getBoundingClientRect();
      const [gender, name] = [...el.shadowRoot!.querySelectorAll('.toolbar label')].map((l) =>
        l.getBoundingClientRect(),
      );
      expect(
        Math.abs(gender!.right - box.right) <= 1,
        'the first filter at the right edge',
      ).to.equal(true);
      expect(gender!.left > name!.left, 'the search after it, to its left').to.equal(true);
      const [first, second] = [
        cell(el, 0)!.getBoundingClientRect(),
        cell(el, 1)!.getBoundingClientRect(),
      ];
      expect(first.left > second.left, 'the grid flows from the right').to.equal(true);
      expect(
        box.right - first.right < first.left - box.left,
        'the first face is on the right side',
      ).to.equal(true);
      // The check mark of the chosen face: in its top-left corner (inline end) under rtl.
      cell(el, 0)!.click();
      await el.updateComplete;
      const check = cell(el, 0)!.querySelector('.check')!.getBoundingClientRect();
      const thumb = cell(el, 0)!.querySelector('.thumb')!.getBoundingClientRect();
      expect(
        check.left - thumb.left < thumb.right - check.right,
        'the check mark at the inline end',
      ).to.equal(true);
    });

    it("a change of the page's lang (de → fr) renders it again in French, its validation message too", async () => {
      const { wrapper, el } = await inLanguage('de', 'ltr', true);
      await ready(el);
      expect(el.validationMessage).to.equal(de.required);
      wrapper.setAttribute('lang', 'fr');
      await waitUntil(() => grid(el)?.getAttribute('aria-label') === fr.label, 'French');
      expect(el.shadowRoot!.querySelector('label')!.textContent!.trim().split(/\s+/)[0]).to.equal(
        fr.gender,
      );
      expect(await left(el, 'fr')).to.deep.equal([]);
      expect(el.validationMessage).to.equal(fr.required);
    });

    it("the messages property overrides one message; the others stay the locale's", async () => {
      const { el } = await inLanguage('de');
      el.messages = { search: 'Nach Namen suchen' };
      await ready(el);
      expect(el.shadowRoot!.querySelector<HTMLInputElement>('input')!.placeholder).to.equal(
        'Nach Namen suchen',
      );
      expect(grid(el)!.getAttribute('aria-label')).to.equal(de.label);
      el.label = 'Ihr Gesicht';
      await el.updateComplete;
      expect(grid(el)!.getAttribute('aria-label'), 'a label the page sets wins').to.equal(
        'Ihr Gesicht',
      );
    });

    itSaysTheRequiredMessageInThePageLanguage({
      tag: 'dh-face-picker',
      name: 'f',
      endpoint: () => endpoint,
      ready: (el) => ready(el),
      required: ja.required,
    });
  });
});

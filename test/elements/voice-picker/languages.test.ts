/**
 * <dh-voice-picker> in the page's language: German, Arabic right to left and Japanese, with no
 * English left; languages named in the page's words.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { holdRequests, waitUntil } from '../wait.js';
import type { DhVoicePicker } from '../../../src/elements/voice-picker/voice-picker.js';
import {
  itSaysAnErrorInThePageLanguage,
  itSaysTheRequiredMessageInThePageLanguage,
  pickerInLanguage,
} from '../picker-languages.js';
import { voicePickerMessages } from '../../../src/elements/voice-picker/messages.js';
import {
  all,
  ar,
  change,
  de,
  describeVoicePicker,
  endpoint,
  fr,
  ja,
  listbox,
  metaOf,
  options,
  ready,
  search,
} from './support.js';
import { statusText, expectAccessible } from '../support.js';

describeVoicePicker(() => {
  describe("in the page's language", () => {
    const catalogues = { de, ar, ja, fr };
    /** The words of the voices (data, not ours): names, languages, locales, providers. */
    const dataWords = () =>
      all.items.flatMap((v) => [v.displayName, v.language, v.locale, v.provider]);
    const { inLanguage, left, announced } = pickerInLanguage({
      tag: 'dh-voice-picker',
      section: 'voicePicker',
      english: voicePickerMessages,
      endpoint: () => endpoint,
      data: dataWords,
    });
    const selects = (el: DhVoicePicker) => [...el.shadowRoot!.querySelectorAll('select')];

    for (const [lang, dir] of [
      ['de', 'ltr'],
      ['ar', 'rtl'],
      ['ja', 'ltr'],
    ] as const) {
      it(`lang="${lang}"${dir === 'rtl' ? ' dir="rtl"' : ''}: no English left while loading, loaded, filtered and empty; announcements and axe too`, async () => {
        const m = catalogues[lang];
        // The list's first page is held back until the loading state has been read.
        const release = holdRequests('/voices');
        const { el } = await inLanguage(lang, dir).finally(() => setTimeout(release, 0));
        expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.equal(
          m.loadingList,
        );
        expect(await left(el, lang), 'loading').to.deep.equal([]);
        await ready(el);
        expect(
          listbox(el)!.getAttribute('aria-label'),
          'the default label follows the page',
        ).to.equal(m.label);
        expect(
          el.shadowRoot!.querySelector<HTMLInputElement>('input[type="search"]')!.placeholder,
        ).to.equal(m.searchHint);
        expect(metaOf(options(el)[0]!).gender).to.be.oneOf([m.female, m.male]);
        // Each voice's language in the page's words (the platform names it in English), in its
        // header, its meta line and the language filter.
        const first = all.items[0]!;
        const named = new Intl.DisplayNames(lang, { type: 'language' }).of(
          first.locale.split('-')[0]!,
        )!;
        expect(named).to.not.equal(first.language);
        expect(el.shadowRoot!.querySelector('[part="group"]')!.textContent!.trim()).to.equal(named);
        expect(metaOf(options(el)[0]!).language).to.equal(named);
        expect([...selects(el)[1]!.options].map((o) => o.textContent!.trim())).to.include(named);
        expect(await left(el, lang), 'loaded').to.deep.equal([]);
        await expectAccessible(el);
        // A filter: the count of voices left is announced, in the page's language.
        change(selects(el).at(-1)!, 'FEMALE');
        await waitUntil(() => announced(el) !== '', 'the count is announced');
        expect(announced(el)).to.equal(
          m.results(all.items.filter((v) => v.gender === 'FEMALE').length),
        );
        expect(await left(el, lang), 'filtered').to.deep.equal([]);
        // A search that leaves nothing: said which filters to widen.
        search(el, 'zzzz');
        await waitUntil(() => statusText(el).includes(m.widen), 'the empty state');
        expect(statusText(el)).to.contain(m.noMatch([m.byText('zzzz'), m.femaleVoices], undefined));
        expect(await left(el, lang), 'empty').to.deep.equal([]);
        await expectAccessible(el);
      });
    }

    it("streaming: the note and the message of a dropped voice are in the page's language", async () => {
      const { el } = await inLanguage('de');
      el.provider = 'azure';
      await ready(el);
      options(el)[0]!.click();
      await el.updateComplete;
      el.streaming = true;
      await waitUntil(() => el.value === '', 'the azure voice is dropped');
      expect(el.validationMessage).to.equal(de.streamingOnly(all.streamingProvider));
      await ready(el);
      expect(el.shadowRoot!.querySelector('[part="note"]')!.textContent).to.equal(
        de.streamingNote(all.streamingProvider),
      );
      expect(await left(el, 'de')).to.deep.equal([]);
    });

    it("a language no voice has named yet is named by the browser, in the page's language", async () => {
      const wrapper = await fixture<HTMLElement>(
        html`<div lang="fr"><dh-voice-picker voice-locale="sw-KE" endpoint=${endpoint}></dh-voice-picker></div>`,
      );
      const el = wrapper.querySelector('dh-voice-picker')!;
      await waitUntil(() => statusText(el).includes(fr.widen), 'the empty state');
      const swahili = new Intl.DisplayNames(['fr'], { type: 'language' }).of('sw-KE')!;
      expect(statusText(el)).to.contain(fr.byLanguage(swahili));
      expect(
        el.voiceLocale,
        "voice-locale filters the voices: the page's language is from lang",
      ).to.equal('sw-KE');
      expect(await left(el, 'fr')).to.deep.equal([]);
    });

    it("locale, the filter's old name, still filters the voices (attribute and property), says once in the console that it is deprecated, and leaves the language to lang", async () => {
      const warnings: string[] = [];
      const warn = console.warn;
      console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
      try {
        const wrapper = await fixture<HTMLElement>(
          html`<div lang="fr"><dh-voice-picker locale="sw-KE" endpoint=${endpoint}></dh-voice-picker></div>`,
        );
        const el = wrapper.querySelector('dh-voice-picker')!;
        await waitUntil(() => statusText(el).includes(fr.widen), 'the empty state, in French');
        expect(el.voiceLocale, 'the attribute filters').to.equal('sw-KE');
        el.locale = 'en';
        await waitUntil(
          () =>
            options(el).length > 0 && options(el).every((o) => metaOf(o).locale!.startsWith('en-')),
          'the property filters: English voices only',
        );
        expect(el.voiceLocale).to.equal('en');
        expect(await left(el, 'fr'), 'the words stay French').to.deep.equal([]);
        const said = warnings.filter((w) => w.includes('locale is deprecated'));
        expect(said, 'said once').to.have.length(1);
        expect(said[0]).to.contain('voice-locale');
      } finally {
        console.warn = warn;
      }
    });

    itSaysAnErrorInThePageLanguage('dh-voice-picker', left);

    it('under dir="rtl" the layout is mirrored: the search and the first filter start at the right, the selection bar too', async () => {
      const { el } = await inLanguage('ar', 'rtl');
      await ready(el);
      const box = el.getBoundingClientRect();
      const searchLabel = el.shadowRoot!.querySelector('.search label')!.getBoundingClientRect();
      const input = el.shadowRoot!.querySelector('.search input')!.getBoundingClientRect();
      expect(Math.abs(searchLabel.right - box.right) <= 1, 'the search at the right edge').to.equal(
        true,
      );
      expect(
        input.right < searchLabel.right,
        'its label first, at the right, then the box',
      ).to.equal(true);
      const [provider, language] = [...el.shadowRoot!.querySelectorAll('.filters label')].map((l) =>
        l.getBoundingClientRect(),
      );
      expect(provider!.left > language!.left, 'the first filter on the right').to.equal(true);
      options(el)[0]!.click();
      await el.updateComplete;
      const chosen = getComputedStyle(options(el)[0]!);
      expect(
        [chosen.borderRightWidth, chosen.borderLeftWidth],
        'the selection bar on the right',
      ).to.deep.equal(['3px', '0px']);
    });

    it("a change of the page's lang (de → fr) renders it again in French, its validation message too", async () => {
      const { wrapper, el } = await inLanguage('de', 'ltr', true);
      await ready(el);
      expect(el.validationMessage).to.equal(de.required);
      wrapper.setAttribute('lang', 'fr');
      await waitUntil(() => listbox(el)?.getAttribute('aria-label') === fr.label, 'French');
      expect(
        el.shadowRoot!.querySelector<HTMLInputElement>('input[type="search"]')!.placeholder,
      ).to.equal(fr.searchHint);
      expect(await left(el, 'fr')).to.deep.equal([]);
      expect(el.validationMessage).to.equal(fr.required);
    });

    it("the messages property overrides one message; the others stay the locale's", async () => {
      const { el } = await inLanguage('de');
      el.messages = { searchHint: 'Name oder Sprache' };
      await ready(el);
      expect(
        el.shadowRoot!.querySelector<HTMLInputElement>('input[type="search"]')!.placeholder,
      ).to.equal('Name oder Sprache');
      expect(listbox(el)!.getAttribute('aria-label')).to.equal(de.label);
    });

    itSaysTheRequiredMessageInThePageLanguage({
      tag: 'dh-voice-picker',
      name: 'v',
      endpoint: () => endpoint,
      ready: (el) => ready(el),
      required: ja.required,
    });
  });
});

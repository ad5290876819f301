/**
 * <dh-voice-picker> with a generated catalogue of 10,000 voices: paging, placeholders, failed
 * pages, a page of old filters. A click after a mouse scroll, which it shares with
 * <dh-face-picker>, is in shared.test.ts.
 */
import { sendKeys } from '@web/test-runner-commands';
import { aTimeout, expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../wait.js';
import type { DhVoicePicker } from '../../../src/elements/voice-picker/voice-picker.js';
import type { VoiceItem } from '../../../src/api/answers.js';
import { PagedList } from '../../../src/elements/shared/paged-list.js';
import {
  activeId,
  activeOption,
  describeVoicePicker,
  fakeVoices,
  keyDownTo,
  listbox,
  nameOf,
  options,
  pageError,
  ready,
} from './support.js';
import { expectAccessible } from '../support.js';

describeVoicePicker(() => {
  describe('with 10,000 voices', () => {
    it('pages through the proxy (take=100), keeps fewer than 300 option nodes in the DOM and End reaches the last voice (posinset 10000)', async () => {
      const fake = fakeVoices(10_000);
      const pagesAsked = () =>
        fake.requests.map((u) => `${u.searchParams.get('take')}/${u.searchParams.get('page')}`);
      try {
        const el = await fixture<DhVoicePicker>(
          html`<dh-voice-picker endpoint="http://fake.test/dh"></dh-voice-picker>`,
        );
        await ready(el);
        await aTimeout(100);
        // The first view asks for the first page (and at most the next one or two), 100 at a time.
        expect(fake.requests.length).to.be.within(1, 3);
        expect(fake.requests.every((u) => u.searchParams.get('take') === '100')).to.equal(
          true,
          pagesAsked().join(),
        );
        expect(fake.requests[0]!.searchParams.get('page')).to.equal('1');
        expect(options(el).length).to.be.below(300);
        expect(listbox(el)!.children.length).to.be.below(300);
        expect(options(el)[0]!.getAttribute('aria-setsize')).to.equal('10000');
        expect(nameOf(options(el)[0]!)).to.equal(fake.items[0]!.displayName);
        listbox(el)!.focus();
        await sendKeys({ press: 'End' });
        expect(activeId(el)).to.equal('option-9999');
        await waitUntil(() => activeOption(el), 'the last option is rendered');
        expect(activeOption(el)!.getAttribute('aria-posinset')).to.equal('10000');
        expect(activeOption(el)!.getAttribute('aria-setsize')).to.equal('10000');
        // Its page (100) is asked for, and its name replaces the placeholder when it lands.
        await waitUntil(
          () => activeOption(el) && nameOf(activeOption(el)!) === fake.items[9999]!.displayName,
          'the last page loads',
        );
        expect(pagesAsked()).to.include('100/100');
        expect(new Set(pagesAsked()).size, 'no page is asked twice').to.equal(pagesAsked().length);
        expect(fake.requests.length, 'only the pages shown, not all 100').to.be.below(10);
        expect(activeOption(el)!.hasAttribute('aria-disabled')).to.equal(false);
        expect(options(el).length).to.be.below(300);
        await sendKeys({ press: 'ArrowUp' });
        expect(activeId(el)).to.equal('option-9998');
        expect(activeOption(el)).to.exist;
        setTimeout(() => sendKeys({ press: 'Enter' }));
        const selected = await oneEvent(el, 'dh-select');
        expect((selected as CustomEvent<{ item: VoiceItem }>).detail.item.voiceId).to.equal(
          'voice-09998',
        );
      } finally {
        fake.restore();
      }
    });

    it('shows unloaded voices as disabled "Loading…" options that count in the set; Enter on one does nothing', async () => {
      const fake = fakeVoices(10_000);
      try {
        const el = await fixture<DhVoicePicker>(
          html`<dh-voice-picker endpoint="http://fake.test/dh"></dh-voice-picker>`,
        );
        await ready(el);
        listbox(el)!.focus();
        // Down past the first page: option 100 is a placeholder until page 2 lands.
        let page2Lands!: () => void;
        const gate = new Promise<void>((r) => (page2Lands = r));
        const paged = window.fetch;
        window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
          if (new URL(String(input)).searchParams.get('page') === '2') await gate;
          return paged(input, init);
        };
        let fired = 0;
        el.addEventListener('dh-select', () => fired++);
        await keyDownTo(el, 100);
        expect(activeId(el)).to.equal('option-100');
        await waitUntil(() => activeOption(el), 'the placeholder is rendered');
        const placeholder = activeOption(el)!;
        expect(nameOf(placeholder)).to.equal('Loading…');
        expect(placeholder.getAttribute('aria-disabled')).to.equal('true');
        expect(placeholder.getAttribute('aria-posinset')).to.equal('101');
        expect(placeholder.getAttribute('aria-setsize')).to.equal('10000');
        await sendKeys({ press: 'Enter' });
        expect(fired, 'Enter on a placeholder selects nothing').to.equal(0);
        expect(el.value).to.equal('');
        await expectAccessible(el);
        page2Lands();
        await waitUntil(
          () => activeOption(el) && nameOf(activeOption(el)!) === fake.items[100]!.displayName,
          'page 2 lands',
        );
        await sendKeys({ press: 'Enter' });
        expect(el.value).to.equal(fake.items[100]!.voiceId);
      } finally {
        fake.restore();
      }
    });

    it('a later page that fails says so, with a Try again the keyboard reaches; Enter on a voice of that page retries too', async () => {
      let failures = 0;
      const unavailable = () =>
        new Response(
          JSON.stringify({
            error: {
              code: 'upstream_unavailable',
              message: 'The voice catalogue is unavailable right now.',
            },
          }),
          {
            status: 502,
            headers: { 'content-type': 'application/json' },
          },
        );
      // Page 2 fails twice, then loads.
      const fake = fakeVoices(10_000, (url) =>
        url.searchParams.get('page') === '2' && failures++ < 2 ? unavailable() : undefined,
      );
      const page2Asked = () =>
        fake.requests.filter((u) => u.searchParams.get('page') === '2').length;
      try {
        const el = await fixture<DhVoicePicker>(
          html`<dh-voice-picker endpoint="http://fake.test/dh"></dh-voice-picker>`,
        );
        await ready(el);
        const box = listbox(el)!;
        box.focus();
        await keyDownTo(el, 100);
        expect(activeId(el)).to.equal('option-100');
        await waitUntil(() => pageError(el), 'the failed page is said');
        expect(pageError(el)!.textContent).to.contain('Voices 101–200 could not be loaded.');
        expect(pageError(el)!.textContent).to.contain(
          'could not be loaded. Something went wrong. Please try again in a moment.',
        );
        await waitUntil(() => activeOption(el), 'the failed option is rendered');
        expect(nameOf(activeOption(el)!)).to.equal('Not loaded');
        expect(activeOption(el)!.getAttribute('aria-disabled')).to.equal('true');
        expect(activeOption(el)!.getAttribute('aria-posinset')).to.equal('101');
        await expectAccessible(el);
        expect(page2Asked()).to.equal(1);
        // Enter on a voice of the failed page asks it again (it fails again here).
        let fired = 0;
        el.addEventListener('dh-select', () => fired++);
        await sendKeys({ press: 'Enter' });
        await waitUntil(() => page2Asked() === 2, 'Enter asks page 2 again');
        await waitUntil(() => pageError(el), 'it failed again');
        expect(fired, 'Enter on a failed voice selects nothing').to.equal(0);
        // Tab from the list reaches Try again; Enter on it loads the page, and focus goes back to the list.
        await sendKeys({ press: 'Tab' });
        expect(el.shadowRoot!.activeElement?.textContent).to.equal('Try again');
        await sendKeys({ press: 'Enter' });
        await waitUntil(() => !pageError(el), 'the error goes');
        expect(el.shadowRoot!.activeElement, 'focus goes back to the list').to.equal(box);
        await waitUntil(
          () => activeOption(el) && nameOf(activeOption(el)!) === fake.items[100]!.displayName,
          'page 2 loads',
        );
        expect(page2Asked()).to.equal(3);
        expect(el.shadowRoot!.querySelectorAll('.option.failed')).to.have.length(0);
      } finally {
        fake.restore();
      }
    });

    it('a page of old filters never lands in the list of new ones', async () => {
      const fake = fakeVoices(10_000);
      try {
        const el = await fixture<DhVoicePicker>(
          html`<dh-voice-picker endpoint="http://fake.test/dh" gender="FEMALE"></dh-voice-picker>`,
        );
        await ready(el);
        // The last page (50) of the women's list is slow and ignores the abort; the new filter's
        // first page waits until the test lets it go.
        const signals: AbortSignal[] = [];
        let newListAsked = false;
        let answerNewList!: () => void;
        const newListHeld = new Promise<void>((resolve) => (answerNewList = resolve));
        const paged = window.fetch;
        window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
          const url = new URL(String(input));
          if (url.searchParams.get('page') === '50' && url.searchParams.get('gender')) {
            signals.push(init!.signal!);
            await aTimeout(400);
            return paged(input, { ...init, signal: undefined });
          }
          if (url.searchParams.get('page') === '1' && !url.searchParams.get('gender')) {
            newListAsked = true;
            await newListHeld;
          }
          return paged(input, init);
        };
        listbox(el)!.focus();
        await sendKeys({ press: 'End' });
        await waitUntil(() => signals.length === 1, "the women's page 50 is asked");
        el.gender = '';
        await waitUntil(() => newListAsked, 'the new filter is asked');
        // At once, not when the new list arrives: its pages are of no use to the new filter.
        expect(signals[0]!.aborted, 'the superseded page is aborted').to.equal(true);
        answerNewList();
        await waitUntil(
          () => listbox(el)?.getAttribute('aria-busy') === 'false',
          'the new list is shown',
        );
        // The late answer (the women at positions 4900-4999) comes back meanwhile.
        await aTimeout(600);
        // Positions 4900-4999 of the new list are its own page 50, asked with its own filters.
        const box = listbox(el)!;
        const ownPage = new Set(fake.items.slice(4900, 5000).map((v) => v.displayName));
        const shownNames = () =>
          [...el.shadowRoot!.querySelectorAll('.option .name')].map((n) => n.textContent!.trim());
        await waitUntil(() => {
          box.scrollTop = box.scrollHeight * 0.4975;
          return shownNames().some((name) => ownPage.has(name));
        }, "the new list's page 50 is shown");
        const women = fake.items.filter((v) => v.gender === 'FEMALE');
        const stale = new Set(women.slice(4900, 5000).map((v) => v.displayName));
        expect(
          shownNames().filter((name) => stale.has(name)),
          'no voice of the old list among the shown ones',
        ).to.deep.equal([]);
        const page50 = fake.requests.filter((u) => u.searchParams.get('page') === '50');
        expect(
          page50.map((u) => u.searchParams.get('gender')),
          'page 50 asked once for each list',
        ).to.have.members(['FEMALE', null]);
      } finally {
        fake.restore();
      }
    });

    it('a list that was replaced takes no page that answers after it (the request ignored its abort)', async () => {
      let answer: (items: VoiceItem[]) => void = () => {};
      const list = new PagedList<VoiceItem>({
        pageSize: 100,
        total: 300,
        first: [],
        fetchPage: () => new Promise((resolve) => (answer = resolve)),
        onChange: () => {},
      });
      list.loadRange(150, 150);
      list.dispose();
      answer(Array.from({ length: 100 }, (_, i) => ({ voiceId: `late-${i}` }) as VoiceItem));
      await aTimeout(0);
      expect(list.items[150], 'the late page is not placed').to.equal(undefined);
    });
  });
});

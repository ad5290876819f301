/**
 * <dh-face-picker> loading its faces, against the real proxy and simulator (52 faces) and a
 * generated catalogue: its active cell scrolled away, its filters, a later page that fails.
 * What it shares with <dh-voice-picker> (accessible in every state, stale answers, errors and
 * Try again) is in shared.test.ts.
 */
import { sendKeys } from '@web/test-runner-commands';
import { aTimeout, expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../wait.js';
import type { DhFacePicker } from '../../../src/elements/face-picker/face-picker.js';
import {
  active,
  cell,
  describeFacePicker,
  endpoint,
  fakeFaces,
  grid,
  loadedCells,
  nameOf,
  pageError,
  ready,
  rowHeight,
  unavailable,
} from './support.js';
import { expectAccessible } from '../support.js';

describeFacePicker(() => {
  describe('accessibility', () => {
    it('names no active cell while unfocused (a scroll may have taken it out of the DOM); focus brings it back into view', async () => {
      const fake = fakeFaces(10_000);
      try {
        const el = await fixture<DhFacePicker>(
          html`<dh-face-picker endpoint="http://fake.test/dh"></dh-face-picker>`,
        );
        await ready(el);
        const g = grid(el)!;
        // A mouse scroll, far down: the active cell (the first) is no longer rendered. Again if the
        // grid was still settling (WebKit: its content may not be that tall yet, and the scroll is clamped).
        const far = 40 * rowHeight(el);
        await waitUntil(() => {
          if (g.scrollTop < far - 1) g.scrollTop = far;
          return !cell(el, 0);
        }, 'the first row is virtualised away');
        expect(
          g.hasAttribute('aria-activedescendant'),
          'no reference to a cell that is not there',
        ).to.equal(false);
        await expectAccessible(el);
        g.focus();
        await waitUntil(() => cell(el, 0), 'focus scrolls the active cell back into view');
        expect(active(el)).to.equal('cell-0');
        const box = g.getBoundingClientRect();
        const r = cell(el, 0)!.getBoundingClientRect();
        expect(
          r.top >= box.top - 1 && r.bottom <= box.bottom + 1,
          'the active cell is in view',
        ).to.equal(true);
        await expectAccessible(el);
        g.blur();
        await el.updateComplete;
        expect(g.hasAttribute('aria-activedescendant')).to.equal(false);
      } finally {
        fake.restore();
      }
    });
  });

  describe('when loaded from the proxy', () => {
    it('FACE-1 FACE-4 shows every face with its name, gender and thumbnail (video frame when only a video)', async () => {
      const el = await fixture<DhFacePicker>(
        html`<dh-face-picker endpoint=${endpoint}></dh-face-picker>`,
      );
      await ready(el, 8);
      const first = loadedCells(el)[0]!;
      expect(first.querySelector('.name')!.textContent).to.match(/\S/);
      expect(first.querySelector('.meta')!.textContent).to.match(/^(Female|Male)$/);
      expect(Number(grid(el)!.getAttribute('aria-rowcount'))).to.equal(
        Math.ceil(52 / Number(grid(el)!.getAttribute('aria-colcount'))),
      );
      // Scroll through: faces with only a video show a frame of it.
      const g = grid(el)!;
      // Down a little at each look, as long as the virtualizer needs to render what is scrolled to.
      await waitUntil(
        () => el.shadowRoot!.querySelector('.thumb video') || void (g.scrollTop += 300),
        'a face with only a video shows a frame of it',
      );
    });

    it('FACE-3 the gender filter and the name search narrow the list; an empty result says how to widen it', async () => {
      const el = await fixture<DhFacePicker>(
        html`<dh-face-picker endpoint=${endpoint}></dh-face-picker>`,
      );
      await ready(el);
      const select = el.shadowRoot!.querySelector('select')!;
      select.value = 'MALE';
      select.dispatchEvent(new Event('change'));
      await waitUntil(
        () =>
          loadedCells(el).length > 0 &&
          loadedCells(el).every((c) => c.querySelector('.meta')!.textContent === 'Male'),
      );
      expect(el.gender).to.equal('MALE');
      const search = el.shadowRoot!.querySelector('input')!;
      search.value = 'zzzz';
      search.dispatchEvent(new Event('input'));
      await waitUntil(() => el.shadowRoot!.textContent!.includes('No face matches'));
      expect(el.shadowRoot!.textContent).to.contain('the name "zzzz" and male faces');
      el.shadowRoot!.querySelector<HTMLButtonElement>('.state button')!.click();
      await ready(el);
      expect(el.gender).to.equal('');
    });

    it('a later page that fails says so, with a Try again the keyboard reaches, that loads that page', async () => {
      let failures = 0;
      const fake = fakeFaces(10_000, (url) =>
        url.searchParams.get('page') === '2' && failures++ === 0 ? unavailable() : undefined,
      );
      try {
        const el = await fixture<DhFacePicker>(
          html`<dh-face-picker endpoint="http://fake.test/dh"></dh-face-picker>`,
        );
        await ready(el);
        const g = grid(el)!;
        const cols = Number(g.getAttribute('aria-colcount'));
        // Scroll to page 2 (faces 61–120); again while the grid may still be settling (a busy
        // machine: its content not yet that tall, the scroll clamped).
        const page2Top = () => Math.floor(60 / cols) * rowHeight(el);
        const toPage2 = () => (g.scrollTop = page2Top());
        await waitUntil(() => {
          if (g.scrollTop < page2Top() - 1) toPage2();
          return pageError(el);
        }, 'the failed page is said');
        expect(pageError(el)!.textContent).to.contain('Faces 61–120 could not be loaded.');
        expect(pageError(el)!.textContent).to.contain(
          'could not be loaded. Something went wrong. Please try again in a moment.',
        );
        await waitUntil(() => cell(el, 60), 'a cell of page 2 is rendered');
        expect(nameOf(cell(el, 60))).to.equal('Not loaded');
        expect(cell(el, 60)!.hasAttribute('aria-busy'), 'no longer loading').to.equal(false);
        await expectAccessible(el);
        // Scrolling over it again does not ask again: only Try again does.
        g.scrollTop = 0;
        await aTimeout(50);
        toPage2();
        await aTimeout(100);
        expect(fake.pagesAsked(2)).to.equal(1);
        // Keyboard: Tab from the grid reaches Try again; Enter on it asks page 2 again.
        g.focus();
        await sendKeys({ press: 'Tab' });
        const retry = el.shadowRoot!.activeElement as HTMLButtonElement;
        expect(retry?.textContent).to.equal('Try again');
        await sendKeys({ press: 'Enter' });
        await waitUntil(() => !pageError(el), 'the error goes');
        expect(el.shadowRoot!.activeElement, 'focus goes back to the grid').to.equal(g);
        expect(fake.pagesAsked(2)).to.equal(2);
        toPage2();
        await waitUntil(() => nameOf(cell(el, 60)) === 'Face 60', 'page 2 loads');
        expect(el.shadowRoot!.querySelectorAll('.placeholder.failed')).to.have.length(0);
      } finally {
        fake.restore();
      }
    });
  });
});

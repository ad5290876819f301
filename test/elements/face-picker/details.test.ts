/**
 * <dh-face-picker> details (order, idle videos, headers) and a catalogue of 10,000 faces. Its
 * theming and a click after a mouse scroll, which it shares with <dh-voice-picker>, are in
 * shared.test.ts.
 */
import { sendKeys } from '@web/test-runner-commands';
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../wait.js';
import { press, withReducedMotion } from '../keys.js';
import type { DhFacePicker } from '../../../src/elements/face-picker/face-picker.js';
import {
  active,
  cells,
  describeFacePicker,
  endpoint,
  fakeFaces,
  grid,
  loadedCells,
  ready,
} from './support.js';

describeFacePicker(() => {
  describe('details', () => {
    it('order="DESC" reverses the list', async () => {
      const asc = await fixture<DhFacePicker>(
        html`<dh-face-picker endpoint=${endpoint}></dh-face-picker>`,
      );
      const desc = await fixture<DhFacePicker>(
        html`<dh-face-picker endpoint=${endpoint} order="DESC"></dh-face-picker>`,
      );
      await ready(asc);
      await ready(desc);
      const first = (el: DhFacePicker) => loadedCells(el)[0]!.querySelector('.name')!.textContent;
      grid(asc)!.focus();
      await press('Control+End');
      await waitUntil(() => asc.shadowRoot!.getElementById('cell-51')?.querySelector('.name'));
      expect(
        asc.shadowRoot!.getElementById('cell-51')!.querySelector('.name')!.textContent,
      ).to.equal(first(desc));
    });

    it('the idle video plays on hover, and not when the user asks for reduced motion', async () => {
      const el = await fixture<DhFacePicker>(
        html`<dh-face-picker endpoint=${endpoint}></dh-face-picker>`,
      );
      await ready(el);
      const withVideo = () => el.shadowRoot!.querySelector('video[autoplay]');
      loadedCells(el)[0]!.dispatchEvent(new PointerEvent('pointerenter'));
      await el.updateComplete;
      expect(withVideo(), 'plays on hover').to.exist;
      loadedCells(el)[0]!.dispatchEvent(new PointerEvent('pointerleave'));
      await el.updateComplete;
      expect(withVideo()).to.equal(null);
      await withReducedMotion(async () => {
        const calm = await fixture<DhFacePicker>(
          html`<dh-face-picker endpoint=${endpoint}></dh-face-picker>`,
        );
        await ready(calm);
        loadedCells(calm)[0]!.dispatchEvent(new PointerEvent('pointerenter'));
        await calm.updateComplete;
        expect(calm.shadowRoot!.querySelector('video[autoplay]') === null).to.equal(true);
      });
    });

    it('sends the headers and credentials a site sets for its proxy', async () => {
      const real = window.fetch;
      const seen: { auth: string | null; credentials?: RequestCredentials }[] = [];
      window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        seen.push({
          auth: new Headers(init?.headers).get('x-site-auth'),
          credentials: init?.credentials,
        });
        return real(input, init);
      };
      try {
        const el = document.createElement('dh-face-picker');
        el.endpoint = endpoint;
        el.headers = { 'x-site-auth': 'token-1' };
        el.credentials = 'include';
        document.body.append(el);
        await waitUntil(() => seen.length > 0);
        expect(seen[0]).to.deep.equal({ auth: 'token-1', credentials: 'include' });
        el.remove();
      } finally {
        window.fetch = real;
      }
    });

    it('the active cell plays its idle video while the grid has keyboard focus, and stops when focus leaves (not with reduced motion)', async () => {
      const page = await fixture<HTMLElement>(
        html`<div><button>before</button><dh-face-picker endpoint=${endpoint}></dh-face-picker><button>after</button></div>`,
      );
      const el = page.querySelector('dh-face-picker')!;
      await ready(el);
      const playing = () => el.shadowRoot!.querySelectorAll('video[autoplay]');
      expect(playing()).to.have.length(0);
      page.querySelector('button')!.focus();
      for (let i = 0; i < 3; i++) await sendKeys({ press: 'Tab' });
      expect(el.shadowRoot!.activeElement).to.equal(grid(el));
      await el.updateComplete;
      expect(playing(), 'Tab into the grid plays the active cell').to.have.length(1);
      expect(playing()[0]!.closest('[role="gridcell"]')!.id).to.equal('cell-0');
      await sendKeys({ press: 'ArrowRight' });
      await el.updateComplete;
      expect([...playing()].map((v) => v.closest('[role="gridcell"]')!.id)).to.deep.equal([
        'cell-1',
      ]);
      await sendKeys({ press: 'Tab' });
      await el.updateComplete;
      expect(playing(), 'Tab out of the grid stops it').to.have.length(0);
      await withReducedMotion(async () => {
        const calm = await fixture<DhFacePicker>(
          html`<dh-face-picker endpoint=${endpoint}></dh-face-picker>`,
        );
        await ready(calm);
        grid(calm)!.focus();
        await calm.updateComplete;
        expect(active(calm)).to.equal('cell-0');
        expect(calm.shadowRoot!.querySelector('video[autoplay]') === null).to.equal(true);
      });
    });
  });

  describe('with 10,000 faces', () => {
    it('renders fewer than 300 cells, pages from the proxy as it scrolls, and Ctrl+End reaches the last face', async () => {
      const fake = fakeFaces(10_000);
      try {
        const el = await fixture<DhFacePicker>(
          html`<dh-face-picker endpoint="http://fake.test/dh"></dh-face-picker>`,
        );
        await ready(el, 10);
        // The rows in view and 300 px around them (the library's default 1000 px rendered 105 cells).
        expect(cells(el).length).to.be.below(70);
        // The first page covers the rows buffered below the view: nothing more is asked before a scroll.
        const pages = fake.calls.map((q) => Number(new URLSearchParams(q).get('page')));
        expect(pages).to.deep.equal([1], `pages asked: ${pages.join(', ')}`);
        expect(new Set(pages).size).to.equal(pages.length, 'no page is asked twice');
        grid(el)!.focus();
        await press('Control+End');
        expect(active(el)).to.equal('cell-9999');
        await waitUntil(
          () =>
            el.shadowRoot!.getElementById('cell-9999')?.querySelector('.name')?.textContent ===
            'Face 9999',
          'the last page loads',
        );
        expect(cells(el).length).to.be.below(300);
        expect(fake.calls.some((q) => q.includes(`page=${Math.ceil(10_000 / 60)}`))).to.equal(true);
      } finally {
        fake.restore();
      }
    });
  });
});

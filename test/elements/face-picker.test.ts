/**
 * <dh-face-picker> in a real Chromium, against the real proxy and simulator (52 faces), and
 * against a generated catalogue of 10,000 faces for the large-catalogue behaviour.
 */
import { emulateMedia, executeServerCommand, sendKeys } from '@web/test-runner-commands';
import { aTimeout, expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { setupIgnoreWindowResizeObserverLoopErrors } from '@lit-labs/virtualizer/support/resize-observer-errors.js';
import '../../src/elements/face-picker/face-picker.js';
import type { DhFacePicker } from '../../src/elements/face-picker/face-picker.js';
import type { FaceItem } from '../../src/api/schemas.js';

let endpoint: string;

const grid = (el: DhFacePicker) => el.shadowRoot!.querySelector<HTMLElement>('[role="grid"]');
const cells = (el: DhFacePicker) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[role="gridcell"]')];
const loadedCells = (el: DhFacePicker) => cells(el).filter((c) => !c.hasAttribute('aria-busy'));
const active = (el: DhFacePicker) => grid(el)!.getAttribute('aria-activedescendant');
const ready = (el: DhFacePicker, min = 1) => waitUntil(() => loadedCells(el).length >= min, 'faces are shown', { timeout: 5000 });

/** Answers /faces from a generated catalogue, like the proxy does, for `total` faces. */
function fakeFaces(total: number) {
  const real = window.fetch;
  const calls: string[] = [];
  window.fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    calls.push(url.search);
    const page = Number(url.searchParams.get('page') ?? 1);
    const take = Number(url.searchParams.get('take') ?? 24);
    const items: FaceItem[] = [];
    for (let i = (page - 1) * take; i < Math.min(total, page * take); i++) {
      items.push({ id: `face-${i}`, name: `Face ${i}`, gender: i % 2 ? 'MALE' : 'FEMALE', thumbnail: null, videoUrl: null });
    }
    const pageCount = Math.ceil(total / take);
    return new Response(JSON.stringify({ items, page, take, total, pageCount, hasNextPage: page < pageCount }), { headers: { 'content-type': 'application/json' } });
  };
  return { calls, restore: () => (window.fetch = real) };
}

describe('<dh-face-picker>', () => {
  // Benign: the virtualizer's observers may take more than a frame (its README, "ResizeObserver loop").
  setupIgnoreWindowResizeObserverLoopErrors(beforeEach, afterEach);

  before(async () => {
    endpoint = (await executeServerCommand<{ endpoint: string }, unknown>('sim-info')).endpoint;
  });

  describe('accessibility', () => {
    it('is accessible while loading and when loaded', async () => {
      const el = await fixture<DhFacePicker>(html`<dh-face-picker endpoint=${endpoint}></dh-face-picker>`);
      expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.contain('Loading faces');
      await expect(el).to.be.accessible();
      await ready(el);
      await expect(el).to.be.accessible();
    });

    it('is accessible when empty and on error', async () => {
      const el = await fixture<DhFacePicker>(html`<dh-face-picker endpoint=${endpoint}></dh-face-picker>`);
      await ready(el);
      const search = el.shadowRoot!.querySelector('input')!;
      search.value = 'zzzz';
      search.dispatchEvent(new Event('input'));
      await waitUntil(() => el.shadowRoot!.textContent!.includes('No face matches'));
      await expect(el).to.be.accessible();
      const broken = await fixture<DhFacePicker>(html`<dh-face-picker endpoint="http://127.0.0.1:9/dh"></dh-face-picker>`);
      await waitUntil(() => broken.shadowRoot!.querySelector('[role="alert"]'));
      await expect(broken).to.be.accessible();
    });
  });

  describe('when loaded from the proxy', () => {
    it('FACE-1 FACE-4 shows every face with its name, gender and thumbnail (video frame when only a video)', async () => {
      const el = await fixture<DhFacePicker>(html`<dh-face-picker endpoint=${endpoint}></dh-face-picker>`);
      await ready(el, 8);
      const first = loadedCells(el)[0]!;
      expect(first.querySelector('.name')!.textContent).to.match(/\S/);
      expect(first.querySelector('.meta')!.textContent).to.match(/^(Female|Male)$/);
      expect(Number(grid(el)!.getAttribute('aria-rowcount'))).to.equal(Math.ceil(52 / Number(grid(el)!.getAttribute('aria-colcount'))));
      // Scroll through: faces with only a video show a frame of it.
      const g = grid(el)!;
      for (let y = 0; y < 20 && !el.shadowRoot!.querySelector('.thumb video'); y++) {
        g.scrollTop += 300;
        await aTimeout(50);
      }
      expect(el.shadowRoot!.querySelector('.thumb video')).to.exist;
    });

    it('FACE-3 the gender filter and the name search narrow the list; an empty result says how to widen it', async () => {
      const el = await fixture<DhFacePicker>(html`<dh-face-picker endpoint=${endpoint}></dh-face-picker>`);
      await ready(el);
      const select = el.shadowRoot!.querySelector('select')!;
      select.value = 'MALE';
      select.dispatchEvent(new Event('change'));
      await waitUntil(() => loadedCells(el).length > 0 && loadedCells(el).every((c) => c.querySelector('.meta')!.textContent === 'Male'));
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

    it('a stale answer never replaces a newer one', async () => {
      const el = await fixture<DhFacePicker>(html`<dh-face-picker endpoint=${endpoint}></dh-face-picker>`);
      await ready(el);
      el.gender = 'FEMALE';
      await el.updateComplete;
      el.gender = 'MALE';
      await waitUntil(() => loadedCells(el).length > 0 && loadedCells(el).every((c) => c.querySelector('.meta')!.textContent === 'Male'));
      await aTimeout(300);
      expect(loadedCells(el).every((c) => c.querySelector('.meta')!.textContent === 'Male')).to.equal(true);
    });

    it('an error shows the message and a retry that works', async () => {
      const el = await fixture<DhFacePicker>(html`<dh-face-picker endpoint="http://127.0.0.1:9/dh"></dh-face-picker>`);
      await waitUntil(() => el.shadowRoot!.querySelector('[role="alert"]'));
      expect(el.shadowRoot!.querySelector('[role="alert"]')!.textContent).to.contain('could not be reached');
      el.endpoint = endpoint;
      await ready(el);
      expect(el.shadowRoot!.querySelector('[role="alert"]')).to.equal(null);
    });
  });

  describe('as a form control', () => {
    it('is submitted with a plain form, validated when required, reset with the form', async () => {
      const form = await fixture<HTMLFormElement>(html`<form><dh-face-picker name="headVisualId" required endpoint=${endpoint}></dh-face-picker></form>`);
      const el = form.querySelector('dh-face-picker')!;
      await ready(el);
      expect(form.checkValidity()).to.equal(false);
      expect(el.validationMessage).to.equal('Please choose a face.');
      const cell = loadedCells(el)[2]!;
      const events: string[] = [];
      for (const t of ['input', 'change', 'dh-select']) el.addEventListener(t, () => events.push(t));
      setTimeout(() => cell.click());
      const select = await oneEvent(el, 'dh-select');
      expect(events).to.deep.equal(['input', 'change', 'dh-select']);
      expect(el.value).to.equal((select.detail as { item: FaceItem }).item.id);
      await el.updateComplete;
      expect(cell.getAttribute('aria-selected')).to.equal('true');
      expect(new FormData(form).get('headVisualId')).to.equal(el.value);
      expect(form.checkValidity()).to.equal(true);
      form.reset();
      await el.updateComplete;
      expect(el.value).to.equal('');
      expect(new FormData(form).get('headVisualId')).to.equal(null);
    });

    it('setting value from code fires no event; reset returns to the value attribute', async () => {
      const form = await fixture<HTMLFormElement>(html`<form><dh-face-picker name="f" value="x-1" endpoint=${endpoint}></dh-face-picker></form>`);
      const el = form.querySelector('dh-face-picker')!;
      let fired = 0;
      el.addEventListener('change', () => fired++);
      el.value = 'x-2';
      await el.updateComplete;
      expect(new FormData(form).get('f')).to.equal('x-2');
      form.reset();
      await el.updateComplete;
      expect(el.value).to.equal('x-1');
      expect(fired).to.equal(0);
    });

    it('disabled (itself or by its fieldset) cannot be focused or changed', async () => {
      const form = await fixture<HTMLFormElement>(html`<form><fieldset disabled><dh-face-picker name="f" endpoint=${endpoint}></dh-face-picker></fieldset></form>`);
      const el = form.querySelector('dh-face-picker')!;
      await ready(el);
      expect(grid(el)!.getAttribute('tabindex')).to.equal('-1');
      loadedCells(el)[0]!.click();
      expect(el.value).to.equal('');
      expect(new FormData(form).has('f')).to.equal(false);
    });
  });

  describe('keyboard', () => {
    it('one tab stop; arrows, Home/End, Ctrl+Home/End, PageUp/PageDown move; Enter selects', async () => {
      const el = await fixture<DhFacePicker>(html`<div><button>before</button><dh-face-picker endpoint=${endpoint}></dh-face-picker><button>after</button></div>`).then(
        (d) => d.querySelector('dh-face-picker')!,
      );
      await ready(el);
      const cols = Number(grid(el)!.getAttribute('aria-colcount'));
      (el.previousElementSibling as HTMLButtonElement).focus();
      await sendKeys({ press: 'Tab' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ press: 'Tab' });
      expect(el.shadowRoot!.activeElement).to.equal(grid(el), 'Tab: gender, search, then the grid');
      expect(active(el)).to.equal('cell-0');
      await sendKeys({ press: 'ArrowRight' });
      expect(active(el)).to.equal('cell-1');
      await sendKeys({ press: 'ArrowDown' });
      expect(active(el)).to.equal(`cell-${1 + cols}`);
      await sendKeys({ press: 'End' });
      expect(active(el)).to.equal(`cell-${2 * cols - 1}`);
      await sendKeys({ press: 'Home' });
      expect(active(el)).to.equal(`cell-${cols}`);
      await sendKeys({ press: 'Control+End' });
      expect(active(el)).to.equal('cell-51');
      await waitUntil(() => el.shadowRoot!.getElementById('cell-51'), 'the last cell is rendered after the jump');
      await sendKeys({ press: 'Control+Home' });
      expect(active(el)).to.equal('cell-0');
      await sendKeys({ press: 'PageDown' });
      expect(Number(active(el)!.slice(5))).to.be.greaterThan(0);
      await sendKeys({ press: 'PageUp' });
      expect(active(el)).to.equal('cell-0');
      setTimeout(() => sendKeys({ press: 'Enter' }));
      await oneEvent(el, 'change');
      await el.updateComplete;
      expect(el.shadowRoot!.getElementById('cell-0')!.getAttribute('aria-selected')).to.equal('true');
      await sendKeys({ press: 'Tab' });
      expect(document.activeElement).to.equal(el.nextElementSibling, 'one tab stop: Tab leaves the grid');
    });
  });

  describe('details', () => {
    it('order="DESC" reverses the list', async () => {
      const asc = await fixture<DhFacePicker>(html`<dh-face-picker endpoint=${endpoint}></dh-face-picker>`);
      const desc = await fixture<DhFacePicker>(html`<dh-face-picker endpoint=${endpoint} order="DESC"></dh-face-picker>`);
      await ready(asc);
      await ready(desc);
      const first = (el: DhFacePicker) => loadedCells(el)[0]!.querySelector('.name')!.textContent;
      grid(asc)!.focus();
      await sendKeys({ press: 'Control+End' });
      await waitUntil(() => asc.shadowRoot!.getElementById('cell-51')?.querySelector('.name'));
      expect(asc.shadowRoot!.getElementById('cell-51')!.querySelector('.name')!.textContent).to.equal(first(desc));
    });

    it('the idle video plays on hover, and not when the user asks for reduced motion', async () => {
      const el = await fixture<DhFacePicker>(html`<dh-face-picker endpoint=${endpoint}></dh-face-picker>`);
      await ready(el);
      const withVideo = () => el.shadowRoot!.querySelector('video[autoplay]');
      loadedCells(el)[0]!.dispatchEvent(new PointerEvent('pointerenter'));
      await el.updateComplete;
      expect(withVideo(), 'plays on hover').to.exist;
      loadedCells(el)[0]!.dispatchEvent(new PointerEvent('pointerleave'));
      await el.updateComplete;
      expect(withVideo()).to.equal(null);
      await emulateMedia({ reducedMotion: 'reduce' });
      try {
        const calm = await fixture<DhFacePicker>(html`<dh-face-picker endpoint=${endpoint}></dh-face-picker>`);
        await ready(calm);
        loadedCells(calm)[0]!.dispatchEvent(new PointerEvent('pointerenter'));
        await calm.updateComplete;
        expect(calm.shadowRoot!.querySelector('video[autoplay]')).to.equal(null);
      } finally {
        await emulateMedia({ reducedMotion: 'no-preference' });
      }
    });

    it('sends the headers and credentials a site sets for its proxy', async () => {
      const real = window.fetch;
      const seen: { auth: string | null; credentials?: RequestCredentials }[] = [];
      window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        seen.push({ auth: new Headers(init?.headers).get('x-site-auth'), credentials: init?.credentials });
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

    it('restores its state when the browser restores the form', async () => {
      const el = await fixture<DhFacePicker>(html`<dh-face-picker name="f" endpoint=${endpoint}></dh-face-picker>`);
      el.formStateRestoreCallback('face-restored');
      expect(el.value).to.equal('face-restored');
    });
  });

  describe('with 10,000 faces', () => {
    it('renders fewer than 300 cells, pages from the proxy as it scrolls, and Ctrl+End reaches the last face', async () => {
      const fake = fakeFaces(10_000);
      try {
        const el = await fixture<DhFacePicker>(html`<dh-face-picker endpoint="http://fake.test/dh"></dh-face-picker>`);
        await ready(el, 10);
        expect(cells(el).length).to.be.below(300);
        // The first page, and the next ones only as far as the rows buffered below the view.
        const pages = fake.calls.map((q) => Number(new URLSearchParams(q).get('page')));
        expect(Math.max(...pages)).to.be.at.most(3, `pages asked: ${pages.join(', ')}`);
        expect(new Set(pages).size).to.equal(pages.length, 'no page is asked twice');
        grid(el)!.focus();
        await sendKeys({ press: 'Control+End' });
        expect(active(el)).to.equal('cell-9999');
        await waitUntil(() => el.shadowRoot!.getElementById('cell-9999')?.querySelector('.name')?.textContent === 'Face 9999', 'the last page loads', { timeout: 5000 });
        expect(cells(el).length).to.be.below(300);
        expect(fake.calls.some((q) => q.includes(`page=${Math.ceil(10_000 / 60)}`))).to.equal(true);
      } finally {
        fake.restore();
      }
    });
  });
});

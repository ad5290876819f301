/**
 * <dh-face-picker> in a real Chromium, against the real proxy and simulator (52 faces), and
 * against a generated catalogue of 10,000 faces for the large-catalogue behaviour.
 */
import { executeServerCommand, sendKeys, sendMouse, resetMouse } from '@web/test-runner-commands';
import { aTimeout, expect, fixture, html, oneEvent } from '@open-wc/testing';
import { holdRequests, waitUntil } from './wait.js';
import { press, withReducedMotion } from './keys.js';
import { setupIgnoreWindowResizeObserverLoopErrors } from '@lit-labs/virtualizer/support/resize-observer-errors.js';
import { configure } from '../../src/elements/face-picker/face-picker.js';
import type { DhFacePicker } from '../../src/elements/face-picker/face-picker.js';
import type { FaceItem, FacesPage } from '../../src/api/answers.js';
import { catalogue, englishLeft } from './i18n.js';
import { facePickerMessages } from '../../src/elements/face-picker/messages.js';

/** The locales' own messages of this element, as the kit loads them. */
const messagesOf = async (locale: string) => (await catalogue(locale)).facePicker;
const [de, fr, ar, ja] = await Promise.all([messagesOf('de'), messagesOf('fr'), messagesOf('ar'), messagesOf('ja')]);

let endpoint: string;

const grid = (el: DhFacePicker) => el.shadowRoot!.querySelector<HTMLElement>('[role="grid"]');
const cells = (el: DhFacePicker) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[role="gridcell"]')];
/** Faces shown with their name (not "Loading…" or "Not loaded" placeholders). */
const loadedCells = (el: DhFacePicker) => cells(el).filter((c) => !c.classList.contains('placeholder'));
const active = (el: DhFacePicker) => grid(el)!.getAttribute('aria-activedescendant');
const cell = (el: DhFacePicker, i: number) => el.shadowRoot!.getElementById(`cell-${i}`);
const nameOf = (c: Element | null) => c?.querySelector('.name')?.textContent?.trim();
const ready = (el: DhFacePicker, min = 1) => waitUntil(() => loadedCells(el).length >= min, 'faces are shown', { timeout: 5000 });
/** The error of a later page (below the grid), not of the whole list. */
const pageError = (el: DhFacePicker) => el.shadowRoot!.querySelector<HTMLElement>('.page-error[role="alert"]');
const rowHeight = (el: DhFacePicker) => el.shadowRoot!.querySelector<HTMLElement>('.row')!.getBoundingClientRect().height;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const unavailable = () => json({ error: { code: 'upstream_unavailable', message: 'The face catalogue is unavailable right now.' } }, 502);

/**
 * Answers /faces from a generated catalogue, like the proxy does, for `total` faces (filtered by
 * gender, paged). `hook` sees every request first: it may wait (a slow answer) or answer itself
 * (a failure).
 */
function fakeFaces(total: number, hook?: (url: URL, init?: RequestInit) => Promise<Response | void> | Response | void) {
  const real = window.fetch;
  const calls: string[] = [];
  const all: FaceItem[] = Array.from({ length: total }, (_, i) => ({ id: `face-${i}`, name: `Face ${i}`, gender: i % 2 ? 'MALE' : 'FEMALE', thumbnail: null, videoUrl: null }));
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push(url.search);
    const answer = await hook?.(url, init);
    if (answer) return answer;
    const gender = url.searchParams.get('gender');
    const matching = gender ? all.filter((f) => f.gender === gender) : all;
    const page = Number(url.searchParams.get('page') ?? 1);
    const take = Number(url.searchParams.get('take') ?? 24);
    const pageCount = Math.ceil(matching.length / take);
    const items = matching.slice((page - 1) * take, page * take);
    return json({ items, page, take, total: matching.length, pageCount, hasNextPage: page < pageCount });
  };
  return { calls, pagesAsked: (n: number) => calls.filter((q) => new URLSearchParams(q).get('page') === String(n)).length, restore: () => (window.fetch = real) };
}

describe('<dh-face-picker>', () => {
  // Benign: the virtualizer's observers may take more than a frame (its README, "ResizeObserver loop").
  setupIgnoreWindowResizeObserverLoopErrors(beforeEach, afterEach);

  before(async () => {
    endpoint = (await executeServerCommand<{ endpoint: string }, unknown>('sim-info')).endpoint;
    // The proxy is on another origin than this page: the site's script trusts it with its headers.
    configure({ trustedEndpoints: [endpoint] });
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

    it('names no active cell while unfocused (a scroll may have taken it out of the DOM); focus brings it back into view', async () => {
      const fake = fakeFaces(10_000);
      try {
        const el = await fixture<DhFacePicker>(html`<dh-face-picker endpoint="http://fake.test/dh"></dh-face-picker>`);
        await ready(el);
        const g = grid(el)!;
        // A mouse scroll, far down: the active cell (the first) is no longer rendered. Again if the
        // grid was still settling (WebKit: its content may not be that tall yet, and the scroll is clamped).
        const far = 40 * rowHeight(el);
        await waitUntil(() => {
          if (g.scrollTop < far - 1) g.scrollTop = far;
          return !cell(el, 0);
        }, 'the first row is virtualised away');
        expect(g.hasAttribute('aria-activedescendant'), 'no reference to a cell that is not there').to.equal(false);
        await expect(el).to.be.accessible();
        g.focus();
        await waitUntil(() => cell(el, 0), 'focus scrolls the active cell back into view');
        expect(active(el)).to.equal('cell-0');
        const box = g.getBoundingClientRect();
        const r = cell(el, 0)!.getBoundingClientRect();
        expect(r.top >= box.top - 1 && r.bottom <= box.bottom + 1, 'the active cell is in view').to.equal(true);
        await expect(el).to.be.accessible();
        g.blur();
        await el.updateComplete;
        expect(g.hasAttribute('aria-activedescendant')).to.equal(false);
      } finally {
        fake.restore();
      }
    });

    it('is accessible when disabled', async () => {
      const el = await fixture<DhFacePicker>(html`<dh-face-picker disabled endpoint=${endpoint}></dh-face-picker>`);
      await ready(el);
      expect(grid(el)!.hasAttribute('aria-activedescendant')).to.equal(false);
      await expect(el).to.be.accessible();
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

    it('a stale answer never replaces a newer one (the superseded request is aborted)', async () => {
      // The female list answers late and ignores the abort: only the element can keep it out.
      const signals: AbortSignal[] = [];
      const fake = fakeFaces(10_000, async (url, init) => {
        if (url.searchParams.get('gender') !== 'FEMALE') return;
        signals.push(init!.signal!);
        await aTimeout(400);
      });
      try {
        const el = await fixture<DhFacePicker>(html`<dh-face-picker endpoint="http://fake.test/dh"></dh-face-picker>`);
        await ready(el);
        el.gender = 'FEMALE';
        await el.updateComplete;
        el.gender = 'MALE';
        const allMale = () => loadedCells(el).length > 0 && loadedCells(el).every((c) => c.querySelector('.meta')!.textContent === 'Male');
        await waitUntil(allMale, 'the last filter wins');
        expect(signals, 'the female list was asked').to.have.length(1);
        expect(signals[0]!.aborted, 'the superseded request is aborted').to.equal(true);
        await aTimeout(600);
        // The late female answer came back meanwhile: the grid is still the male list, and its
        // later pages land in it (not in the stale list).
        expect(allMale()).to.equal(true);
        grid(el)!.focus();
        await press('Control+End');
        expect(active(el)).to.equal('cell-4999');
        await waitUntil(() => nameOf(cell(el, 4999)) === 'Face 9999', 'the last male face loads', { timeout: 5000 });
        expect(fake.calls.filter((q) => q.includes('gender=FEMALE')), 'no later page of the stale list').to.have.length(1);
      } finally {
        fake.restore();
      }
    });

    it('an error shows the message, and Try again loads the grid', async () => {
      let calls = 0;
      const fake = fakeFaces(100, () => (calls++ === 0 ? unavailable() : undefined));
      try {
        const el = await fixture<DhFacePicker>(html`<dh-face-picker endpoint="http://fake.test/dh"></dh-face-picker>`);
        await waitUntil(() => el.shadowRoot!.querySelector('[role="alert"]'), 'the error shows');
        expect(el.shadowRoot!.querySelector('[part="error"]')!.textContent).to.contain('The face catalogue is unavailable right now.');
        expect(grid(el)).to.equal(null);
        [...el.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!.click();
        await ready(el);
        expect(nameOf(loadedCells(el)[0]!)).to.equal('Face 0');
        expect(el.shadowRoot!.querySelector('[role="alert"]')).to.equal(null);
        expect(fake.pagesAsked(1), 'the first page, asked again').to.equal(2);
      } finally {
        fake.restore();
      }
    });

    it('a network error says the server could not be reached', async () => {
      const el = await fixture<DhFacePicker>(html`<dh-face-picker endpoint="http://127.0.0.1:9/dh"></dh-face-picker>`);
      await waitUntil(() => el.shadowRoot!.querySelector('[role="alert"]'));
      expect(el.shadowRoot!.querySelector('[role="alert"]')!.textContent).to.contain('could not be reached');
    });

    it('a later page that fails says so, with a Try again the keyboard reaches, that loads that page', async () => {
      let failures = 0;
      const fake = fakeFaces(10_000, (url) => (url.searchParams.get('page') === '2' && failures++ === 0 ? unavailable() : undefined));
      try {
        const el = await fixture<DhFacePicker>(html`<dh-face-picker endpoint="http://fake.test/dh"></dh-face-picker>`);
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
        }, 'the failed page is said', { timeout: 5000 });
        expect(pageError(el)!.textContent).to.contain('Faces 61–120 could not be loaded.');
        expect(pageError(el)!.textContent).to.contain('The face catalogue is unavailable right now.');
        await waitUntil(() => cell(el, 60), 'a cell of page 2 is rendered');
        expect(nameOf(cell(el, 60))).to.equal('Not loaded');
        expect(cell(el, 60)!.hasAttribute('aria-busy'), 'no longer loading').to.equal(false);
        await expect(el).to.be.accessible();
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
        await waitUntil(() => nameOf(cell(el, 60)) === 'Face 60', 'page 2 loads', { timeout: 5000 });
        expect(el.shadowRoot!.querySelectorAll('.placeholder.failed')).to.have.length(0);
      } finally {
        fake.restore();
      }
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

    it('holds the value the browser restores (back/forward), submits it, and reset returns to the value attribute', async () => {
      const form = await fixture<HTMLFormElement>(html`<form><dh-face-picker name="f" value="x-1" endpoint=${endpoint}></dh-face-picker></form>`);
      const el = form.querySelector('dh-face-picker')!;
      el.formStateRestoreCallback('face-restored');
      await el.updateComplete;
      expect(el.value).to.equal('face-restored');
      expect(new FormData(form).get('f')).to.equal('face-restored');
      form.reset();
      await el.updateComplete;
      expect(el.value).to.equal('x-1');
      expect(new FormData(form).get('f')).to.equal('x-1');
    });

    it('disabled by its own attribute: out of the tab order, clicks and keys choose nothing, not submitted', async () => {
      const fake = fakeFaces(100);
      try {
        const form = await fixture<HTMLFormElement>(
          html`<form><button type="button">before</button><dh-face-picker name="f" value="face-1" disabled endpoint="http://fake.test/dh"></dh-face-picker><button type="button">after</button></form>`,
        );
        const el = form.querySelector('dh-face-picker')!;
        await ready(el);
        const g = grid(el)!;
        expect(g.getAttribute('tabindex')).to.equal('-1');
        expect(g.getAttribute('aria-disabled')).to.equal('true');
        let fired = 0;
        for (const t of ['input', 'change', 'dh-select']) el.addEventListener(t, () => fired++);
        loadedCells(el)[2]!.click();
        g.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
        await el.updateComplete;
        expect(el.value).to.equal('face-1');
        expect(fired).to.equal(0);
        expect(new FormData(form).has('f'), 'a disabled control is not submitted').to.equal(false);
        form.querySelector('button')!.focus();
        await sendKeys({ press: 'Tab' });
        expect(document.activeElement!.textContent, 'Tab goes past it').to.equal('after');
        el.disabled = false;
        await el.updateComplete;
        expect(new FormData(form).get('f'), 'enabled again, it is submitted').to.equal('face-1');
      } finally {
        fake.restore();
      }
    });

    it('disabled by its fieldset cannot be focused or changed', async () => {
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
    it('right to left (dir="rtl"): the first face is on the right, ArrowLeft moves to the next one, ArrowRight back', async () => {
      const el = await fixture<DhFacePicker>(html`<div dir="rtl"><dh-face-picker endpoint=${endpoint}></dh-face-picker></div>`).then((d) => d.querySelector('dh-face-picker')!);
      await ready(el);
      const [first, second] = [cell(el, 0)!.getBoundingClientRect(), cell(el, 1)!.getBoundingClientRect()];
      expect(first.left > second.left, 'the grid flows from the right').to.equal(true);
      grid(el)!.focus();
      await waitUntil(() => active(el) === 'cell-0', 'focus names the first face');
      await sendKeys({ press: 'ArrowLeft' });
      expect(active(el)).to.equal('cell-1');
      await sendKeys({ press: 'ArrowRight' });
      expect(active(el)).to.equal('cell-0');
      await sendKeys({ press: 'ArrowRight' });
      expect(active(el), 'nothing before the first face').to.equal('cell-0');
    });

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
      await press('Control+End');
      expect(active(el)).to.equal('cell-51');
      await waitUntil(() => el.shadowRoot!.getElementById('cell-51'), 'the last cell is rendered after the jump');
      await press('Control+Home');
      expect(active(el)).to.equal('cell-0');
      // PageDown moves by the rows the grid shows whole (APG grid), and the cell stays in view.
      await waitUntil(() => cell(el, 0), 'back at the top');
      const rowsInView = Math.max(1, Math.floor(grid(el)!.clientHeight / rowHeight(el)));
      await sendKeys({ press: 'PageDown' });
      expect(active(el)).to.equal(`cell-${rowsInView * cols}`);
      await waitUntil(() => {
        const r = cell(el, rowsInView * cols)?.getBoundingClientRect();
        const box = grid(el)!.getBoundingClientRect();
        return r && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
      }, 'the cell a page down is in view');
      await sendKeys({ press: 'PageDown' });
      expect(active(el)).to.equal(`cell-${2 * rowsInView * cols}`);
      await sendKeys({ press: 'PageUp' });
      expect(active(el)).to.equal(`cell-${rowsInView * cols}`);
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
      await press('Control+End');
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
      await withReducedMotion(async () => {
        const calm = await fixture<DhFacePicker>(html`<dh-face-picker endpoint=${endpoint}></dh-face-picker>`);
        await ready(calm);
        loadedCells(calm)[0]!.dispatchEvent(new PointerEvent('pointerenter'));
        await calm.updateComplete;
        expect(calm.shadowRoot!.querySelector('video[autoplay]')).to.equal(null);
      });
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

    it('the active cell plays its idle video while the grid has keyboard focus, and stops when focus leaves (not with reduced motion)', async () => {
      const page = await fixture<HTMLElement>(html`<div><button>before</button><dh-face-picker endpoint=${endpoint}></dh-face-picker><button>after</button></div>`);
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
      expect([...playing()].map((v) => v.closest('[role="gridcell"]')!.id)).to.deep.equal(['cell-1']);
      await sendKeys({ press: 'Tab' });
      await el.updateComplete;
      expect(playing(), 'Tab out of the grid stops it').to.have.length(0);
      await withReducedMotion(async () => {
        const calm = await fixture<DhFacePicker>(html`<dh-face-picker endpoint=${endpoint}></dh-face-picker>`);
        await ready(calm);
        grid(calm)!.focus();
        await calm.updateComplete;
        expect(active(calm)).to.equal('cell-0');
        expect(calm.shadowRoot!.querySelector('video[autoplay]')).to.equal(null);
      });
    });

    it('a click on a cell chooses it, also when the active cell was scrolled away (focus does not scroll under the pointer)', async () => {
      const fake = fakeFaces(10_000);
      try {
        const el = await fixture<DhFacePicker>(html`<dh-face-picker endpoint="http://fake.test/dh"></dh-face-picker>`);
        await ready(el);
        const g = grid(el)!;
        // A mouse scroll, far down (again if the grid was still settling).
        const far = 20 * rowHeight(el);
        await waitUntil(
          () => {
            if (g.scrollTop < far - 1) g.scrollTop = far;
            return !cell(el, 0) && loadedCells(el).length > 0;
          },
          'scrolled to loaded faces',
          { timeout: 5000 },
        );
        const target = loadedCells(el).find((c) => {
          const r = c.getBoundingClientRect();
          const box = g.getBoundingClientRect();
          return r.top >= box.top && r.bottom <= box.bottom;
        })!;
        const r = target.getBoundingClientRect();
        let chosen: FaceItem | undefined;
        // Typed by the element's event map: no cast.
        el.addEventListener('dh-select', (e) => (chosen = e.detail.item));
        await sendMouse({ type: 'click', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
        await el.updateComplete;
        expect(chosen?.name).to.equal(nameOf(target));
        expect(el.value).to.equal(chosen!.id);
        expect(active(el)).to.equal(target.id);
      } finally {
        fake.restore();
        await resetMouse();
      }
    });

    it('is themed by its documented custom properties and parts', async () => {
      const style = document.createElement('style');
      style.textContent = 'dh-face-picker.themed::part(cell) { background-color: rgb(1, 2, 3); } dh-face-picker.themed::part(toolbar) { color: rgb(4, 5, 6); }';
      document.head.append(style);
      const fake = fakeFaces(100);
      try {
        const el = await fixture<DhFacePicker>(html`<dh-face-picker class="themed" value="face-1" endpoint="http://fake.test/dh"></dh-face-picker>`);
        el.style.setProperty('--dh-face-picker-height', '250px');
        el.style.setProperty('--dh-picker-accent', 'rgb(200, 0, 100)');
        el.style.setProperty('--dh-picker-font', 'monospace');
        await ready(el);
        expect(grid(el)!.getBoundingClientRect().height).to.equal(250);
        expect(getComputedStyle(cell(el, 1)!).borderTopColor, 'the selected face takes the accent').to.equal('rgb(200, 0, 100)');
        expect(getComputedStyle(cell(el, 1)!.querySelector('.name')!).fontFamily).to.equal('monospace');
        expect(getComputedStyle(cell(el, 0)!).backgroundColor, '::part(cell)').to.equal('rgb(1, 2, 3)');
        expect(getComputedStyle(el.shadowRoot!.querySelector('.toolbar')!).color, '::part(toolbar)').to.equal('rgb(4, 5, 6)');
      } finally {
        fake.restore();
        style.remove();
      }
    });
  });

  describe("in the page's language", () => {
    const catalogues = { de, ar, ja, fr };
    /** The words of the faces' names (data, not ours). */
    let names: string[];
    before(async () => {
      const page = (await (await fetch(`${endpoint}/faces?take=100`)).json()) as FacesPage;
      names = page.items.map((f) => f.name);
    });
    /** A picker inside `<div lang=… dir=…>`: the page's language, not the element's own. */
    const inLanguage = async (lang: string, dir = 'ltr', required = false) => {
      const wrapper = await fixture<HTMLElement>(html`<div lang=${lang} dir=${dir}><dh-face-picker ?required=${required} endpoint=${endpoint}></dh-face-picker></div>`);
      const el = wrapper.querySelector('dh-face-picker')!;
      // Its first render waits for the locale's messages.
      await el.updateComplete;
      return { wrapper, el };
    };
    const left = (el: DhFacePicker, lang: string) => englishLeft(el.shadowRoot!, 'facePicker', facePickerMessages, lang, names);
    /** The live region that says how many faces a search or a filter left. */
    const announced = (el: DhFacePicker) => el.shadowRoot!.querySelector('.sr-only[role="status"]')?.textContent?.trim() ?? '';

    for (const [lang, dir] of [['de', 'ltr'], ['ar', 'rtl'], ['ja', 'ltr']] as const) {
      it(`lang="${lang}"${dir === 'rtl' ? ' dir="rtl"' : ''}: no English left while loading, loaded, filtered and empty; announcements and axe too`, async () => {
        const m = catalogues[lang];
        // The list's first page is held back until the loading state has been read.
        const release = holdRequests('/faces');
        const { el } = await inLanguage(lang, dir).finally(() => setTimeout(release, 0));
        expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.equal(m.loadingList);
        expect(await left(el, lang), 'loading').to.deep.equal([]);
        await ready(el);
        expect(grid(el)!.getAttribute('aria-label'), 'the default label follows the page').to.equal(m.label);
        expect(el.shadowRoot!.querySelector<HTMLInputElement>('input')!.placeholder).to.equal(m.search);
        expect(loadedCells(el)[0]!.querySelector('.meta')!.textContent).to.be.oneOf([m.female, m.male]);
        expect(await left(el, lang), 'loaded').to.deep.equal([]);
        await expect(el).to.be.accessible();
        // A filter: the count of faces left is announced, in the page's language.
        const select = el.shadowRoot!.querySelector('select')!;
        select.value = 'FEMALE';
        select.dispatchEvent(new Event('change'));
        await waitUntil(() => announced(el) !== '', 'the count is announced');
        const female = (await (await fetch(`${endpoint}/faces?gender=FEMALE&take=1`)).json()) as FacesPage;
        expect(announced(el)).to.equal(m.results(female.total));
        expect(await left(el, lang), 'filtered').to.deep.equal([]);
        // A search that leaves nothing: said how to widen it.
        const search = el.shadowRoot!.querySelector('input')!;
        search.value = 'zzzz';
        search.dispatchEvent(new Event('input'));
        await waitUntil(() => el.shadowRoot!.querySelector('[part="status"]')?.textContent?.includes(m.widen), 'the empty state');
        expect(el.shadowRoot!.querySelector('.state button')!.textContent).to.equal(m.clearFilters);
        expect(await left(el, lang), 'empty').to.deep.equal([]);
        await expect(el).to.be.accessible();
      });
    }

    it('an error is said in the page\'s language, with its Try again', async () => {
      const wrapper = await fixture<HTMLElement>(html`<div lang="de"><dh-face-picker endpoint="http://127.0.0.1:9/dh"></dh-face-picker></div>`);
      const el = wrapper.querySelector('dh-face-picker')!;
      await waitUntil(() => el.shadowRoot!.querySelector('[role="alert"]'), 'the error shows');
      expect(el.shadowRoot!.querySelector('[role="alert"] button')!.textContent).to.equal('Erneut versuchen');
      expect(await left(el, 'de')).to.deep.equal([]);
    });

    it('under dir="rtl" the layout is mirrored: the filters and the first face start at the right', async () => {
      const { el } = await inLanguage('ar', 'rtl');
      await ready(el);
      const box = el.getBoundingClientRect();
      const [gender, name] = [...el.shadowRoot!.querySelectorAll('.toolbar label')].map((l) => l.getBoundingClientRect());
      expect(Math.abs(gender!.right - box.right) <= 1, 'the first filter at the right edge').to.equal(true);
      expect(gender!.left > name!.left, 'the search after it, to its left').to.equal(true);
      const [first, second] = [cell(el, 0)!.getBoundingClientRect(), cell(el, 1)!.getBoundingClientRect()];
      expect(first.left > second.left, 'the grid flows from the right').to.equal(true);
      expect(box.right - first.right < first.left - box.left, 'the first face is on the right side').to.equal(true);
      // The check mark of the chosen face: in its top-left corner (inline end) under rtl.
      cell(el, 0)!.click();
      await el.updateComplete;
      const check = cell(el, 0)!.querySelector('.check')!.getBoundingClientRect();
      const thumb = cell(el, 0)!.querySelector('.thumb')!.getBoundingClientRect();
      expect(check.left - thumb.left < thumb.right - check.right, 'the check mark at the inline end').to.equal(true);
    });

    it('a change of the page\'s lang (de → fr) renders it again in French, its validation message too', async () => {
      const { wrapper, el } = await inLanguage('de', 'ltr', true);
      await ready(el);
      expect(el.validationMessage).to.equal(de.required);
      wrapper.setAttribute('lang', 'fr');
      await waitUntil(() => grid(el)?.getAttribute('aria-label') === fr.label, 'French');
      expect(el.shadowRoot!.querySelector('label')!.textContent!.trim().split(/\s+/)[0]).to.equal(fr.gender);
      expect(await left(el, 'fr')).to.deep.equal([]);
      expect(el.validationMessage).to.equal(fr.required);
    });

    it('the messages property overrides one message; the others stay the locale\'s', async () => {
      const { el } = await inLanguage('de');
      el.messages = { search: 'Nach Namen suchen' };
      await ready(el);
      expect(el.shadowRoot!.querySelector<HTMLInputElement>('input')!.placeholder).to.equal('Nach Namen suchen');
      expect(grid(el)!.getAttribute('aria-label')).to.equal(de.label);
      el.label = 'Ihr Gesicht';
      await el.updateComplete;
      expect(grid(el)!.getAttribute('aria-label'), 'a label the page sets wins').to.equal('Ihr Gesicht');
    });

    it('the required message is in the page\'s language', async () => {
      const form = await fixture<HTMLFormElement>(html`<form lang="ja"><dh-face-picker name="f" required endpoint=${endpoint}></dh-face-picker></form>`);
      const el = form.querySelector('dh-face-picker')!;
      await ready(el);
      expect(form.checkValidity()).to.equal(false);
      expect(el.validationMessage).to.equal(ja.required);
    });
  });

  describe('with 10,000 faces', () => {
    it('renders fewer than 300 cells, pages from the proxy as it scrolls, and Ctrl+End reaches the last face', async () => {
      const fake = fakeFaces(10_000);
      try {
        const el = await fixture<DhFacePicker>(html`<dh-face-picker endpoint="http://fake.test/dh"></dh-face-picker>`);
        await ready(el, 10);
        // The rows in view and 300 px around them (issue 15: the library's 1000 px rendered 105).
        expect(cells(el).length).to.be.below(70);
        // The first page covers the rows buffered below the view: nothing more is asked before a scroll.
        const pages = fake.calls.map((q) => Number(new URLSearchParams(q).get('page')));
        expect(pages).to.deep.equal([1], `pages asked: ${pages.join(', ')}`);
        expect(new Set(pages).size).to.equal(pages.length, 'no page is asked twice');
        grid(el)!.focus();
        await press('Control+End');
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

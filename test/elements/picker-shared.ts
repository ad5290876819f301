/**
 * What <dh-face-picker> and <dh-voice-picker> share (both are src/elements/shared/picker-base.ts
 * over shared/form-control.ts), written once: accessible in every state, a form control that
 * holds a restored value and can be disabled, a stale answer kept out, an error said in visitor
 * words with its Try again, a click on an item scrolled to, and the theming a page may set.
 *
 * Each picker's shared.test.ts calls `sharedPickerTests` inside its suite with a `PickerUnderTest`:
 * how to read its items, its words, its catalogue. The tests then read the same for both pickers
 * and show under each one's describe block. What only one picker does stays in its own files; a
 * check only one picker can make (its later pages, its count) is its adapter's `stale.afterwards`.
 * (test/elements/picker-languages.ts has what the two share in the page's language.)
 */
import { aTimeout, expect, fixture } from '@open-wc/testing';
import { sendKeys, sendMouse, resetMouse } from '@web/test-runner-commands';
import { html, unsafeStatic } from 'lit/static-html.js';
import type { DhFacePicker } from '../../src/elements/face-picker/face-picker.js';
import type { DhVoicePicker } from '../../src/elements/voice-picker/voice-picker.js';
import type { PickerEventMap } from '../../src/elements/shared/events.js';

/** Either picker, its `dh-select` typed by the item it carries. */
type DhPicker<I> = {
  addEventListener<K extends keyof PickerEventMap<I>>(
    type: K,
    listener: (ev: PickerEventMap<I>[K]) => unknown,
  ): void;
} & (DhFacePicker | DhVoicePicker);
import { announced, button, json, statusText, expectAccessible } from './support.js';
import { waitUntil } from './wait.js';

/** An item of the proxy's catalogue as the tests use it: what is submitted, what is shown. */
export interface Entry {
  value: string;
  name: string;
}

/**
 * A filter set twice in a row, the first answer late: the picker's side of the stale-answer test.
 * `late`'s request comes back after the `last` one, and ignores the abort.
 */
export interface StaleScenario<E> {
  /** The catalogue the picker is pointed at (the proxy, or a generated one). */
  endpoint: string;
  /** The query parameter the filter sets, and the two values it is given. */
  param: string;
  late: string;
  last: string;
  /** Sets the filter on the element, as a page's script does. */
  set: (el: E, value: string) => void;
  /** What an item shows of that filter, and what every item shows once the last filter wins. */
  shown: (item: HTMLElement) => string | undefined;
  lastShown: string;
  /** How many items the last filter leaves. */
  lastTotal: number;
  /** The picker's own checks once the late answer has come back (e.g. its later pages). */
  afterwards: (el: E) => Promise<void>;
  /** Puts back what the scenario replaced (a generated catalogue's fetch), if anything. */
  restore?: () => void;
}

/** A picker, as the shared tests see it. */
export interface PickerUnderTest<I, E extends DhPicker<I>> {
  tag: 'dh-face-picker' | 'dh-voice-picker';
  /** The proxy's address (known once the suite's `before` has run). */
  endpoint: () => string;
  /** The catalogue's route below the endpoint. */
  route: '/faces' | '/voices';
  /** The proxy's first items, in the order the picker shows them. */
  catalogue: () => Promise<Entry[]>;
  /** The English words the tests read. */
  words: {
    /** The loading state's ('Loading faces'). */
    loading: string;
    /** The grid's or list's accessible name. */
    label: string;
    /** The empty state's, after a search that leaves nothing. */
    noMatch: string;
    /** The error's, when the list could not load. */
    loadFailed: string;
    /** The count said after a filter. */
    results: (count: number) => string;
  };
  /** Waits until the items are shown. */
  ready: (el: E) => Promise<void>;
  /** The grid or the list. */
  scroller: (el: E) => HTMLElement | null;
  /** The items shown with their data (not "Loading…" or "Not loaded" placeholders). */
  items: (el: E) => HTMLElement[];
  /** The item at `index` if it is rendered (`cell-3`, `option-3`), else null. */
  itemAt: (el: E, index: number) => HTMLElement | null;
  /** An item's shown name. */
  nameOf: (item: Element) => string | undefined;
  /** The value and the name of an item the element sent (`dh-select`). */
  entryOf: (item: I) => Entry;
  /** A generated catalogue of `count` items at http://fake.test/dh, until `restore`. */
  fake: (count: number) => { restore: () => void };
  /** The parts a page themes: an item, the grid or list, the bar of filters. */
  parts: { item: 'cell' | 'option'; scroller: 'grid' | 'listbox'; bar: 'toolbar' | 'filters' };
  /** The border of the selected item that takes the accent. */
  accentBorder: 'borderTopColor' | 'borderLeftColor';
  /** The stale-answer test's filter, set up for one run. */
  stale: () => StaleScenario<E>;
}

const alert = (el: Element) => el.shadowRoot!.querySelector<HTMLElement>('[role="alert"]');
const searchBox = (el: Element) =>
  el.shadowRoot!.querySelector<HTMLInputElement>('input[type="search"]')!;

/** Registers the shared tests in the current describe block, for the picker `p`. */
export function sharedPickerTests<I, E extends DhPicker<I>>(p: PickerUnderTest<I, E>): void {
  const tag = unsafeStatic(p.tag);
  /** The picker alone, on `endpoint` (the proxy by default). */
  const picker = (endpoint = p.endpoint()) =>
    fixture<E>(html`<${tag} endpoint=${endpoint}></${tag}>`);
  /** The item the grid or list names as active, if it is rendered. */
  const activeItem = (el: E) =>
    el.shadowRoot!.getElementById(p.scroller(el)!.getAttribute('aria-activedescendant') ?? '');
  const selected = (el: E) => el.shadowRoot!.querySelector<HTMLElement>('[aria-selected="true"]');

  describe('accessibility', () => {
    it('is accessible while loading and when loaded', async () => {
      const el = await picker();
      expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.contain(
        p.words.loading,
      );
      await expectAccessible(el);
      await p.ready(el);
      expect(p.scroller(el)!.getAttribute('aria-label')).to.equal(p.words.label);
      await expectAccessible(el);
      p.scroller(el)!.focus();
      await el.updateComplete;
      expect(activeItem(el), 'focus names an active item that is rendered').to.exist;
      await expectAccessible(el);
    });

    it('is accessible when empty and on error', async () => {
      const el = await picker();
      await p.ready(el);
      searchBox(el).value = 'zzzz';
      searchBox(el).dispatchEvent(new Event('input'));
      await waitUntil(() => statusText(el).includes(p.words.noMatch), 'the empty state');
      await expectAccessible(el);
      const broken = await picker('http://127.0.0.1:9/dh');
      await waitUntil(() => alert(broken), 'the error shows');
      await expectAccessible(broken);
    });

    it('is accessible when disabled', async () => {
      const el = await fixture<E>(html`<${tag} disabled endpoint=${p.endpoint()}></${tag}>`);
      await p.ready(el);
      // Focused (a script can): only the disabled state keeps it from naming an active item.
      p.scroller(el)!.focus();
      await el.updateComplete;
      expect(
        p.scroller(el)!.hasAttribute('aria-activedescendant'),
        'a disabled picker names no active item',
      ).to.equal(false);
      await expectAccessible(el);
    });
  });

  describe('as a form control', () => {
    it('holds the value the browser restores (back/forward), submits it, shows it selected; reset returns to the value attribute', async () => {
      const [first, , , restored] = await p.catalogue();
      const form = await fixture<HTMLFormElement>(
        html`<form><${tag} name="f" value=${first!.value} endpoint=${p.endpoint()}></${tag}></form>`,
      );
      const el = form.querySelector<E>(p.tag)!;
      // Restored before the list has loaded, an id the catalogue does not have: kept as it came.
      el.formStateRestoreCallback('not-in-catalogue');
      await el.updateComplete;
      expect(el.value).to.equal('not-in-catalogue');
      expect(new FormData(form).get('f')).to.equal('not-in-catalogue');
      await p.ready(el);
      el.formStateRestoreCallback(restored!.value);
      await el.updateComplete;
      expect(el.value).to.equal(restored!.value);
      expect(new FormData(form).get('f')).to.equal(restored!.value);
      await waitUntil(
        () => selected(el) && p.nameOf(selected(el)!) === restored!.name,
        'the restored item is shown selected',
      );
      form.reset();
      await el.updateComplete;
      expect(el.value).to.equal(first!.value);
      expect(new FormData(form).get('f')).to.equal(first!.value);
    });

    it("a choice is the form's value when its change event fires (a change listener reads the new FormData)", async () => {
      const form = await fixture<HTMLFormElement>(
        html`<form><${tag} name="f" endpoint=${p.endpoint()}></${tag}></form>`,
      );
      const el = form.querySelector<E>(p.tag)!;
      await p.ready(el);
      const seen: (FormDataEntryValue | null)[] = [];
      form.addEventListener('change', () => seen.push(new FormData(form).get('f')));
      p.items(el)[1]!.click();
      await el.updateComplete;
      expect(seen).to.deep.equal([el.value]);
      expect(el.value).to.not.equal('');
    });

    /** Disabled, by its attribute or its fieldset: not a tab stop, nothing chosen, nothing fired. */
    const choosesNothing = async (el: E, value: string) => {
      const box = p.scroller(el)!;
      expect(box.getAttribute('aria-disabled')).to.equal('true');
      expect(box.getAttribute('tabindex')).to.equal('-1');
      // Focused (a script can): only the disabled state keeps it from naming an active item.
      box.focus();
      await el.updateComplete;
      expect(box.hasAttribute('aria-activedescendant'), 'no active item is named').to.equal(false);
      expect(searchBox(el).hasAttribute('disabled'), 'the search box is disabled').to.equal(true);
      const fired: string[] = [];
      for (const t of ['input', 'change', 'dh-select']) el.addEventListener(t, () => fired.push(t));
      p.items(el)[2]!.click();
      box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      await el.updateComplete;
      expect(el.value, 'a click or Enter changes nothing').to.equal(value);
      expect(fired, 'and fires nothing').to.deep.equal([]);
    };
    /** Tab from the button before the picker goes past it, to the one after. */
    const tabGoesPast = async (form: HTMLFormElement) => {
      form.querySelector('button')!.focus();
      await sendKeys({ press: 'Tab' });
      expect(document.activeElement!.textContent, 'Tab goes past it').to.equal('after');
    };

    it('disabled by its own attribute: out of the tab order, clicks and keys choose nothing, not submitted', async () => {
      const [, chosen] = await p.catalogue();
      const form = await fixture<HTMLFormElement>(
        html`<form><button type="button">before</button><${tag} name="f" value=${chosen!.value} disabled endpoint=${p.endpoint()}></${tag}><button type="button">after</button></form>`,
      );
      const el = form.querySelector<E>(p.tag)!;
      await p.ready(el);
      await choosesNothing(el, chosen!.value);
      expect(new FormData(form).has('f'), 'a disabled control is not submitted').to.equal(false);
      await tabGoesPast(form);
      el.disabled = false;
      await el.updateComplete;
      expect(new FormData(form).get('f'), 'enabled again, it is submitted').to.equal(chosen!.value);
    });

    it('disabled by its fieldset cannot be focused or changed', async () => {
      const form = await fixture<HTMLFormElement>(
        html`<form><button type="button">before</button><fieldset disabled><${tag} name="f" endpoint=${p.endpoint()}></${tag}></fieldset><button type="button">after</button></form>`,
      );
      const el = form.querySelector<E>(p.tag)!;
      await p.ready(el);
      await choosesNothing(el, '');
      expect(new FormData(form).has('f'), 'a disabled control is not submitted').to.equal(false);
      await tabGoesPast(form);
    });
  });

  describe('when loaded from the proxy', () => {
    it('a stale answer never replaces a newer one (the superseded request is aborted)', async () => {
      const s = p.stale();
      const under = window.fetch;
      const superseded: AbortSignal[] = [];
      // The late filter's answer comes after the last one's and ignores the abort: only the
      // element can keep it out.
      window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input));
        if (!url.pathname.endsWith(p.route) || url.searchParams.get(s.param) !== s.late)
          return under(input, init);
        superseded.push(init!.signal!);
        await aTimeout(400);
        return under(input, { ...init, signal: undefined });
      };
      try {
        const el = await picker(s.endpoint);
        await p.ready(el);
        s.set(el, s.late);
        await el.updateComplete;
        s.set(el, s.last);
        const showsLast = () =>
          p.items(el).length > 0 && p.items(el).every((i) => s.shown(i) === s.lastShown);
        await waitUntil(showsLast, 'the last filter wins');
        expect(superseded, 'the superseded list was asked once').to.have.length(1);
        expect(superseded[0]!.aborted, 'the superseded request is aborted').to.equal(true);
        await aTimeout(600);
        // The late answer came back meanwhile: the items are still the last filter's.
        expect(showsLast(), "still the last filter's items").to.equal(true);
        expect(announced(el), "the count said is the last filter's").to.equal(
          p.words.results(s.lastTotal),
        );
        await s.afterwards(el);
      } finally {
        window.fetch = under;
        s.restore?.();
      }
    });

    it("an error shows visitor words (the proxy's go to dh-error), and Try again loads the items", async () => {
      const [first] = await p.catalogue();
      const real = window.fetch;
      const asked: URL[] = [];
      // The first request for the catalogue fails, as when the platform is down for a moment.
      window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input));
        if (!url.pathname.endsWith(p.route)) return real(input, init);
        asked.push(url);
        if (asked.length > 1) return real(input, init);
        const error = {
          code: 'upstream_unavailable',
          message: 'The catalogue is unavailable right now.',
        };
        return json({ error }, 502);
      };
      try {
        const errors: { code: string; message: string }[] = [];
        const el = await fixture<E>(
          html`<${tag} endpoint=${p.endpoint()} @dh-error=${(e: CustomEvent<{ code: string; message: string }>) => errors.push(e.detail)}></${tag}>`,
        );
        await waitUntil(() => alert(el), 'the error shows');
        // The visitor reads visitor words; the proxy's go to the page's script (and the console).
        expect(el.shadowRoot!.querySelector('[part="error"]')!.textContent).to.contain(
          `${p.words.loadFailed} Something went wrong. Please try again in a moment.`,
        );
        expect(errors).to.deep.equal([
          { code: 'upstream_unavailable', message: 'The catalogue is unavailable right now.' },
        ]);
        expect(p.scroller(el), 'no items under the error').to.equal(null);
        button(el, /Try again/)!.click();
        await p.ready(el);
        expect(p.nameOf(p.items(el)[0]!), "the catalogue's first item").to.equal(first!.name);
        expect(alert(el)).to.equal(null);
        expect(
          asked.filter((u) => u.searchParams.get('page') === '1'),
          'the first page, asked again',
        ).to.have.length(2);
        expect(asked, 'and nothing more').to.have.length(2);
      } finally {
        window.fetch = real;
      }
    });

    it("a network error says so in visitor words (the URL is the operator's, not the visitor's); pointed back at the proxy, it loads", async () => {
      const el = await picker('http://127.0.0.1:9/dh');
      await waitUntil(() => alert(el), 'the error shows');
      expect(alert(el)!.textContent).to.contain(
        "The assistant can't be reached right now. Please try again in a moment.",
      );
      expect(alert(el)!.textContent).not.to.contain('127.0.0.1');
      expect(button(el, /Try again/)).to.exist;
      el.endpoint = p.endpoint();
      await p.ready(el);
      expect(alert(el)).to.equal(null);
    });
  });

  describe('with 10,000 items', () => {
    it('a click on an item chooses it, also when the active item was scrolled away (focus does not scroll under the pointer)', async () => {
      const fake = p.fake(10_000);
      try {
        const el = await picker('http://fake.test/dh');
        await p.ready(el);
        const box = p.scroller(el)!;
        /** The loaded item in view nearest the middle of the grid or list (clear of a sticky header). */
        const middle = () => {
          const b = box.getBoundingClientRect();
          const [x, y] = [(b.left + b.right) / 2, (b.top + b.bottom) / 2];
          const inView = (r: DOMRect) =>
            r.top >= b.top && r.bottom <= b.bottom && r.left >= b.left && r.right <= b.right;
          const off = (i: HTMLElement) => {
            const r = i.getBoundingClientRect();
            return Math.hypot((r.left + r.right) / 2 - x, (r.top + r.bottom) / 2 - y);
          };
          return p
            .items(el)
            .filter((i) => inView(i.getBoundingClientRect()))
            .sort((a, c) => off(a) - off(c))[0];
        };
        // A mouse scroll, far down (again if the grid or list was still settling).
        await waitUntil(() => {
          if (box.scrollTop < 3000) box.scrollTop = 3000;
          return !p.itemAt(el, 0) && middle();
        }, 'scrolled to loaded items');
        const target = middle()!;
        const r = target.getBoundingClientRect();
        let chosen: I | undefined;
        // Typed by the element's event map: no cast.
        el.addEventListener('dh-select', (e) => (chosen = e.detail.item));
        await sendMouse({
          type: 'click',
          position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)],
        });
        await el.updateComplete;
        expect(chosen && p.entryOf(chosen).name).to.equal(p.nameOf(target));
        expect(el.value).to.equal(p.entryOf(chosen!).value);
        expect(box.getAttribute('aria-activedescendant'), 'the clicked item is active').to.equal(
          target.id,
        );
      } finally {
        fake.restore();
        await resetMouse();
      }
    });
  });

  describe('theming', () => {
    it('is themed by its documented custom properties and parts', async () => {
      const [, chosen] = await p.catalogue();
      const style = document.createElement('style');
      style.textContent = [
        `${p.tag}.themed::part(${p.parts.item}) { background-color: rgb(1, 2, 3); }`,
        `${p.tag}.themed::part(${p.parts.scroller}) { color: rgb(4, 5, 6); }`,
        `${p.tag}.themed::part(${p.parts.bar}) { color: rgb(7, 8, 9); }`,
      ].join(' ');
      document.head.append(style);
      try {
        const el = await fixture<E>(
          html`<${tag} class="themed" value=${chosen!.value} endpoint=${p.endpoint()}></${tag}>`,
        );
        el.style.setProperty(`--${p.tag}-height`, '250px');
        el.style.setProperty('--dh-picker-accent', 'rgb(200, 0, 100)');
        el.style.setProperty('--dh-picker-font', 'monospace');
        await p.ready(el);
        await waitUntil(() => selected(el), 'the selected item is shown');
        const other = p.items(el).find((i) => i !== selected(el))!;
        expect(p.scroller(el)!.getBoundingClientRect().height).to.equal(250);
        expect(
          getComputedStyle(selected(el)!)[p.accentBorder],
          'the selected item takes the accent',
        ).to.equal('rgb(200, 0, 100)');
        expect(getComputedStyle(selected(el)!.querySelector('.name')!).fontFamily).to.equal(
          'monospace',
        );
        expect(getComputedStyle(other).backgroundColor, `::part(${p.parts.item})`).to.equal(
          'rgb(1, 2, 3)',
        );
        expect(getComputedStyle(p.scroller(el)!).color, `::part(${p.parts.scroller})`).to.equal(
          'rgb(4, 5, 6)',
        );
        expect(
          getComputedStyle(el.shadowRoot!.querySelector(`[part="${p.parts.bar}"]`)!).color,
          `::part(${p.parts.bar})`,
        ).to.equal('rgb(7, 8, 9)');
      } finally {
        style.remove();
      }
    });
  });
}

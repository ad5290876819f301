/**
 * <dh-face-picker> as a form control (value, validity, reset) and from the keyboard (one tab
 * stop, arrows, Home/End, pages, right to left). What it shares with <dh-voice-picker> as a form
 * control (a restored value, disabled) is in shared.test.ts.
 */
import { sendKeys } from '@web/test-runner-commands';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../wait.js';
import { press } from '../keys.js';
import type { DhFacePicker } from '../../../src/elements/face-picker/face-picker.js';
import type { FaceItem } from '../../../src/api/answers.js';
import {
  active,
  cell,
  describeFacePicker,
  endpoint,
  fakeFaces,
  grid,
  loadedCells,
  ready,
  rowHeight,
} from './support.js';

describeFacePicker(() => {
  describe('as a form control', () => {
    it('is submitted with a plain form, validated when required, reset with the form', async () => {
      const form = await fixture<HTMLFormElement>(
        html`<form><dh-face-picker name="headVisualId" required endpoint=${endpoint}></dh-face-picker></form>`,
      );
      const el = form.querySelector('dh-face-picker')!;
      await ready(el);
      expect(form.checkValidity()).to.equal(false);
      expect(el.validationMessage).to.equal('Please choose a face.');
      const cell = loadedCells(el)[2]!;
      const events: string[] = [];
      for (const t of ['input', 'change', 'dh-select'])
        el.addEventListener(t, () => events.push(t));
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
      const form = await fixture<HTMLFormElement>(
        html`<form><dh-face-picker name="f" value="x-1" endpoint=${endpoint}></dh-face-picker></form>`,
      );
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
  });

  describe('keyboard', () => {
    it('right to left (dir="rtl"): the first face is on the right, ArrowLeft moves to the next one, ArrowRight back', async () => {
      const el = await fixture<DhFacePicker>(
        html`<div dir="rtl"><dh-face-picker endpoint=${endpoint}></dh-face-picker></div>`,
      ).then((d) => d.querySelector('dh-face-picker')!);
      await ready(el);
      const [first, second] = [
        cell(el, 0)!.getBoundingClientRect(),
        cell(el, 1)!.getBoundingClientRect(),
      ];
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

    it('type-ahead: typing a name moves to the next face it starts; the same letter again cycles; Space then selects', async () => {
      const fake = fakeFaces(30);
      try {
        const el = await fixture<DhFacePicker>(
          html`<div><button>before</button><dh-face-picker endpoint="http://fake.test/dh"></dh-face-picker></div>`,
        ).then((d) => d.querySelector('dh-face-picker')!);
        await ready(el);
        (el.previousElementSibling as HTMLButtonElement).focus();
        for (let i = 0; i < 3; i++) await sendKeys({ press: 'Tab' });
        expect(el.shadowRoot!.activeElement).to.equal(
          grid(el),
          'Tab: gender, search, then the grid',
        );
        expect(active(el)).to.equal('cell-0');
        // Every name here is "Face <n>": "f" moves to the next one, and again to the one after.
        await sendKeys({ press: 'f' });
        expect(active(el), 'the next face whose name starts with f').to.equal('cell-1');
        await sendKeys({ press: 'f' });
        expect(active(el), 'the same letter again cycles').to.equal('cell-2');
        await new Promise((r) => setTimeout(r, 600));
        // A whole name, typed quickly (the space is part of it, not "select").
        await sendKeys({ type: 'face 12' });
        expect(active(el), 'the face the typed name starts').to.equal('cell-12');
        expect(el.value, 'typing moves, it does not select').to.equal('');
        await sendKeys({ type: 'z' });
        expect(active(el), 'no face starts with the text: it stays').to.equal('cell-12');
        await new Promise((r) => setTimeout(r, 600));
        setTimeout(() => sendKeys({ press: ' ' }));
        await oneEvent(el, 'change');
        expect(el.value, 'Space, after a pause, selects').to.equal('face-12');
      } finally {
        fake.restore();
      }
    });

    it('one tab stop; arrows, Home/End, Ctrl+Home/End, PageUp/PageDown move; Enter selects', async () => {
      const el = await fixture<DhFacePicker>(
        html`<div><button>before</button><dh-face-picker endpoint=${endpoint}></dh-face-picker><button>after</button></div>`,
      ).then((d) => d.querySelector('dh-face-picker')!);
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
      await waitUntil(
        () => el.shadowRoot!.getElementById('cell-51'),
        'the last cell is rendered after the jump',
      );
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
      expect(el.shadowRoot!.getElementById('cell-0')!.getAttribute('aria-selected')).to.equal(
        'true',
      );
      await sendKeys({ press: 'Tab' });
      expect(document.activeElement).to.equal(
        el.nextElementSibling,
        'one tab stop: Tab leaves the grid',
      );
    });
  });
});

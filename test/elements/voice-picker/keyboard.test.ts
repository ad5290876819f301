/**
 * <dh-voice-picker> as a form control (value, validity, reset) and from the keyboard. What it
 * shares with <dh-face-picker> as a form control (a restored value, disabled) and its theming are
 * in shared.test.ts.
 */
import { sendKeys } from '@web/test-runner-commands';
import { aTimeout, expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../wait.js';
import type { DhVoicePicker } from '../../../src/elements/voice-picker/voice-picker.js';
import type { VoiceItem } from '../../../src/api/answers.js';
import {
  activeId,
  activeOption,
  all,
  describeVoicePicker,
  endpoint,
  listbox,
  nameOf,
  options,
  ready,
  selectLabelled,
  telling,
} from './support.js';

describeVoicePicker(() => {
  describe('as a form control', () => {
    it('VOICE-3 its value is the voiceId: a plain form submits the voiceId, never the displayName', async () => {
      const form = await fixture<HTMLFormElement>(
        html`<form><dh-voice-picker name="ttsVoice" endpoint=${endpoint}></dh-voice-picker><button>Save</button></form>`,
      );
      const el = form.querySelector('dh-voice-picker')!;
      await ready(el);
      const index = options(el).findIndex((o) =>
        telling(all.items[Number(o.getAttribute('aria-posinset')) - 1]!),
      );
      const option = options(el)[index]!;
      const voice = all.items[Number(option.getAttribute('aria-posinset')) - 1]!;
      expect(nameOf(option)).to.equal(voice.displayName);
      const events: string[] = [];
      for (const t of ['input', 'change', 'dh-select'])
        el.addEventListener(t, () => events.push(t));
      setTimeout(() => option.click());
      const selected = await oneEvent(el, 'dh-select');
      expect(events).to.deep.equal(['input', 'change', 'dh-select']);
      expect((selected as CustomEvent<{ item: VoiceItem }>).detail.item).to.deep.equal(voice);
      expect(el.value).to.equal(voice.voiceId);
      await el.updateComplete;
      expect(option.getAttribute('aria-selected')).to.equal('true');
      // A real submit, as a site's form sends it.
      let submitted: FormData | undefined;
      form.addEventListener('submit', (e) => {
        e.preventDefault();
        submitted = new FormData(form);
      });
      form.requestSubmit();
      expect(submitted!.get('ttsVoice')).to.equal(voice.voiceId);
      expect(all.items.map((v) => v.displayName)).to.not.include(submitted!.get('ttsVoice'));
    });

    it('required: invalid with a message until a voice is chosen', async () => {
      const form = await fixture<HTMLFormElement>(
        html`<form><dh-voice-picker name="v" required endpoint=${endpoint}></dh-voice-picker></form>`,
      );
      const el = form.querySelector('dh-voice-picker')!;
      await ready(el);
      expect(form.checkValidity()).to.equal(false);
      expect(el.validity!.valueMissing).to.equal(true);
      expect(el.validationMessage).to.equal('Please choose a voice.');
      let submits = 0;
      form.addEventListener('submit', (e) => (e.preventDefault(), submits++));
      form.requestSubmit();
      expect(submits, 'the form does not submit').to.equal(0);
      options(el)[0]!.click();
      await el.updateComplete;
      expect(form.checkValidity()).to.equal(true);
      expect(el.validationMessage).to.equal('');
    });

    it('shows the value attribute as selected and in view; form reset restores it; an unknown value is kept but shows nothing selected', async () => {
      const last = all.items[all.items.length - 1]!;
      const form = await fixture<HTMLFormElement>(
        html`<form><dh-voice-picker name="v" value=${last.voiceId} endpoint=${endpoint}></dh-voice-picker></form>`,
      );
      const el = form.querySelector('dh-voice-picker')!;
      await waitUntil(
        () => el.shadowRoot!.querySelector('[aria-selected="true"]'),
        'the selected voice is scrolled into view',
      );
      const selected = el.shadowRoot!.querySelector('[aria-selected="true"]')!;
      expect(nameOf(selected)).to.equal(last.displayName);
      expect(selected.getAttribute('aria-posinset')).to.equal(String(all.items.length));
      listbox(el)!.focus();
      await el.updateComplete;
      expect(activeId(el), 'focus starts on the selected voice').to.equal(selected.id);
      const other = options(el).find((o) => o !== selected)!;
      other.click();
      await el.updateComplete;
      expect(el.value).to.equal(
        all.items[Number(other.getAttribute('aria-posinset')) - 1]!.voiceId,
      );
      expect(el.value).to.not.equal(last.voiceId);
      form.reset();
      await el.updateComplete;
      expect(el.value).to.equal(last.voiceId);
      expect(new FormData(form).get('v')).to.equal(last.voiceId);
      await waitUntil(
        () =>
          el.shadowRoot!.querySelector('[aria-selected="true"]') &&
          nameOf(el.shadowRoot!.querySelector('[aria-selected="true"]')!) === last.displayName,
      );

      let fired = 0;
      el.addEventListener('change', () => fired++);
      el.value = 'no-such-voice';
      await el.updateComplete;
      expect(el.shadowRoot!.querySelectorAll('[aria-selected="true"]')).to.have.length(0);
      expect(new FormData(form).get('v'), 'the value is kept and submitted').to.equal(
        'no-such-voice',
      );
      expect(fired, 'setting value from code fires nothing').to.equal(0);
    });
  });

  describe('keyboard', () => {
    it('one tab stop; Up/Down/Home/End/PageUp/PageDown move the active option; Enter selects and fires input, change, dh-select', async () => {
      const page = await fixture<HTMLElement>(
        html`<div><dh-voice-picker endpoint=${endpoint}></dh-voice-picker><button>after</button></div>`,
      );
      const el = page.querySelector('dh-voice-picker')!;
      await ready(el);
      selectLabelled(el, 'Gender')!.focus();
      await sendKeys({ press: 'Tab' });
      expect(el.shadowRoot!.activeElement).to.equal(
        listbox(el),
        'Tab from the last filter reaches the listbox',
      );
      expect(activeId(el)).to.equal('option-0');
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'ArrowDown' });
      expect(activeId(el)).to.equal('option-2');
      expect(activeOption(el)!.getAttribute('aria-posinset')).to.equal('3');
      expect(el.value, 'arrows move, they do not select').to.equal('');
      await sendKeys({ press: 'ArrowUp' });
      expect(activeId(el)).to.equal('option-1');
      await sendKeys({ press: 'ArrowRight' });
      expect(activeId(el), 'Right does nothing in a list').to.equal('option-1');
      await sendKeys({ press: 'ArrowLeft' });
      expect(activeId(el), 'nor Left').to.equal('option-1');
      // Down through more options than the list shows: the active one stays in view.
      for (let i = 0; i < 12; i++) await sendKeys({ press: 'ArrowDown' });
      expect(activeId(el)).to.equal('option-13');
      await waitUntil(() => {
        const r = activeOption(el)?.getBoundingClientRect();
        const box = listbox(el)!.getBoundingClientRect();
        return r && r.top >= box.top && r.bottom <= box.bottom + 1;
      }, 'the active option is scrolled into view');
      await sendKeys({ press: 'End' });
      expect(activeId(el)).to.equal(`option-${all.items.length - 1}`);
      await waitUntil(() => activeOption(el), 'the last option is scrolled into view');
      expect(activeOption(el)!.getAttribute('aria-posinset')).to.equal(String(all.items.length));
      await sendKeys({ press: 'ArrowDown' });
      expect(activeId(el), 'Down on the last stays').to.equal(`option-${all.items.length - 1}`);
      await sendKeys({ press: 'Home' });
      expect(activeId(el)).to.equal('option-0');
      await waitUntil(() => activeOption(el));
      // PageDown and PageUp move by the options the list shows whole (APG listbox), and stay in view.
      const inView = Math.max(
        1,
        Math.floor(listbox(el)!.clientHeight / activeOption(el)!.offsetHeight),
      );
      await sendKeys({ press: 'PageDown' });
      expect(activeId(el), 'a page down').to.equal(`option-${inView}`);
      await waitUntil(() => {
        const r = activeOption(el)?.getBoundingClientRect();
        const box = listbox(el)!.getBoundingClientRect();
        return r && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
      }, 'the option a page down is in view');
      await sendKeys({ press: 'PageDown' });
      expect(activeId(el), 'two pages down').to.equal(`option-${2 * inView}`);
      await sendKeys({ press: 'PageUp' });
      await sendKeys({ press: 'PageUp' });
      await sendKeys({ press: 'PageUp' });
      expect(activeId(el), 'PageUp stops at the first').to.equal('option-0');
      await waitUntil(() => activeOption(el));
      await sendKeys({ press: 'ArrowDown' });

      const events: string[] = [];
      for (const t of ['input', 'change', 'dh-select'])
        el.addEventListener(t, () => events.push(t));
      setTimeout(() => sendKeys({ press: 'Enter' }));
      const selected = await oneEvent(el, 'dh-select');
      expect(events).to.deep.equal(['input', 'change', 'dh-select']);
      expect((selected as CustomEvent<{ item: VoiceItem }>).detail.item).to.deep.equal(
        all.items[1],
      );
      expect(el.value).to.equal(all.items[1]!.voiceId);
      await el.updateComplete;
      expect(activeOption(el)!.getAttribute('aria-selected')).to.equal('true');
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: ' ' });
      expect(el.value, 'Space selects too').to.equal(all.items[2]!.voiceId);

      await sendKeys({ press: 'Tab' });
      expect(document.activeElement).to.equal(
        page.querySelector('button'),
        'one tab stop: Tab leaves the list',
      );
    });

    it('type-ahead jumps to the next voice whose name starts with the typed text', async () => {
      const el = await fixture<DhVoicePicker>(
        html`<dh-voice-picker endpoint=${endpoint}></dh-voice-picker>`,
      );
      await ready(el);
      listbox(el)!.focus();
      const starts = (prefix: string, from = 0) => {
        const n = all.items.length;
        for (let k = 0; k < n; k++) {
          const i = (from + k) % n;
          if (all.items[i]!.displayName.toLowerCase().startsWith(prefix)) return i;
        }
        return -1;
      };
      const rachel = starts('rach', 1);
      expect(rachel).to.be.greaterThan(0);
      await sendKeys({ type: 'rach' });
      expect(activeId(el)).to.equal(`option-${rachel}`);
      await waitUntil(
        () => activeOption(el) && nameOf(activeOption(el)!).startsWith('Rachel'),
        'scrolled into view',
      );
      // After a pause, a new letter starts a new search after the active option.
      await aTimeout(600);
      const nextR = starts('r', rachel + 1);
      await sendKeys({ type: 'r' });
      expect(activeId(el)).to.equal(`option-${nextR}`);
      expect(el.value, 'type-ahead moves, it does not select').to.equal('');
    });
  });
});

/**
 * <dh-head-form>'s fields: accessible as it opens, the fields of each mode, the streaming
 * switch, Clear, theming and validation before submit.
 */
import { expect, html } from '@open-wc/testing';
import { waitUntil } from '../wait.js';
import type { DhVoicePicker } from '../../../src/elements/voice-picker/voice-picker.js';
import {
  choose,
  describeHeadForm,
  errorOf,
  field,
  form,
  pickVoice,
  status,
  submit,
  type,
  visible,
} from './support.js';
import { q, expectAccessible } from '../support.js';

describeHeadForm(() => {
  describe('accessibility', () => {
    it('is accessible as it opens, in each mode, with the streaming switch, and with messages shown', async () => {
      const el = await form();
      await waitUntil(
        () => q(el, 'dh-face-picker')!.shadowRoot!.querySelector('[role="gridcell"]'),
        'faces',
      );
      await expectAccessible(el);
      for (const mode of ['plugin', 'voiceflow', 'doc_qa']) {
        choose(el, 'mode', mode);
        await el.updateComplete;
        await expectAccessible(el);
      }
      q<HTMLInputElement>(el, 'input[role="switch"]')!.click();
      await el.updateComplete;
      await expectAccessible(el);
      await submit(el);
      await expectAccessible(el);
    });
  });

  describe('fields by mode', () => {
    it('HEAD-3 HEAD-5 HEAD-6 shows each field only where its mode uses it', async () => {
      const el = await form();
      const plugin = () => visible(q(el, '#pluginUrl')!);
      const flow = () => visible(q(el, '#flowKey')!);
      const notice = () => q(el, '[part="notice"]');
      expect(plugin()).to.equal(false);
      expect(flow()).to.equal(false);
      expect(notice()).to.equal(null);
      choose(el, 'mode', 'plugin');
      await el.updateComplete;
      expect(plugin()).to.equal(true);
      expect(visible(q(el, '#pluginName')!)).to.equal(true);
      expect(visible(q(el, '#pluginOptions')!)).to.equal(true);
      expect(flow()).to.equal(false);
      choose(el, 'mode', 'voiceflow');
      await el.updateComplete;
      expect(plugin()).to.equal(false);
      expect(flow()).to.equal(true);
      expect(q<HTMLInputElement>(el, '#flowKey')!.type).to.equal('password');
      choose(el, 'mode', 'doc_qa');
      await el.updateComplete;
      expect(notice()!.textContent).to.contain('uploaded');
      expect(flow()).to.equal(false);
      // The system prompt is for the modes whose answers come from the platform's model.
      const prompt = () => visible(field(el, 'prompt'));
      expect(prompt()).to.equal(true);
      for (const mode of ['ttt', 'plugin', 'voiceflow']) {
        choose(el, 'mode', mode);
        await el.updateComplete;
        expect(prompt(), mode).to.equal(false);
        expect(visible(field(el, 'greetings')), `${mode} has a greeting`).to.equal(true);
      }
    });

    it('keeps what was typed in a mode’s fields when the user switches away and back', async () => {
      const el = await form();
      choose(el, 'mode', 'plugin');
      await el.updateComplete;
      type(el, 'pluginUrl', 'https://bot.example.com/api');
      choose(el, 'mode', 'oc');
      await el.updateComplete;
      choose(el, 'mode', 'plugin');
      await el.updateComplete;
      expect(q<HTMLInputElement>(el, '#pluginUrl')!.value).to.equal('https://bot.example.com/api');
    });
  });

  describe('the streaming switch', () => {
    it('STREAM-3 STREAM-5 applies the rules as the user watches: mode oc, streaming voices, no greeting, alias or suggestions', async () => {
      const el = await form();
      choose(el, 'mode', 'ttt');
      await el.updateComplete;
      const voice = q(el, 'dh-voice-picker') as unknown as DhVoicePicker;
      expect(voice.streaming).to.equal(false);
      // A target of 24 px at least (WCAG 2.2), and the form's submit 44 px.
      const box = q<HTMLInputElement>(el, 'input[role="switch"]')!.getBoundingClientRect();
      expect([box.width, box.height]).to.deep.equal([44, 24]);
      expect(q(el, 'button[type="submit"]')!.getBoundingClientRect().height).to.be.at.least(44);
      q<HTMLInputElement>(el, 'input[role="switch"]')!.click();
      await el.updateComplete;
      expect(el.streaming).to.equal(true);
      const mode = q<HTMLSelectElement>(el, '#mode')!;
      expect(mode.value).to.equal('oc');
      expect(mode.disabled).to.equal(true);
      expect(voice.streaming).to.equal(true);
      for (const id of ['greetings', 'alias', 'suggestions'])
        expect(visible(field(el, id)), id).to.equal(false);
      // Named by the voice list, from the proxy's answer: the form keeps no copy of the provider.
      await waitUntil(
        () =>
          voice
            .shadowRoot!.querySelector('[part="note"]')
            ?.textContent?.includes('elevenlabs voices'),
        'the provider is named',
      );
      // Off again: the mode the user had comes back.
      q<HTMLInputElement>(el, 'input[role="switch"]')!.click();
      await el.updateComplete;
      expect(mode.value).to.equal('ttt');
      expect(visible(field(el, 'greetings'))).to.equal(true);
    });

    it('STREAM-5 clears a chosen voice that a streaming head cannot use, and says why', async () => {
      const el = await form();
      const picker = q(el, 'dh-voice-picker') as unknown as DhVoicePicker;
      picker.provider = 'azure';
      await pickVoice(el);
      expect(picker.value).to.not.equal('');
      q<HTMLInputElement>(el, 'input[role="switch"]')!.click();
      await waitUntil(() => errorOf(el, 'voice'), 'the voice is refused');
      expect(picker.value).to.equal('');
      expect(errorOf(el, 'voice')).to.contain('elevenlabs');
    });
  });

  describe('Clear', () => {
    it('returns the switch and the mode to where the page set them, with every message gone', async () => {
      const el = await form(html`<dh-head-form mode="plugin"></dh-head-form>`);
      q<HTMLInputElement>(el, 'input[role="switch"]')!.click();
      await el.updateComplete;
      await submit(el);
      expect(errorOf(el, 'name')).to.not.equal('');
      [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('button[type="reset"]')][0]!.click();
      await el.updateComplete;
      expect(el.streaming).to.equal(false);
      expect(q<HTMLInputElement>(el, 'input[role="switch"]')!.checked).to.equal(false);
      expect(q<HTMLSelectElement>(el, '#mode')!.value).to.equal('plugin');
      expect(q<HTMLSelectElement>(el, '#mode')!.disabled).to.equal(false);
      expect(visible(field(el, 'greetings'))).to.equal(true);
      expect(errorOf(el, 'name')).to.equal('');
      expect(status(el)).to.equal('');
    });
  });

  describe('theming', () => {
    it('follows its documented custom properties and parts', async () => {
      const el = await form(
        html`<dh-head-form style="--dh-head-form-accent: rgb(200, 0, 100); --dh-head-form-gap: 30px"></dh-head-form>`,
      );
      const submitButton = q(el, '[part="submit"]')!;
      expect(getComputedStyle(submitButton).backgroundColor).to.equal('rgb(200, 0, 100)');
      expect(getComputedStyle(q(el, 'form')!).rowGap).to.equal('30px');
      const style = document.createElement('style');
      style.textContent = 'dh-head-form::part(field-error) { color: rgb(1, 2, 3); }';
      document.head.append(style);
      try {
        await submit(el);
        expect(getComputedStyle(q(el, '#name-error')!).color).to.equal('rgb(1, 2, 3)');
      } finally {
        style.remove();
      }
    });
  });

  describe('validation before submit', () => {
    it('HEAD-7 says next to each field what is missing, sends nothing, and focuses the first', async () => {
      const el = await form();
      let posts = 0;
      const real = window.fetch;
      window.fetch = (input, init) => {
        if (init?.method === 'POST') posts += 1;
        return real(input, init);
      };
      try {
        await submit(el);
        expect(errorOf(el, 'name')).to.equal('Give the head a name.');
        expect(errorOf(el, 'face')).to.equal('Choose a face for the head.');
        expect(errorOf(el, 'voice')).to.equal('Choose a voice.');
        expect(status(el), 'the alert names what to check').to.equal(
          'The head was not created. Check Head name, Face and Voice.',
        );
        expect(q(el, '#name')!.getAttribute('aria-invalid')).to.equal('true');
        expect(q(el, '#name')!.getAttribute('aria-describedby')).to.contain('name-error');
        expect(el.shadowRoot!.activeElement?.id).to.equal('name');
        type(el, 'name', 'Ava');
        await el.updateComplete;
        expect(errorOf(el, 'name'), 'typing clears the message').to.equal('');
        choose(el, 'mode', 'plugin');
        await el.updateComplete;
        type(el, 'pluginUrl', 'bot.example.com');
        q<HTMLTextAreaElement>(el, '#pluginOptions')!.value = 'lang=en\nnot an option';
        await submit(el);
        expect(errorOf(el, 'pluginName')).to.equal('Give the plugin a name.');
        expect(errorOf(el, 'pluginUrl')).to.contain('https://');
        expect(errorOf(el, 'pluginOptions')).to.contain('line 2');
        expect(posts).to.equal(0);
      } finally {
        window.fetch = real;
      }
    });

    it('HEAD-7 focuses the face picker when the face is the first field missing', async () => {
      const el = await form();
      type(el, 'name', 'Ava');
      await el.updateComplete;
      await submit(el);
      expect(errorOf(el, 'face')).to.equal('Choose a face for the head.');
      const focused = el.shadowRoot!.activeElement;
      expect(focused?.localName, 'the face picker has focus').to.equal('dh-face-picker');
      const inside = focused!.shadowRoot!.activeElement;
      expect(
        inside?.getAttribute('role') === 'grid' || inside?.getAttribute('type') === 'search',
        'on its one tab stop: the grid, or its search box while the faces load',
      ).to.equal(true);
    });
  });
});

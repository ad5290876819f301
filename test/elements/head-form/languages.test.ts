/**
 * <dh-head-form> in the page's language: German, Arabic right to left and Japanese, with its
 * pickers, with no English left.
 */
import { executeServerCommand } from '@web/test-runner-commands';
import { expect, fixture } from '@open-wc/testing';
import { waitUntil } from '../wait.js';
import type { DhHeadForm } from '../../../src/elements/head-form/head-form.js';
import {
  headFormMessages,
  type HeadFormMessages,
} from '../../../src/elements/head-form/messages.js';
import { facePickerMessages } from '../../../src/elements/face-picker/messages.js';
import { voicePickerMessages } from '../../../src/elements/voice-picker/messages.js';
import type { FacesPage, VoicesList } from '../../../src/api/answers.js';
import { catalogue as catalogue_, englishLeft, wordsOf } from '../i18n.js';
import {
  auth,
  choose,
  created,
  describeHeadForm,
  endpoint,
  errorOf,
  form,
  pickFace,
  pickVoice,
  status,
  submit,
  type,
} from './support.js';
import { q, expectAccessible } from '../support.js';

describeHeadForm(() => {
  describe('in the page’s language', () => {
    /** A locale's own messages for the form, as the catalogue ships them. */
    const catalogue = async (lang: string): Promise<HeadFormMessages> =>
      (await catalogue_(lang)).headForm;

    async function localized(
      lang: string,
      dir = '',
    ): Promise<{ wrapper: HTMLElement; el: DhHeadForm }> {
      const wrapper = await fixture<HTMLDivElement>(
        `<div lang="${lang}"${dir ? ` dir="${dir}"` : ''}><dh-head-form></dh-head-form></div>`,
      );
      const el = wrapper.querySelector('dh-head-form')!;
      el.endpoint = endpoint;
      el.headers = auth;
      await el.updateComplete;
      return { wrapper, el };
    }

    /**
     * The form's own words: its shadow root without the inside of the pickers and the preview
     * (elements with tests of their own; their attributes, such as the pickers' labels, stay).
     * A copy, parsed without upgrading its custom elements.
     */
    function own(el: DhHeadForm): HTMLElement {
      const copy = document.createElement('div');
      copy.innerHTML = el.shadowRoot!.innerHTML;
      return copy;
    }

    const left = (el: DhHeadForm, lang: string, data: string[] = []) =>
      englishLeft(own(el), 'headForm', headFormMessages, lang, data);
    const optionsOf = (el: DhHeadForm, id: string) =>
      [...el.shadowRoot!.querySelectorAll<HTMLOptionElement>(`#${id} option`)].map((o) =>
        o.textContent!.trim(),
      );

    for (const [lang, dir] of [
      ['de', ''],
      ['ar', 'rtl'],
      ['ja', ''],
    ] as const) {
      it(`lang="${lang}"${dir ? ` dir="${dir}"` : ''}: every field, mode, hint and check has no English left, and is accessible`, async () => {
        const { el } = await localized(lang, dir);
        const m = await catalogue(lang);
        expect(await left(el, lang)).to.deep.equal([]);
        expect(q(el, 'label[for="name"]')!.textContent!.trim()).to.equal(`${m.name} *`);
        expect(q(el, 'dh-face-picker')!.getAttribute('label')).to.equal(m.face);
        // The default languages are named in the page's language.
        expect(optionsOf(el, 'language')).to.not.include('German');
        expect(optionsOf(el, 'recognition')[0]).to.equal(m.sameLanguage);
        // Each mode's own fields and notes.
        choose(el, 'mode', 'doc_qa');
        await el.updateComplete;
        expect(q(el, '[part="notice"]')!.textContent!.trim()).to.equal(m.docQa);
        expect(await left(el, lang)).to.deep.equal([]);
        // The checks, with the plugin's own.
        choose(el, 'mode', 'plugin');
        await el.updateComplete;
        type(el, 'pluginUrl', 'bot.example.com');
        q<HTMLTextAreaElement>(el, '#pluginOptions')!.value = 'lang=en\nnot an option';
        await submit(el);
        expect(errorOf(el, 'name')).to.equal(m.nameMissing);
        expect(errorOf(el, 'pluginOptions')).to.equal(m.pluginOptionsLine(2));
        expect(status(el)).to.equal(
          m.checkFields([m.name, m.face, m.voice, m.pluginName, m.pluginUrl, m.pluginOptions]),
        );
        expect(await left(el, lang)).to.deep.equal([]);
        await expectAccessible(el);
        // The streaming switch and its note on the mode.
        q<HTMLInputElement>(el, 'input[role="switch"]')!.click();
        await el.updateComplete;
        expect(q(el, '#mode-hint')!.textContent!.trim()).to.equal(m.modeHint);
        expect(await left(el, lang)).to.deep.equal([]);
        await waitUntil(
          () => q(el, 'dh-face-picker')!.shadowRoot!.querySelector('[role="gridcell"]'),
          'faces',
        );
        await expectAccessible(el);
        if (dir === 'rtl') {
          // Mirrored: a note's bar stands at the start of its lines, on the right.
          q<HTMLInputElement>(el, 'input[role="switch"]')!.click();
          await el.updateComplete;
          choose(el, 'mode', 'doc_qa');
          await el.updateComplete;
          const notice = getComputedStyle(q(el, '[part="notice"]')!);
          expect([notice.direction, notice.borderRightWidth, notice.borderLeftWidth]).to.deep.equal(
            ['rtl', '4px', '0px'],
          );
        }
      });
    }

    for (const [lang, dir] of [
      ['de', ''],
      ['ar', 'rtl'],
      ['ja', ''],
    ] as const) {
      it(`lang="${lang}" with its pickers: the whole form, faces and voices included, has no English left`, async () => {
        // The names of the faces and voices (data, not ours), as the proxy lists them.
        const get = async <T>(path: string) =>
          (await (await fetch(`${endpoint}${path}`, { headers: auth })).json()) as T;
        const faces = await get<FacesPage>('/faces?take=100');
        const voices = await get<VoicesList>('/voices');
        const data = [
          ...faces.items.map((f) => f.name),
          ...voices.items.flatMap((v) => [v.displayName, v.language, v.locale, v.provider]),
        ];
        const { el } = await localized(lang, dir);
        const [face, voice] = [q(el, 'dh-face-picker')!, q(el, 'dh-voice-picker')!];
        face.scrollIntoView();
        await waitUntil(
          () => face.shadowRoot!.querySelector('[role="gridcell"]:not([aria-busy])'),
          'faces are shown',
        );
        voice.scrollIntoView();
        await waitUntil(
          () => voice.shadowRoot!.querySelector('[role="option"]:not(.placeholder)'),
          'voices are shown',
        );
        await submit(el);
        expect(
          await englishLeft(el.shadowRoot!, 'headForm', headFormMessages, lang, data),
        ).to.deep.equal([]);
        expect(
          await englishLeft(face.shadowRoot!, 'facePicker', facePickerMessages, lang, data),
        ).to.deep.equal([]);
        expect(
          await englishLeft(voice.shadowRoot!, 'voicePicker', voicePickerMessages, lang, data),
        ).to.deep.equal([]);
      });
    }

    it('English reads as before: the default languages, and the labels', async () => {
      const el = await form();
      expect(optionsOf(el, 'language')).to.deep.equal([
        'English (US)',
        'English (UK)',
        'German',
        'French',
        'Spanish',
        'Italian',
        'Portuguese (Brazil)',
        'Dutch',
        'Polish',
        'Japanese',
      ]);
      expect(q(el, 'label[for="name"]')!.textContent!.trim()).to.equal('Head name *');
      expect(q(el, '[part="submit"]')!.textContent!.trim()).to.equal('Create head');
      // What the checks below would find if a word were left out of a locale.
      expect(await left(el, 'de')).to.include.members(['head', 'voice', 'create']);
    });

    it('a change of lang re-renders: labels, checks and the alert follow it', async () => {
      const { wrapper, el } = await localized('de');
      const [de, fr] = [await catalogue('de'), await catalogue('fr')];
      expect(optionsOf(el, 'language')).to.include('Deutsch');
      await submit(el);
      expect(errorOf(el, 'name')).to.equal(de.nameMissing);
      expect(status(el)).to.equal(de.checkFields([de.name, de.face, de.voice]));
      wrapper.setAttribute('lang', 'fr');
      await waitUntil(() => errorOf(el, 'name') === fr.nameMissing, 'the check is French');
      expect(status(el)).to.equal(fr.checkFields([fr.name, fr.face, fr.voice]));
      expect(q(el, '[part="submit"]')!.textContent!.trim()).to.equal(fr.create);
      expect(optionsOf(el, 'language')).to.include('Allemand');
      expect(await left(el, 'fr')).to.deep.equal([]);
      // Its own `lang` wins over the page's.
      el.setAttribute('lang', 'en');
      await waitUntil(
        () => errorOf(el, 'name') === 'Give the head a name.',
        'the check is English',
      );
    });

    it('the messages property overrides one message, the others stay the locale’s', async () => {
      const { el } = await localized('de');
      const de = await catalogue('de');
      el.messages = { create: 'Los geht’s', nameMissing: 'Wie soll er heißen?' };
      await el.updateComplete;
      expect(q(el, '[part="submit"]')!.textContent!.trim()).to.equal('Los geht’s');
      await submit(el);
      expect(errorOf(el, 'name')).to.equal('Wie soll er heißen?');
      expect(errorOf(el, 'face')).to.equal(de.faceMissing);
      expect(q(el, 'label[for="name"]')!.textContent!.trim()).to.equal(`${de.name} *`);
    });

    it('lang="de": the platform’s refusals are told in German, next to the field or for the form', async () => {
      const { el } = await localized('de');
      const de = await catalogue('de');
      type(el, 'name', 'Lena');
      await pickFace(el);
      await pickVoice(el);
      await executeServerCommand('sim-fault', {
        method: 'POST',
        path: '/head/create',
        status: 404,
        body: JSON.stringify({ message: 'Voice not available' }),
        times: 1,
      });
      await submit(el);
      await waitUntil(() => errorOf(el, 'voice'), 'the refusal is next to the voice');
      expect(errorOf(el, 'voice')).to.equal(de.fieldRefused('voice_not_available', ''));
      expect(status(el)).to.equal(de.seeMarked);
      expect(await left(el, 'de')).to.deep.equal([]);
      await executeServerCommand('sim-fault', {
        method: 'POST',
        path: '/head/create',
        status: 403,
        body: JSON.stringify({ message: 'subscription expired' }),
        times: 1,
      });
      await submit(el);
      await waitUntil(
        () => status(el) && status(el) !== de.progress && status(el) !== de.seeMarked,
        'the refusal is shown',
      );
      expect(status(el)).to.equal(de.notCreated(de.refused('platform_forbidden', '')));
      expect(await left(el, 'de')).to.deep.equal([]);
    });

    it('lang="de": the new head, its embed code and Copy are German', async () => {
      const { el } = await localized('de');
      const de = await catalogue('de');
      type(el, 'name', 'Lena');
      await pickFace(el);
      await pickVoice(el);
      await created(el);
      await el.updateComplete;
      await waitUntil(
        () => q(el, '[part="embed-code"]')?.textContent?.includes('<script'),
        'the embed code has the bundle',
      );
      expect(q(el, '#result-title')!.textContent!.trim()).to.equal(de.ready('Lena'));
      let copied = '';
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: async (text: string) => void (copied = text) },
      });
      try {
        q<HTMLButtonElement>(el, '[part="copy"]')!.click();
        await waitUntil(() => copied, 'copied');
        await el.updateComplete;
        expect(q(el, '.embed [role="status"]')!.textContent!.trim()).to.equal(de.copied);
      } finally {
        delete (navigator as { clipboard?: unknown }).clipboard;
      }
      // The code is code (its attribute names are HTML's), and the head's name is its own.
      expect(
        await left(el, 'de', ['Lena', ...wordsOf(q(el, '[part="embed-code"]')!.textContent!)]),
      ).to.deep.equal([]);
      await expectAccessible(el);
    });
  });
});

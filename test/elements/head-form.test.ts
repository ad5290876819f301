/**
 * <dh-head-form> in a real Chromium, against the real proxy (admin routes behind a bearer token)
 * and the simulator: what a back-office person sees and what the platform ends up with.
 */
import { executeServerCommand } from '@web/test-runner-commands';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from './wait.js';
import { setupIgnoreWindowResizeObserverLoopErrors } from '@lit-labs/virtualizer/support/resize-observer-errors.js';
import { configure } from '../../src/elements/head-form/head-form.js';
import type { DhHeadForm, HeadCreatedDetail } from '../../src/elements/head-form/head-form.js';
import type { DhVoicePicker } from '../../src/elements/voice-picker/voice-picker.js';
import { headFormMessages, type HeadFormMessages } from '../../src/elements/head-form/messages.js';
import { facePickerMessages } from '../../src/elements/face-picker/messages.js';
import { voicePickerMessages } from '../../src/elements/voice-picker/messages.js';
import type { FacesPage, VoicesList } from '../../src/api/answers.js';
import { catalogue as catalogue_, englishLeft, wordsOf } from './i18n.js';

interface SimHead {
  id: string;
  splitter: boolean;
  request: Record<string, unknown> & { pluginOperationalModeConfig?: { name: string; url: string; options: Record<string, string> } };
}

let endpoint: string;
let auth: HeadersInit;

const $ = <T extends Element = HTMLElement>(el: DhHeadForm, selector: string) => el.shadowRoot!.querySelector<T & HTMLElement>(selector);
const field = (el: DhHeadForm, id: string) => $(el, `#${id}`)!.closest<HTMLElement>('.field')!;
const visible = (node: HTMLElement) => node.offsetParent !== null;
const errorOf = (el: DhHeadForm, f: string) => $(el, `#${f}-error`)?.textContent?.trim() ?? '';
const status = (el: DhHeadForm) => $(el, '[part="status"]')!.textContent!.trim();

async function form(template = html`<dh-head-form></dh-head-form>`, headers: HeadersInit | undefined = auth): Promise<DhHeadForm> {
  const el = await fixture<DhHeadForm>(template);
  el.endpoint = endpoint;
  el.headers = headers;
  await el.updateComplete;
  return el;
}

function type(el: DhHeadForm, id: string, value: string): void {
  const input = $<HTMLInputElement>(el, `#${id}`)!;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

function choose(el: DhHeadForm, id: string, value: string): void {
  const select = $<HTMLSelectElement>(el, `#${id}`)!;
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Clicks the first loaded face, as a person would. */
async function pickFace(el: DhHeadForm): Promise<string> {
  const picker = $(el, 'dh-face-picker')!;
  const cell = () => picker.shadowRoot!.querySelector<HTMLElement>('[role="gridcell"]:not([aria-busy])');
  picker.scrollIntoView();
  await waitUntil(cell, 'faces are shown', { timeout: 5000 });
  cell()!.click();
  return (picker as unknown as { value: string }).value;
}

/** Clicks the first loaded voice (of the streaming provider when the switch is on). */
async function pickVoice(el: DhHeadForm): Promise<string> {
  const picker = $<DhVoicePicker>(el, 'dh-voice-picker')! as unknown as DhVoicePicker;
  const option = () => picker.shadowRoot!.querySelector<HTMLElement>('[role="option"]:not(.placeholder)');
  // The list is virtualised: it renders options once it is in the viewport, as for a person.
  picker.scrollIntoView();
  await waitUntil(option, 'voices are shown', { timeout: 5000 });
  option()!.click();
  return picker.value;
}

async function submit(el: DhHeadForm): Promise<void> {
  $<HTMLButtonElement>(el, '[part="submit"]')!.click();
  await el.updateComplete;
}

async function created(el: DhHeadForm): Promise<HeadCreatedDetail> {
  const event = oneEvent(el, 'dh-head-created');
  await submit(el);
  return (await event).detail;
}

const simHead = (id: string) => executeServerCommand<SimHead, { id: string }>('sim-head', { id });

describe('<dh-head-form>', () => {
  // For the whole file: a long form of virtualised pickers may report after a test ends (benign, see the virtualizer README).
  setupIgnoreWindowResizeObserverLoopErrors(before, after);

  before(async () => {
    const info = await executeServerCommand<{ endpoint: string; adminToken: string }, unknown>('sim-info');
    endpoint = info.endpoint;
    auth = { authorization: `Bearer ${info.adminToken}` };
    // The proxy is on another origin than this page: the site's script trusts it with its headers.
    configure({ trustedEndpoints: [endpoint] });
  });
  afterEach(() => executeServerCommand('sim-clear-faults'));

  describe('accessibility', () => {
    it('is accessible as it opens, in each mode, with the streaming switch, and with messages shown', async () => {
      const el = await form();
      await waitUntil(() => $(el, 'dh-face-picker')!.shadowRoot!.querySelector('[role="gridcell"]'), 'faces', { timeout: 5000 });
      await expect(el).to.be.accessible();
      for (const mode of ['plugin', 'voiceflow', 'doc_qa']) {
        choose(el, 'mode', mode);
        await el.updateComplete;
        await expect(el).to.be.accessible();
      }
      $<HTMLInputElement>(el, 'input[role="switch"]')!.click();
      await el.updateComplete;
      await expect(el).to.be.accessible();
      await submit(el);
      await expect(el).to.be.accessible();
    });
  });

  describe('fields by mode', () => {
    it('HEAD-3 HEAD-5 HEAD-6 shows each field only where its mode uses it', async () => {
      const el = await form();
      const plugin = () => visible($(el, '#pluginUrl')!);
      const flow = () => visible($(el, '#flowKey')!);
      const notice = () => $(el, '[part="notice"]');
      expect(plugin()).to.equal(false);
      expect(flow()).to.equal(false);
      expect(notice()).to.equal(null);
      choose(el, 'mode', 'plugin');
      await el.updateComplete;
      expect(plugin()).to.equal(true);
      expect(visible($(el, '#pluginName')!)).to.equal(true);
      expect(visible($(el, '#pluginOptions')!)).to.equal(true);
      expect(flow()).to.equal(false);
      choose(el, 'mode', 'voiceflow');
      await el.updateComplete;
      expect(plugin()).to.equal(false);
      expect(flow()).to.equal(true);
      expect($<HTMLInputElement>(el, '#flowKey')!.type).to.equal('password');
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
      expect($<HTMLInputElement>(el, '#pluginUrl')!.value).to.equal('https://bot.example.com/api');
    });
  });

  describe('the streaming switch', () => {
    it('STREAM-3 STREAM-5 applies the rules as the user watches: mode oc, streaming voices, no greeting, alias or suggestions', async () => {
      const el = await form();
      choose(el, 'mode', 'ttt');
      await el.updateComplete;
      const voice = $(el, 'dh-voice-picker') as unknown as DhVoicePicker;
      expect(voice.streaming).to.equal(false);
      $<HTMLInputElement>(el, 'input[role="switch"]')!.click();
      await el.updateComplete;
      expect(el.streaming).to.equal(true);
      const mode = $<HTMLSelectElement>(el, '#mode')!;
      expect(mode.value).to.equal('oc');
      expect(mode.disabled).to.equal(true);
      expect(voice.streaming).to.equal(true);
      for (const id of ['greetings', 'alias', 'suggestions']) expect(visible(field(el, id)), id).to.equal(false);
      // Named by the voice list, from the proxy's answer: the form keeps no copy of the provider.
      await waitUntil(() => voice.shadowRoot!.querySelector('[part="note"]')?.textContent?.includes('elevenlabs voices'), 'the provider is named');
      // Off again: the mode the user had comes back.
      $<HTMLInputElement>(el, 'input[role="switch"]')!.click();
      await el.updateComplete;
      expect(mode.value).to.equal('ttt');
      expect(visible(field(el, 'greetings'))).to.equal(true);
    });

    it('STREAM-5 clears a chosen voice that a streaming head cannot use, and says why', async () => {
      const el = await form();
      const picker = $(el, 'dh-voice-picker') as unknown as DhVoicePicker;
      picker.provider = 'azure';
      await pickVoice(el);
      expect(picker.value).to.not.equal('');
      $<HTMLInputElement>(el, 'input[role="switch"]')!.click();
      await waitUntil(() => errorOf(el, 'voice'), 'the voice is refused');
      expect(picker.value).to.equal('');
      expect(errorOf(el, 'voice')).to.contain('elevenlabs');
    });
  });

  describe('Clear', () => {
    it('returns the switch and the mode to where the page set them, with every message gone', async () => {
      const el = await form(html`<dh-head-form mode="plugin"></dh-head-form>`);
      $<HTMLInputElement>(el, 'input[role="switch"]')!.click();
      await el.updateComplete;
      await submit(el);
      expect(errorOf(el, 'name')).to.not.equal('');
      [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('button[type="reset"]')][0]!.click();
      await el.updateComplete;
      expect(el.streaming).to.equal(false);
      expect($<HTMLInputElement>(el, 'input[role="switch"]')!.checked).to.equal(false);
      expect($<HTMLSelectElement>(el, '#mode')!.value).to.equal('plugin');
      expect($<HTMLSelectElement>(el, '#mode')!.disabled).to.equal(false);
      expect(visible(field(el, 'greetings'))).to.equal(true);
      expect(errorOf(el, 'name')).to.equal('');
      expect(status(el)).to.equal('');
    });
  });

  describe('theming', () => {
    it('follows its documented custom properties and parts', async () => {
      const el = await form(html`<dh-head-form style="--dh-head-form-accent: rgb(200, 0, 100); --dh-head-form-gap: 30px"></dh-head-form>`);
      const submitButton = $(el, '[part="submit"]')!;
      expect(getComputedStyle(submitButton).backgroundColor).to.equal('rgb(200, 0, 100)');
      expect(getComputedStyle($(el, 'form')!).rowGap).to.equal('30px');
      const style = document.createElement('style');
      style.textContent = 'dh-head-form::part(field-error) { color: rgb(1, 2, 3); }';
      document.head.append(style);
      try {
        await submit(el);
        expect(getComputedStyle($(el, '#name-error')!).color).to.equal('rgb(1, 2, 3)');
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
        expect(status(el), 'the alert names what to check').to.equal('The head was not created. Check Head name, Face and Voice.');
        expect($(el, '#name')!.getAttribute('aria-invalid')).to.equal('true');
        expect($(el, '#name')!.getAttribute('aria-describedby')).to.contain('name-error');
        expect(el.shadowRoot!.activeElement?.id).to.equal('name');
        type(el, 'name', 'Ava');
        await el.updateComplete;
        expect(errorOf(el, 'name'), 'typing clears the message').to.equal('');
        choose(el, 'mode', 'plugin');
        await el.updateComplete;
        type(el, 'pluginUrl', 'bot.example.com');
        $<HTMLTextAreaElement>(el, '#pluginOptions')!.value = 'lang=en\nnot an option';
        await submit(el);
        expect(errorOf(el, 'pluginName')).to.equal('Give the plugin a name.');
        expect(errorOf(el, 'pluginUrl')).to.contain('https://');
        expect(errorOf(el, 'pluginOptions')).to.contain('line 2');
        expect(posts).to.equal(0);
      } finally {
        window.fetch = real;
      }
    });
  });

  describe('creating a head', () => {
    it('HEAD-1 VOICE-3 creates an oc head with the chosen face and voiceId, then previews it', async () => {
      const el = await form();
      type(el, 'name', 'Ava');
      type(el, 'greetings', 'Hi, I am Ava.');
      type(el, 'prompt', 'You are a friendly guide.');
      $<HTMLTextAreaElement>(el, '#suggestions')!.value = 'What can you do?\n\nWho are you?';
      const face = await pickFace(el);
      const voice = await pickVoice(el);
      const detail = await created(el);
      expect(detail.mode).to.equal('oc');
      expect(detail.streaming).to.equal(false);
      expect(detail.publicId).to.be.a('string');
      const head = await simHead(detail.id);
      expect(head.request.headVisualId).to.equal(face);
      expect(head.request.ttsVoice).to.equal(voice);
      expect(head.request.greetings).to.equal('Hi, I am Ava.');
      expect(head.request.promptConfig).to.deep.equal({ system_prompt: 'You are a friendly guide.' });
      expect(head.request.suggestions).to.deep.equal(['What can you do?', 'Who are you?']);
      expect(head.splitter).to.equal(true);
      await el.updateComplete;
      expect($(el, '#result-title')!.textContent).to.contain('Ava is ready');
      expect(el.shadowRoot!.activeElement?.id, 'focus moves to the result').to.equal('result-title');
      const preview = $(el, 'dh-avatar') as HTMLElement & { headId: string; view: string };
      expect(preview.headId).to.equal(detail.id);
      expect(preview.view).to.equal('chat');
      expect(el.shadowRoot!.innerHTML).to.not.contain('api_key');
      await expect(el).to.be.accessible();
      // "Create another head" gives an empty form again.
      [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('.result button')].find((b) => b.textContent!.includes('another'))!.click();
      await el.updateComplete;
      expect($<HTMLInputElement>(el, '#name')!.value).to.equal('');
      expect(el.shadowRoot!.activeElement?.id, 'focus is on the first field, not lost to <body>').to.equal('name');
    });

    it('STREAM-1 STREAM-2 STREAM-3 creates a streaming head: oc, the streaming provider, greeting "", no alias, splitter off; the preview is the stream view', async () => {
      const el = await form(html`<dh-head-form streaming></dh-head-form>`);
      type(el, 'name', 'Sam');
      type(el, 'alias', 'hidden alias');
      await pickFace(el);
      await pickVoice(el);
      const detail = await created(el);
      expect(detail.streaming).to.equal(true);
      const head = await simHead(detail.id);
      expect(head.request.operationMode).to.equal('oc');
      expect(head.request.ttsProvider).to.equal('elevenlabs');
      expect(head.request.greetings).to.equal('');
      expect(head.request).to.not.have.property('alias');
      expect(head.request).to.not.have.property('suggestions');
      expect(head.splitter).to.equal(false);
      await el.updateComplete;
      expect(($(el, 'dh-avatar') as HTMLElement & { view: string }).view).to.equal('stream');
      await waitUntil(() => $(el, '[part="embed-code"]')?.textContent?.includes('integrity'), 'the embed code has the bundle');
      expect($(el, '[part="embed-code"]')!.textContent).to.contain(`head-id="${detail.id}"`).and.contain('view="stream"');
    });

    it('shows the new head\'s embed code: the bundle with its integrity, inline or as a bubble, and Copy', async () => {
      const el = await form();
      type(el, 'name', 'Embed');
      type(el, 'prompt', 'Be brief.');
      await pickFace(el);
      await pickVoice(el);
      const detail = await created(el);
      const code = () => $(el, '[part="embed-code"]')!.textContent!;
      await waitUntil(() => code().includes('<script'), 'the script tag comes from GET /bundle');
      const origin = new URL(endpoint).origin;
      expect(code()).to.equal(
        `<script type="module" src="${origin}/dh-kit.0123456789ab.js" integrity="sha384-element-tests" crossorigin="anonymous"></script>\n` +
          `<dh-avatar head-id="${detail.id}" endpoint="${endpoint}"></dh-avatar>`,
      );
      $<HTMLInputElement>(el, 'input[name="embed-layout"][value="bubble"]')!.click();
      await el.updateComplete;
      expect(code()).to.contain('layout="bubble"');
      // Copy: the clipboard gets exactly the code shown, and the page says so.
      let copied = '';
      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void (copied = text) } });
      try {
        $<HTMLButtonElement>(el, '[part="copy"]')!.click();
        await waitUntil(() => copied, 'copied');
        expect(copied).to.equal(code());
        await el.updateComplete;
        expect($(el, '.embed [role="status"]')!.textContent).to.contain('Copied');
        // A page without clipboard access: the code is selected for Ctrl+C instead.
        Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) } });
        $<HTMLButtonElement>(el, '[part="copy"]')!.click();
        await waitUntil(() => $(el, '.embed [role="status"]')!.textContent!.includes('Ctrl+C'), 'told to press Ctrl+C');
        expect(getSelection()!.toString()).to.equal(code());
      } finally {
        delete (navigator as { clipboard?: unknown }).clipboard;
      }
      await expect(el).to.be.accessible();
    });

    it('HEAD-3 PLUG-3 creates a plugin head with its name, url and options', async () => {
      const el = await form(html`<dh-head-form mode="plugin"></dh-head-form>`);
      type(el, 'name', 'Plugged');
      type(el, 'pluginName', 'support-bot');
      type(el, 'pluginUrl', 'https://bot.example.com/api');
      $<HTMLTextAreaElement>(el, '#pluginOptions')!.value = 'lang = en\ntier=gold';
      await pickFace(el);
      await pickVoice(el);
      const detail = await created(el);
      expect(detail.mode).to.equal('plugin');
      const head = await simHead(detail.id);
      expect(head.request.pluginOperationalModeConfig).to.deep.equal({ name: 'support-bot', url: 'https://bot.example.com/api', options: { lang: 'en', tier: 'gold' } });
    });

    it('HEAD-6 creates a flow-mode head with its API key, which is not shown afterwards', async () => {
      const el = await form(html`<dh-head-form mode="voiceflow"></dh-head-form>`);
      type(el, 'name', 'Flowing');
      type(el, 'flowKey', 'VF.DM.secret-key-123');
      await pickFace(el);
      await pickVoice(el);
      const detail = await created(el);
      expect(detail.mode).to.equal('voiceflow');
      expect((await simHead(detail.id)).request.voiceflowApiKey).to.equal('VF.DM.secret-key-123');
      await el.updateComplete;
      expect(el.shadowRoot!.innerHTML).to.not.contain('secret-key-123');
    });
  });

  describe('in the page’s language', () => {
    /** A locale's own messages for the form, as the catalogue ships them. */
    const catalogue = async (lang: string): Promise<HeadFormMessages> =>
      (await catalogue_(lang)).headForm;

    async function localized(lang: string, dir = ''): Promise<{ wrapper: HTMLElement; el: DhHeadForm }> {
      const wrapper = await fixture<HTMLDivElement>(`<div lang="${lang}"${dir ? ` dir="${dir}"` : ''}><dh-head-form></dh-head-form></div>`);
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

    const left = (el: DhHeadForm, lang: string, data: string[] = []) => englishLeft(own(el), 'headForm', headFormMessages, lang, data);
    const optionsOf = (el: DhHeadForm, id: string) => [...el.shadowRoot!.querySelectorAll<HTMLOptionElement>(`#${id} option`)].map((o) => o.textContent!.trim());

    for (const [lang, dir] of [
      ['de', ''],
      ['ar', 'rtl'],
      ['ja', ''],
    ] as const) {
      it(`lang="${lang}"${dir ? ` dir="${dir}"` : ''}: every field, mode, hint and check has no English left, and is accessible`, async () => {
        const { el } = await localized(lang, dir);
        const m = await catalogue(lang);
        expect(await left(el, lang)).to.deep.equal([]);
        expect($(el, 'label[for="name"]')!.textContent!.trim()).to.equal(`${m.name} *`);
        expect($(el, 'dh-face-picker')!.getAttribute('label')).to.equal(m.face);
        // The default languages are named in the page's language.
        expect(optionsOf(el, 'language')).to.not.include('German');
        expect(optionsOf(el, 'recognition')[0]).to.equal(m.sameLanguage);
        // Each mode's own fields and notes.
        choose(el, 'mode', 'doc_qa');
        await el.updateComplete;
        expect($(el, '[part="notice"]')!.textContent!.trim()).to.equal(m.docQa);
        expect(await left(el, lang)).to.deep.equal([]);
        // The checks, with the plugin's own.
        choose(el, 'mode', 'plugin');
        await el.updateComplete;
        type(el, 'pluginUrl', 'bot.example.com');
        $<HTMLTextAreaElement>(el, '#pluginOptions')!.value = 'lang=en\nnot an option';
        await submit(el);
        expect(errorOf(el, 'name')).to.equal(m.nameMissing);
        expect(errorOf(el, 'pluginOptions')).to.equal(m.pluginOptionsLine(2));
        expect(status(el)).to.equal(m.checkFields([m.name, m.face, m.voice, m.pluginName, m.pluginUrl, m.pluginOptions]));
        expect(await left(el, lang)).to.deep.equal([]);
        await expect(el).to.be.accessible();
        // The streaming switch and its note on the mode.
        $<HTMLInputElement>(el, 'input[role="switch"]')!.click();
        await el.updateComplete;
        expect($(el, '#mode-hint')!.textContent!.trim()).to.equal(m.modeHint);
        expect(await left(el, lang)).to.deep.equal([]);
        await waitUntil(() => $(el, 'dh-face-picker')!.shadowRoot!.querySelector('[role="gridcell"]'), 'faces', { timeout: 5000 });
        await expect(el).to.be.accessible();
        if (dir === 'rtl') {
          // Mirrored: a note's bar stands at the start of its lines, on the right.
          $<HTMLInputElement>(el, 'input[role="switch"]')!.click();
          await el.updateComplete;
          choose(el, 'mode', 'doc_qa');
          await el.updateComplete;
          const notice = getComputedStyle($(el, '[part="notice"]')!);
          expect([notice.direction, notice.borderRightWidth, notice.borderLeftWidth]).to.deep.equal(['rtl', '4px', '0px']);
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
        const get = async <T>(path: string) => (await (await fetch(`${endpoint}${path}`, { headers: auth })).json()) as T;
        const faces = await get<FacesPage>('/faces?take=100');
        const voices = await get<VoicesList>('/voices');
        const data = [...faces.items.map((f) => f.name), ...voices.items.flatMap((v) => [v.displayName, v.language, v.locale, v.provider])];
        const { el } = await localized(lang, dir);
        const [face, voice] = [$(el, 'dh-face-picker')!, $(el, 'dh-voice-picker')!];
        face.scrollIntoView();
        await waitUntil(() => face.shadowRoot!.querySelector('[role="gridcell"]:not([aria-busy])'), 'faces are shown', { timeout: 5000 });
        voice.scrollIntoView();
        await waitUntil(() => voice.shadowRoot!.querySelector('[role="option"]:not(.placeholder)'), 'voices are shown', { timeout: 5000 });
        await submit(el);
        expect(await englishLeft(el.shadowRoot!, 'headForm', headFormMessages, lang, data)).to.deep.equal([]);
        expect(await englishLeft(face.shadowRoot!, 'facePicker', facePickerMessages, lang, data)).to.deep.equal([]);
        expect(await englishLeft(voice.shadowRoot!, 'voicePicker', voicePickerMessages, lang, data)).to.deep.equal([]);
      });
    }

    it('English reads as before: the default languages, and the labels', async () => {
      const el = await form();
      expect(optionsOf(el, 'language')).to.deep.equal(['English (US)', 'English (UK)', 'German', 'French', 'Spanish', 'Italian', 'Portuguese (Brazil)', 'Dutch', 'Polish', 'Japanese']);
      expect($(el, 'label[for="name"]')!.textContent!.trim()).to.equal('Head name *');
      expect($(el, '[part="submit"]')!.textContent!.trim()).to.equal('Create head');
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
      expect($(el, '[part="submit"]')!.textContent!.trim()).to.equal(fr.create);
      expect(optionsOf(el, 'language')).to.include('Allemand');
      expect(await left(el, 'fr')).to.deep.equal([]);
      // Its own `lang` wins over the page's.
      el.setAttribute('lang', 'en');
      await waitUntil(() => errorOf(el, 'name') === 'Give the head a name.', 'the check is English');
    });

    it('the messages property overrides one message, the others stay the locale’s', async () => {
      const { el } = await localized('de');
      const de = await catalogue('de');
      el.messages = { create: 'Los geht’s', nameMissing: 'Wie soll er heißen?' };
      await el.updateComplete;
      expect($(el, '[part="submit"]')!.textContent!.trim()).to.equal('Los geht’s');
      await submit(el);
      expect(errorOf(el, 'name')).to.equal('Wie soll er heißen?');
      expect(errorOf(el, 'face')).to.equal(de.faceMissing);
      expect($(el, 'label[for="name"]')!.textContent!.trim()).to.equal(`${de.name} *`);
    });

    it('lang="de": the platform’s refusals are told in German, next to the field or for the form', async () => {
      const { el } = await localized('de');
      const de = await catalogue('de');
      type(el, 'name', 'Lena');
      await pickFace(el);
      await pickVoice(el);
      await executeServerCommand('sim-fault', { method: 'POST', path: '/head/create', status: 404, body: JSON.stringify({ message: 'Voice not available' }), times: 1 });
      await submit(el);
      await waitUntil(() => errorOf(el, 'voice'), 'the refusal is next to the voice', { timeout: 5000 });
      expect(errorOf(el, 'voice')).to.equal(de.fieldRefused('voice_not_available', ''));
      expect(status(el)).to.equal(de.seeMarked);
      expect(await left(el, 'de')).to.deep.equal([]);
      await executeServerCommand('sim-fault', { method: 'POST', path: '/head/create', status: 403, body: JSON.stringify({ message: 'subscription expired' }), times: 1 });
      await submit(el);
      await waitUntil(() => status(el) && status(el) !== de.progress && status(el) !== de.seeMarked, 'the refusal is shown', { timeout: 5000 });
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
      await waitUntil(() => $(el, '[part="embed-code"]')?.textContent?.includes('<script'), 'the embed code has the bundle');
      expect($(el, '#result-title')!.textContent!.trim()).to.equal(de.ready('Lena'));
      let copied = '';
      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void (copied = text) } });
      try {
        $<HTMLButtonElement>(el, '[part="copy"]')!.click();
        await waitUntil(() => copied, 'copied');
        await el.updateComplete;
        expect($(el, '.embed [role="status"]')!.textContent!.trim()).to.equal(de.copied);
      } finally {
        delete (navigator as { clipboard?: unknown }).clipboard;
      }
      // The code is code (its attribute names are HTML's), and the head's name is its own.
      expect(await left(el, 'de', ['Lena', ...wordsOf($(el, '[part="embed-code"]')!.textContent!)])).to.deep.equal([]);
      await expect(el).to.be.accessible();
    });
  });

  describe('when the platform or the proxy refuses', () => {
    it('HEAD-4 ERR-4 a voice the platform does not have is shown next to the voice, and nothing typed is lost', async () => {
      const el = await form();
      type(el, 'name', 'Kept');
      await pickFace(el);
      await pickVoice(el);
      await executeServerCommand('sim-fault', { method: 'POST', path: '/head/create', status: 404, body: JSON.stringify({ message: 'Voice not available' }), times: 1 });
      let code = '';
      el.addEventListener('dh-error', (e) => (code = e.detail.code), { once: true });
      await submit(el);
      await waitUntil(() => code, 'dh-error is fired', { timeout: 5000 });
      expect(code).to.equal('voice_not_available');
      await waitUntil(() => errorOf(el, 'voice'), 'the message is next to the voice');
      expect(errorOf(el, 'voice')).to.contain('voiceId');
      expect(status(el)).to.contain('marked fields');
      expect($<HTMLInputElement>(el, '#name')!.value).to.equal('Kept');
      // Submitting again works once the platform accepts it.
      const detail = await created(el);
      expect(detail.id).to.be.a('string');
    });

    it('ERR-3 a 403 of the platform reads as its cause for the back office', async () => {
      const el = await form();
      type(el, 'name', 'Refused');
      await pickFace(el);
      await pickVoice(el);
      await executeServerCommand('sim-fault', { method: 'POST', path: '/head/create', status: 403, body: JSON.stringify({ message: 'subscription expired' }), times: 1 });
      await submit(el);
      await waitUntil(() => status(el).includes('not created'), 'the refusal is shown');
      expect(status(el)).to.contain('403');
      expect(status(el), 'the cause, in words').to.match(/subscription/i);
      expect($(el, '[part="status"]')!.getAttribute('role')).to.equal('alert');
      expect($<HTMLButtonElement>(el, '[part="submit"]')!.disabled).to.equal(false);
    });

    it('STREAM-2 a streaming head whose splitter the platform did not turn off is finished, not created twice', async () => {
      const el = await form(html`<dh-head-form streaming></dh-head-form>`);
      type(el, 'name', 'Half');
      await pickFace(el);
      await pickVoice(el);
      await executeServerCommand('sim-fault', { method: 'PUT', path: '/head/*/splitter', status: 500, times: 1 });
      let code = '';
      el.addEventListener('dh-error', (e) => (code = e.detail.code), { once: true });
      await submit(el);
      await waitUntil(() => code, 'dh-error is fired', { timeout: 5000 });
      expect(code).to.equal('splitter_failed');
      await el.updateComplete;
      expect(status(el)).to.contain('Half was created');
      expect(status(el)).to.not.contain('not created');
      const finish = $<HTMLButtonElement>(el, '[part="submit"]')!;
      expect(finish.textContent).to.contain('Turn the splitter off');
      expect(finish.type, 'the form cannot submit a second head meanwhile').to.equal('button');
      const created = oneEvent(el, 'dh-head-created');
      finish.click();
      const detail = (await created).detail;
      expect(detail.streaming).to.equal(true);
      expect((await simHead(detail.id)).splitter).to.equal(false);
    });

    it('without the site’s admin auth, says the admin route refused, with the proxy’s words', async () => {
      const el = await form(undefined, {});
      type(el, 'name', 'Nobody');
      await pickFace(el);
      await pickVoice(el);
      await submit(el);
      await waitUntil(() => status(el).includes('not created'), 'the refusal is shown');
      expect(status(el)).to.contain('admin');
    });

    it('shows progress while the platform works, and the button cannot submit twice', async () => {
      const el = await form();
      type(el, 'name', 'Slow');
      await pickFace(el);
      await pickVoice(el);
      await executeServerCommand('sim-fault', { method: 'POST', path: '/head/create', delayMs: 400, times: 1 });
      const done = oneEvent(el, 'dh-head-created');
      await submit(el);
      const button = $<HTMLButtonElement>(el, '[part="submit"]')!;
      expect(button.disabled).to.equal(true);
      expect(button.textContent).to.contain('Creating');
      expect(status(el)).to.contain('Creating the head');
      expect($(el, 'form')!.getAttribute('aria-busy')).to.equal('true');
      await done;
    });
  });
});

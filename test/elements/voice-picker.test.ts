/**
 * <dh-voice-picker> in a real Chromium, against the real proxy and simulator (77 voices, three
 * providers, nine locales), and against a generated catalogue of 10,000 voices for the
 * large-list behaviour. Expected lists come from the proxy itself (GET {endpoint}/voices), so the
 * tests say "what the proxy answers is what the user sees", not a copy of the seed.
 */
import { executeServerCommand, resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import { aTimeout, expect, fixture, html, nextFrame, oneEvent } from '@open-wc/testing';
import { holdRequests, waitUntil } from './wait.js';
import { setupIgnoreWindowResizeObserverLoopErrors } from '@lit-labs/virtualizer/support/resize-observer-errors.js';
import { configure } from '../../src/elements/voice-picker/voice-picker.js';
import type { DhVoicePicker } from '../../src/elements/voice-picker/voice-picker.js';
import type { VoiceItem, VoicesList } from '../../src/api/answers.js';
import { catalogue, englishLeft } from './i18n.js';
import { voicePickerMessages } from '../../src/elements/voice-picker/messages.js';

/** The locales' own messages of this element, as the kit loads them. */
const messagesOf = async (locale: string) => (await catalogue(locale)).voicePicker;
const [de, fr, ar, ja] = await Promise.all([messagesOf('de'), messagesOf('fr'), messagesOf('ar'), messagesOf('ja')]);

let endpoint: string;
/** Every voice, as the proxy answers it with no filter. */
let all: VoicesList;

const listbox = (el: DhVoicePicker) => el.shadowRoot!.querySelector<HTMLElement>('[role="listbox"]');
const options = (el: DhVoicePicker) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[role="option"]')];
const activeId = (el: DhVoicePicker) => listbox(el)!.getAttribute('aria-activedescendant');
const activeOption = (el: DhVoicePicker) => el.shadowRoot!.getElementById(activeId(el) ?? '');
const nameOf = (o: Element) => o.querySelector('.name')!.textContent!.trim();
const metaOf = (o: Element) => {
  const [language, locale, gender, provider] = o.querySelector('.meta')!.textContent!.split(' · ').map((s) => s.trim());
  return { language, locale, gender, provider };
};
const statusText = (el: DhVoicePicker) => el.shadowRoot!.querySelector('[part="status"]')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const selectLabelled = (el: DhVoicePicker, label: string) =>
  [...el.shadowRoot!.querySelectorAll('label')].find((l) => l.textContent!.trim().startsWith(label))?.querySelector('select') ?? null;
const button = (el: DhVoicePicker, name: RegExp) => [...el.shadowRoot!.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''))!;
/** The error of a later page (below the list), not of the whole list. */
const pageError = (el: DhVoicePicker) => el.shadowRoot!.querySelector<HTMLElement>('.page-error[role="alert"]');

/** Waits until the list shows the answer for the current filters (not busy, with options). */
const ready = (el: DhVoicePicker) =>
  waitUntil(() => listbox(el)?.getAttribute('aria-busy') === 'false' && options(el).length > 0, 'the voices are shown', { timeout: 5000 });

/** Asks the proxy directly, for the expected list of a filter. */
async function voices(query = ''): Promise<VoicesList> {
  const res = await fetch(`${endpoint}/voices${query ? `?${query}` : ''}`);
  return (await res.json()) as VoicesList;
}

/** Scrolls the whole virtual list through and returns every option once, by position. */
async function everyOption(el: DhVoicePicker) {
  const box = listbox(el)!;
  const seen = new Map<number, { name: string; setsize: number } & ReturnType<typeof metaOf>>();
  box.scrollTop = 0;
  for (let step = 0; step < 100; step++) {
    await nextFrame();
    await nextFrame();
    for (const o of options(el)) {
      seen.set(Number(o.getAttribute('aria-posinset')), { name: nameOf(o), setsize: Number(o.getAttribute('aria-setsize')), ...metaOf(o) });
    }
    if (box.scrollTop + box.clientHeight >= box.scrollHeight - 1) break;
    box.scrollTop += box.clientHeight;
  }
  await nextFrame();
  for (const o of options(el)) seen.set(Number(o.getAttribute('aria-posinset')), { name: nameOf(o), setsize: Number(o.getAttribute('aria-setsize')), ...metaOf(o) });
  return [...seen.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => v);
}

function change(select: HTMLSelectElement, value: string): void {
  select.value = value;
  select.dispatchEvent(new Event('change'));
}

function search(el: DhVoicePicker, text: string): void {
  const input = el.shadowRoot!.querySelector<HTMLInputElement>('input[type="search"]')!;
  input.value = text;
  input.dispatchEvent(new Event('input'));
}

/** A voice whose display name and voiceId differ, so a test can tell which one was sent. */
const telling = (v: VoiceItem) => v.displayName !== v.voiceId;

/**
 * Answers GET …/voices with `count` generated voices, sorted like the proxy sorts them, filtered by
 * gender and paged (page, take) like the proxy does; `requests` holds every URL asked.
 */
function fakeVoices(count: number, hook?: (url: URL) => Response | void) {
  const real = window.fetch;
  const languages = ['Dutch', 'English', 'French', 'German', 'Italian', 'Japanese', 'Portuguese', 'Spanish'];
  const locales = ['nl-NL', 'en-US', 'fr-FR', 'de-DE', 'it-IT', 'ja-JP', 'pt-BR', 'es-ES'];
  const per = Math.ceil(count / languages.length);
  const items: VoiceItem[] = [];
  for (let i = 0; i < count; i++) {
    const l = Math.floor(i / per);
    items.push({
      voiceId: `voice-${String(i).padStart(5, '0')}`,
      displayName: `${languages[l]} voice ${String(i).padStart(5, '0')}`,
      locale: locales[l]!,
      language: languages[l]!,
      gender: i % 2 ? 'MALE' : 'FEMALE',
      provider: 'bulk',
    });
  }
  const requests: URL[] = [];
  window.fetch = async (input: RequestInfo | URL) => {
    if (!String(input).includes('/voices')) return real(input);
    const url = new URL(String(input));
    requests.push(url);
    const answer = hook?.(url);
    if (answer) {
      await aTimeout(20);
      return answer;
    }
    const gender = url.searchParams.get('gender');
    const matching = gender ? items.filter((v) => v.gender === gender) : items;
    const take = Number(url.searchParams.get('take') ?? matching.length);
    const page = url.searchParams.has('take') ? Number(url.searchParams.get('page') ?? 1) : 1;
    const pageCount = Math.ceil(matching.length / take);
    const body: VoicesList = {
      items: matching.slice((page - 1) * take, page * take),
      streamingProvider: 'bulk',
      total: matching.length,
      page,
      take,
      pageCount,
      hasNextPage: page < pageCount,
    };
    // A little latency, as over a network: placeholders show until a page lands.
    await aTimeout(20);
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  return { items, requests, restore: () => (window.fetch = real) };
}

describe('<dh-voice-picker>', () => {
  // Benign: the virtualizer's observers may take more than a frame (its README, "ResizeObserver loop").
  setupIgnoreWindowResizeObserverLoopErrors(beforeEach, afterEach);

  before(async () => {
    endpoint = (await executeServerCommand<{ endpoint: string }, unknown>('sim-info')).endpoint;
    all = await voices();
    // The proxy is on another origin than this page: the site's script trusts it with its headers.
    configure({ trustedEndpoints: [endpoint] });
  });

  describe('accessibility', () => {
    it('is accessible while loading and when loaded', async () => {
      const el = await fixture<DhVoicePicker>(html`<dh-voice-picker endpoint=${endpoint}></dh-voice-picker>`);
      expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.contain('Loading voices');
      await expect(el).to.be.accessible();
      await ready(el);
      expect(listbox(el)!.getAttribute('aria-label')).to.equal('Voice');
      await expect(el).to.be.accessible();
      listbox(el)!.focus();
      await el.updateComplete;
      expect(activeOption(el)).to.exist;
      await expect(el).to.be.accessible();
    });

    it('is accessible when disabled', async () => {
      const el = await fixture<DhVoicePicker>(html`<dh-voice-picker disabled endpoint=${endpoint}></dh-voice-picker>`);
      await ready(el);
      await expect(el).to.be.accessible();
    });

    it('is accessible when empty', async () => {
      const el = await fixture<DhVoicePicker>(html`<dh-voice-picker endpoint=${endpoint}></dh-voice-picker>`);
      await ready(el);
      search(el, 'zzzz');
      await waitUntil(() => statusText(el).includes('No voice matches'));
      await expect(el).to.be.accessible();
    });

    it('is accessible on error', async () => {
      const el = await fixture<DhVoicePicker>(html`<dh-voice-picker endpoint="http://127.0.0.1:9/dh"></dh-voice-picker>`);
      await waitUntil(() => el.shadowRoot!.querySelector('[role="alert"]'), 'the error shows', { timeout: 5000 });
      await expect(el).to.be.accessible();
    });
  });

  describe('when loaded from the proxy', () => {
    it('VOICE-1 shows every voice by displayName with language, locale, gender and provider, grouped by language', async () => {
      const el = await fixture<DhVoicePicker>(html`<dh-voice-picker endpoint=${endpoint}></dh-voice-picker>`);
      await ready(el);
      const shown = await everyOption(el);
      expect(shown.map((o) => o.name)).to.deep.equal(all.items.map((v) => v.displayName));
      expect(shown.map((o) => o.provider)).to.deep.equal(all.items.map((v) => v.provider));
      expect(shown.map((o) => o.locale)).to.deep.equal(all.items.map((v) => v.locale));
      expect(shown.every((o) => o.setsize === all.items.length)).to.equal(true);
      expect(shown[0]!.gender).to.match(/^(Female|Male)$/);
      // A header per language, which is no option.
      listbox(el)!.scrollTop = 0;
      await waitUntil(() => options(el)[0]?.getAttribute('aria-posinset') === '1', 'back at the top');
      const group = el.shadowRoot!.querySelector('[part="group"]')!;
      expect(group.textContent!.trim()).to.equal(all.items[0]!.language);
      expect(group.getAttribute('role')).to.not.equal('option');
      expect(group.getAttribute('aria-hidden')).to.equal('true');
    });

    it('VOICE-2 the provider, language and gender filters and the search narrow the list', async () => {
      const el = await fixture<DhVoicePicker>(html`<dh-voice-picker endpoint=${endpoint}></dh-voice-picker>`);
      await ready(el);
      const provider = selectLabelled(el, 'Provider')!;
      expect([...provider.options].map((o) => o.value)).to.include.members(['', 'azure', 'audiostack', all.streamingProvider]);
      change(provider, 'azure');
      expect(el.provider).to.equal('azure');
      await waitUntil(() => options(el).length > 0 && options(el).every((o) => metaOf(o).provider === 'azure'), 'only azure voices');
      const azure = (await voices('provider=azure')).items;
      expect((await everyOption(el)).map((o) => o.name)).to.deep.equal(azure.map((v) => v.displayName));

      change(selectLabelled(el, 'Language')!, 'en');
      await waitUntil(() => options(el).every((o) => metaOf(o).locale!.startsWith('en-')) && Number(options(el)[0]!.getAttribute('aria-setsize')) < azure.length);
      change(selectLabelled(el, 'Gender')!, 'MALE');
      await waitUntil(() => options(el).length > 0 && options(el).every((o) => metaOf(o).gender === 'Male'));
      const expected = (await voices('provider=azure&locale=en&gender=MALE')).items;
      const shown = await everyOption(el);
      expect(shown.map((o) => o.name)).to.deep.equal(expected.map((v) => v.displayName));
      expect(shown.every((o) => o.provider === 'azure' && o.locale!.startsWith('en-') && o.gender === 'Male')).to.equal(true);

      // The search goes to the proxy's q, after a pause in typing.
      search(el, 'ryan');
      await waitUntil(() => options(el).length === 1, 'one voice matches "ryan"');
      expect(nameOf(options(el)[0]!)).to.match(/^Ryan/);
      expect(options(el)[0]!.getAttribute('aria-setsize')).to.equal('1');
    });

    it('sends one search per pause in typing, with the headers and credentials the site sets', async () => {
      const real = window.fetch;
      const seen: { q: string | null; auth: string | null; credentials?: RequestCredentials }[] = [];
      window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        seen.push({ q: new URL(String(input)).searchParams.get('q'), auth: new Headers(init?.headers).get('x-site-auth'), credentials: init?.credentials });
        // The test proxy's CORS list does not allow the site's own header: it stops here.
        return real(input, { ...init, headers: { accept: 'application/json' }, credentials: undefined });
      };
      try {
        const el = await fixture<DhVoicePicker>(
          html`<dh-voice-picker endpoint=${endpoint} .headers=${{ 'x-site-auth': 'token-1' }} .credentials=${'omit' as const}></dh-voice-picker>`,
        );
        await ready(el);
        for (const text of ['r', 'ry', 'rya', 'ryan']) search(el, text);
        await waitUntil(() => options(el).length === 1, 'the search answers');
        await aTimeout(300);
        expect(seen).to.deep.equal([
          { q: null, auth: 'token-1', credentials: 'omit' },
          { q: 'ryan', auth: 'token-1', credentials: 'omit' },
        ]);
      } finally {
        window.fetch = real;
      }
    });

    it('"en" matches every English locale, from the locale attribute', async () => {
      const el = await fixture<DhVoicePicker>(html`<dh-voice-picker endpoint=${endpoint} locale="en" gender="FEMALE"></dh-voice-picker>`);
      await ready(el);
      const shown = await everyOption(el);
      const english = all.items.filter((v) => v.locale.startsWith('en-') && v.gender === 'FEMALE');
      expect(shown.map((o) => o.name)).to.deep.equal(english.map((v) => v.displayName));
      expect(new Set(shown.map((o) => o.locale))).to.deep.equal(new Set(['en-GB', 'en-US']));
    });

    it('STREAM-5 streaming limits every option to the streaming provider and says so', async () => {
      const el = await fixture<DhVoicePicker>(html`<dh-voice-picker endpoint=${endpoint} streaming provider="azure"></dh-voice-picker>`);
      await ready(el);
      const expected = all.items.filter((v) => v.provider === all.streamingProvider);
      expect(expected.length).to.be.greaterThan(0);
      const shown = await everyOption(el);
      expect(shown.map((o) => o.name)).to.deep.equal(expected.map((v) => v.displayName));
      expect(shown.every((o) => o.provider === all.streamingProvider && o.setsize === expected.length)).to.equal(true);
      expect(el.shadowRoot!.querySelector('[part="note"]')!.textContent).to.equal(`Streaming avatars support only the ${all.streamingProvider} voices.`);
      expect(selectLabelled(el, 'Provider'), 'no provider choice for a streaming head').to.equal(null);
      // Without streaming, the same element offers every provider again.
      el.streaming = false;
      await waitUntil(() => options(el).some((o) => metaOf(o).provider === 'azure') && options(el).every((o) => metaOf(o).provider === 'azure'));
      expect(el.shadowRoot!.querySelector('[part="note"]')).to.equal(null);
    });

    it('STREAM-5 turning streaming on drops a chosen voice of another provider: change fires, validationMessage says why, a new choice clears it', async () => {
      const el = await fixture<DhVoicePicker>(html`<dh-voice-picker endpoint=${endpoint} provider="azure"></dh-voice-picker>`);
      await ready(el);
      options(el)[0]!.click();
      expect(el.value).to.not.equal('');
      const changed = oneEvent(el, 'change');
      el.streaming = true;
      await changed;
      expect(el.value).to.equal('');
      expect(el.validationMessage).to.equal(`Choose one of the ${all.streamingProvider} voices: streaming avatars support only them.`);
      expect(el.checkValidity()).to.equal(false);
      await waitUntil(() => options(el).length > 0 && options(el).every((o) => metaOf(o).provider === all.streamingProvider));
      options(el)[0]!.click();
      await el.updateComplete;
      expect(el.value).to.not.equal('');
      expect(el.validationMessage).to.equal('');
      // A streaming voice chosen first is kept when the list is asked again.
      el.locale = '';
      el.streaming = false;
      await el.updateComplete;
      const kept = el.value;
      el.streaming = true;
      await el.updateComplete;
      await ready(el);
      expect(el.value).to.equal(kept);
      expect(el.validationMessage).to.equal('');
    });

    it('aria-setsize and aria-posinset count the options after filtering, never the group headers', async () => {
      const el = await fixture<DhVoicePicker>(html`<dh-voice-picker endpoint=${endpoint}></dh-voice-picker>`);
      await ready(el);
      change(selectLabelled(el, 'Gender')!, 'FEMALE');
      const female = all.items.filter((v) => v.gender === 'FEMALE');
      await waitUntil(() => options(el)[0]?.getAttribute('aria-setsize') === String(female.length));
      const rendered = options(el);
      expect(rendered.every((o) => o.getAttribute('aria-setsize') === String(female.length))).to.equal(true);
      // The first option is 1 although a group header comes before it, and positions run on.
      const positions = rendered.map((o) => Number(o.getAttribute('aria-posinset')));
      expect(positions[0]).to.equal(1);
      expect(positions).to.deep.equal(positions.map((_, i) => i + 1));
      expect(el.shadowRoot!.querySelectorAll('[part="group"]').length).to.be.greaterThan(1);
      const shown = await everyOption(el);
      expect(shown).to.have.length(female.length);
      expect(shown.map((o) => o.name)).to.deep.equal(female.map((v) => v.displayName));
    });

    it('an empty result says which filter to widen, and Clear filters widens it', async () => {
      const el = await fixture<DhVoicePicker>(html`<dh-voice-picker endpoint=${endpoint} gender="MALE"></dh-voice-picker>`);
      await ready(el);
      search(el, 'Rachel');
      await waitUntil(() => statusText(el).includes('No voice matches'));
      expect(statusText(el)).to.contain('No voice matches “Rachel” and male voices');
      button(el, /Clear filters/).click();
      await ready(el);
      expect(el.gender).to.equal('');
      expect(el.shadowRoot!.querySelector<HTMLInputElement>('input[type="search"]')!.value).to.equal('');
      expect(options(el)[0]!.getAttribute('aria-setsize')).to.equal(String(all.items.length));
    });

    it('an error shows the proxy message, and Try again loads the list', async () => {
      const real = window.fetch;
      let calls = 0;
      window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        if (!String(input).includes('/voices') || calls++ > 0) return real(input, init);
        const body = { error: { code: 'upstream_unavailable', message: 'The voice catalogue is unavailable right now.' } };
        return new Response(JSON.stringify(body), { status: 502, headers: { 'content-type': 'application/json' } });
      };
      try {
        const el = await fixture<DhVoicePicker>(html`<dh-voice-picker endpoint=${endpoint}></dh-voice-picker>`);
        await waitUntil(() => el.shadowRoot!.querySelector('[role="alert"]'));
        expect(el.shadowRoot!.querySelector('[part="error"]')!.textContent).to.contain('The voice catalogue is unavailable right now.');
        button(el, /Try again/).click();
        await ready(el);
        expect(el.shadowRoot!.querySelector('[role="alert"]')).to.equal(null);
        expect(calls).to.equal(2);
      } finally {
        window.fetch = real;
      }
    });

    it('a network error says the server could not be reached; pointed back at the proxy, it loads', async () => {
      const el = await fixture<DhVoicePicker>(html`<dh-voice-picker endpoint="http://127.0.0.1:9/dh"></dh-voice-picker>`);
      await waitUntil(() => el.shadowRoot!.querySelector('[role="alert"]'), 'the error shows', { timeout: 5000 });
      expect(el.shadowRoot!.querySelector('[role="alert"]')!.textContent).to.contain('could not be reached');
      expect(button(el, /Try again/)).to.exist;
      el.endpoint = endpoint;
      await ready(el);
      expect(el.shadowRoot!.querySelector('[role="alert"]')).to.equal(null);
    });

    it('a stale answer never replaces a newer one (the superseded request is aborted)', async () => {
      const real = window.fetch;
      const signals: { url: string; signal?: AbortSignal | null }[] = [];
      // The azure answer comes late and ignores the abort: only the element can keep it out.
      window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        signals.push({ url, signal: init?.signal });
        if (url.includes('provider=azure')) {
          await aTimeout(400);
          return real(input, { ...init, signal: undefined });
        }
        return real(input, init);
      };
      try {
        const el = await fixture<DhVoicePicker>(html`<dh-voice-picker endpoint=${endpoint}></dh-voice-picker>`);
        await ready(el);
        el.provider = 'azure';
        await el.updateComplete;
        el.provider = 'audiostack';
        await waitUntil(() => options(el).length > 0 && options(el).every((o) => metaOf(o).provider === 'audiostack'), 'the last filter wins');
        await aTimeout(600);
        expect(options(el).every((o) => metaOf(o).provider === 'audiostack')).to.equal(true);
        expect(options(el)[0]!.getAttribute('aria-setsize')).to.equal(String(all.items.filter((v) => v.provider === 'audiostack').length));
        expect(signals.find((s) => s.url.includes('provider=azure'))!.signal!.aborted).to.equal(true);
      } finally {
        window.fetch = real;
      }
    });
  });

  describe('as a form control', () => {
    it('VOICE-3 its value is the voiceId: a plain form submits the voiceId, never the displayName', async () => {
      const form = await fixture<HTMLFormElement>(html`<form><dh-voice-picker name="ttsVoice" endpoint=${endpoint}></dh-voice-picker><button>Save</button></form>`);
      const el = form.querySelector('dh-voice-picker')!;
      await ready(el);
      const index = options(el).findIndex((o) => telling(all.items[Number(o.getAttribute('aria-posinset')) - 1]!));
      const option = options(el)[index]!;
      const voice = all.items[Number(option.getAttribute('aria-posinset')) - 1]!;
      expect(nameOf(option)).to.equal(voice.displayName);
      const events: string[] = [];
      for (const t of ['input', 'change', 'dh-select']) el.addEventListener(t, () => events.push(t));
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
      const form = await fixture<HTMLFormElement>(html`<form><dh-voice-picker name="v" required endpoint=${endpoint}></dh-voice-picker></form>`);
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
      const form = await fixture<HTMLFormElement>(html`<form><dh-voice-picker name="v" value=${last.voiceId} endpoint=${endpoint}></dh-voice-picker></form>`);
      const el = form.querySelector('dh-voice-picker')!;
      await waitUntil(() => el.shadowRoot!.querySelector('[aria-selected="true"]'), 'the selected voice is scrolled into view', { timeout: 5000 });
      const selected = el.shadowRoot!.querySelector('[aria-selected="true"]')!;
      expect(nameOf(selected)).to.equal(last.displayName);
      expect(selected.getAttribute('aria-posinset')).to.equal(String(all.items.length));
      listbox(el)!.focus();
      await el.updateComplete;
      expect(activeId(el), 'focus starts on the selected voice').to.equal(selected.id);
      const other = options(el).find((o) => o !== selected)!;
      other.click();
      await el.updateComplete;
      expect(el.value).to.equal(all.items[Number(other.getAttribute('aria-posinset')) - 1]!.voiceId);
      expect(el.value).to.not.equal(last.voiceId);
      form.reset();
      await el.updateComplete;
      expect(el.value).to.equal(last.voiceId);
      expect(new FormData(form).get('v')).to.equal(last.voiceId);
      await waitUntil(() => el.shadowRoot!.querySelector('[aria-selected="true"]') && nameOf(el.shadowRoot!.querySelector('[aria-selected="true"]')!) === last.displayName);

      let fired = 0;
      el.addEventListener('change', () => fired++);
      el.value = 'no-such-voice';
      await el.updateComplete;
      expect(el.shadowRoot!.querySelectorAll('[aria-selected="true"]')).to.have.length(0);
      expect(new FormData(form).get('v'), 'the value is kept and submitted').to.equal('no-such-voice');
      expect(fired, 'setting value from code fires nothing').to.equal(0);
    });

    it('holds the value the browser restores (back/forward), submits it, shows it selected; reset returns to the value attribute', async () => {
      const [first, restored] = [all.items[0]!, all.items[3]!];
      const form = await fixture<HTMLFormElement>(html`<form><dh-voice-picker name="v" value=${first.voiceId} endpoint=${endpoint}></dh-voice-picker></form>`);
      const el = form.querySelector('dh-voice-picker')!;
      await ready(el);
      el.formStateRestoreCallback(restored.voiceId);
      await el.updateComplete;
      expect(el.value).to.equal(restored.voiceId);
      expect(new FormData(form).get('v')).to.equal(restored.voiceId);
      await waitUntil(() => el.shadowRoot!.querySelector('[aria-selected="true"]'), 'the restored voice is shown selected');
      expect(nameOf(el.shadowRoot!.querySelector('[aria-selected="true"]')!)).to.equal(restored.displayName);
      form.reset();
      await el.updateComplete;
      expect(el.value).to.equal(first.voiceId);
      expect(new FormData(form).get('v')).to.equal(first.voiceId);
    });

    it('disabled, by its attribute or by its fieldset, cannot be focused or changed', async () => {
      const own = await fixture<DhVoicePicker>(html`<dh-voice-picker disabled endpoint=${endpoint}></dh-voice-picker>`);
      const form = await fixture<HTMLFormElement>(html`<form><fieldset disabled><dh-voice-picker name="v" endpoint=${endpoint}></dh-voice-picker></fieldset></form>`);
      const inFieldset = form.querySelector('dh-voice-picker')!;
      for (const el of [own, inFieldset]) {
        await ready(el);
        const box = listbox(el)!;
        expect(box.getAttribute('aria-disabled')).to.equal('true');
        expect(box.getAttribute('tabindex')).to.equal('-1');
        expect(box.hasAttribute('aria-activedescendant')).to.equal(false);
        let fired = 0;
        el.addEventListener('dh-select', () => fired++);
        options(el)[0]!.click();
        box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
        await el.updateComplete;
        expect(el.value).to.equal('');
        expect(fired).to.equal(0);
        expect(el.shadowRoot!.querySelector('input[type="search"]')!.hasAttribute('disabled')).to.equal(true);
      }
      expect(new FormData(form).has('v')).to.equal(false);
      // Tab goes past it.
      const page = await fixture<HTMLElement>(html`<div><button>before</button><dh-voice-picker disabled endpoint=${endpoint}></dh-voice-picker><button>after</button></div>`);
      const below = page.querySelector('dh-voice-picker')!;
      // Below the fold the virtualizer renders no option: wait for the list itself.
      await waitUntil(() => listbox(below)?.getAttribute('aria-busy') === 'false', 'the list is loaded');
      page.querySelector('button')!.focus();
      await sendKeys({ press: 'Tab' });
      expect(document.activeElement!.textContent).to.equal('after');
    });
  });

  describe('keyboard', () => {
    it('one tab stop; Up/Down/Home/End move the active option; Enter selects and fires input, change, dh-select', async () => {
      const page = await fixture<HTMLElement>(html`<div><dh-voice-picker endpoint=${endpoint}></dh-voice-picker><button>after</button></div>`);
      const el = page.querySelector('dh-voice-picker')!;
      await ready(el);
      selectLabelled(el, 'Gender')!.focus();
      await sendKeys({ press: 'Tab' });
      expect(el.shadowRoot!.activeElement).to.equal(listbox(el), 'Tab from the last filter reaches the listbox');
      expect(activeId(el)).to.equal('option-0');
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'ArrowDown' });
      expect(activeId(el)).to.equal('option-2');
      expect(activeOption(el)!.getAttribute('aria-posinset')).to.equal('3');
      expect(el.value, 'arrows move, they do not select').to.equal('');
      await sendKeys({ press: 'ArrowUp' });
      expect(activeId(el)).to.equal('option-1');
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
      await sendKeys({ press: 'ArrowDown' });

      const events: string[] = [];
      for (const t of ['input', 'change', 'dh-select']) el.addEventListener(t, () => events.push(t));
      setTimeout(() => sendKeys({ press: 'Enter' }));
      const selected = await oneEvent(el, 'dh-select');
      expect(events).to.deep.equal(['input', 'change', 'dh-select']);
      expect((selected as CustomEvent<{ item: VoiceItem }>).detail.item).to.deep.equal(all.items[1]);
      expect(el.value).to.equal(all.items[1]!.voiceId);
      await el.updateComplete;
      expect(activeOption(el)!.getAttribute('aria-selected')).to.equal('true');
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: ' ' });
      expect(el.value, 'Space selects too').to.equal(all.items[2]!.voiceId);

      await sendKeys({ press: 'Tab' });
      expect(document.activeElement).to.equal(page.querySelector('button'), 'one tab stop: Tab leaves the list');
    });

    it('type-ahead jumps to the next voice whose name starts with the typed text', async () => {
      const el = await fixture<DhVoicePicker>(html`<dh-voice-picker endpoint=${endpoint}></dh-voice-picker>`);
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
      await waitUntil(() => activeOption(el) && nameOf(activeOption(el)!).startsWith('Rachel'), 'scrolled into view');
      // After a pause, a new letter starts a new search after the active option.
      await aTimeout(600);
      const nextR = starts('r', rachel + 1);
      await sendKeys({ type: 'r' });
      expect(activeId(el)).to.equal(`option-${nextR}`);
      expect(el.value, 'type-ahead moves, it does not select').to.equal('');
    });
  });

  describe('theming', () => {
    it('is themed by its documented custom properties and parts', async () => {
      const style = document.createElement('style');
      style.textContent = 'dh-voice-picker.themed::part(option) { background-color: rgb(1, 2, 3); } dh-voice-picker.themed::part(listbox) { color: rgb(4, 5, 6); }';
      document.head.append(style);
      try {
        const el = await fixture<DhVoicePicker>(html`<dh-voice-picker class="themed" value=${all.items[1]!.voiceId} endpoint=${endpoint}></dh-voice-picker>`);
        el.style.setProperty('--dh-voice-picker-height', '200px');
        el.style.setProperty('--dh-picker-accent', 'rgb(200, 0, 100)');
        el.style.setProperty('--dh-picker-font', 'monospace');
        await ready(el);
        await waitUntil(() => el.shadowRoot!.querySelector('[aria-selected="true"]'), 'the selected voice is shown');
        const selected = el.shadowRoot!.querySelector<HTMLElement>('[aria-selected="true"]')!;
        const other = options(el).find((o) => o !== selected)!;
        expect(listbox(el)!.getBoundingClientRect().height).to.equal(200);
        expect(getComputedStyle(selected).borderLeftColor, 'the selected voice takes the accent').to.equal('rgb(200, 0, 100)');
        expect(getComputedStyle(selected.querySelector('.name')!).fontFamily).to.equal('monospace');
        expect(getComputedStyle(other).backgroundColor, '::part(option)').to.equal('rgb(1, 2, 3)');
        expect(getComputedStyle(listbox(el)!).color, '::part(listbox)').to.equal('rgb(4, 5, 6)');
      } finally {
        style.remove();
      }
    });
  });

  describe("in the page's language", () => {
    const catalogues = { de, ar, ja, fr };
    /** The words of the voices (data, not ours): names, languages, locales, providers. */
    const dataWords = () => all.items.flatMap((v) => [v.displayName, v.language, v.locale, v.provider]);
    /** A picker inside `<div lang=… dir=…>`: the page's language, not the element's own. */
    const inLanguage = async (lang: string, dir = 'ltr', required = false) => {
      const wrapper = await fixture<HTMLElement>(html`<div lang=${lang} dir=${dir}><dh-voice-picker ?required=${required} endpoint=${endpoint}></dh-voice-picker></div>`);
      const el = wrapper.querySelector('dh-voice-picker')!;
      // Its first render waits for the locale's messages.
      await el.updateComplete;
      return { wrapper, el };
    };
    const left = (el: DhVoicePicker, lang: string) => englishLeft(el.shadowRoot!, 'voicePicker', voicePickerMessages, lang, dataWords());
    /** The live region that says how many voices a search or a filter left. */
    const announced = (el: DhVoicePicker) => el.shadowRoot!.querySelector('.sr-only[role="status"]')?.textContent?.trim() ?? '';
    const selects = (el: DhVoicePicker) => [...el.shadowRoot!.querySelectorAll('select')];

    for (const [lang, dir] of [['de', 'ltr'], ['ar', 'rtl'], ['ja', 'ltr']] as const) {
      it(`lang="${lang}"${dir === 'rtl' ? ' dir="rtl"' : ''}: no English left while loading, loaded, filtered and empty; announcements and axe too`, async () => {
        const m = catalogues[lang];
        // The list's first page is held back until the loading state has been read.
        const release = holdRequests('/voices');
        const { el } = await inLanguage(lang, dir).finally(() => setTimeout(release, 0));
        expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.equal(m.loadingList);
        expect(await left(el, lang), 'loading').to.deep.equal([]);
        await ready(el);
        expect(listbox(el)!.getAttribute('aria-label'), 'the default label follows the page').to.equal(m.label);
        expect(el.shadowRoot!.querySelector<HTMLInputElement>('input[type="search"]')!.placeholder).to.equal(m.searchHint);
        expect(metaOf(options(el)[0]!).gender).to.be.oneOf([m.female, m.male]);
        // Each voice's language in the page's words (the platform names it in English), in its
        // header, its meta line and the language filter.
        const first = all.items[0]!;
        const named = new Intl.DisplayNames(lang, { type: 'language' }).of(first.locale.split('-')[0]!)!;
        expect(named).to.not.equal(first.language);
        expect(el.shadowRoot!.querySelector('[part="group"]')!.textContent!.trim()).to.equal(named);
        expect(metaOf(options(el)[0]!).language).to.equal(named);
        expect([...selects(el)[1]!.options].map((o) => o.textContent!.trim())).to.include(named);
        expect(await left(el, lang), 'loaded').to.deep.equal([]);
        await expect(el).to.be.accessible();
        // A filter: the count of voices left is announced, in the page's language.
        change(selects(el).at(-1)!, 'FEMALE');
        await waitUntil(() => announced(el) !== '', 'the count is announced');
        expect(announced(el)).to.equal(m.results(all.items.filter((v) => v.gender === 'FEMALE').length));
        expect(await left(el, lang), 'filtered').to.deep.equal([]);
        // A search that leaves nothing: said which filters to widen.
        search(el, 'zzzz');
        await waitUntil(() => statusText(el).includes(m.widen), 'the empty state');
        expect(statusText(el)).to.contain(m.noMatch([m.byText('zzzz'), m.femaleVoices], undefined));
        expect(await left(el, lang), 'empty').to.deep.equal([]);
        await expect(el).to.be.accessible();
      });
    }

    it('streaming: the note and the message of a dropped voice are in the page\'s language', async () => {
      const { el } = await inLanguage('de');
      el.provider = 'azure';
      await ready(el);
      options(el)[0]!.click();
      await el.updateComplete;
      el.streaming = true;
      await waitUntil(() => el.value === '', 'the azure voice is dropped');
      expect(el.validationMessage).to.equal(de.streamingOnly(all.streamingProvider));
      await ready(el);
      expect(el.shadowRoot!.querySelector('[part="note"]')!.textContent).to.equal(de.streamingNote(all.streamingProvider));
      expect(await left(el, 'de')).to.deep.equal([]);
    });

    it('a language no voice has named yet is named by the browser, in the page\'s language', async () => {
      const wrapper = await fixture<HTMLElement>(html`<div lang="fr"><dh-voice-picker locale="sw-KE" endpoint=${endpoint}></dh-voice-picker></div>`);
      const el = wrapper.querySelector('dh-voice-picker')!;
      await waitUntil(() => statusText(el).includes(fr.widen), 'the empty state');
      const swahili = new Intl.DisplayNames(['fr'], { type: 'language' }).of('sw-KE')!;
      expect(statusText(el)).to.contain(fr.byLanguage(swahili));
      expect(el.locale, 'locale filters the voices: the page\'s language is from lang').to.equal('sw-KE');
      expect(await left(el, 'fr')).to.deep.equal([]);
    });

    it('an error is said in the page\'s language, with its Try again', async () => {
      const wrapper = await fixture<HTMLElement>(html`<div lang="de"><dh-voice-picker endpoint="http://127.0.0.1:9/dh"></dh-voice-picker></div>`);
      const el = wrapper.querySelector('dh-voice-picker')!;
      await waitUntil(() => el.shadowRoot!.querySelector('[role="alert"]'), 'the error shows');
      expect(el.shadowRoot!.querySelector('[role="alert"] button')!.textContent).to.equal('Erneut versuchen');
      expect(await left(el, 'de')).to.deep.equal([]);
    });

    it('under dir="rtl" the layout is mirrored: the search and the first filter start at the right, the selection bar too', async () => {
      const { el } = await inLanguage('ar', 'rtl');
      await ready(el);
      const box = el.getBoundingClientRect();
      const searchLabel = el.shadowRoot!.querySelector('.search label')!.getBoundingClientRect();
      const input = el.shadowRoot!.querySelector('.search input')!.getBoundingClientRect();
      expect(Math.abs(searchLabel.right - box.right) <= 1, 'the search at the right edge').to.equal(true);
      expect(input.right < searchLabel.right, 'its label first, at the right, then the box').to.equal(true);
      const [provider, language] = [...el.shadowRoot!.querySelectorAll('.filters label')].map((l) => l.getBoundingClientRect());
      expect(provider!.left > language!.left, 'the first filter on the right').to.equal(true);
      options(el)[0]!.click();
      await el.updateComplete;
      const chosen = getComputedStyle(options(el)[0]!);
      expect([chosen.borderRightWidth, chosen.borderLeftWidth], 'the selection bar on the right').to.deep.equal(['3px', '0px']);
    });

    it('a change of the page\'s lang (de → fr) renders it again in French, its validation message too', async () => {
      const { wrapper, el } = await inLanguage('de', 'ltr', true);
      await ready(el);
      expect(el.validationMessage).to.equal(de.required);
      wrapper.setAttribute('lang', 'fr');
      await waitUntil(() => listbox(el)?.getAttribute('aria-label') === fr.label, 'French');
      expect(el.shadowRoot!.querySelector<HTMLInputElement>('input[type="search"]')!.placeholder).to.equal(fr.searchHint);
      expect(await left(el, 'fr')).to.deep.equal([]);
      expect(el.validationMessage).to.equal(fr.required);
    });

    it('the messages property overrides one message; the others stay the locale\'s', async () => {
      const { el } = await inLanguage('de');
      el.messages = { searchHint: 'Name oder Sprache' };
      await ready(el);
      expect(el.shadowRoot!.querySelector<HTMLInputElement>('input[type="search"]')!.placeholder).to.equal('Name oder Sprache');
      expect(listbox(el)!.getAttribute('aria-label')).to.equal(de.label);
    });

    it('the required message is in the page\'s language', async () => {
      const form = await fixture<HTMLFormElement>(html`<form lang="ja"><dh-voice-picker name="v" required endpoint=${endpoint}></dh-voice-picker></form>`);
      const el = form.querySelector('dh-voice-picker')!;
      await ready(el);
      expect(form.checkValidity()).to.equal(false);
      expect(el.validationMessage).to.equal(ja.required);
    });
  });

  describe('with 10,000 voices', () => {
    it('pages through the proxy (take=100), keeps fewer than 300 option nodes in the DOM and End reaches the last voice (posinset 10000)', async () => {
      const fake = fakeVoices(10_000);
      const pagesAsked = () => fake.requests.map((u) => `${u.searchParams.get('take')}/${u.searchParams.get('page')}`);
      try {
        const el = await fixture<DhVoicePicker>(html`<dh-voice-picker endpoint="http://fake.test/dh"></dh-voice-picker>`);
        await ready(el);
        await aTimeout(100);
        // The first view asks for the first page (and at most the next one or two), 100 at a time.
        expect(fake.requests.length).to.be.within(1, 3);
        expect(fake.requests.every((u) => u.searchParams.get('take') === '100')).to.equal(true, pagesAsked().join());
        expect(fake.requests[0]!.searchParams.get('page')).to.equal('1');
        expect(options(el).length).to.be.below(300);
        expect(listbox(el)!.children.length).to.be.below(300);
        expect(options(el)[0]!.getAttribute('aria-setsize')).to.equal('10000');
        expect(nameOf(options(el)[0]!)).to.equal(fake.items[0]!.displayName);
        listbox(el)!.focus();
        await sendKeys({ press: 'End' });
        expect(activeId(el)).to.equal('option-9999');
        await waitUntil(() => activeOption(el), 'the last option is rendered', { timeout: 5000 });
        expect(activeOption(el)!.getAttribute('aria-posinset')).to.equal('10000');
        expect(activeOption(el)!.getAttribute('aria-setsize')).to.equal('10000');
        // Its page (100) is asked for, and its name replaces the placeholder when it lands.
        await waitUntil(() => activeOption(el) && nameOf(activeOption(el)!) === fake.items[9999]!.displayName, 'the last page loads', { timeout: 5000 });
        expect(pagesAsked()).to.include('100/100');
        expect(new Set(pagesAsked()).size, 'no page is asked twice').to.equal(pagesAsked().length);
        expect(fake.requests.length, 'only the pages shown, not all 100').to.be.below(10);
        expect(activeOption(el)!.hasAttribute('aria-disabled')).to.equal(false);
        expect(options(el).length).to.be.below(300);
        await sendKeys({ press: 'ArrowUp' });
        expect(activeId(el)).to.equal('option-9998');
        expect(activeOption(el)).to.exist;
        setTimeout(() => sendKeys({ press: 'Enter' }));
        const selected = await oneEvent(el, 'dh-select');
        expect((selected as CustomEvent<{ item: VoiceItem }>).detail.item.voiceId).to.equal('voice-09998');
      } finally {
        fake.restore();
      }
    });

    it('shows unloaded voices as disabled "Loading…" options that count in the set; Enter on one does nothing', async () => {
      const fake = fakeVoices(10_000);
      try {
        const el = await fixture<DhVoicePicker>(html`<dh-voice-picker endpoint="http://fake.test/dh"></dh-voice-picker>`);
        await ready(el);
        listbox(el)!.focus();
        // Down past the first page: option 100 is a placeholder until page 2 lands.
        let page2Lands!: () => void;
        const gate = new Promise<void>((r) => (page2Lands = r));
        const paged = window.fetch;
        window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
          if (new URL(String(input)).searchParams.get('page') === '2') await gate;
          return paged(input, init);
        };
        let fired = 0;
        el.addEventListener('dh-select', () => fired++);
        (el as unknown as { _moveTo(i: number): void })._moveTo(99);
        await sendKeys({ press: 'ArrowDown' });
        expect(activeId(el)).to.equal('option-100');
        await waitUntil(() => activeOption(el), 'the placeholder is rendered');
        const placeholder = activeOption(el)!;
        expect(nameOf(placeholder)).to.equal('Loading…');
        expect(placeholder.getAttribute('aria-disabled')).to.equal('true');
        expect(placeholder.getAttribute('aria-posinset')).to.equal('101');
        expect(placeholder.getAttribute('aria-setsize')).to.equal('10000');
        await sendKeys({ press: 'Enter' });
        expect(fired, 'Enter on a placeholder selects nothing').to.equal(0);
        expect(el.value).to.equal('');
        await expect(el).to.be.accessible();
        page2Lands();
        await waitUntil(() => activeOption(el) && nameOf(activeOption(el)!) === fake.items[100]!.displayName, 'page 2 lands');
        await sendKeys({ press: 'Enter' });
        expect(el.value).to.equal(fake.items[100]!.voiceId);
      } finally {
        fake.restore();
      }
    });

    it('a later page that fails says so, with a Try again the keyboard reaches; Enter on a voice of that page retries too', async () => {
      let failures = 0;
      const unavailable = () =>
        new Response(JSON.stringify({ error: { code: 'upstream_unavailable', message: 'The voice catalogue is unavailable right now.' } }), {
          status: 502,
          headers: { 'content-type': 'application/json' },
        });
      // Page 2 fails twice, then loads.
      const fake = fakeVoices(10_000, (url) => (url.searchParams.get('page') === '2' && failures++ < 2 ? unavailable() : undefined));
      const page2Asked = () => fake.requests.filter((u) => u.searchParams.get('page') === '2').length;
      try {
        const el = await fixture<DhVoicePicker>(html`<dh-voice-picker endpoint="http://fake.test/dh"></dh-voice-picker>`);
        await ready(el);
        const box = listbox(el)!;
        box.focus();
        (el as unknown as { _moveTo(i: number): void })._moveTo(99);
        await sendKeys({ press: 'ArrowDown' });
        expect(activeId(el)).to.equal('option-100');
        await waitUntil(() => pageError(el), 'the failed page is said', { timeout: 5000 });
        expect(pageError(el)!.textContent).to.contain('Voices 101–200 could not be loaded.');
        expect(pageError(el)!.textContent).to.contain('The voice catalogue is unavailable right now.');
        await waitUntil(() => activeOption(el), 'the failed option is rendered');
        expect(nameOf(activeOption(el)!)).to.equal('Not loaded');
        expect(activeOption(el)!.getAttribute('aria-disabled')).to.equal('true');
        expect(activeOption(el)!.getAttribute('aria-posinset')).to.equal('101');
        await expect(el).to.be.accessible();
        expect(page2Asked()).to.equal(1);
        // Enter on a voice of the failed page asks it again (it fails again here).
        let fired = 0;
        el.addEventListener('dh-select', () => fired++);
        await sendKeys({ press: 'Enter' });
        await waitUntil(() => page2Asked() === 2, 'Enter asks page 2 again');
        await waitUntil(() => pageError(el), 'it failed again');
        expect(fired, 'Enter on a failed voice selects nothing').to.equal(0);
        // Tab from the list reaches Try again; Enter on it loads the page, and focus goes back to the list.
        await sendKeys({ press: 'Tab' });
        expect(el.shadowRoot!.activeElement?.textContent).to.equal('Try again');
        await sendKeys({ press: 'Enter' });
        await waitUntil(() => !pageError(el), 'the error goes');
        expect(el.shadowRoot!.activeElement, 'focus goes back to the list').to.equal(box);
        await waitUntil(() => activeOption(el) && nameOf(activeOption(el)!) === fake.items[100]!.displayName, 'page 2 loads', { timeout: 5000 });
        expect(page2Asked()).to.equal(3);
        expect(el.shadowRoot!.querySelectorAll('.option.failed')).to.have.length(0);
      } finally {
        fake.restore();
      }
    });

    it('a click on a voice chooses it, also when the active voice was scrolled away (focus does not scroll under the pointer)', async () => {
      const fake = fakeVoices(10_000);
      try {
        const el = await fixture<DhVoicePicker>(html`<dh-voice-picker endpoint="http://fake.test/dh"></dh-voice-picker>`);
        await ready(el);
        const box = listbox(el)!;
        const inView = () =>
          options(el).find((o) => {
            const r = o.getBoundingClientRect();
            const b = box.getBoundingClientRect();
            return !o.classList.contains('placeholder') && r.top >= b.top + 20 && r.bottom <= b.bottom - 20;
          });
        // A mouse scroll, far down (again if the list was still settling on its first option).
        await waitUntil(
          () => {
            if (box.scrollTop < 3000) box.scrollTop = 3000;
            return !el.shadowRoot!.getElementById('option-0') && inView();
          },
          'scrolled to loaded voices',
          { timeout: 5000 },
        );
        const target = inView()!;
        const r = target.getBoundingClientRect();
        let chosen: VoiceItem | undefined;
        // Typed by the element's event map: no cast.
        el.addEventListener('dh-select', (e) => (chosen = e.detail.item));
        await sendMouse({ type: 'click', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
        await el.updateComplete;
        expect(chosen?.displayName).to.equal(nameOf(target));
        expect(el.value).to.equal(chosen!.voiceId);
      } finally {
        fake.restore();
        await resetMouse();
      }
    });

    it('a page of old filters never lands in the list of new ones', async () => {
      const fake = fakeVoices(10_000);
      try {
        const el = await fixture<DhVoicePicker>(html`<dh-voice-picker endpoint="http://fake.test/dh"></dh-voice-picker>`);
        await ready(el);
        // Page 50 of the unfiltered list is slow and ignores the abort.
        const signals: AbortSignal[] = [];
        const paged = window.fetch;
        window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
          const url = new URL(String(input));
          if (url.searchParams.get('page') === '50' && !url.searchParams.get('gender')) {
            signals.push(init!.signal!);
            await aTimeout(400);
            return paged(input, { ...init, signal: undefined });
          }
          return paged(input, init);
        };
        const internals = el as unknown as { _moveTo(i: number): void; _loaded?: { items: (VoiceItem | undefined)[] } };
        listbox(el)!.focus();
        internals._moveTo(4950);
        await waitUntil(() => signals.length === 1, 'page 50 is asked');
        const before = internals._loaded;
        el.gender = 'FEMALE';
        await waitUntil(() => fake.requests.some((u) => u.searchParams.get('gender') === 'FEMALE'), 'the new filter is asked');
        expect(signals[0]!.aborted, 'the superseded page is aborted').to.equal(true);
        await waitUntil(() => internals._loaded !== before && listbox(el)?.getAttribute('aria-busy') === 'false', 'the new list is shown');
        await aTimeout(600);
        // The late answer for page 50 of the old filters (men and women) came back: it is in
        // neither list.
        expect(internals._loaded!.items.every((v) => !v || v.gender === 'FEMALE'), 'no stale voice in the new list').to.equal(true);
        expect(before!.items[4950], 'nor in the old one').to.equal(undefined);
        // Later pages of the new list are asked with its filters.
        internals._moveTo(4950);
        await waitUntil(() => internals._loaded!.items[4950] !== undefined, 'page 50 of the new list loads');
        const page50 = fake.requests.filter((u) => u.searchParams.get('page') === '50');
        expect(page50.map((u) => u.searchParams.get('gender')), 'once for each list').to.have.members([null, 'FEMALE']);
        expect(internals._loaded!.items[4950]!.voiceId).to.equal(fake.items.filter((v) => v.gender === 'FEMALE')[4950]!.voiceId);
      } finally {
        fake.restore();
      }
    });
  });
});

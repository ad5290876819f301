/**
 * What the <dh-voice-picker> test files share (one file per group of behaviour, so each stays well
 * under its time budget): helpers, fixtures and the suite with its setup.
 *
 * <dh-voice-picker> in a real Chromium, against the real proxy and simulator (77 voices, three
 * providers, nine locales), and against a generated catalogue of 10,000 voices for the
 * large-list behaviour. Expected lists come from the proxy itself (GET {endpoint}/voices), so the
 * tests say "what the proxy answers is what the user sees", not a copy of the seed.
 */
import { aTimeout, nextFrame } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { waitUntil } from '../wait.js';
import { setupIgnoreWindowResizeObserverLoopErrors } from '@lit-labs/virtualizer/support/resize-observer-errors.js';
import { configure } from '../../../src/elements/voice-picker/voice-picker.js';
import type { DhVoicePicker } from '../../../src/elements/voice-picker/voice-picker.js';
import type { VoiceItem, VoicesList } from '../../../src/api/answers.js';
import { catalogue } from '../i18n.js';
import { simInfo } from '../support.js';

/** The locales' own messages of this element, as the kit loads them. */
export const messagesOf = async (locale: string) => (await catalogue(locale)).voicePicker;
export const [de, fr, ar, ja] = await Promise.all([
  messagesOf('de'),
  messagesOf('fr'),
  messagesOf('ar'),
  messagesOf('ja'),
]);

export let endpoint: string;
/** Every voice, as the proxy answers it with no filter. */
export let all: VoicesList;

export const listbox = (el: DhVoicePicker) =>
  el.shadowRoot!.querySelector<HTMLElement>('[role="listbox"]');
export const options = (el: DhVoicePicker) => [
  ...el.shadowRoot!.querySelectorAll<HTMLElement>('[role="option"]'),
];
export const activeId = (el: DhVoicePicker) => listbox(el)!.getAttribute('aria-activedescendant');
export const activeOption = (el: DhVoicePicker) =>
  el.shadowRoot!.getElementById(activeId(el) ?? '');
/**
 * Moves the focused list's active option down to `index` with the keyboard, as a user would:
 * PageDown while far from it, then ArrowDown (PageDown moves by the options in view, far fewer
 * than 20).
 */
export async function keyDownTo(el: DhVoicePicker, index: number): Promise<void> {
  const at = () => Number((activeId(el) ?? 'option-0').slice('option-'.length));
  for (let presses = 0; at() < index; presses++) {
    if (presses > index) throw new Error(`stuck at option ${at()} on the way to ${index}`);
    await sendKeys({ press: index - at() > 20 ? 'PageDown' : 'ArrowDown' });
  }
}
export const nameOf = (o: Element) => o.querySelector('.name')!.textContent!.trim();
export const metaOf = (o: Element) => {
  const [language, locale, gender, provider] = o
    .querySelector('.meta')!
    .textContent!.split(' · ')
    .map((s) => s.trim());
  return { language, locale, gender, provider };
};
export const selectLabelled = (el: DhVoicePicker, label: string) =>
  [...el.shadowRoot!.querySelectorAll('label')]
    .find((l) => l.textContent!.trim().startsWith(label))
    ?.querySelector('select') ?? null;
/** The error of a later page (below the list), not of the whole list. */
export const pageError = (el: DhVoicePicker) =>
  el.shadowRoot!.querySelector<HTMLElement>('.page-error[role="alert"]');

/** Waits until the list shows the answer for the current filters (not busy, with options). */
export const ready = (el: DhVoicePicker) =>
  waitUntil(
    () => listbox(el)?.getAttribute('aria-busy') === 'false' && options(el).length > 0,
    'the voices are shown',
  );

/** Asks the proxy directly, for the expected list of a filter. */
export async function voices(query = ''): Promise<VoicesList> {
  const res = await fetch(`${endpoint}/voices${query ? `?${query}` : ''}`);
  return (await res.json()) as VoicesList;
}

/** Scrolls the whole virtual list through and returns every option once, by position. */
export async function everyOption(el: DhVoicePicker) {
  const box = listbox(el)!;
  const seen = new Map<number, { name: string; setsize: number } & ReturnType<typeof metaOf>>();
  box.scrollTop = 0;
  for (let step = 0; step < 100; step++) {
    await nextFrame();
    await nextFrame();
    for (const o of options(el)) {
      seen.set(Number(o.getAttribute('aria-posinset')), {
        name: nameOf(o),
        setsize: Number(o.getAttribute('aria-setsize')),
        ...metaOf(o),
      });
    }
    if (box.scrollTop + box.clientHeight >= box.scrollHeight - 1) break;
    box.scrollTop += box.clientHeight;
  }
  await nextFrame();
  for (const o of options(el))
    seen.set(Number(o.getAttribute('aria-posinset')), {
      name: nameOf(o),
      setsize: Number(o.getAttribute('aria-setsize')),
      ...metaOf(o),
    });
  return [...seen.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => v);
}

export function change(select: HTMLSelectElement, value: string): void {
  select.value = value;
  select.dispatchEvent(new Event('change'));
}

export function search(el: DhVoicePicker, text: string): void {
  const input = el.shadowRoot!.querySelector<HTMLInputElement>('input[type="search"]')!;
  input.value = text;
  input.dispatchEvent(new Event('input'));
}

/** A voice whose display name and voiceId differ, so a test can tell which one was sent. */
export const telling = (v: VoiceItem) => v.displayName !== v.voiceId;

/**
 * Answers GET …/voices with `count` generated voices, sorted like the proxy sorts them, filtered by
 * gender and paged (page, take) like the proxy does; `requests` holds every URL asked.
 */
export function fakeVoices(count: number, hook?: (url: URL) => Response | void) {
  const real = window.fetch;
  const languages = [
    'Dutch',
    'English',
    'French',
    'German',
    'Italian',
    'Japanese',
    'Portuguese',
    'Spanish',
  ];
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

/**
 * The `<dh-voice-picker>` suite with its setup (the proxy's address, its hooks); each test file adds
 * its groups of tests inside it.
 */
export function describeVoicePicker(body: () => void): void {
  describe('<dh-voice-picker>', () => {
    // Benign: the virtualizer's observers may take more than a frame (its README, "ResizeObserver loop").
    setupIgnoreWindowResizeObserverLoopErrors(beforeEach, afterEach);

    before(async () => {
      endpoint = (await simInfo()).endpoint;
      all = await voices();
      // The proxy is on another origin than this page: the site's script trusts it with its headers.
      // With the addresses of the tests' fake catalogue and of a proxy that is down: as a site's script would list its proxies.
      configure({ trustedEndpoints: [endpoint, 'http://fake.test/dh', 'http://127.0.0.1:9/dh'] });
    });

    body();
  });
}

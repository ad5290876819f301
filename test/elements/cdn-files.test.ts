/**
 * The CDN files (scripts/cdn.mjs) in each engine, as a page on another origin loads them with the
 * embed code: built from the sources at the start of the run and served by the test server
 * (test/support/cdn-plugin.mjs), honestly, altered, or missing. An altered file records that it ran
 * in the page's `__dhRan`, so each test counts what ran; the page keeps the kit's console warnings.
 */
import { expect } from '@open-wc/testing';
import { waitUntil } from './wait.js';
import { command, simInfo, type SimInfo } from './support.js';
import { engineOf } from '../../scripts/engine-of.mjs';

type Mode = 'good' | 'language' | 'index' | 'missing' | 'swapped' | 'alone';
type CdnWindow = Window &
  typeof globalThis & {
    __dhRan?: string[];
    __dhWarnings: string[];
    __dhViolations: string[];
    __dhConfigured?: boolean;
  };

interface Opened {
  win: CdnWindow;
  avatar: HTMLElement;
  /** The paths the host was asked for, in order (`good/dh-kit.avatar.js`, …). */
  asked(): Promise<string[]>;
}

let sim: SimInfo;
let head: { id: string; name: string };
const frames: HTMLIFrameElement[] = [];
/** The test server under its other name: the files come from another origin than the page, as from a CDN. */
const cdnOrigin = `http://127.0.0.1:${location.port}`;

/** A page with the embed code of `file` (the avatar's, or all elements'), its files served as `mode` says. */
async function open(
  mode: Mode,
  params: { lang?: string; file?: 'avatar' | 'bundle'; layout?: 'bubble'; tt?: '1' } = {},
): Promise<Opened> {
  const run = `${engineOf(navigator.userAgent)}-${Math.random().toString(36).slice(2, 10)}`;
  const query = new URLSearchParams({
    head: head.id,
    endpoint: sim.endpoint,
    cdn: cdnOrigin,
    ...params,
  });
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width: 420px; height: 640px; border: 0';
  frames.push(frame);
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.src = `/cdn/${run}/${mode}/page.html?${query}`;
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as CdnWindow;
  await waitUntil(() => win.customElements.get('dh-avatar'), `${mode}: <dh-avatar> is defined`);
  return {
    win,
    avatar: win.document.querySelector('dh-avatar')!,
    asked: () => command<string[]>('cdn-log', { run }),
  };
}

const words = (el: HTMLElement) => el.shadowRoot?.textContent ?? '';

/** Every page of this file, opened side by side before the tests: each test reads its own. */
let pages: Record<
  | 'german'
  | 'language'
  | 'index'
  | 'missing'
  | 'swapped'
  | 'alone'
  | 'aloneBubble'
  | 'allAlone'
  | 'allGerman',
  Promise<Opened>
>;

describe('the CDN files, as another origin serves them', () => {
  before(async () => {
    sim = await simInfo();
    head = await command<{ id: string; name: string }>('sim-create-head', { name: 'Ada' });
    pages = {
      german: open('good', { lang: 'de', tt: '1' }),
      language: open('language', { lang: 'de' }),
      index: open('index', { lang: 'de' }),
      missing: open('missing', { lang: 'de' }),
      swapped: open('swapped', { lang: 'de' }),
      alone: open('alone'),
      aloneBubble: open('alone', { layout: 'bubble' }),
      allAlone: open('alone', { file: 'bundle' }),
      allGerman: open('good', { lang: 'de', file: 'bundle' }),
    };
    // A page that fails to open fails the test that reads it.
    for (const page of Object.values(pages)) page.catch(() => undefined);
  });
  after(() => {
    for (const frame of frames.splice(0)) frame.remove();
  });

  it("the avatar file on a German page with Trusted Types required (the docs' policy): German words, from the language index and the German file, each checked, no violation; nothing else is fetched", async () => {
    const { win, avatar, asked } = await pages.german;
    await waitUntil(() => words(avatar).includes('Mit Ada sprechen'), 'the facade speaks German');
    expect(win.__dhRan, 'no altered file ran').to.equal(undefined);
    expect(win.__dhViolations, 'Trusted Types let the checked language run').to.deep.equal([]);
    expect(win.__dhWarnings, 'nothing refused').to.deep.equal([]);
    const paths = await asked();
    expect(paths.map((p) => p.replace(/\.[0-9a-f]{12}\.js$/, '.js'))).to.deep.equal([
      'good/dh-kit.avatar.js',
      'good/dh-kit.languages.js',
      'good/dh-kit.de.js',
    ]);
  });

  it('an altered German file is refused before it runs: English stays, and the console says so once', async () => {
    const { win, avatar } = await pages.language;
    await waitUntil(() => win.__dhWarnings.length > 0, 'the refusal is told');
    await waitUntil(() => words(avatar).includes('Talk to Ada'), 'the facade speaks English');
    expect(win.__dhRan, 'the altered German file never ran').to.equal(undefined);
    expect(win.__dhWarnings.filter((w) => w.startsWith('dh-kit:'))).to.have.length(1);
    expect(win.__dhWarnings[0]).to.match(
      /^dh-kit: no "de" messages .*dh-kit\.de\.[0-9a-f]{12}\.js was refused/,
    );
  });

  it('an altered language index is refused before it runs: English stays', async () => {
    const { win, avatar, asked } = await pages.index;
    await waitUntil(() => win.__dhWarnings.length > 0, 'the refusal is told');
    await waitUntil(() => words(avatar).includes('Talk to Ada'), 'the facade speaks English');
    expect(win.__dhRan, 'the altered index never ran').to.equal(undefined);
    expect(
      (await asked()).some((p) => /dh-kit\.de\./.test(p)),
      'no language was asked for',
    ).to.equal(false);
  });

  it('a missing German file: English stays, one console line', async () => {
    const { win, avatar } = await pages.missing;
    await waitUntil(() => win.__dhWarnings.length > 0, 'the refusal is told');
    await waitUntil(() => words(avatar).includes('Talk to Ada'), 'the facade speaks English');
    expect(win.__dhWarnings.filter((w) => w.startsWith('dh-kit:'))).to.have.length(1);
  });

  it('each file is fetched once: a host that answers the checked bytes first and others after never gets the others run (the language, the index, and the entry the configure script imports again)', async () => {
    const { win, avatar, asked } = await pages.swapped;
    await waitUntil(() => words(avatar).includes('Mit Ada sprechen'), 'the facade speaks German');
    await waitUntil(() => win.__dhConfigured === true, "the page's configure script ran");
    expect(win.__dhRan, 'no altered file ran').to.equal(undefined);
    const paths = await asked();
    expect(new Set(paths).size, `each file asked for once: ${paths}`).to.equal(paths.length);
  });

  it('the avatar file copied alone to a host, on an English page: the avatar works, as a bubble too, and nothing else is asked for', async () => {
    const inline = await pages.alone;
    await waitUntil(() => words(inline.avatar).includes('Talk to Ada'), 'the facade is shown');
    const bubble = await pages.aloneBubble;
    await waitUntil(
      () => bubble.avatar.shadowRoot?.querySelector('[part="launcher"]'),
      'the bubble shows its launcher',
    );
    for (const opened of [inline, bubble]) {
      expect(opened.win.__dhWarnings).to.deep.equal([]);
      expect(await opened.asked()).to.deep.equal(['alone/dh-kit.avatar.js']);
    }
    // What a CMS page loads has the avatar only: none of the back office's elements. (A boolean:
    // a failed assertion holding another window's class stalls the runner.)
    for (const tag of ['dh-head-form', 'dh-video-studio', 'dh-insights'])
      expect(!!inline.win.customElements.get(tag), `${tag} is not in the avatar's file`).to.equal(
        false,
      );
    // The facade's button opens the chat page (through the proxy, on its own origin).
    inline.avatar.shadowRoot!.querySelector<HTMLButtonElement>('[part="button"]')!.click();
    await waitUntil(
      () => inline.avatar.shadowRoot?.querySelector('iframe')?.src.includes('/embed/'),
      'the chat frame is loading',
    );
  });

  it('the all-elements file copied alone, on an English page: all six elements are defined, nothing else is asked for', async () => {
    const { win, asked } = await pages.allAlone;
    for (const tag of [
      'dh-avatar',
      'dh-face-picker',
      'dh-voice-picker',
      'dh-head-form',
      'dh-video-studio',
      'dh-insights',
    ])
      expect(win.customElements.get(tag), tag).to.not.equal(undefined);
    expect(await asked()).to.deep.equal(['alone/dh-kit.bundle.js']);
  });

  it('the all-elements file on a German page: the pickers speak German too', async () => {
    const { win, avatar } = await pages.allGerman;
    await waitUntil(() => words(avatar).includes('Mit Ada sprechen'), 'the facade speaks German');
    expect(win.__dhRan, 'no altered file ran').to.equal(undefined);
  });
});

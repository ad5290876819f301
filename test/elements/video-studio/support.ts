/**
 * What the <dh-video-studio> test files share (one file per group of behaviour, so each stays well
 * under its time budget): helpers, fixtures and the suite with its setup.
 *
 * <dh-video-studio> in a real Chromium, against the real proxy's admin routes and the simulator
 * (a talk appears in the list 200 ms after text-to-video). Each test makes its own head, so its
 * gallery holds exactly the videos the test made. Faults the simulator cannot make from a page
 * (the proxy's daily cap, a network error, a slow answer) come from wrapping window.fetch.
 */
import { executeServerCommand, sendKeys, sendMouse } from '@web/test-runner-commands';
import { aTimeout, expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../wait.js';
import { configure } from '../../../src/elements/video-studio/video-studio.js';
import type { DhVideoStudio } from '../../../src/elements/video-studio/video-studio.js';
import type { VideoItem, VideosPage } from '../../../src/api/answers.js';
import { TalkWait, type WaitClock } from '../../../src/elements/video-studio/talk-wait.js';
import { catalogue } from '../i18n.js';
import { q, qa, text, simInfo, json } from '../support.js';

/** The locales' own messages of this element, as the kit loads them. */
export const messagesOf = async (locale: string) => (await catalogue(locale)).videoStudio;
export const [de, fr, pl, ar, ja] = await Promise.all([
  messagesOf('de'),
  messagesOf('fr'),
  messagesOf('pl'),
  messagesOf('ar'),
  messagesOf('ja'),
]);

/** The studio's messages of the locales the tests read. */
export const videoStudioMessagesIn = { de, fr, pl, ar, ja };

export let endpoint: string;
/** The proxy's admin token, sent by the element through `headers` as a back office would. */
export let auth: Record<string, string>;
export const realFetch = window.fetch.bind(window);

export const items = (el: DhVideoStudio) => qa<HTMLButtonElement>(el, '[part="item"]');
export const itemTexts = (el: DhVideoStudio) =>
  items(el).map((b) => text(b.querySelector('.said')));
export const live = (el: DhVideoStudio) => text(q(el, '[aria-live="polite"]'));
export const alertText = (el: DhVideoStudio) => text(q(el, '[role="alert"]'));
/**
 * The part (else the tag) of what has focus in the element's shadow root, null for nothing (the
 * page's body). A string, not the node: a failed assertion holding DOM nodes stalls the runner.
 */
export const focused = (el: DhVideoStudio) => {
  const active = el.shadowRoot!.activeElement;
  return active ? (active.getAttribute('part') ?? active.localName) : null;
};
export const loaded = (el: DhVideoStudio, count: number) =>
  waitUntil(
    () => items(el).length === count && q(el, '.items')?.getAttribute('aria-busy') === 'false',
    `${count} videos are listed`,
  );

export async function newHead(): Promise<string> {
  return (
    await executeServerCommand<{ id: string }, unknown>('sim-create-head', { name: 'Studio' })
  ).id;
}

/** What the proxy lists for a head, newest first, each video at the address the studio plays it from. */
export async function listVideos(headId: string, take = 50): Promise<VideosPage> {
  const res = await realFetch(`${endpoint}/heads/${headId}/videos?order=DESC&take=${take}`, {
    headers: auth,
  });
  const page = (await res.json()) as VideosPage;
  // Each video is at the proxy's own (signed) path: the studio plays it from the proxy's origin.
  const items = page.items.map((talk) => ({
    ...talk,
    url: talk.url && new URL(talk.url, endpoint).href,
  }));
  return { ...page, items };
}

/** Makes videos through the proxy, oldest first, and waits until the talks list has them all. */
export async function addVideos(headId: string, texts: string[]): Promise<VideoItem[]> {
  for (const t of texts) {
    const res = await realFetch(`${endpoint}/heads/${headId}/videos`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'x-dh-kit': '1' },
      body: JSON.stringify({ text: t }),
    });
    expect(res.status).to.equal(202);
    // Distinct creation times, so "newest first" has one answer.
    await aTimeout(5);
  }
  let listed: VideosPage | undefined;
  await waitUntil(
    async () => (listed = await listVideos(headId)).total === texts.length,
    'the videos are produced',
  );
  return listed!.items;
}

/** The proxy's download route of a talk (the element's download link). */
export const downloadRoute = (headId: string, talkId: string) =>
  `${endpoint}/heads/${headId}/videos/${talkId}/download`;

/** Each voice id's display name, from the proxy's public voice list. */
export async function voiceNames(): Promise<Map<string, string>> {
  const res = await realFetch(`${endpoint}/voices`);
  const list = (await res.json()) as { items: { voiceId: string; displayName: string }[] };
  return new Map(list.items.map((v) => [v.voiceId, v.displayName]));
}

export interface Call {
  method: string;
  url: URL;
  signal?: AbortSignal | null;
}
export type Intercept = (
  call: Call,
  forward: () => Promise<Response>,
) => Promise<Response> | undefined;
export const restores: (() => void)[] = [];

/**
 * Records every request the element makes to the proxy; `intercept` may answer instead of the
 * proxy (return a Response) or let it through (return undefined).
 */
export function watchFetch(intercept?: Intercept) {
  const calls: Call[] = [];
  const previous = window.fetch;
  window.fetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (!url.href.startsWith(endpoint)) return previous(input, init);
    const call: Call = { method: init.method ?? 'GET', url, signal: init.signal };
    calls.push(call);
    const forward = () => previous(input, init);
    return intercept?.(call, forward) ?? forward();
  };
  restores.push(() => (window.fetch = previous));
  return {
    calls,
    posts: () => calls.filter((c) => c.method === 'POST'),
    gets: () => calls.filter((c) => c.method === 'GET'),
  };
}

/**
 * Keeps new talks of a head out of the lists the element gets until `release()`: the platform
 * "is still making it", for as long as a test needs.
 */
export function holdNewTalks(headId: string, visible: VideoItem[]) {
  const ids = new Set(visible.map((t) => t.id));
  let held = true;
  const watch = watchFetch((call, forward) => {
    if (call.method !== 'GET' || !call.url.pathname.endsWith(`/heads/${headId}/videos`) || !held)
      return undefined;
    return forward().then(async (res) => {
      const page = (await res.json()) as VideosPage;
      return json({ ...page, items: page.items.filter((t) => ids.has(t.id)), total: ids.size });
    });
  });
  return { ...watch, release: () => (held = false) };
}

export async function studio(
  headId: string,
  opts: { headers?: Record<string, string> | null; pageSize?: number; timeout?: number } = {},
) {
  const headers = opts.headers === null ? undefined : (opts.headers ?? auth);
  return fixture<DhVideoStudio>(html`<dh-video-studio
    endpoint=${endpoint}
    head-id=${headId}
    page-size=${opts.pageSize ?? 6}
    timeout=${opts.timeout ?? 600000}
    .headers=${headers}
  ></dh-video-studio>`);
}

export function type(el: DhVideoStudio, value: string) {
  const area = q<HTMLTextAreaElement>(el, 'textarea')!;
  area.value = value;
  area.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

/** Presses a button from the keyboard, as a keyboard user would: focus on it, then Enter. */
export async function press(node: HTMLElement) {
  node.focus();
  await sendKeys({ press: 'Enter' });
}

/** An empty talks list, as the proxy answers it. */
export const emptyPage = (take: number): VideosPage => ({
  items: [],
  page: 1,
  take,
  total: 0,
  pageCount: 0,
  hasNextPage: false,
});

export interface Timer {
  at: number;
  fn: () => void;
  every?: number;
}

/**
 * A clock the test moves by hand, set as TalkWait's clock (its test hook): timers fire in time
 * order, and only when the test advances the time, so minutes of waiting take milliseconds.
 */
export class ManualClock implements WaitClock {
  private time = Date.parse('2030-01-01T00:00:00Z');
  private seq = 0;
  private readonly timers = new Map<number, Timer>();
  /** Every one-shot pause asked for, in order: the polling schedule. */
  readonly pauses: number[] = [];
  now = () => this.time;
  after = (ms: number, fn: () => void) => {
    const id = ++this.seq;
    this.timers.set(id, { at: this.time + ms, fn });
    this.pauses.push(ms);
    return () => void this.timers.delete(id);
  };
  every = (ms: number, fn: () => void) => {
    const id = ++this.seq;
    this.timers.set(id, { at: this.time + ms, fn, every: ms });
    return () => void this.timers.delete(id);
  };
  /**
   * Moves the time on by `ms`, firing each timer due on the way; after a one-shot timer (a look
   * at the talks list, answered asynchronously) it waits until the next look is scheduled, or
   * until `ended()` says the wait is over (the video is there, or the time is up).
   */
  async advance(ms: number, ended: () => unknown = () => false) {
    const end = this.time + ms;
    for (;;) {
      let next: [number, Timer] | undefined;
      for (const entry of this.timers)
        if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      const [id, timer] = next;
      this.time = timer.at;
      if (timer.every) timer.at += timer.every;
      else this.timers.delete(id);
      const scheduled = this.pauses.length;
      timer.fn();
      if (!timer.every)
        await waitUntil(
          () => this.pauses.length > scheduled || ended(),
          'the next look is scheduled',
          { interval: 5 },
        );
    }
    this.time = end;
  }
}

/**
 * A manual clock for the waits of the elements made from now on (TalkWait's test hook), put back
 * after the test: what a wait does after seconds or minutes is then checked in milliseconds, the
 * same on any machine (no test passes or fails by how fast the machine is).
 */
export function manualClock(): ManualClock {
  const clock = new ManualClock();
  const realClock = TalkWait.clock;
  TalkWait.clock = clock;
  restores.push(() => (TalkWait.clock = realClock));
  return clock;
}

/** Until the simulator lists the head's new talks with their video (made 200 ms after the request). */
export const produced = (headId: string, count: number) =>
  waitUntil(
    async () => (await listVideos(headId)).items.filter((t) => t.url).length === count,
    'the simulator made the video',
  );

/** A real click (Playwright's mouse): a user gesture, as media playback with sound needs. */
export async function click(node: HTMLElement) {
  node.scrollIntoView({ block: 'center' });
  const r = node.getBoundingClientRect();
  await sendMouse({
    type: 'click',
    position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)],
  });
}

/**
 * The `<dh-video-studio>` suite with its setup (the proxy's address, its hooks); each test file adds
 * its groups of tests inside it.
 */
export function describeVideoStudio(body: () => void): void {
  describe('<dh-video-studio>', () => {
    before(async () => {
      const info = await simInfo();
      endpoint = info.endpoint;
      auth = { authorization: `Bearer ${info.adminToken}` };
      // The proxy is on another origin than this page: the site's script trusts it with its headers.
      configure({ trustedEndpoints: [endpoint] });
    });

    afterEach(() => {
      while (restores.length) restores.pop()!();
    });

    body();
  });
}

/**
 * <dh-video-studio> in a real Chromium, against the real proxy's admin routes and the simulator
 * (a talk appears in the list 200 ms after text-to-video). Each test makes its own head, so its
 * gallery holds exactly the videos the test made. Faults the simulator cannot make from a page
 * (the proxy's daily cap, a network error, a slow answer) come from wrapping window.fetch.
 */
import { executeServerCommand, sendKeys, sendMouse } from '@web/test-runner-commands';
import { aTimeout, expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from './wait.js';
import { press as pressKeys } from './keys.js';
import { configure } from '../../src/elements/video-studio/video-studio.js';
import type { DhVideoStudio } from '../../src/elements/video-studio/video-studio.js';
import type { VideoItem, VideosPage } from '../../src/api/answers.js';
import type { DhErrorDetail } from '../../src/elements/shared/events.js';
import { TalkWait, type WaitClock } from '../../src/elements/video-studio/talk-wait.js';
import { videoStudioMessages } from '../../src/elements/video-studio/messages.js';
import { catalogue, englishLeft } from './i18n.js';

/** The locales' own messages of this element, as the kit loads them. */
const messagesOf = async (locale: string) => (await catalogue(locale)).videoStudio;
const [de, fr, pl, ar, ja] = await Promise.all([messagesOf('de'), messagesOf('fr'), messagesOf('pl'), messagesOf('ar'), messagesOf('ja')]);

/** The studio's messages of the locales the tests read. */
const videoStudioMessagesIn = { de, fr, pl, ar, ja };

let endpoint: string;
/** The proxy's admin token, sent by the element through `headers` as a back office would. */
let auth: Record<string, string>;
const realFetch = window.fetch.bind(window);

const q = <T extends Element = HTMLElement>(el: DhVideoStudio, selector: string) => el.shadowRoot!.querySelector<T>(selector);
const qa = <T extends Element = HTMLElement>(el: DhVideoStudio, selector: string) => [...el.shadowRoot!.querySelectorAll<T>(selector)];
const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const items = (el: DhVideoStudio) => qa<HTMLButtonElement>(el, '[part="item"]');
const itemTexts = (el: DhVideoStudio) => items(el).map((b) => text(b.querySelector('.said')));
const button = (el: DhVideoStudio, name: RegExp) => qa<HTMLButtonElement>(el, 'button').find((b) => name.test(text(b)));
const live = (el: DhVideoStudio) => text(q(el, '[aria-live="polite"]'));
const alertText = (el: DhVideoStudio) => text(q(el, '[role="alert"]'));
/**
 * The part (else the tag) of what has focus in the element's shadow root, null for nothing (the
 * page's body). A string, not the node: a failed assertion holding DOM nodes stalls the runner.
 */
const focused = (el: DhVideoStudio) => {
  const active = el.shadowRoot!.activeElement;
  return active ? (active.getAttribute('part') ?? active.localName) : null;
};
const loaded = (el: DhVideoStudio, count: number) =>
  waitUntil(() => items(el).length === count && q(el, '.items')?.getAttribute('aria-busy') === 'false', `${count} videos are listed`, { timeout: 5000 });

async function newHead(): Promise<string> {
  return (await executeServerCommand<{ id: string }, unknown>('sim-create-head', { name: 'Studio' })).id;
}

/** What the proxy lists for a head, newest first. */
async function listVideos(headId: string, take = 50): Promise<VideosPage> {
  const res = await realFetch(`${endpoint}/heads/${headId}/videos?order=DESC&take=${take}`, { headers: auth });
  return (await res.json()) as VideosPage;
}

/** Makes videos through the proxy, oldest first, and waits until the talks list has them all. */
async function addVideos(headId: string, texts: string[]): Promise<VideoItem[]> {
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
  await waitUntil(async () => (listed = await listVideos(headId)).total === texts.length, 'the videos are produced', { timeout: 5000 });
  return listed!.items;
}

/** The proxy's download route of a talk (the element's download link). */
const downloadRoute = (headId: string, talkId: string) => `${endpoint}/heads/${headId}/videos/${talkId}/download`;

/** Each voice id's display name, from the proxy's public voice list. */
async function voiceNames(): Promise<Map<string, string>> {
  const res = await realFetch(`${endpoint}/voices`);
  const list = (await res.json()) as { items: { voiceId: string; displayName: string }[] };
  return new Map(list.items.map((v) => [v.voiceId, v.displayName]));
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

interface Call {
  method: string;
  url: URL;
  signal?: AbortSignal | null;
}
type Intercept = (call: Call, forward: () => Promise<Response>) => Promise<Response> | undefined;
const restores: (() => void)[] = [];

/**
 * Records every request the element makes to the proxy; `intercept` may answer instead of the
 * proxy (return a Response) or let it through (return undefined).
 */
function watchFetch(intercept?: Intercept) {
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
function holdNewTalks(headId: string, visible: VideoItem[]) {
  const ids = new Set(visible.map((t) => t.id));
  let held = true;
  const watch = watchFetch((call, forward) => {
    if (call.method !== 'GET' || !call.url.pathname.endsWith(`/heads/${headId}/videos`) || !held) return undefined;
    return forward().then(async (res) => {
      const page = (await res.json()) as VideosPage;
      return json({ ...page, items: page.items.filter((t) => ids.has(t.id)), total: ids.size });
    });
  });
  return { ...watch, release: () => (held = false) };
}

async function studio(headId: string, opts: { headers?: Record<string, string> | null; pageSize?: number; timeout?: number } = {}) {
  const headers = opts.headers === null ? undefined : (opts.headers ?? auth);
  return fixture<DhVideoStudio>(html`<dh-video-studio
    endpoint=${endpoint}
    head-id=${headId}
    page-size=${opts.pageSize ?? 6}
    timeout=${opts.timeout ?? 600000}
    .headers=${headers}
  ></dh-video-studio>`);
}

function type(el: DhVideoStudio, value: string) {
  const area = q<HTMLTextAreaElement>(el, 'textarea')!;
  area.value = value;
  area.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

/** Presses a button from the keyboard, as a keyboard user would: focus on it, then Enter. */
async function press(node: HTMLElement) {
  node.focus();
  await sendKeys({ press: 'Enter' });
}

/** An empty talks list, as the proxy answers it. */
const emptyPage = (take: number): VideosPage => ({ items: [], page: 1, take, total: 0, pageCount: 0, hasNextPage: false });

interface Timer {
  at: number;
  fn: () => void;
  every?: number;
}

/**
 * A clock the test moves by hand, set as TalkWait's clock (its test hook): timers fire in time
 * order, and only when the test advances the time, so minutes of waiting take milliseconds.
 */
class ManualClock implements WaitClock {
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
   * at the talks list, answered asynchronously) it waits until the next look is scheduled.
   */
  async advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      let next: [number, Timer] | undefined;
      for (const entry of this.timers) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      const [id, timer] = next;
      this.time = timer.at;
      if (timer.every) timer.at += timer.every;
      else this.timers.delete(id);
      const scheduled = this.pauses.length;
      timer.fn();
      if (!timer.every) await waitUntil(() => this.pauses.length > scheduled, 'the next look is scheduled', { interval: 5 });
    }
    this.time = end;
  }
}

/** A real click (Playwright's mouse): a user gesture, as media playback with sound needs. */
async function click(node: HTMLElement) {
  node.scrollIntoView({ block: 'center' });
  const r = node.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
}

describe('<dh-video-studio>', () => {
  before(async () => {
    const info = await executeServerCommand<{ endpoint: string; adminToken: string }, unknown>('sim-info');
    endpoint = info.endpoint;
    auth = { authorization: `Bearer ${info.adminToken}` };
    // The proxy is on another origin than this page: the site's script trusts it with its headers.
    configure({ trustedEndpoints: [endpoint] });
  });

  afterEach(() => {
    while (restores.length) restores.pop()!();
  });

  describe('accessibility', () => {
    it('is accessible without a head-id, while loading and when empty', async () => {
      const watch = watchFetch();
      const none = await fixture<DhVideoStudio>(html`<dh-video-studio endpoint=${endpoint} .headers=${auth}></dh-video-studio>`);
      expect(text(q(none, '[part="status"]'))).to.contain('No head is selected');
      expect(q(none, '[part="gallery"]')).to.equal(null);
      await expect(none).to.be.accessible();
      expect(watch.calls, 'no head, no request').to.have.length(0);

      const el = await studio(await newHead());
      expect(text(q(el, '[part="gallery"] [role="status"]'))).to.equal('Loading videos…');
      await expect(el).to.be.accessible();
      await waitUntil(() => text(q(el, '[part="gallery"]')).includes('No videos yet'), 'the empty state', { timeout: 5000 });
      await expect(el).to.be.accessible();
    });

    it('is accessible with a gallery, while a video is made, and when it plays', async () => {
      const headId = await newHead();
      const before = await addVideos(headId, ['An earlier video.']);
      const el = await studio(headId);
      await loaded(el, 1);
      await expect(el).to.be.accessible();
      const hold = holdNewTalks(headId, before);
      type(el, 'Hello from the studio.');
      button(el, /Generate video/)!.click();
      await waitUntil(() => text(q(el, '[part="progress"]')).includes('Producing'), 'progress is shown', { timeout: 5000 });
      await expect(el).to.be.accessible();
      hold.release();
      await waitUntil(() => q(el, '[part="player"]'), 'the video plays', { timeout: 10000 });
      await expect(el).to.be.accessible();
    });

    it('is accessible on error (the admin routes refuse a page without the site’s auth)', async () => {
      const el = await studio(await newHead(), { headers: null });
      await waitUntil(() => q(el, '[role="alert"]'), 'an error', { timeout: 5000 });
      await expect(el).to.be.accessible();
    });
  });

  describe('when a video is generated', () => {
    it('TTV-1 TTV-2 shows progress, then plays the new mp4 with controls, a download link and its text; dh-video-requested and dh-video-ready tell the page', async () => {
      const headId = await newHead();
      const el = await studio(headId);
      await waitUntil(() => text(q(el, '[part="gallery"]')).includes('No videos yet'), 'the empty state', { timeout: 5000 });
      const requested: CustomEvent[] = [];
      el.addEventListener('dh-video-requested', (e) => requested.push(e));
      type(el, '  Welcome to our shop.  ');
      const ready = oneEvent(el, 'dh-video-ready');
      button(el, /Generate video/)!.click();

      await waitUntil(() => q(el, '[part="progress"]'), 'progress is shown');
      expect(text(q(el, '[part="progress"] .elapsed'))).to.match(/^0:0\d$/);
      expect(q(el, '[part="generate"]')!.getAttribute('aria-disabled')).to.equal('true');
      expect(q(el, '[part="cancel"]')).to.exist;
      // A keyboard user waits on Stop waiting: when the video arrives, focus goes on to it.
      q<HTMLButtonElement>(el, '[part="cancel"]')!.focus();

      const { detail } = await ready;
      expect(requested).to.have.length(1);
      expect(requested[0]!.detail).to.deep.equal({ headId, text: 'Welcome to our shop.' });
      expect(requested[0]!.bubbles && requested[0]!.composed).to.equal(true);

      // The talk is the one the talks list has (TTV-2: id, createdAt, updatedAt, voice, url, text).
      const [listed] = (await listVideos(headId)).items;
      expect(detail.talk).to.deep.equal(listed);
      expect(detail.talk.text).to.equal('Welcome to our shop.');

      await el.updateComplete;
      const video = q<HTMLVideoElement>(el, '[part="player"] video')!;
      expect(video.src).to.equal(detail.talk.url);
      expect(video.controls).to.equal(true);
      await waitUntil(() => el.shadowRoot!.activeElement?.getAttribute('part') === 'video', 'focus moves from Stop waiting to the video');
      const download = q<HTMLAnchorElement>(el, '[part="download"]')!;
      expect(download.href).to.equal(downloadRoute(headId, detail.talk.id));
      expect(download.hasAttribute('download')).to.equal(true);
      expect(text(q(el, '[part="player"] figcaption'))).to.contain('Welcome to our shop.');
      expect(q(el, '[part="progress"]')).to.equal(null);
      expect(live(el)).to.equal('The video is ready.');
      // The gallery lists it, marked as the one playing.
      await loaded(el, 1);
      expect(items(el)[0]!.getAttribute('aria-current')).to.equal('true');
      // The mp4 really loads.
      await waitUntil(() => video.readyState >= 1, 'the video metadata loads', { timeout: 5000 });
      expect(video.duration).to.be.greaterThan(1);
    });

    it('the elapsed time counts each second; screen readers hear the state, not every tick; Stop waiting stops polling', async function () {
      this.timeout(15000);
      const headId = await newHead();
      const el = await studio(headId);
      await waitUntil(() => text(q(el, '[part="gallery"]')).includes('No videos yet'), 'the empty state', { timeout: 5000 });
      const hold = holdNewTalks(headId, []);
      type(el, 'Counting the seconds.');
      button(el, /Generate video/)!.click();
      await waitUntil(() => text(q(el, '.elapsed')) === '0:02', 'two seconds elapsed', { timeout: 4000 });
      expect(q(el, '.elapsed')!.getAttribute('aria-hidden')).to.equal('true');
      expect(live(el)).to.equal('Producing the video. This can take a few minutes.');
      expect(live(el)).not.to.match(/\d:\d\d/);
      // Polling has begun (the first look after 1 s), with backoff: not one look per tick.
      const polls = () => hold.gets().filter((c) => c.url.searchParams.get('take') === '50').length;
      expect(polls()).to.be.within(2, 3, 'the baseline, then one or two looks in 2 s');

      await press(button(el, /Stop waiting/)!);
      await el.updateComplete;
      const after = hold.calls.length;
      expect(focused(el), 'focus goes to the text box, not the page’s body').to.equal('text');
      expect(text(q(el, '[part="status"]'))).to.contain('may still make this video');
      expect(text(q(el, '[part="status"]'))).to.contain('earlier videos');
      expect(live(el)).to.equal('Stopped waiting for the video.');
      expect(q(el, '[part="progress"]')).to.equal(null);
      expect(q(el, '[part="generate"]')!.getAttribute('aria-disabled')).to.equal('false');
      await aTimeout(3500);
      expect(hold.calls.length, 'no request after Stop waiting').to.equal(after);

      // The platform made it all the same: the gallery shows it.
      hold.release();
      el.refresh();
      await loaded(el, 1);
      expect(itemTexts(el)).to.deep.equal(['Counting the seconds.']);
      expect(q(el, '[part="player"]')).to.equal(null);
    });

    it('polls after 1 s, then with pauses ×1.5 up to 10 s; screen readers hear the elapsed time every 15 s', async () => {
      const clock = new ManualClock();
      const realClock = TalkWait.clock;
      TalkWait.clock = clock;
      restores.push(() => (TalkWait.clock = realClock));
      const start = clock.now();
      const looks: number[] = [];
      // The platform never finishes: every list is empty (no simulator involved).
      watchFetch((call) => {
        if (call.url.pathname.endsWith('/voices')) return undefined;
        if (call.method === 'POST') return Promise.resolve(json({ headId: 'slow-head', status: 'accepted' }, 202));
        const take = Number(call.url.searchParams.get('take'));
        if (take === 50) looks.push(clock.now() - start);
        return Promise.resolve(json(emptyPage(take)));
      });
      const el = await studio('slow-head');
      type(el, 'Taking its time.');
      const requested = oneEvent(el, 'dh-video-requested');
      button(el, /Generate video/)!.click();
      await requested;
      await waitUntil(() => clock.pauses.length === 1, 'the first look is scheduled');
      await el.updateComplete;
      expect(live(el)).to.equal('Producing the video. This can take a few minutes.');

      const heard: [number, string][] = [];
      let last = live(el);
      for (let second = 1; second <= 45; second++) {
        await clock.advance(1000);
        await el.updateComplete;
        expect(text(q(el, '.elapsed')), 'the visible clock ticks each second').to.equal(`0:${String(second).padStart(2, '0')}`);
        if (live(el) !== last) heard.push([second, (last = live(el))]);
      }
      expect(clock.pauses.slice(0, 9)).to.deep.equal([1000, 1500, 2250, 3375, 5062.5, 7593.75, 10000, 10000, 10000]);
      expect(looks, 'the baseline, then a look after each pause').to.deep.equal([0, 1000, 2500, 4750, 8125, 13187.5, 20781.25, 30781.25, 40781.25]);
      expect(heard).to.deep.equal([
        [15, 'Still producing the video: 15 seconds so far.'],
        [30, 'Still producing the video: 30 seconds so far.'],
        [45, 'Still producing the video: 45 seconds so far.'],
      ]);
    });

    it('an empty text shows a message next to the field and sends nothing', async () => {
      const el = await studio(await newHead());
      await waitUntil(() => text(q(el, '[part="gallery"]')).includes('No videos yet'), 'the empty state', { timeout: 5000 });
      const watch = watchFetch();
      type(el, '   \n ');
      button(el, /Generate video/)!.click();
      await el.updateComplete;
      const area = q<HTMLTextAreaElement>(el, 'textarea')!;
      const message = q(el, '#invalid')!;
      expect(text(message)).to.equal('Type the text the head should say.');
      expect(area.getAttribute('aria-invalid')).to.equal('true');
      expect(area.getAttribute('aria-describedby')!.split(' ')).to.include('invalid');
      expect(el.shadowRoot!.activeElement).to.equal(area);
      await aTimeout(50);
      expect(watch.calls).to.have.length(0);
      await expect(el).to.be.accessible();
      type(el, 'Now something to say.');
      await el.updateComplete;
      expect(q(el, '#invalid')).to.equal(null);
      expect(area.getAttribute('aria-invalid')).to.equal('false');
    });

    it('counts characters up to 5000 and Ctrl+Enter sends', async () => {
      const headId = await newHead();
      const el = await studio(headId);
      await waitUntil(() => text(q(el, '[part="gallery"]')).includes('No videos yet'), 'the empty state', { timeout: 5000 });
      const area = q<HTMLTextAreaElement>(el, 'textarea')!;
      expect(area.maxLength).to.equal(5000);
      expect(text(q(el, 'label'))).to.equal('Text the head will say');
      area.focus();
      await sendKeys({ type: 'Hi there' });
      await el.updateComplete;
      expect(el.text).to.equal('Hi there');
      expect(text(q(el, '#count'))).to.equal('8 / 5000 characters');
      await sendKeys({ press: 'Enter' });
      await sendKeys({ type: 'again' });
      await el.updateComplete;
      expect(el.text, 'a plain Enter is a new line').to.equal('Hi there\nagain');
      const requested = oneEvent(el, 'dh-video-requested');
      await pressKeys('Control+Enter');
      expect((await requested).detail).to.deep.equal({ headId, text: 'Hi there\nagain' });
      await oneEvent(el, 'dh-video-ready');
    });

    it('the proxy’s daily cap is a clear message (resets at midnight UTC), with dh-error and no retry', async () => {
      const el = await studio(await newHead());
      await waitUntil(() => text(q(el, '[part="gallery"]')).includes('No videos yet'), 'the empty state', { timeout: 5000 });
      const watch = watchFetch((call) =>
        call.method === 'POST'
          ? Promise.resolve(
              json(
                { error: { code: 'video_cap_reached', message: 'The daily limit of 100 videos is reached (DH_VIDEO_DAILY_CAP). It resets at midnight UTC.' } },
                429,
                { 'retry-after': '3600' },
              ),
            )
          : undefined,
      );
      const errors: CustomEvent[] = [];
      el.addEventListener('dh-error', (e) => errors.push(e));
      type(el, 'One video too many.');
      button(el, /Generate video/)!.click();
      await waitUntil(() => q(el, '[role="alert"]'), 'the cap message', { timeout: 5000 });
      expect(alertText(el)).to.match(/^The daily limit of videos is reached: no more can be made today\. It resets at midnight UTC, in about (\d+ h )?\d+ min\.$/);
      expect(button(el, /Try again/)).to.equal(undefined);
      expect(errors.map((e) => e.detail.code)).to.deep.equal(['video_cap_reached']);
      expect(errors[0]!.detail.message).to.equal(alertText(el));
      expect(watch.posts()).to.have.length(1);
      expect(q(el, '[part="generate"]')!.getAttribute('aria-disabled')).to.equal('false');
      await expect(el).to.be.accessible();
    });

    it('a network error shows the message; Try again sends again and the video plays', async () => {
      const el = await studio(await newHead());
      await waitUntil(() => text(q(el, '[part="gallery"]')).includes('No videos yet'), 'the empty state', { timeout: 5000 });
      let down = true;
      const watch = watchFetch((call) => (call.method === 'POST' && down ? Promise.reject(new TypeError('Failed to fetch')) : undefined));
      const error = oneEvent(el, 'dh-error');
      type(el, 'Second time lucky.');
      button(el, /Generate video/)!.click();
      expect((await error).detail.code).to.equal('network');
      await el.updateComplete;
      expect(alertText(el)).to.contain('The server could not be reached');
      await expect(el).to.be.accessible();
      down = false;
      const ready = oneEvent(el, 'dh-video-ready');
      await press(button(el, /Try again/)!);
      await el.updateComplete;
      expect(q(el, '[part="progress"]')).to.exist;
      expect(focused(el), 'focus goes to the new Stop waiting').to.equal('cancel');
      expect((await ready).detail.talk.text).to.equal('Second time lucky.');
      expect(watch.posts()).to.have.length(2);
      expect(q(el, '[role="alert"]')).to.equal(null);
    });

    it('gives up after `timeout` with a message and dh-error; Keep waiting finds the video without asking again', async function () {
      this.timeout(15000);
      const headId = await newHead();
      const el = await studio(headId, { timeout: 1500 });
      await waitUntil(() => text(q(el, '[part="gallery"]')).includes('No videos yet'), 'the empty state', { timeout: 5000 });
      const hold = holdNewTalks(headId, []);
      const error = oneEvent(el, 'dh-error');
      type(el, 'Slow to make.');
      button(el, /Generate video/)!.click();
      const { detail } = await error;
      expect(detail.code).to.equal('video_timeout');
      await el.updateComplete;
      expect(alertText(el)).to.match(/^No video after \d+ seconds?\. The platform may still be making it: it will then appear among the earlier videos\. Keep waiting$/);
      expect(detail.message).to.equal(alertText(el).replace(/ Keep waiting$/, ''));
      expect(q(el, '[part="progress"]')).to.equal(null);
      await expect(el).to.be.accessible();
      const after = hold.calls.length;
      await aTimeout(1200);
      expect(hold.calls.length, 'no request after giving up').to.equal(after);

      hold.release();
      const ready = oneEvent(el, 'dh-video-ready');
      await press(button(el, /Keep waiting/)!);
      await el.updateComplete;
      expect(focused(el), 'focus goes to the new Stop waiting').to.equal('cancel');
      expect((await ready).detail.talk.text).to.equal('Slow to make.');
      expect(hold.posts(), 'one video asked for').to.have.length(1);
    });

    it('another head-id stops waiting for the old head’s video', async () => {
      const a = await newHead();
      const b = await newHead();
      const el = await studio(a);
      await waitUntil(() => text(q(el, '[part="gallery"]')).includes('No videos yet'), 'the empty state', { timeout: 5000 });
      const hold = holdNewTalks(a, []);
      type(el, 'For the first head.');
      button(el, /Generate video/)!.click();
      await waitUntil(() => text(q(el, '[part="progress"]')).includes('Producing'), 'progress is shown', { timeout: 5000 });
      let ready = 0;
      el.addEventListener('dh-video-ready', () => ready++);
      el.headId = b;
      await el.updateComplete;
      expect(q(el, '[part="progress"]')).to.equal(null);
      hold.release();
      await aTimeout(1500);
      expect(ready).to.equal(0);
      expect(hold.calls.filter((c) => c.url.pathname.includes(a) && c.url.searchParams.get('take') === '50').length).to.equal(1);
    });
  });

  describe('the gallery', () => {
    it('TTV-2 TTV-3 lists the head’s videos newest first, each with its text, voice and when it was made', async () => {
      const headId = await newHead();
      const made = await addVideos(headId, ['First video.', 'Second video.', 'Third video.']);
      const names = await voiceNames();
      const el = await studio(headId);
      await loaded(el, 3);
      expect(itemTexts(el)).to.deep.equal(['Third video.', 'Second video.', 'First video.']);
      const format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
      // The voice reads as its display name once the voice list has answered.
      await waitUntil(() => text(items(el)[0]!.querySelector('.meta')).startsWith(names.get(made[0]!.voice)!), 'voice names', { timeout: 5000 });
      items(el).forEach((item, i) => {
        const talk = made[i]!;
        const time = item.querySelector('time')!;
        expect(time.getAttribute('datetime')).to.equal(talk.createdAt);
        // Made seconds ago: "now", its date and time on hover.
        expect(text(time)).to.equal('now');
        expect(time.title).to.equal(format.format(new Date(talk.createdAt)));
        expect(text(item.querySelector('.meta'))).to.equal(`${names.get(talk.voice)} · now`);
        expect(talk.voice).to.match(/\S/);
      });
      expect(q(el, '[part="pager"]'), 'one page: no pager').to.equal(null);
      expect(q(el, '[part="player"]'), 'nothing plays until chosen').to.equal(null);
    });

    it('TTV-3 says when each video was made in the page’s words: now, minutes, hours, yesterday, days ago, then its date', async () => {
      // The visitor's clock reads 15:00 today (local time); the talks were made before it.
      const realNow = Date.now;
      const at = new Date();
      at.setHours(15, 0, 0, 0);
      const offset = at.getTime() - realNow();
      Date.now = () => realNow() + offset;
      restores.push(() => (Date.now = realNow));
      const ago = (ms: number) => new Date(at.getTime() - ms).toISOString();
      const day = (back: number) => {
        const d = new Date(at);
        d.setDate(d.getDate() - back);
        d.setHours(12, 0, 0, 0);
        return d.toISOString();
      };
      const made = [ago(10_000), ago(3 * 60_000), ago(5 * 3_600_000), day(1), day(3), day(30), new Date(at.getTime() + 3_600_000).toISOString()];
      const talks: VideoItem[] = made.map((createdAt, i) => ({ id: `talk-${i}`, createdAt, updatedAt: createdAt, voice: 'en-US-JennyNeural', url: '', text: `Talk ${i}.` }));
      const headId = 'head-with-talks-of-every-age';
      watchFetch((call) =>
        call.method === 'GET' && call.url.pathname.endsWith(`/heads/${headId}/videos`)
          ? Promise.resolve(json({ items: talks, page: 1, take: 10, total: talks.length, pageCount: 1, hasNextPage: false }))
          : undefined,
      );
      const wrapper = await fixture<HTMLDivElement>(html`<div lang="en">
        <dh-video-studio endpoint=${endpoint} head-id=${headId} page-size="10" .headers=${auth}></dh-video-studio>
      </div>`);
      const el = wrapper.querySelector('dh-video-studio')!;
      await loaded(el, talks.length);
      const times = () => items(el).map((b) => b.querySelector('time')!);
      const date = (lang: string, iso: string) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
      // Thirty days ago, and a date ahead of the visitor's clock, read as dates.
      expect(times().map(text)).to.deep.equal(['now', '3 minutes ago', '5 hours ago', 'yesterday', '3 days ago', date('en', made[5]!), date('en', made[6]!)]);
      times().forEach((time, i) => {
        expect(time.dateTime).to.equal(made[i]);
        expect(time.title, 'the date and time on hover').to.equal(date('en', made[i]!));
      });

      wrapper.lang = 'de';
      await waitUntil(() => el.currentLocale === 'de' && text(times()[0]) === 'jetzt', 'German', { timeout: 5000 });
      expect(times().map(text)).to.deep.equal(['jetzt', 'vor 3 Minuten', 'vor 5 Stunden', 'gestern', 'vor 3 Tagen', date('de', made[5]!), date('de', made[6]!)]);
      expect(times()[1]!.title).to.equal(date('de', made[1]!));
    });

    it('TTV-3 keeps "3 minutes ago" true while the page stays open: its clock says it again every 30 s, and stops with the element', async () => {
      // The element's 30 s clock, caught as it starts (the others pass through), run by the test.
      const [realSetInterval, realClearInterval, realNow] = [window.setInterval, window.clearInterval, Date.now];
      const ticks: { tick: () => void; id: number }[] = [];
      const cleared: number[] = [];
      window.setInterval = ((fn: () => void, ms?: number, ...rest: unknown[]) => {
        const id = realSetInterval(fn, ms, ...rest);
        if (ms === 30_000) ticks.push({ tick: fn, id });
        return id;
      }) as typeof window.setInterval;
      window.clearInterval = ((id?: number) => {
        if (id !== undefined) cleared.push(id);
        realClearInterval(id);
      }) as typeof window.clearInterval;
      let offset = 0;
      Date.now = () => realNow() + offset;
      restores.push(() => {
        window.setInterval = realSetInterval;
        window.clearInterval = realClearInterval;
        Date.now = realNow;
      });
      const headId = await newHead();
      await addVideos(headId, ['Still true?']);
      const el = await studio(headId);
      await loaded(el, 1);
      const time = () => text(items(el)[0]!.querySelector('time'));
      expect(time()).to.equal('now');
      expect(ticks.length, 'one clock').to.equal(1);
      // Two minutes later, the next tick says it again.
      offset = 2 * 60_000;
      ticks[0]!.tick();
      await el.updateComplete;
      expect(time()).to.equal('2 minutes ago');
      el.remove();
      expect(cleared, 'the clock stops when the element leaves the page').to.include(ticks[0]!.id);
    });

    it('TTV-3 pages with page-size: Previous and Next, "Page X of Y"', async () => {
      const headId = await newHead();
      await addVideos(headId, ['Oldest.', 'Middle.', 'Newest.']);
      const watch = watchFetch();
      const el = await studio(headId, { pageSize: 2 });
      await loaded(el, 2);
      expect(itemTexts(el)).to.deep.equal(['Newest.', 'Middle.']);
      const pager = q(el, '[part="pager"]')!;
      expect(text(pager.querySelector('.page'))).to.equal('Page 1 of 2');
      const previous = button(el, /Previous/)!;
      const next = button(el, /Next/)!;
      expect(previous.getAttribute('aria-disabled')).to.equal('true');
      expect(next.getAttribute('aria-disabled')).to.equal('false');

      next.focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => text(q(el, '.page')) === 'Page 2 of 2' && q(el, '.items')?.getAttribute('aria-busy') === 'false', 'page 2', { timeout: 5000 });
      expect(itemTexts(el)).to.deep.equal(['Oldest.']);
      expect(button(el, /Next/)!.getAttribute('aria-disabled')).to.equal('true');
      expect(el.shadowRoot!.activeElement === button(el, /Next/), 'focus stays on Next').to.equal(true);
      const page2 = watch.gets().at(-1)!.url.searchParams;
      expect(Object.fromEntries(page2)).to.deep.equal({ order: 'DESC', page: '2', take: '2' });
      await expect(el).to.be.accessible();

      // Next on the last page does nothing.
      button(el, /Next/)!.click();
      await el.updateComplete;
      expect(text(q(el, '.page'))).to.equal('Page 2 of 2');
      button(el, /Previous/)!.click();
      await waitUntil(() => text(q(el, '.page')) === 'Page 1 of 2' && q(el, '.items')?.getAttribute('aria-busy') === 'false', 'page 1', { timeout: 5000 });
      expect(itemTexts(el)).to.deep.equal(['Newest.', 'Middle.']);
    });

    it('selecting an earlier video plays it', async () => {
      const headId = await newHead();
      const made = await addVideos(headId, ['Play me.', 'Not me.']);
      const el = await studio(headId);
      await loaded(el, 2);
      const target = items(el)[1]!;
      expect(text(target.querySelector('.said'))).to.equal('Play me.');
      await click(target);
      await waitUntil(() => q(el, '[part="player"]'), 'the player', { timeout: 5000 });
      const video = q<HTMLVideoElement>(el, '[part="player"] video')!;
      expect(video.src).to.equal(made[1]!.url);
      expect(q<HTMLAnchorElement>(el, '[part="download"]')!.href).to.equal(downloadRoute(headId, made[1]!.id));
      expect(text(q(el, '[part="player"] figcaption'))).to.contain('Play me.');
      expect(items(el)[1]!.getAttribute('aria-current')).to.equal('true');
      expect(items(el)[0]!.getAttribute('aria-current')).to.equal('false');
      await waitUntil(() => !video.paused && video.currentTime > 0, 'the video plays', { timeout: 5000 });
    });

    it('voices read as their display names, in the list and in the player; the voice list is asked once', async () => {
      const a = await newHead();
      const b = await newHead();
      const made = await addVideos(a, ['Oldest.', 'Middle.', 'Newest.']);
      await addVideos(b, ['Of head B.']);
      const names = await voiceNames();
      const name = names.get(made[0]!.voice)!;
      expect(name, 'the simulator names its voices').to.not.equal(made[0]!.voice);
      const watch = watchFetch();
      const el = await studio(a, { pageSize: 2 });
      await loaded(el, 2);
      await waitUntil(() => text(items(el)[0]!.querySelector('.meta')).startsWith(`${name} · `), 'the voice name', { timeout: 5000 });
      await click(items(el)[1]!);
      await waitUntil(() => q(el, '[part="player"]'), 'the player', { timeout: 5000 });
      expect(text(q(el, '[part="player"] .meta')).startsWith(`${name} · `), 'the player too').to.equal(true);
      // Another page, a refresh, another head: the names are known already.
      button(el, /Next/)!.click();
      await waitUntil(() => text(q(el, '.page')) === 'Page 2 of 2' && q(el, '.items')?.getAttribute('aria-busy') === 'false', 'page 2', { timeout: 5000 });
      el.refresh();
      el.headId = b;
      await waitUntil(() => itemTexts(el).join() === 'Of head B.', 'head B’s list', { timeout: 5000 });
      expect(text(items(el)[0]!.querySelector('.meta')).startsWith(`${name} · `), 'head B’s video').to.equal(true);
      expect(watch.gets().filter((c) => c.url.pathname.endsWith('/voices'))).to.have.length(1);
    });

    it('a failed voice lookup is silent: the voice id stays, no error', async () => {
      const headId = await newHead();
      const [made] = await addVideos(headId, ['With a voice id.']);
      const watch = watchFetch((call) =>
        call.url.pathname.endsWith('/voices') ? Promise.resolve(json({ error: { code: 'platform_unavailable', message: 'Down.' } }, 502)) : undefined,
      );
      const errors: CustomEvent[] = [];
      const el = await fixture<DhVideoStudio>(html`<dh-video-studio endpoint=${endpoint} head-id=${headId} .headers=${auth} @dh-error=${(e: CustomEvent) => errors.push(e)}></dh-video-studio>`);
      await loaded(el, 1);
      await waitUntil(() => watch.gets().some((c) => c.url.pathname.endsWith('/voices')), 'the voice list was asked');
      await aTimeout(100);
      expect(text(items(el)[0]!.querySelector('.meta')).startsWith(`${made!.voice} · `), 'the voice id').to.equal(true);
      expect(errors).to.have.length(0);
      expect(q(el, '[role="alert"]')).to.equal(null);
    });

    it('without the site’s auth it shows the proxy’s admin_required message; Try again and new headers load the list', async () => {
      const headId = await newHead();
      await addVideos(headId, ['Behind the admin token.']);
      const el = await studio(headId, { headers: null });
      const error = oneEvent(el, 'dh-error');
      await waitUntil(() => q(el, '[role="alert"]'), 'an error', { timeout: 5000 });
      expect((await error).detail.code).to.equal('admin_required');
      expect(alertText(el)).to.contain('This route needs an admin');
      button(el, /Try again/)!.click();
      await el.updateComplete;
      await waitUntil(() => q(el, '[role="alert"]'), 'still an error', { timeout: 5000 });
      el.headers = auth;
      await loaded(el, 1);
      expect(q(el, '[role="alert"]')).to.equal(null);
      // An equal headers object (a new identity, as a re-rendered template gives) does not fetch again.
      const watch = watchFetch();
      el.headers = { ...auth };
      await el.updateComplete;
      await aTimeout(50);
      expect(watch.calls).to.have.length(0);
    });

    it('an error shows the message and Try again that works', async () => {
      const headId = await newHead();
      await addVideos(headId, ['After the outage.']);
      let down = true;
      watchFetch(() => (down ? Promise.reject(new TypeError('Failed to fetch')) : undefined));
      const el = await studio(headId);
      await waitUntil(() => q(el, '[role="alert"]'), 'an error', { timeout: 5000 });
      expect(alertText(el)).to.contain('The server could not be reached');
      down = false;
      button(el, /Try again/)!.focus();
      button(el, /Try again/)!.click();
      await loaded(el, 1);
      expect(itemTexts(el)).to.deep.equal(['After the outage.']);
      expect(el.shadowRoot!.activeElement?.id, 'focus waits on the heading, not the page body').to.equal('gallery-title');
    });

    it('a stale answer never replaces a newer one (head-id changed quickly)', async () => {
      const a = await newHead();
      const b = await newHead();
      await addVideos(a, ['From head A.']);
      await addVideos(b, ['From head B.']);
      // Head A's list answers late, and answers even though it was aborted (as a server that
      // ignores the abort would): the element must drop it by itself.
      const watch = watchFetch((call) =>
        call.url.pathname.includes(a) ? aTimeout(600).then(() => realFetch(call.url.href, { headers: auth })) : undefined,
      );
      const el = await studio(a);
      el.headId = b;
      await loaded(el, 1);
      expect(itemTexts(el)).to.deep.equal(['From head B.']);
      await aTimeout(900);
      expect(itemTexts(el)).to.deep.equal(['From head B.']);
      const first = watch.calls.find((c) => c.url.pathname.includes(a))!;
      expect(first.signal!.aborted, 'the superseded request was aborted').to.equal(true);
    });
  });
  describe('in the page’s language', () => {
    /** A studio inside a wrapper that sets the page's language (and direction). */
    async function studioIn(headId: string, lang: string, dir = 'ltr', opts: { pageSize?: number; timeout?: number } = {}) {
      const wrapper = await fixture<HTMLDivElement>(html`<div lang=${lang} dir=${dir}>
        <dh-video-studio
          endpoint=${endpoint}
          head-id=${headId}
          page-size=${opts.pageSize ?? 6}
          timeout=${opts.timeout ?? 600000}
          .headers=${auth}
        ></dh-video-studio>
      </div>`);
      const el = wrapper.querySelector('dh-video-studio')!;
      await el.updateComplete;
      return { wrapper, el };
    }
    /** The English words left in the element for `lang`; `data` are words of the data (texts, voice names). */
    const english = (el: DhVideoStudio, lang: string, data: string[]) => englishLeft(el.shadowRoot!, 'videoStudio', videoStudioMessages, lang, data);
    const dateIn = (lang: string, iso: string) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
    const generate = (el: DhVideoStudio) => q<HTMLButtonElement>(el, '[part="generate"]')!;

    for (const [lang, dir, said, label, producing, now] of [
      ['de', 'ltr', ['Guten Morgen.', 'Guten Abend.', 'Gute Nacht.'], 'Text, den der digitale Mensch sprechen soll', 'Das Video wird erstellt. Das kann einige Minuten dauern.', 'jetzt'],
      ['ar', 'rtl', ['صباح الخير.', 'مساء الخير.', 'تصبح على خير.'], 'النص الذي سيقوله الإنسان الرقمي', 'جارٍ إنشاء الفيديو. قد يستغرق ذلك بضع دقائق.', 'الآن'],
      ['ja', 'ltr', ['おはようございます。', 'こんばんは。', 'おやすみなさい。'], 'デジタルヒューマンが話すテキスト', '動画を作成しています。数分かかる場合があります。', '今'],
    ] as const) {
      it(`lang="${lang}"${dir === 'rtl' ? ' dir="rtl"' : ''}: the form, the progress, the gallery and the player have no English left; times and dates in the locale’s words; accessible`, async function () {
        this.timeout(20000);
        const headId = await newHead();
        const made = await addVideos(headId, [said[0], said[1]]);
        const names = await voiceNames();
        const voice = names.get(made[0]!.voice)!;
        const data = [...said, voice];
        const { el } = await studioIn(headId, lang, dir, { pageSize: 1 });
        expect(el.currentLocale).to.equal(lang);

        // The form, and its message for an empty text.
        expect(text(q(el, 'label'))).to.equal(label);
        await loaded(el, 1);
        await waitUntil(() => text(items(el)[0]!.querySelector('.meta')).startsWith(`${voice} · `), 'the voice name', { timeout: 5000 });
        generate(el).click();
        await el.updateComplete;
        expect(text(q(el, '#invalid'))).to.equal(videoStudioMessagesIn[lang].textEmpty);
        expect(await english(el, lang, data)).to.deep.equal([]);
        await expect(el).to.be.accessible();

        // The gallery with a video, when it was made ("now"; its date on hover), its pager (one video a page).
        const time = items(el)[0]!.querySelector('time')!;
        expect(text(time)).to.equal(now);
        expect(time.title).to.equal(dateIn(lang, made[0]!.createdAt));
        expect(time.title).to.not.equal(dateIn('en', made[0]!.createdAt));
        const pager = q(el, '[part="pager"]')!;
        expect(pager.getAttribute('aria-label')).to.equal(videoStudioMessagesIn[lang].pages);
        if (dir === 'rtl') {
          // The pager flows from the right: Previous is right of Next.
          const [previous, next] = [...pager.querySelectorAll('button')].map((b) => b.getBoundingClientRect());
          expect(previous!.left > next!.left, 'Previous on the right').to.equal(true);
        }
        expect(await english(el, lang, data)).to.deep.equal([]);

        // The player (its date, its download link, its words).
        await click(items(el)[0]!);
        await waitUntil(() => q(el, '[part="player"]'), 'the player', { timeout: 5000 });
        expect(text(q(el, '[part="player"] time'))).to.equal(dateIn(lang, made[0]!.createdAt));
        expect(await english(el, lang, data)).to.deep.equal([]);

        // While a video is made: the progress box, the live region, the visually hidden elapsed time.
        const hold = holdNewTalks(headId, made);
        type(el, said[2]);
        generate(el).click();
        await waitUntil(() => live(el) === producing, 'production is announced', { timeout: 5000 });
        await waitUntil(() => text(q(el, '.elapsed')) === '0:01', 'a second elapsed', { timeout: 4000 });
        expect(await english(el, lang, data)).to.deep.equal([]);
        await expect(el).to.be.accessible();

        // Stopped waiting: the note, the announcement.
        q<HTMLButtonElement>(el, '[part="cancel"]')!.click();
        await el.updateComplete;
        expect(live(el)).to.equal(videoStudioMessagesIn[lang].stoppedAnnouncement);
        expect(await english(el, lang, data)).to.deep.equal([]);
        hold.release();
      });
    }

    it('lang="pl": plurals by the locale’s rules; lang="de": the text’s limit in German numbers', async () => {
      const { el } = await studioIn('', 'pl');
      const pl = new Intl.NumberFormat('pl');
      expect(text(q(el, '#count'))).to.equal(`${pl.format(0)} / ${pl.format(5000)} znaków`);
      expect(text(q(el, '[part="status"]'))).to.equal('Nie wybrano cyfrowego człowieka: ustaw head-id, aby tworzyć i przeglądać jego filmy.');
      expect(q(el, '[part="status"] code')!.textContent).to.equal('head-id');
      const m = videoStudioMessagesIn.pl;
      expect([1, 2, 5, 22].map((n) => m.characters(n))).to.deep.equal(['znak', 'znaki', 'znaków', 'znaki']);
      expect(videoStudioMessagesIn.ar.characters(2)).to.equal('حرفان');
      expect(videoStudioMessagesIn.ar.textTooLong(5000)).to.contain(`${new Intl.NumberFormat('ar').format(5000)} حرف`);
      const de = (await studioIn('', 'de')).el;
      expect(text(q(de, '#count'))).to.equal('0 / 5.000 Zeichen');
      expect(await english(de, 'de', ['head'])).to.deep.equal([]);
      await expect(de).to.be.accessible();
    });

    it('lang="de": errors read in German (the cap, a timeout), while dh-error keeps the English message', async function () {
      this.timeout(15000);
      const headId = await newHead();
      const { el } = await studioIn(headId, 'de', 'ltr', { timeout: 1500 });
      await waitUntil(() => text(q(el, '[part="gallery"]')).includes('Noch keine Videos'), 'the empty state', { timeout: 5000 });
      const errors: DhErrorDetail[] = [];
      el.addEventListener('dh-error', (e) => errors.push(e.detail));
      let capped = true;
      const hold = holdNewTalks(headId, []);
      watchFetch((call) =>
        call.method === 'POST' && capped
          ? Promise.resolve(json({ error: { code: 'video_cap_reached', message: 'The daily limit of 100 videos is reached.' } }, 429))
          : undefined,
      );
      type(el, 'Ein Video zu viel.');
      generate(el).click();
      await waitUntil(() => q(el, '[role="alert"]'), 'the cap message', { timeout: 5000 });
      expect(alertText(el)).to.match(/^Das Tageslimit für Videos ist erreicht: .* in etwa (\d+ Std\. )?\d+ Min\.$/);
      expect(errors[0]!.message).to.match(/^The daily limit of videos is reached/);
      expect(await english(el, 'de', [])).to.deep.equal([]);

      capped = false;
      generate(el).click();
      await waitUntil(() => errors.length === 2, 'the timeout', { timeout: 5000 });
      await el.updateComplete;
      expect(errors[1]!.code).to.equal('video_timeout');
      expect(errors[1]!.message).to.match(/^No video after \d+ seconds?\./);
      expect(alertText(el)).to.match(/^Nach \d+ Sekunden? ist noch kein Video da\. .* Weiter warten$/);
      expect(await english(el, 'de', [])).to.deep.equal([]);
      await expect(el).to.be.accessible();
      hold.release();
    });

    it('changing lang re-renders it, dates included; the messages property overrides one message', async () => {
      const headId = await newHead();
      const [talk] = await addVideos(headId, ['Bonjour.']);
      const { wrapper, el } = await studioIn(headId, 'de');
      await loaded(el, 1);
      expect(text(generate(el))).to.equal('Video erstellen');
      expect(text(q(el, '#gallery-title'))).to.equal('Bisherige Videos');
      wrapper.lang = 'fr';
      await waitUntil(() => el.currentLocale === 'fr' && text(generate(el)) === 'Générer la vidéo', 'French', { timeout: 5000 });
      await el.updateComplete;
      expect(text(q(el, '#gallery-title'))).to.equal('Vidéos précédentes');
      expect(text(items(el)[0]!.querySelector('time'))).to.equal('maintenant');
      expect(items(el)[0]!.querySelector('time')!.title).to.equal(dateIn('fr', talk!.createdAt));
      const names = await voiceNames();
      expect(await english(el, 'fr', ['Bonjour.', names.get(talk!.voice)!])).to.deep.equal([]);

      el.messages = { generate: 'Vidéo, s’il vous plaît' };
      await el.updateComplete;
      expect(text(generate(el))).to.equal('Vidéo, s’il vous plaît');
      expect(text(q(el, '#gallery-title')), 'the others stay French').to.equal('Vidéos précédentes');
      // Back to English: its own messages still win; the rest reads as before.
      wrapper.lang = 'en';
      await waitUntil(() => text(q(el, '#gallery-title')) === 'Earlier videos', 'English', { timeout: 5000 });
      expect(text(generate(el))).to.equal('Vidéo, s’il vous plaît');
      expect(text(q(el, 'label'))).to.equal('Text the head will say');
      el.messages = undefined;
      el.label = 'Votre texte';
      await el.updateComplete;
      expect(text(generate(el))).to.equal('Generate video');
      expect(text(q(el, 'label')), 'the label property wins').to.equal('Votre texte');
    });
  });
  describe('when the mp4 will not play', () => {
    it('the player says so with Try again (the source loads again) and dh-error video_unplayable', async () => {
      const headId = 'head-with-a-broken-video';
      const now = new Date().toISOString();
      // The platform lists a talk whose media URL is a 404 (an expired or deleted file).
      const broken: VideoItem = { id: 'talk-broken', createdAt: now, updatedAt: now, voice: 'en-US-JennyNeural', url: new URL('/no-such-video.mp4', location.href).href, text: 'Not really a video.' };
      watchFetch((call) =>
        call.method === 'GET' && call.url.pathname.endsWith(`/heads/${headId}/videos`)
          ? Promise.resolve(json({ items: [broken], page: 1, take: 6, total: 1, pageCount: 1, hasNextPage: false }))
          : undefined,
      );
      const errors: DhErrorDetail[] = [];
      const el = await fixture<DhVideoStudio>(html`<dh-video-studio endpoint=${endpoint} head-id=${headId} .headers=${auth} @dh-error=${(e: CustomEvent<DhErrorDetail>) => errors.push(e.detail)}></dh-video-studio>`);
      await loaded(el, 1);
      items(el)[0]!.click();
      const alert = () => q(el, '[part="player"] [role="alert"]');
      await waitUntil(alert, 'the player says the video cannot be played', { timeout: 5000 });
      expect(text(alert())).to.match(/^The video could not be played\b.* Try again$/);
      expect(errors.map((e) => e.code), 'the gallery’s still of the same file is not an error of its own').to.deep.equal(['video_unplayable']);
      expect(errors[0]!.message).to.equal(text(alert()).replace(/ Try again$/, ''));
      await expect(el).to.be.accessible();

      const video = q<HTMLVideoElement>(el, '[part="video"]')!;
      let loads = 0;
      // A 404 from the test server can fail the new load before `press` returns: what the player
      // shows is read at the moment it loads again.
      let shownWhileLoading: Element | null | undefined;
      let focusedWhileLoading: string | null | undefined;
      const load = video.load.bind(video);
      video.load = () => {
        loads++;
        shownWhileLoading = alert();
        focusedWhileLoading = focused(el);
        load();
      };
      await press(button(el, /Try again/)!);
      await waitUntil(() => loads > 0, 'the source is loaded again', { timeout: 5000 });
      expect(loads, 'the source is loaded again, once').to.equal(1);
      expect(shownWhileLoading === null, 'no message while it loads').to.equal(true);
      expect(focusedWhileLoading, 'focus goes to the video, not the page’s body').to.equal('video');
      await waitUntil(alert, 'still broken: said again', { timeout: 5000 });
      expect(errors.map((e) => e.code)).to.deep.equal(['video_unplayable', 'video_unplayable']);
    });
  });

  describe('theming', () => {
    it('custom properties and ::part() from the page restyle it', async () => {
      const style = document.createElement('style');
      style.textContent = `
        dh-video-studio.themed { --dh-picker-accent: rgb(1, 2, 3); }
        dh-video-studio.themed.own { --dh-video-studio-accent: rgb(4, 5, 6); }
        dh-video-studio.themed::part(generate) { border-radius: 17px; }
        dh-video-studio.themed::part(text) { letter-spacing: 3px; }
      `;
      document.head.append(style);
      restores.push(() => style.remove());
      // No head: nothing is fetched; the form is there all the same.
      const plain = await fixture<DhVideoStudio>(html`<dh-video-studio></dh-video-studio>`);
      const el = await fixture<DhVideoStudio>(html`<dh-video-studio class="themed"></dh-video-studio>`);
      const generate = (of: DhVideoStudio) => getComputedStyle(q(of, '[part="generate"]')!);
      expect(generate(plain).backgroundColor, 'the default accent').to.equal('rgb(37, 99, 235)');
      expect(generate(el).backgroundColor, 'the pickers’ shared accent').to.equal('rgb(1, 2, 3)');
      el.classList.add('own');
      expect(generate(el).backgroundColor, 'its own accent wins').to.equal('rgb(4, 5, 6)');
      expect(generate(el).borderTopLeftRadius).to.equal('17px');
      expect(generate(plain).borderTopLeftRadius).to.equal('6px');
      expect(getComputedStyle(q(el, '[part="text"]')!).letterSpacing).to.equal('3px');
    });
  });

  describe('the download link', () => {
    /** A studio playing the head's only video (chosen in the gallery). */
    async function playing(headers?: Record<string, string> | null) {
      const headId = await newHead();
      const [talk] = await addVideos(headId, ['Save me.']);
      const el = await studio(headId, { headers });
      await loaded(el, 1);
      items(el)[0]!.click();
      await waitUntil(() => q(el, '[part="download"]'), 'the download link', { timeout: 5000 });
      return { el, headId, talk: talk!, link: q<HTMLAnchorElement>(el, '[part="download"]')! };
    }

    it('points at the proxy’s download route, which answers the mp4 as an attachment', async () => {
      const { headId, talk, link } = await playing();
      expect(link.href).to.equal(downloadRoute(headId, talk.id));
      expect(link.getAttribute('download')).to.equal(`${headId}-${talk.id}.mp4`);
      expect(text(link)).to.equal('Download the video (mp4)');
      // What following the link gives (with the admin header, as the site's auth would send it).
      const res = await realFetch(link.href, { headers: auth });
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('video/mp4');
      expect(res.headers.get('content-disposition')).to.equal(`attachment; filename="${headId}-${talk.id}.mp4"`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(new TextDecoder().decode(bytes.subarray(4, 8)), 'an mp4: ftyp box at offset 4').to.equal('ftyp');
    });

    it('with `headers`, a click fetches the file with them and saves it from a blob (a plain link cannot send headers)', async () => {
      const { el, headId, talk, link } = await playing();
      const sent: { url: string; authorization: string | null }[] = [];
      const previous = window.fetch;
      window.fetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.endsWith('/download')) sent.push({ url, authorization: new Headers(init.headers).get('authorization') });
        return previous(input, init);
      };
      restores.push(() => (window.fetch = previous));
      const saved: { href: string; download: string }[] = [];
      Object.defineProperty(HTMLAnchorElement.prototype, 'click', {
        configurable: true,
        value(this: HTMLAnchorElement) {
          saved.push({ href: this.href, download: this.download });
        },
      });
      restores.push(() => delete (HTMLAnchorElement.prototype as { click?: unknown }).click);

      const event = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true });
      link.dispatchEvent(event);
      expect(event.defaultPrevented, 'the plain link is not followed').to.equal(true);
      await waitUntil(() => saved.length === 1, 'the file is saved', { timeout: 5000 });
      expect(sent).to.deep.equal([{ url: downloadRoute(headId, talk.id), authorization: auth.authorization! }]);
      expect(saved[0]!.download).to.equal(`${headId}-${talk.id}.mp4`);
      expect(saved[0]!.href).to.match(/^blob:/);
      const bytes = new Uint8Array(await (await realFetch(saved[0]!.href)).arrayBuffer());
      expect(new TextDecoder().decode(bytes.subarray(4, 8))).to.equal('ftyp');
      expect(link.getAttribute('aria-busy')).to.equal('false');

      // Without headers (cookies, open admin routes) the click is the browser's: the plain link.
      el.headers = undefined;
      await el.updateComplete;
      const plain = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true });
      let prevented: boolean | undefined;
      el.addEventListener('click', (e) => {
        prevented = e.defaultPrevented;
        e.preventDefault(); // the test page must not navigate
      }, { once: true });
      link.dispatchEvent(plain);
      expect(prevented).to.equal(false);
      expect(sent).to.have.length(1);
    });

    it('with `headers`, a failed download says why (dh-error) and the link works again', async () => {
      const { el, link } = await playing();
      let down = true;
      watchFetch((call) => (down && call.url.pathname.endsWith('/download') ? Promise.resolve(json({ error: { code: 'video_unavailable', message: 'The video file could not be fetched from the platform. Try again in a moment.' } }, 502)) : undefined));
      const saved: string[] = [];
      Object.defineProperty(HTMLAnchorElement.prototype, 'click', {
        configurable: true,
        value(this: HTMLAnchorElement) {
          saved.push(this.href);
        },
      });
      restores.push(() => delete (HTMLAnchorElement.prototype as { click?: unknown }).click);
      const error = oneEvent(el, 'dh-error');
      link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
      expect((await error).detail.code).to.equal('video_unavailable');
      await el.updateComplete;
      expect(text(q(el, '[part="player"] [role="alert"]'))).to.contain('could not be fetched');
      await expect(el).to.be.accessible();
      down = false;
      link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
      await waitUntil(() => saved.length === 1, 'saved on the second try', { timeout: 5000 });
      await el.updateComplete;
      expect(q(el, '[part="player"] [role="alert"]')).to.equal(null);
    });
  });
});

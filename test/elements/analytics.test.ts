/**
 * `dh-kit/analytics` (src/analytics.ts): the elements' events as the site's analytics events,
 * each once, with only the parameters docs/analytics.md lists. Real avatars (inline and bubble,
 * the consent notice's part) against a fake proxy on this page's own `/dh` (the page's fetch
 * answers the summary and the launch; the frame gets the test server's 404 page, which loads);
 * the other elements' failures are their own `dh-error` events, dispatched.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './wait.js';
import { button, q } from './support.js';
import type { DhAvatar } from '../../src/elements/avatar/avatar.js';
import '../../src/elements/avatar/avatar.js';
import '../../src/elements/avatar/bubble-layout.js';
import '../../src/elements/avatar/consent.js';
import {
  connectAnalytics,
  type AnalyticsEventName,
  type AnalyticsParams,
} from '../../src/analytics.js';

type Pushed = { event: string } & Record<string, unknown>;
declare global {
  interface Window {
    dataLayer?: Pushed[];
  }
}

/** The operator's words of the fake proxy's refusal: a URL with a signature, which must never reach analytics. */
const REFUSAL_MESSAGE =
  'Head gone is not in DH_PUBLIC_HEADS: see https://proxy.example/dh/embed/gone?view=chat&exp=1&sig=0123abcd';

/** The page's fetch answers the avatar's proxy routes on this origin's `/dh` (the head `gone`'s launch is refused). */
function fakeProxy(): () => void {
  const real = window.fetch;
  const answer = (body: unknown, status = 200) =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  window.fetch = (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input), location.href);
    const launch = /^\/dh\/heads\/([\w-]+)\/launch$/.exec(url.pathname);
    const summary = /^\/dh\/heads\/([\w-]+)$/.exec(url.pathname);
    if (launch?.[1] === 'gone')
      return answer({ error: { code: 'head_not_published', message: REFUSAL_MESSAGE } }, 403);
    if (launch) {
      const exp = Math.floor(Date.now() / 1000) + 600;
      const view = url.searchParams.get('view') ?? 'chat';
      return answer({
        url: `/dh/embed/${launch[1]}?view=${view}&exp=${exp}&sig=${'a'.repeat(64)}`,
        expiresAt: new Date(exp * 1000).toISOString(),
      });
    }
    if (summary) return answer({ id: summary[1], name: 'Ada', mode: 'chat', poster: null });
    return real(input, init);
  };
  return () => {
    window.fetch = real;
  };
}

/** Each test's connections, stopped after it. */
let stops: (() => void)[] = [];
const connect = (...args: Parameters<typeof connectAnalytics>) => {
  const stop = connectAnalytics(...args);
  stops.push(stop);
  return stop;
};

/** What the page's dataLayer got (the default `send`). */
const pushes = () => window.dataLayer ?? [];
/** Their event names, in order. */
const names = (list: Pushed[] = pushes()) => list.map((p) => p.event);
/** A push's parameters that apply (a dataLayer push sets the others to undefined). */
const paramsOf = ({ event, ...rest }: Pushed): AnalyticsParams =>
  Object.fromEntries(
    Object.entries(rest).filter(([, value]) => value !== undefined),
  ) as AnalyticsParams;

/** Every event a test saw, with the parameters it carried: the last test checks them against the docs. */
const seen = new Map<string, Set<string>>();

/** A send of its own, for the tests that pass one. */
function recorder() {
  const got: Pushed[] = [];
  const send = (name: AnalyticsEventName, params: AnalyticsParams) =>
    void got.push({ event: name, ...params });
  return { got, send };
}

/** One of the kit's events, as its elements fire it: bubbling and composed, with a detail. */
const fire = (el: Element, type: string, detail: unknown = {}) =>
  el.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));

/** Resolves after `count` frames of the page. */
const frames = async (count: number) => {
  for (let i = 0; i < count; i++) await new Promise(requestAnimationFrame);
};

let closeProxy: () => void;
let versions = 0;

describe('connectAnalytics()', () => {
  before(() => {
    closeProxy = fakeProxy();
  });
  after(() => closeProxy());

  beforeEach(() => {
    window.dataLayer = [];
  });

  afterEach(() => {
    for (const stop of stops) stop();
    stops = [];
    for (const push of pushes()) {
      const params = paramsOf(push);
      // Nothing a person typed or a URL: every value is a word (an id, a setting, a code) or a yes/no.
      for (const [key, value] of Object.entries(params))
        expect(
          typeof value === 'boolean' || /^[\w.-]{1,64}$/.test(String(value)),
          `${push.event}'s ${key} is a word or a boolean, not ${JSON.stringify(value)}`,
        ).to.equal(true);
      const keys = seen.get(push.event) ?? new Set<string>();
      keys.add(Object.keys(params).sort().join(' '));
      seen.set(push.event, keys);
    }
    sessionStorage.clear();
    window.scrollTo(0, 0);
  });

  it('an inline avatar: in view, its "Talk to" pressed, its page loaded — each pushed once to dataLayer, with the head, layout and view', async () => {
    connect();
    const el = await fixture<DhAvatar>(html`<dh-avatar head-id="inline-head"></dh-avatar>`);
    await waitUntil(
      () => names().includes('dh_avatar_view'),
      'the avatar on screen is a dh_avatar_view',
    );
    await waitUntil(() => button(el, /Talk to Ada/), 'the facade shows its button');
    button(el, /Talk to Ada/)!.click();
    await waitUntil(() => names().includes('dh_avatar_load'), 'the page loads in the frame');
    expect(names(), 'each once, in order').to.deep.equal([
      'dh_avatar_view',
      'dh_avatar_activate',
      'dh_avatar_load',
    ]);
    const common = { head_id: 'inline-head', layout: 'inline', view: 'chat' };
    expect(pushes().map(paramsOf), 'the parameters').to.deep.equal([
      common,
      { ...common, trigger: 'click' },
      common,
    ]);
    expect(pushes()[0], 'GTM reads the name from `event`').to.include({ event: 'dh_avatar_view' });
  });

  it('a bubble: on the page, its teaser shown, opened, loaded and closed — each pushed once', async () => {
    connect();
    // Its element far below the fold: the launcher is in the window's corner all the same.
    const place = await fixture(html`<div>
      <div style="height: 300vh"></div>
      <dh-avatar head-id="bubble-head" layout="bubble" teaser="Questions? Ask Ada." style="--dh-avatar-teaser-delay: 0s"></dh-avatar>
    </div>`);
    const el = place.querySelector('dh-avatar')!;
    await waitUntil(() => names().includes('dh_teaser_shown'), 'the teaser shows');
    q(el, '[part="launcher"]')!.click();
    await waitUntil(() => names().includes('dh_avatar_load'), 'the panel opens and loads');
    q(el, '[part="close"]')!.click();
    await waitUntil(() => names().includes('dh_avatar_close'), 'the panel closes');
    expect(names(), 'each once, in order').to.deep.equal([
      'dh_avatar_view',
      'dh_teaser_shown',
      'dh_avatar_open',
      'dh_avatar_activate',
      'dh_avatar_load',
      'dh_avatar_close',
    ]);
    for (const push of pushes())
      expect(paramsOf(push), push.event).to.deep.include({
        head_id: 'bubble-head',
        layout: 'bubble',
        view: 'chat',
      });
  });

  it("an avatar's failure: dh_avatar_error with its code, never its message or a URL", async () => {
    connect();
    const el = await fixture<DhAvatar>(html`<dh-avatar head-id="gone"></dh-avatar>`);
    const failed = new Promise<CustomEvent>((resolve) =>
      el.addEventListener('dh-error', (e) => resolve(e as CustomEvent), { once: true }),
    );
    void el.activate();
    expect((await failed).detail.message, 'the element told the page the message').to.equal(
      REFUSAL_MESSAGE,
    );
    const errors = pushes().filter((p) => p.event === 'dh_avatar_error');
    expect(errors.map(paramsOf), 'once, with the code').to.deep.equal([
      { head_id: 'gone', layout: 'inline', view: 'chat', code: 'head_not_published' },
    ]);
    const everything = JSON.stringify(window.dataLayer);
    for (const part of ['DH_PUBLIC_HEADS', 'https://', 'sig=', 'proxy.example'])
      expect(everything, `no "${part}" in what was pushed`).not.to.contain(part);
  });

  it('a code that is not a word (another proxy may answer anything) goes as `other`', async () => {
    connect({ events: ['dh_avatar_error'] });
    const el = await fixture<DhAvatar>(html`<dh-avatar head-id="odd-head"></dh-avatar>`);
    fire(el, 'dh-error', { code: 'Ada Lovelace <ada@example.com>', message: 'no' });
    expect(pushes().map(paramsOf), 'the code').to.deep.equal([
      { head_id: 'odd-head', layout: 'inline', view: 'chat', code: 'other' },
    ]);
  });

  it("the visitor's consent: dh_consent with accepted and the terms' version, when accepted and when withdrawn", async () => {
    connect();
    const version = `analytics-${Date.now()}-${++versions}`;
    const el = await fixture<DhAvatar>(
      html`<dh-avatar head-id="consent-head" consent=${version}></dh-avatar>`,
    );
    try {
      el.grantConsent();
      await waitUntil(() => names().includes('dh_consent'), 'the consent part tells the page');
      el.revokeConsent();
      await waitUntil(
        () => names().filter((n) => n === 'dh_consent').length === 2,
        'withdrawn, told again',
      );
      const consents = pushes().filter((p) => p.event === 'dh_consent');
      const common = { head_id: 'consent-head', layout: 'inline', view: 'chat', version };
      expect(consents.map(paramsOf), 'accepted, then withdrawn').to.deep.equal([
        { ...common, accepted: true },
        { ...common, accepted: false },
      ]);
    } finally {
      localStorage.removeItem(`dh-kit-consent:${version}`);
    }
  });

  it("the other elements' failures are dh_error with the element and the code; their other events, and a page element's, are not counted", async () => {
    connect();
    const place = await fixture(html`<div>
      <dh-face-picker></dh-face-picker><dh-video-studio></dh-video-studio><my-widget></my-widget>
    </div>`);
    const [picker, studio, widget] = [...place.children];
    fire(picker!, 'dh-error', {
      code: 'network',
      message: 'https://proxy.example/dh/faces failed',
    });
    fire(picker!, 'dh-select', { item: { id: 'face-1', name: 'A person' } });
    fire(studio!, 'dh-video-ready', { talk: { id: 't1', text: 'Hello', url: 'https://x' } });
    fire(widget!, 'dh-error', { code: 'network', message: '' });
    expect(
      pushes().map((p) => [p.event, paramsOf(p)]),
      'one failure',
    ).to.deep.equal([['dh_error', { element: 'dh-face-picker', code: 'network' }]]);
  });

  it('an inline avatar below the fold is not in view until half of it is', async () => {
    connect();
    const place = await fixture(html`<div>
      <div style="height: 150vh"></div>
      <dh-avatar head-id="below-head"></dh-avatar>
    </div>`);
    const el = place.querySelector('dh-avatar')!;
    // A witness observer, made after the kit's: once it has reported, and two frames later (each
    // observer's report is a task of its own), the kit's has reported too.
    await new Promise<void>((resolve) => {
      const witness = new IntersectionObserver(() => {
        witness.disconnect();
        resolve();
      });
      witness.observe(el);
    });
    await frames(2);
    expect(names(), 'not in view').to.deep.equal([]);
    el.scrollIntoView({ block: 'center' });
    await waitUntil(() => names().includes('dh_avatar_view'), 'scrolled into view');
  });

  it('connected before the avatar is defined (the analytics script first on the page): a bubble’s view still carries its head, layout and view', async () => {
    // A page of its own: here the element is defined already.
    const frame = document.createElement('iframe');
    frame.srcdoc = `<!doctype html><body><dh-avatar layout="bubble" head-id="ada" endpoint="/nowhere"></dh-avatar>
      <script type="module">
        import { connectAnalytics } from '${location.origin}/src/analytics.ts';
        window.told = [];
        connectAnalytics({ send: (name, params) => window.told.push([name, params]) });
        setTimeout(() => import('${location.origin}/src/elements/avatar/bubble-layout.ts'), 50);
      </script>`;
    document.body.append(frame);
    try {
      const told = () => (frame.contentWindow as Window & { told?: unknown[][] }).told ?? [];
      await waitUntil(() => told().length > 0, 'the view is told');
      expect(told()[0], 'the view, once the element is there').to.deep.equal([
        'dh_avatar_view',
        { head_id: 'ada', layout: 'bubble', view: 'chat' },
      ]);
    } finally {
      frame.remove();
    }
  });

  it('an avatar already on the page when it connects is watched too', async () => {
    await fixture(html`<dh-avatar head-id="early-head"></dh-avatar>`);
    connect();
    await waitUntil(() => names().includes('dh_avatar_view'), 'in view');
  });

  it("counted even when a listener of the page stops the event: the count is made on the event's way down", async () => {
    connect({ events: ['dh_avatar_close'] });
    const place = await fixture(
      html`<div><dh-avatar head-id="stopped-event-head"></dh-avatar></div>`,
    );
    place.addEventListener('dh-close', (e) => e.stopPropagation());
    fire(place.querySelector('dh-avatar')!, 'dh-close');
    expect(names(), 'the close').to.deep.equal(['dh_avatar_close']);
  });

  it('a passed send gets each event (name and parameters) instead of dataLayer', async () => {
    const { got, send } = recorder();
    connect({ send });
    const el = await fixture<DhAvatar>(html`<dh-avatar head-id="send-head"></dh-avatar>`);
    await waitUntil(() => got.length > 0, 'the view');
    fire(el, 'dh-close');
    expect(got, 'the view, then the close').to.deep.equal([
      { event: 'dh_avatar_view', head_id: 'send-head', layout: 'inline', view: 'chat' },
      { event: 'dh_avatar_close', head_id: 'send-head', layout: 'inline', view: 'chat' },
    ]);
    expect(pushes(), 'nothing in dataLayer').to.deep.equal([]);
  });

  it('a dataLayer push sets every parameter an earlier push set (undefined where it does not apply): Tag Manager keeps a key until it is set again', async () => {
    connect({ events: ['dh_avatar_error', 'dh_avatar_load'] });
    const el = await fixture<DhAvatar>(html`<dh-avatar head-id="kept-head"></dh-avatar>`);
    fire(el, 'dh-error', { code: 'network', message: 'offline' });
    fire(el, 'dh-load', { view: 'chat' });
    expect(names(), 'the error, then the load').to.deep.equal([
      'dh_avatar_error',
      'dh_avatar_load',
    ]);
    const load = pushes()[1]!;
    expect('code' in load && load.code === undefined, 'the load clears the code').to.equal(true);
  });

  it('only the events asked for, with `events`', async () => {
    connect({ events: ['dh_avatar_close'] });
    const { got, send } = recorder();
    connect({ send }); // a witness: the view comes, and is not pushed to dataLayer
    const el = await fixture<DhAvatar>(html`<dh-avatar head-id="filtered-head"></dh-avatar>`);
    await waitUntil(() => got.length > 0, 'the view');
    fire(el, 'dh-open');
    fire(el, 'dh-close');
    expect(names(), 'the close alone').to.deep.equal(['dh_avatar_close']);
  });

  it('the function it returns stops it: no more events, no more views', async () => {
    const stop = connect();
    const { got, send } = recorder();
    connect({ send }); // a witness: what a connection still running gets
    stop();
    const el = await fixture<DhAvatar>(html`<dh-avatar head-id="stopped-head"></dh-avatar>`);
    await waitUntil(() => got.length > 0, 'the view (to the witness)');
    fire(el, 'dh-close');
    expect(names(got), 'the witness got both').to.deep.equal(['dh_avatar_view', 'dh_avatar_close']);
    expect(pushes(), 'nothing after the stop').to.deep.equal([]);
  });

  it('called twice, each event is pushed once (and once to each other send); one stop leaves the other connection counting', async () => {
    const first = connect();
    connect();
    const { got, send } = recorder();
    connect({ send });
    connect({ send });
    const el = await fixture<DhAvatar>(html`<dh-avatar head-id="twice-head"></dh-avatar>`);
    await waitUntil(() => got.length > 0, 'the view');
    fire(el, 'dh-close');
    // Four observers saw the avatar come on screen; two frames for the last of them to say so.
    await frames(2);
    expect(names(), 'once each to dataLayer').to.deep.equal(['dh_avatar_view', 'dh_avatar_close']);
    expect(names(got), 'once each to the other send').to.deep.equal([
      'dh_avatar_view',
      'dh_avatar_close',
    ]);
    first();
    fire(el, 'dh-close');
    expect(names(), 'the second connection still counts').to.deep.equal([
      'dh_avatar_view',
      'dh_avatar_close',
      'dh_avatar_close',
    ]);
  });

  it('with `root`, only the events of that part of the page', async () => {
    const place = await fixture(html`<div><section></section><aside></aside></div>`);
    const [inside, outside] = [...place.children];
    connect({ root: inside!, events: ['dh_avatar_close'] });
    const counted = inside!.appendChild(document.createElement('dh-avatar'));
    const other = outside!.appendChild(document.createElement('dh-avatar'));
    fire(other, 'dh-close');
    fire(counted, 'dh-close');
    expect(pushes().length, 'the one inside').to.equal(1);
  });

  it('every event docs/analytics.md lists was pushed by these tests, with the parameters it lists, and no other', async () => {
    const doc = await (await fetch('/docs/analytics.md')).text();
    const table = [...doc.matchAll(/^\| `(dh_\w+)` \|[^|]*\| ([^|]*) \|$/gm)];
    expect(table.length, 'the table of events').to.be.greaterThan(5);
    const documented = new Map(
      table.map(([, name, params]) => [
        name!,
        [...params!.matchAll(/`(\w+)`/g)]
          .map((m) => m[1]!)
          .sort()
          .join(' '),
      ]),
    );
    expect([...seen.keys()].sort(), 'the events pushed are the ones documented').to.deep.equal(
      [...documented.keys()].sort(),
    );
    // Each time with every parameter it lists (the avatar here always has a head-id).
    for (const [name, keys] of seen)
      expect([...keys], `${name}'s parameters`).to.include(documented.get(name));
  });
});

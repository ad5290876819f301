/**
 * <dh-avatar> in a real Chromium, against the real proxy and simulator (started by the test
 * runner, on other origins than this page: the element talks CORS to the proxy, like a CMS page).
 */
import { sendKeys } from '@web/test-runner-commands';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from './wait.js';
import {
  button,
  command,
  frameCommands,
  frameOf,
  simInfo,
  type SimInfo,
  expectAccessible,
} from './support.js';
import { press } from './keys.js';
import { configure } from '../../src/elements/avatar/avatar.js';
import type { DhAvatar } from '../../src/elements/avatar/avatar.js';
import { avatarMessages as core } from '../../src/elements/avatar/messages.js';
import { bubbleMessages } from '../../src/elements/avatar/bubble.js';
import { consentMessages } from '../../src/elements/avatar/consent-notice.js';
import { micHintMessages } from '../../src/elements/avatar/mic-hint-note.js';
import '../../src/elements/avatar/bubble-layout.js';

/** Every English message of the avatar: its own and its parts' (bubble, consent notice, microphone hint). */
const avatarMessages = { ...core, ...bubbleMessages, ...consentMessages, ...micHintMessages };
import { setMessages } from '../../src/elements/localized.js';
import { englishLeft } from './i18n.js';
// Web Crypto only, so it signs in the page too: the only way to get a validly signed, expired link.
import { signLaunchUrl } from '../../src/proxy/signing.js';
import { engineOf } from '../../scripts/engine-of.mjs';

interface Head {
  id: string;
  name: string;
}

let sim: SimInfo;
let head: Head;
let streamHead: Head;

const inFrame = frameCommands('dh-avatar >>> iframe');
/** Requests this page made to an origin (resource timing sees images, fetches and frames). */
const requestsTo = (origin: string) =>
  performance.getEntriesByType('resource').filter((e) => e.name.startsWith(origin));

/** The proxy's signing secret in web-test-runner.config.mjs (a site's server has it to sign at render). */
const SIGNING_SECRET = 'element-tests-signing-secret-0123456789';

/** A link for a head, signed with the proxy's secret, that expired 4 minutes ago. */
async function expiredUrl(id: string): Promise<{ url: string; exp: number }> {
  const signed = await signLaunchUrl({
    secret: SIGNING_SECRET,
    headId: id,
    ttl: 60,
    now: Math.floor(Date.now() / 1000) - 300,
  });
  const url = new URL(signed.url, sim.endpoint).href;
  return { url, exp: Number(new URL(url).searchParams.get('exp')) };
}

/** Activates while the page's clock says `at` (s): the element's own expiry check passes, the proxy's does not. */
function activateAt(el: DhAvatar, at: number): void {
  const now = Date.now;
  Date.now = () => at * 1000;
  try {
    void el.activate();
  } finally {
    Date.now = now;
  }
}

/** The same link with its signature changed in one character. */
const tamper = (url: string) =>
  url.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'a' ? 'b' : 'a'}`);

/** Makes the page's fetch() answer every launch request with this error; returns the undo. */
function refuseLaunches(status: number, error: { code: string; message: string }): () => void {
  const real = window.fetch;
  window.fetch = (input, init) =>
    String(input instanceof Request ? input.url : input).includes('/launch')
      ? Promise.resolve(
          new Response(JSON.stringify({ error }), {
            status,
            headers: { 'content-type': 'application/json' },
          }),
        )
      : real(input, init);
  return () => {
    window.fetch = real;
  };
}

/** What has focus in the element, said in a word (a failing comparison of elements is hard to read, and heavy to print). */
const focused = (el: DhAvatar) => {
  const a = el.shadowRoot!.activeElement;
  return a
    ? `${a.localName}${a.getAttribute('part') ? `[part=${a.getAttribute('part')}]` : ''}${a.getAttribute('role') ? `[role=${a.getAttribute('role')}]` : ''}`
    : 'nothing';
};

/** The console lines `console.warn` gets while `run` runs (and until it settles). */
async function warnings(run: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const real = console.warn;
  console.warn = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  try {
    await run();
  } finally {
    console.warn = real;
  }
  return lines;
}

const shownError = (el: DhAvatar) =>
  el.shadowRoot!.querySelector('[part="error"]')!.textContent!.replace(/\s+/g, ' ').trim();

async function signedUrl(id: string, view = 'chat'): Promise<string> {
  const res = await fetch(`${sim.endpoint}/heads/${id}/launch?view=${view}`);
  // The proxy answers a path on itself; a site's server would print the full URL into its page.
  return new URL((await res.json()).url, sim.endpoint).href;
}

describe('<dh-avatar>', () => {
  before(async () => {
    sim = await simInfo();
    // The proxy is on another origin than this page (and one that is down): the site's script lists them.
    configure({ trustedEndpoints: [sim.endpoint, 'http://127.0.0.1:9/dh'] });
    head = await command<Head>('sim-create-head', { name: 'Ada' });
    streamHead = await command<Head>('sim-create-head', {
      name: 'Leo',
      stream: true,
      splitterOff: true,
    });
  });

  afterEach(() => {
    delete (document as { permissionsPolicy?: unknown }).permissionsPolicy;
  });

  describe('accessibility', () => {
    it('is accessible as a facade', async () => {
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>`,
      );
      await waitUntil(() => button(el, /Talk to Ada/), 'the summary arrives');
      await expectAccessible(el);
    });

    it('is accessible when ready, with the frame named after the head', async () => {
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} loading="eager"></dh-avatar>`,
      );
      await oneEvent(el, 'dh-load');
      expect(frameOf(el)!.title).to.equal('Ada, digital human');
      await expectAccessible(el);
    });

    it('is accessible in the error state', async () => {
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id="no-such-head" endpoint=${sim.endpoint} loading="eager"></dh-avatar>`,
      );
      await oneEvent(el, 'dh-error');
      await expectAccessible(el);
    });

    it('is accessible as a bubble, closed and open', async () => {
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} layout="bubble"></dh-avatar>`,
      );
      await waitUntil(() => button(el, /Talk to Ada/));
      await expectAccessible(el);
      button(el, /Talk to Ada/)!.click();
      await oneEvent(el, 'dh-load');
      await expectAccessible(el);
    });
  });

  describe('when it has not been activated (loading="click")', () => {
    it('LIM-1 shows the poster, the name and a real button, and makes no request to the platform', async () => {
      performance.clearResourceTimings();
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>`,
      );
      await waitUntil(() => button(el, /Talk to Ada/));
      const poster = el.shadowRoot!.querySelector<HTMLImageElement>('img[part="poster"]')!;
      expect(poster.src).to.equal(`${sim.endpoint}/heads/${head.id}/poster`);
      await waitUntil(
        () => poster.complete && poster.naturalWidth > 0,
        'the poster loads through the proxy',
      );
      expect(frameOf(el)).to.equal(null);
      expect(requestsTo(sim.urls.origin)).to.have.length(0);
      expect(document.documentElement.outerHTML).not.to.contain('api_key');
    });

    it('keeps its box (3/4 for chat, 16/9 for stream, or --dh-avatar-aspect-ratio) so nothing shifts', async () => {
      const box = (el: DhAvatar) => el.shadowRoot!.querySelector('.box')!.getBoundingClientRect();
      const chat = await fixture<DhAvatar>(
        html`<dh-avatar style="width: 300px" head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>`,
      );
      expect(Math.round(box(chat).height)).to.equal(400);
      const stream = await fixture<DhAvatar>(
        html`<dh-avatar style="width: 320px" view="stream" head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>`,
      );
      expect(Math.round(box(stream).height)).to.equal(180);
      const square = await fixture<DhAvatar>(
        html`<dh-avatar style="width: 200px; --dh-avatar-aspect-ratio: 1" head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>`,
      );
      expect(Math.round(box(square).height)).to.equal(200);
    });

    it('uses the poster attribute over the fetched one, and shows initials with no poster at all', async () => {
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} poster="/images/ada.webp"></dh-avatar>`,
      );
      expect(el.shadowRoot!.querySelector<HTMLImageElement>('img[part="poster"]')!.src).to.equal(
        new URL('/images/ada.webp', location.href).href,
      );
      const bare = await fixture<DhAvatar>(
        html`<dh-avatar src="https://example.invalid/x" endpoint=${sim.endpoint}></dh-avatar>`,
      );
      expect(bare.shadowRoot!.querySelector('.initials')).to.exist;
      expect(button(bare, /Talk to the digital human/)).to.exist;
    });
  });

  describe('when the user activates it', () => {
    it('HEAD-8 a click loads the chat page through a signed launch URL and moves focus into it once it has loaded', async () => {
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>`,
      );
      await waitUntil(() => button(el, /Talk to Ada/));
      setTimeout(() => button(el, /Talk to Ada/)!.click());
      const activate = await oneEvent(el, 'dh-activate');
      expect(activate.detail).to.deep.equal({ trigger: 'click' });
      expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.contain(
        'Connecting to Ada',
      );
      await el.updateComplete;
      // Not into the frame yet: its page's load would drop the focus (the next Tab would skip the chat).
      expect(focused(el)).to.equal('div[role=status]');
      const load = await oneEvent(el, 'dh-load');
      await el.updateComplete;
      expect(load.detail).to.deep.equal({ view: 'chat' });
      const frame = frameOf(el)!;
      expect(frame.src).to.match(
        new RegExp(`^${sim.endpoint}/embed/${head.id}\\?view=chat&exp=\\d+&sig=[0-9a-f]{64}$`),
      );
      // Each feature is delegated to the platform page's origin, where the frame ends up, and to the
      // proxy's, whose /embed redirects there (Firefox checks both: hostile-page.test.ts).
      const to = `${new URL(sim.endpoint).origin} ${sim.urls.origin}`;
      expect(frame.getAttribute('allow')).to.equal(
        `microphone ${to}; camera ${to}; autoplay ${to}; fullscreen ${to}`,
      );
      expect(frame.getAttribute('sandbox')).to.equal(
        'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox',
      );
      expect(frame.getAttribute('referrerpolicy')).to.equal('strict-origin-when-cross-origin');
      expect(focused(el)).to.equal('iframe[part=frame]');
      await inFrame('frame-wait', { selector: 'h1', text: 'Ada' });
      await inFrame('frame-fill', { selector: 'input[name="text"]', text: 'Hello' });
      await inFrame('frame-press', { selector: 'input[name="text"]', key: 'Enter' });
      await inFrame('frame-wait', { selector: '[data-role="head"]', text: 'Hello, I am Ada' });
    });

    it('Enter on the focused button activates it (keyboard)', async () => {
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>`,
      );
      await waitUntil(() => button(el, /Talk to Ada/));
      button(el, /Talk to Ada/)!.focus();
      setTimeout(() => sendKeys({ press: 'Enter' }));
      expect((await oneEvent(el, 'dh-activate')).detail.trigger).to.equal('click');
      await oneEvent(el, 'dh-load');
    });

    it("keyboard, on a page of another origin than the proxy's: Enter on the button, and one Tab reaches the chat's message box", async () => {
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>`,
      );
      await waitUntil(() => button(el, /Talk to Ada/));
      button(el, /Talk to Ada/)!.focus();
      setTimeout(() => press('Enter'));
      await oneEvent(el, 'dh-load');
      await el.updateComplete;
      await inFrame('frame-wait', { selector: 'input[name="text"]' });
      // Focus is in the frame's page (focused before that page had loaded, it would be lost, and the Tab would leave the chat).
      await press('Tab');
      expect(
        await inFrame('frame-eval', {
          selector: 'body',
          script: 'document.activeElement && document.activeElement.id',
        }),
      ).to.equal('message');
    });

    it('STREAM-4 view="stream" loads the stream page', async () => {
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${streamHead.id} endpoint=${sim.endpoint} view="stream"></dh-avatar>`,
      );
      await waitUntil(() => button(el, /Talk to Leo/));
      button(el, /Talk to Leo/)!.click();
      expect((await oneEvent(el, 'dh-load')).detail).to.deep.equal({ view: 'stream' });
      expect(frameOf(el)!.src).to.contain('view=stream');
      await inFrame('frame-wait', { selector: 'main[data-view="stream"] h1', text: 'Leo' });
    });

    it("label and allow set the frame's name and permissions", async () => {
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} loading="eager" label="Ask our guide" allow="autoplay"></dh-avatar>`,
      );
      await oneEvent(el, 'dh-load');
      expect(frameOf(el)!.title).to.equal('Ask our guide');
      expect(frameOf(el)!.getAttribute('allow')).to.equal(
        `autoplay ${new URL(sim.endpoint).origin} ${sim.urls.origin}`,
      );
    });

    it("a click with head-id costs two proxy requests (the launch, then the frame's embed) and reads the head from the platform at most once", async () => {
      const fresh = await command<Head>('sim-create-head', { name: 'Once' });
      const reads = () =>
        command<number>('sim-requests', { method: 'GET', path: `/head/${fresh.id}` });
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${fresh.id} endpoint=${sim.endpoint}></dh-avatar>`,
      );
      await waitUntil(
        () => el.shadowRoot!.textContent!.includes('Talk to Once'),
        "the facade has the head's name",
      );
      // The poster is the facade's: loaded before the count starts (Firefox may finish it later).
      await waitUntil(
        () =>
          el.shadowRoot!.querySelector<HTMLImageElement>('img[part="poster"]')?.complete !== false,
        'the poster has loaded',
      );
      performance.clearResourceTimings();
      const before = await reads();
      setTimeout(() => button(el, /Talk to/)!.click());
      await oneEvent(el, 'dh-load');
      const proxied = requestsTo(sim.endpoint).map((e) => new URL(e.name).pathname);
      expect(proxied).to.deep.equal([`/dh/heads/${fresh.id}/launch`, `/dh/embed/${fresh.id}`]);
      expect((await reads()) - before).to.be.at.most(1);
    });

    it('reload() asks for a new launch URL and loads the page again', async () => {
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} loading="eager"></dh-avatar>`,
      );
      await oneEvent(el, 'dh-load');
      const launches = () =>
        requestsTo(sim.endpoint).filter((e) => e.name.includes('/launch')).length;
      const before = launches();
      setTimeout(() => el.reload());
      expect((await oneEvent(el, 'dh-activate')).detail.trigger).to.equal('method');
      await oneEvent(el, 'dh-load');
      expect(launches()).to.equal(before + 1);
    });

    it('a Permissions-Policy that blocks the microphone shows a hint once the page adds dh-kit/avatar/mic-hint (none before)', async () => {
      Object.defineProperty(document, 'permissionsPolicy', {
        value: { allowsFeature: (f: string) => f !== 'microphone' },
        configurable: true,
      });
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} loading="eager"></dh-avatar>`,
      );
      await oneEvent(el, 'dh-load');
      await el.updateComplete;
      expect(
        el.shadowRoot!.querySelector('[part="hint"]') === null,
        'no hint without the part',
      ).to.equal(true);
      // Added after the element has loaded (a site's own lazy import): it shows there too.
      await import('../../src/elements/avatar/mic-hint.js');
      await waitUntil(() => el.shadowRoot!.querySelector('[part="hint"]'), 'the hint shows');
      const hint = el.shadowRoot!.querySelector<HTMLElement>('[part="hint"]')!;
      expect(hint.textContent).to.contain('does not allow the microphone');
      // Its own rules, beside the element's.
      expect(getComputedStyle(hint).position).to.equal('absolute');
    });

    it("where the engine does not expose the page's Permissions-Policy (Firefox, WebKit), no hint and the page loads", async () => {
      const exposed = 'permissionsPolicy' in document || 'featurePolicy' in document;
      // Chromium exposes it (the test above); Firefox and WebKit do not: the platform page says so when it asks.
      expect(exposed, navigator.userAgent).to.equal(engineOf(navigator.userAgent) === 'chromium');
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} loading="eager"></dh-avatar>`,
      );
      await oneEvent(el, 'dh-load');
      await el.updateComplete;
      // (Booleans: a failed assertion on a DOM node hangs @web/test-runner instead of reporting.)
      expect(el.shadowRoot!.querySelector('[part="hint"]') === null, 'no hint').to.equal(true);
      expect(frameOf(el) !== null, 'a frame').to.equal(true);
    });
  });

  describe('preconnect', () => {
    // Each test names a proxy origin no other test of this page uses (preconnects are once per
    // page): the proxy as `localhost` instead of the 127.0.0.1 that sim-info gives, and other
    // loopback addresses. With `src` and no `head-id` the elements themselves request nothing.
    const links = (origin: string) =>
      document.head.querySelectorAll(`link[rel="preconnect"][href="${origin}"]`).length;
    const twoAvatars = async (endpoint: string) => {
      const wrapper = await fixture<HTMLDivElement>(
        html`<div><dh-avatar src="https://example.invalid/x" endpoint=${endpoint}></dh-avatar><dh-avatar src="https://example.invalid/y" endpoint=${endpoint}></dh-avatar></div>`,
      );
      return [...wrapper.querySelectorAll('dh-avatar')];
    };

    it('a page that has not added dh-kit/avatar/preconnect makes none', async () => {
      const endpoint = sim.endpoint.replace('//127.0.0.1:', '//127.0.0.4:');
      configure({ trustedEndpoints: [endpoint] });
      const [a] = await twoAvatars(endpoint);
      a!.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      a!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      expect(links(new URL(endpoint).origin)).to.equal(0);
    });

    describe('with dh-kit/avatar/preconnect', () => {
      before(() => import('../../src/elements/avatar/preconnect.js'));

      it('pointerover warms the connection to a proxy on another origin, once per page', async () => {
        const endpoint = sim.endpoint.replace('//127.0.0.1:', '//localhost:');
        const origin = new URL(endpoint).origin;
        expect(origin).not.to.equal(new URL(sim.endpoint).origin);
        configure({ trustedEndpoints: [endpoint] });
        const [a, b] = await twoAvatars(endpoint);
        expect(links(origin)).to.equal(0, 'nothing before the pointer comes');
        a!.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
        b!.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
        expect(links(origin)).to.equal(1, 'one link for the origin, ever');
        expect(frameOf(a!)).to.equal(null, 'preconnect does not load anything');
      });

      it('focusin warms the connection too, once per page', async () => {
        const endpoint = sim.endpoint.replace('//127.0.0.1:', '//127.0.0.2:');
        const origin = new URL(endpoint).origin;
        configure({ trustedEndpoints: [endpoint] });
        const [a, b] = await twoAvatars(endpoint);
        expect(links(origin)).to.equal(0, 'nothing before focus comes');
        a!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
        b!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
        expect(links(origin)).to.equal(1, 'one link for the origin, ever');
        expect(frameOf(b!)).to.equal(null, 'preconnect does not load anything');
      });

      it('an endpoint the page does not trust gets no connection, not even a preconnect', async () => {
        const endpoint = sim.endpoint.replace('//127.0.0.1:', '//127.0.0.3:');
        const [a] = await twoAvatars(endpoint);
        a!.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
        a!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
        expect(links(new URL(endpoint).origin)).to.equal(0);
      });
    });
  });

  describe('loading="lazy" and "eager"', () => {
    it('lazy loads only when the element comes near the viewport', async () => {
      const wrapper = await fixture<HTMLDivElement>(
        html`<div style="height: 300px; overflow: auto"><div style="height: 3000px"></div><dh-avatar head-id=${head.id} endpoint=${sim.endpoint} loading="lazy"></dh-avatar></div>`,
      );
      const el = wrapper.querySelector('dh-avatar')!;
      await new Promise((r) => setTimeout(r, 300));
      expect(frameOf(el)).to.equal(null);
      setTimeout(() => el.scrollIntoView());
      expect((await oneEvent(el, 'dh-activate')).detail.trigger).to.equal('visible');
      await oneEvent(el, 'dh-load');
    });

    it('eager loads at once, without taking focus', async () => {
      const el = document.createElement('dh-avatar');
      el.headId = head.id;
      el.endpoint = sim.endpoint;
      el.loading = 'eager';
      const activated = oneEvent(el, 'dh-activate');
      document.body.append(el);
      expect((await activated).detail.trigger).to.equal('eager');
      await oneEvent(el, 'dh-load');
      expect(document.activeElement).not.to.equal(el);
      el.remove();
    });

    it('loading set to "eager" after it is on the page loads it at once', async () => {
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>`,
      );
      await new Promise((r) => setTimeout(r, 100));
      expect(frameOf(el)).to.equal(null, 'loading="click" waits');
      setTimeout(() => (el.loading = 'eager'));
      expect((await oneEvent(el, 'dh-activate')).detail.trigger).to.equal('eager');
      await oneEvent(el, 'dh-load');
    });

    it('loading set to "lazy" after it is on the page loads it when it comes near the viewport', async () => {
      const wrapper = await fixture<HTMLDivElement>(
        html`<div style="height: 300px; overflow: auto"><div style="height: 3000px"></div><dh-avatar head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar></div>`,
      );
      const el = wrapper.querySelector('dh-avatar')!;
      el.setAttribute('loading', 'lazy');
      await new Promise((r) => setTimeout(r, 300));
      expect(frameOf(el)).to.equal(null, 'still far from the viewport');
      setTimeout(() => el.scrollIntoView());
      expect((await oneEvent(el, 'dh-activate')).detail.trigger).to.equal('visible');
      await oneEvent(el, 'dh-load');
    });
  });

  describe('when it is taken out of the page and put back', () => {
    it('while loading: it loads when it is back, instead of staying in "Connecting…"', async () => {
      const wrapper = await fixture<HTMLDivElement>(
        html`<div><dh-avatar head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar></div>`,
      );
      const el = wrapper.querySelector('dh-avatar')!;
      await waitUntil(() => button(el, /Talk to Ada/));
      button(el, /Talk to Ada/)!.click();
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.contain('Connecting');
      // The launch request is in flight: removal aborts it.
      el.remove();
      await new Promise((r) => setTimeout(r, 50));
      let loaded = false;
      el.addEventListener('dh-load', () => (loaded = true));
      wrapper.append(el);
      await waitUntil(() => loaded, 'it loads once it is back');
      expect(frameOf(el)!.src).to.contain(`/embed/${head.id}?`);
      expect(el.shadowRoot!.querySelector('[role="status"]') === null).to.equal(true);
    });

    it('while showing the page: it loads again from a fresh launch URL (the old frame is gone)', async () => {
      // Listened for before the fixture: WebKit may load the frame before fixture() returns.
      const loaded = oneEvent(document, 'dh-load');
      const wrapper = await fixture<HTMLDivElement>(
        html`<div><dh-avatar head-id=${head.id} endpoint=${sim.endpoint} loading="eager"></dh-avatar></div>`,
      );
      const el = wrapper.querySelector('dh-avatar')!;
      await loaded;
      const launches = () =>
        requestsTo(sim.endpoint).filter((e) => e.name.includes(`/heads/${head.id}/launch`)).length;
      const before = launches();
      el.remove();
      setTimeout(() => wrapper.append(el));
      await oneEvent(el, 'dh-load');
      expect(launches()).to.equal(before + 1);
    });
  });

  describe("with a src signed by the site's server", () => {
    it('loads that URL with no launch request', async () => {
      const url = await signedUrl(head.id);
      performance.clearResourceTimings();
      const el = await fixture<DhAvatar>(
        html`<dh-avatar src=${url} endpoint=${sim.endpoint} loading="eager"></dh-avatar>`,
      );
      await oneEvent(el, 'dh-load');
      expect(frameOf(el)!.src).to.equal(url);
      // The proxy's check named the platform page's origin: the frame's features are delegated there
      // (and to the proxy's, which the frame's URL is on).
      const via = `${new URL(sim.endpoint).origin} ${sim.urls.origin}`;
      expect(frameOf(el)!.getAttribute('allow')).to.equal(`autoplay ${via}; fullscreen ${via}`);
      expect(requestsTo(sim.endpoint).filter((e) => e.name.includes('/launch'))).to.have.length(0);
    });

    it('an expired src with a head-id is replaced by a fresh launch URL', async () => {
      const expired = (await signedUrl(head.id)).replace(/exp=\d+/, 'exp=1000');
      const el = await fixture<DhAvatar>(
        html`<dh-avatar src=${expired} head-id=${head.id} endpoint=${sim.endpoint} loading="eager"></dh-avatar>`,
      );
      await oneEvent(el, 'dh-load');
      expect(frameOf(el)!.src).not.to.equal(expired);
      expect(frameOf(el)!.src).to.contain(`/embed/${head.id}?`);
    });

    it("a tampered signature is the error state in visitor words (reload the page), not a frame; the proxy's words go to dh-error", async () => {
      const url = tamper(await signedUrl(head.id));
      performance.clearResourceTimings();
      const el = await fixture<DhAvatar>(
        html`<dh-avatar src=${url} endpoint=${sim.endpoint}></dh-avatar>`,
      );
      setTimeout(() => button(el, /Talk to/)!.click());
      const error = await oneEvent(el, 'dh-error');
      expect(error.detail.code).to.equal('launch_invalid');
      expect(error.detail.message).to.equal(
        'This launch link is not valid for this head and view. Ask the page for a new one.',
      );
      await el.updateComplete;
      expect(frameOf(el)).to.equal(null);
      expect(shownError(el)).to.equal('This conversation link is not valid. Reload the page.');
      // Trying the same link again cannot help.
      expect(button(el, /Try again/)).to.equal(undefined);
      // The check asked the proxy, and the proxy's redirect was not followed.
      expect(requestsTo(sim.endpoint).filter((e) => e.name.includes('/embed/'))).to.have.length(1);
      expect(requestsTo(sim.urls.origin)).to.have.length(0);
    });

    it("an src the proxy finds expired (the page's clock is behind) is the error state", async () => {
      const { url, exp } = await expiredUrl(head.id);
      const el = await fixture<DhAvatar>(
        html`<dh-avatar src=${url} endpoint=${sim.endpoint}></dh-avatar>`,
      );
      const error = oneEvent(el, 'dh-error');
      activateAt(el, exp - 60);
      expect((await error).detail).to.deep.equal({
        code: 'launch_expired',
        message: 'This launch link has expired. Reload the page to get a new one.',
      });
      await el.updateComplete;
      expect(frameOf(el)).to.equal(null);
    });

    it('…and with a head-id as well, a fresh launch URL replaces it', async () => {
      const { url, exp } = await expiredUrl(head.id);
      const el = await fixture<DhAvatar>(
        html`<dh-avatar src=${url} head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>`,
      );
      const load = oneEvent(el, 'dh-load');
      activateAt(el, exp - 60);
      await load;
      expect(frameOf(el)!.src).not.to.equal(url);
      expect(frameOf(el)!.src).to.contain(`/embed/${head.id}?`);
    });

    it('when the check cannot reach the proxy (network, CORS), the frame loads the link anyway', async () => {
      const url = await signedUrl(head.id);
      const real = window.fetch;
      window.fetch = (input, init) =>
        String(input).includes('/embed/')
          ? Promise.reject(new TypeError('Failed to fetch'))
          : real(input, init);
      try {
        const el = await fixture<DhAvatar>(
          html`<dh-avatar src=${url} endpoint=${sim.endpoint} loading="eager"></dh-avatar>`,
        );
        await oneEvent(el, 'dh-load');
        expect(frameOf(el)!.src).to.equal(url);
        // Where the link leads is not known: no feature is delegated.
        expect(frameOf(el)!.getAttribute('allow')).to.equal('');
      } finally {
        window.fetch = real;
      }
    });

    it('an expired src alone is an error that says to reload the page', async () => {
      const expired = (await signedUrl(head.id)).replace(/exp=\d+/, 'exp=1000');
      const el = await fixture<DhAvatar>(
        html`<dh-avatar src=${expired} endpoint=${sim.endpoint}></dh-avatar>`,
      );
      setTimeout(() => el.activate());
      const error = await oneEvent(el, 'dh-error');
      await el.updateComplete;
      expect(error.detail.code).to.equal('launch_expired');
      expect(el.shadowRoot!.querySelector('[part="error"]')!.textContent).to.contain(
        'Reload the page',
      );
    });
  });

  describe('when the launch fails', () => {
    it("a head that does not exist shows so on the facade at once (its summary is a 404): visitor words, no button, the proxy's words in dh-error and one console line", async () => {
      const missing = '00000000-0000-4000-8000-000000000000';
      let el!: DhAvatar;
      let error!: CustomEvent<{ code: string; message: string }>;
      const lines = await warnings(async () => {
        el = await fixture<DhAvatar>(
          html`<dh-avatar head-id=${missing} endpoint=${sim.endpoint}></dh-avatar>`,
        );
        error = await oneEvent(el, 'dh-error');
      });
      expect(error.detail).to.deep.equal({
        code: 'not_found',
        message:
          'The avatar platform has nothing with this id. Check the id, or ask the site owner.',
      });
      expect(error.bubbles && error.composed).to.equal(true);
      expect(lines).to.deep.equal([`dh-kit <dh-avatar>: ${error.detail.message} (not_found)`]);
      await el.updateComplete;
      expect(shownError(el)).to.equal('The digital human isn’t available right now.');
      expect(el.shadowRoot!.querySelectorAll('button')).to.have.length(0);
      // Pointed at a real head, it is a facade again.
      el.headId = head.id;
      await waitUntil(() => button(el, /Talk to Ada/), 'the facade is back');
    });

    it('a head the site does not publish: "Ada isn\'t available right now", no Try again (it cannot help), focus on the message; the proxy\'s words go to dh-error', async () => {
      const message =
        'Head x is not published on this site. Add it to DH_PUBLIC_HEADS (or "*" for all).';
      const undo = refuseLaunches(404, { code: 'head_not_published', message });
      try {
        const el = await fixture<DhAvatar>(
          html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>`,
        );
        await waitUntil(() => button(el, /Talk to Ada/));
        button(el, /Talk to Ada/)!.focus();
        setTimeout(() => sendKeys({ press: 'Enter' }));
        const error = await oneEvent(el, 'dh-error');
        expect(error.detail).to.deep.equal({ code: 'head_not_published', message });
        await el.updateComplete;
        expect(shownError(el)).to.equal('Ada isn’t available right now.');
        expect(button(el, /Try again/)).to.equal(undefined);
        expect(frameOf(el)).to.equal(null);
        // The pressed button is gone: focus is on what replaced it, not lost to <body>.
        expect(focused(el)).to.equal('div[part=error][role=alert]');
      } finally {
        undo();
      }
    });

    for (const [status, code, message, shown, retry] of [
      [
        403,
        'launch_refused',
        'This site does not allow a conversation from this page.',
        'Ada isn’t available right now.',
        false,
      ],
      [
        502,
        'platform_auth_failed',
        'The platform refused the organisation key (401): check DH_EMAIL and DH_SECRET_KEY.',
        'Ada isn’t available right now.',
        false,
      ],
      [
        429,
        'rate_limited',
        'Too many requests: at most 5 a minute. Try again in 40 s.',
        'Too many requests right now. Please try again in a moment.',
        true,
      ],
      [
        503,
        'platform_busy',
        'The avatar platform answered 503: busy.',
        'The avatar platform is busy. Please try again in a moment.',
        true,
      ],
      // The head's session budget, set by the site's owner: busy for now, or spent for the day.
      [
        429,
        'head_busy',
        'The head has 2 conversations running, its limit (concurrentSessions). Try again in 60 s.',
        'This digital human is talking with other visitors right now. Please try again in a minute.',
        true,
      ],
      [
        429,
        'head_budget_spent',
        "The head's 30 minutes for today are spent (minutesPerDay).",
        'This digital human has no more time for conversations today. Please come back tomorrow.',
        false,
      ],
      [
        429,
        'visitor_daily_limit',
        'This visitor has had 3 launches of the head today (launchesPerVisitorPerDay).',
        "You've had today's conversations here. Please come back tomorrow.",
        false,
      ],
    ] as const) {
      it(`a launch refused with ${status} (${code}): visitor words${retry ? ', and Try again (focused), which recovers' : ', no Try again'}; dh-error has the proxy's`, async () => {
        const undo = refuseLaunches(status, { code, message });
        try {
          const el = await fixture<DhAvatar>(
            html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>`,
          );
          await waitUntil(() => button(el, /Talk to Ada/));
          setTimeout(() => button(el, /Talk to Ada/)!.click());
          const error = await oneEvent(el, 'dh-error');
          expect(error.detail).to.deep.equal({ code, message });
          await el.updateComplete;
          expect(shownError(el)).to.equal(retry ? `${shown} Try again` : shown);
          if (!retry) {
            expect(button(el, /Try again/)).to.equal(undefined);
            return;
          }
          expect(focused(el)).to.equal('button[part=button]');
          expect(button(el, /Try again/)!.matches(':focus')).to.equal(true);
          undo();
          button(el, /Try again/)!.click();
          await oneEvent(el, 'dh-load');
          await el.updateComplete;
          expect(focused(el)).to.equal('iframe[part=frame]');
        } finally {
          undo();
        }
      });
    }

    it('a proxy that cannot be reached while the browser is online: the visitor reads that it cannot be reached now (not advice about their connection) and Try again; the URL goes to dh-error', async () => {
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint="http://127.0.0.1:9/dh" loading="eager"></dh-avatar>`,
      );
      const error = await oneEvent(el, 'dh-error');
      expect(error.detail.code).to.equal('network');
      expect(error.detail.message).to.equal(
        `http://127.0.0.1:9/dh/heads/${head.id}/launch?view=chat could not be reached.`,
      );
      await el.updateComplete;
      expect(shownError(el)).to.equal(
        "The assistant can't be reached right now. Please try again in a moment. Try again",
      );
    });

    it('with the browser offline the visitor reads that they are offline, and Try again', async () => {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
      try {
        const el = await fixture<DhAvatar>(
          html`<dh-avatar head-id=${head.id} endpoint="http://127.0.0.1:9/dh" loading="eager"></dh-avatar>`,
        );
        const error = await oneEvent(el, 'dh-error');
        expect(error.detail.code).to.equal('offline');
        await el.updateComplete;
        expect(shownError(el)).to.equal(
          "You're offline. Check your connection and try again. Try again",
        );
      } finally {
        delete (navigator as { onLine?: boolean }).onLine;
      }
    });

    it("a proxy that is up but does not answer this page's origin (CORS) is told apart from the network, before any click: the facade shows the unavailable state with no Talk button, the origin to allow goes to dh-error and one console line", async () => {
      // The platform's own API is up and sends no CORS headers to this page: as a proxy that does not list this origin.
      configure({ trustedEndpoints: [sim.info.baseUrl] });
      let el!: DhAvatar;
      const errors: { code: string; message: string }[] = [];
      const lines = await warnings(async () => {
        el = await fixture<DhAvatar>(
          html`<dh-avatar head-id=${head.id} endpoint=${sim.info.baseUrl}></dh-avatar>`,
        );
        el.addEventListener('dh-error', (e) => errors.push(e.detail));
        // Before any click (a failure here names itself in seconds, not at the test's time-out).
        await waitUntil(() => errors.length > 0, 'dh-error before any click');
      });
      expect(errors[0]).to.deep.equal({
        code: 'cors_refused',
        message: `${sim.info.baseUrl}/heads/${head.id} refused this page: allow ${location.origin} on the proxy (npx dh-kit origins add ${location.origin}, or DH_ALLOWED_ORIGINS).`,
      });
      expect(lines).to.have.length(1);
      await el.updateComplete;
      expect(shownError(el)).to.equal('The digital human isn’t available right now.');
      expect(el.shadowRoot!.querySelectorAll('button').length).to.equal(
        0,
        'no button that leads nowhere',
      );
    });

    it('an endpoint the page does not trust is refused before any request, and the facade says unavailable at once', async () => {
      let requests = 0;
      const real = window.fetch;
      window.fetch = (input, init) => {
        requests++;
        return real(input, init);
      };
      // Refused without a request, so at once: heard on the document, set up before the element.
      const codes: string[] = [];
      const onError = (e: Event) => codes.push((e as CustomEvent<{ code: string }>).detail.code);
      document.addEventListener('dh-error', onError);
      try {
        const el = await fixture<DhAvatar>(
          html`<dh-avatar head-id=${head.id} endpoint="https://untrusted.example/dh"></dh-avatar>`,
        );
        await waitUntil(() => codes.length > 0, 'dh-error');
        expect(codes).to.deep.equal(['untrusted_endpoint']);
        await el.updateComplete;
        expect(shownError(el)).to.equal('The digital human isn’t available right now.');
        expect(el.shadowRoot!.querySelectorAll('button').length).to.equal(0);
        expect(requests).to.equal(0, 'nothing was asked of the untrusted address');
      } finally {
        window.fetch = real;
        document.removeEventListener('dh-error', onError);
      }
    });

    it('no head-id and no src is an error that says what to set', async () => {
      const el = await fixture<DhAvatar>(html`<dh-avatar></dh-avatar>`);
      setTimeout(() => el.activate());
      expect((await oneEvent(el, 'dh-error')).detail.message).to.contain('head-id');
    });
  });

  describe('theming', () => {
    it('--dh-avatar-accent colours the button, and ::part(button) styles reach it', async () => {
      const style = document.createElement('style');
      style.textContent = 'dh-avatar.themed::part(button) { border-radius: 3px; }';
      document.head.append(style);
      try {
        const el = await fixture<DhAvatar>(
          html`<dh-avatar class="themed" style="--dh-avatar-accent: rgb(200, 10, 20)" src="https://example.invalid/x"></dh-avatar>`,
        );
        const talk = button(el, /Talk to/)!;
        expect(getComputedStyle(talk).backgroundColor).to.equal('rgb(200, 10, 20)');
        expect(getComputedStyle(talk).borderTopLeftRadius).to.equal('3px');
        const plain = await fixture<DhAvatar>(
          html`<dh-avatar src="https://example.invalid/x"></dh-avatar>`,
        );
        expect(getComputedStyle(button(plain, /Talk to/)!).backgroundColor).to.equal(
          'rgb(37, 99, 235)',
          'the default accent',
        );
        expect(getComputedStyle(button(plain, /Talk to/)!).borderTopLeftRadius).not.to.equal('3px');
      } finally {
        style.remove();
      }
    });

    it('pasted inline with no CSS of the site it is a reading column wide at most, never taller than the window, and keeps its shape', async () => {
      const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
      const boxOf = (el: DhAvatar) =>
        el.shadowRoot!.querySelector<HTMLElement>('.box')!.getBoundingClientRect();
      const within = async (width: string, template: ReturnType<typeof html>) => {
        const wrapper = await fixture<HTMLDivElement>(
          html`<div style="width: ${width}">${template}</div>`,
        );
        const el = wrapper.querySelector('dh-avatar') as DhAvatar;
        await el.updateComplete;
        return el;
      };
      // A page's whole width (1200 px): 28rem, 3 / 4, not a 1200 × 1600 box.
      const wide = boxOf(
        await within('1200px', html`<dh-avatar src="https://example.invalid/x"></dh-avatar>`),
      );
      expect(Math.round(wide.width)).to.equal(
        Math.round(Math.min(28 * rem, (innerHeight * 3) / 4)),
        'the width of a reading column, or less in a short window',
      );
      expect(wide.height).to.be.at.most(innerHeight + 1, 'never taller than the window');
      expect(Math.abs(wide.height - (wide.width * 4) / 3)).to.be.below(1.5, 'its shape kept');
      // A lower ceiling: narrower, same shape.
      const low = boxOf(
        await within(
          '1200px',
          html`<dh-avatar style="--dh-avatar-max-height: 300px" src="https://example.invalid/x"></dh-avatar>`,
        ),
      );
      expect([Math.round(low.width), Math.round(low.height)]).to.deep.equal([225, 300]);
      // A narrow column (a phone): its whole width.
      const narrow = boxOf(
        await within('300px', html`<dh-avatar src="https://example.invalid/x"></dh-avatar>`),
      );
      expect(Math.round(narrow.width)).to.equal(300);
      // The site widens it: none fills the container (up to the window's height).
      const filled = boxOf(
        await within(
          '500px',
          html`<dh-avatar style="--dh-avatar-max-width: none; --dh-avatar-max-height: 2000px" src="https://example.invalid/x"></dh-avatar>`,
        ),
      );
      expect(Math.round(filled.width)).to.equal(500);
      // The bubble keeps its own sizes: no column width on its host.
      const bubble = await fixture<DhAvatar>(
        html`<dh-avatar layout="bubble" src="https://example.invalid/x"></dh-avatar>`,
      );
      expect(getComputedStyle(bubble).maxWidth).to.equal('none');
    });

    it('a CMS block lowers the bubble: --dh-avatar-z-index and --dh-avatar-position reach the launcher and the panel', async () => {
      const plain = await fixture<DhAvatar>(
        html`<dh-avatar layout="bubble" src="https://example.invalid/x"></dh-avatar>`,
      );
      const launcher = (el: DhAvatar) =>
        getComputedStyle(el.shadowRoot!.querySelector('[part="launcher"]')!);
      expect(launcher(plain).position).to.equal('fixed');
      expect(launcher(plain).zIndex).to.equal('2147483000');
      const lowered = await fixture<DhAvatar>(
        html`<dh-avatar layout="bubble" style="--dh-avatar-position: absolute; --dh-avatar-z-index: 10" src="https://example.invalid/x"></dh-avatar>`,
      );
      expect(launcher(lowered).position).to.equal('absolute');
      expect(launcher(lowered).zIndex).to.equal('10');
      const panel = getComputedStyle(lowered.shadowRoot!.querySelector('[part="panel"]')!);
      expect([panel.position, panel.zIndex]).to.deep.equal(['absolute', '10']);
    });
  });

  describe('events', () => {
    it('dh-activate, dh-load, dh-open, dh-close and dh-error bubble and are composed (a listener on document gets them)', async () => {
      const seen: Event[] = [];
      const types = ['dh-activate', 'dh-load', 'dh-open', 'dh-close', 'dh-error'];
      const record = (e: Event) => seen.push(e);
      for (const t of types) document.addEventListener(t, record);
      try {
        const bubble = await fixture<DhAvatar>(
          html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} layout="bubble"></dh-avatar>`,
        );
        const launcher = bubble.shadowRoot!.querySelector<HTMLButtonElement>('[part="launcher"]')!;
        launcher.click();
        await oneEvent(bubble, 'dh-load');
        launcher.click();
        const broken = await fixture<DhAvatar>(
          html`<dh-avatar endpoint=${sim.endpoint}></dh-avatar>`,
        );
        setTimeout(() => broken.activate());
        await oneEvent(broken, 'dh-error');
      } finally {
        for (const t of types) document.removeEventListener(t, record);
      }
      expect(seen.map((e) => e.type)).to.deep.equal([
        'dh-open',
        'dh-activate',
        'dh-load',
        'dh-close',
        'dh-activate',
        'dh-error',
      ]);
      for (const e of seen) {
        expect(e.bubbles, `${e.type} bubbles`).to.equal(true);
        expect(e.composed, `${e.type} is composed`).to.equal(true);
      }
    });
  });

  describe('layout="bubble"', () => {
    it('opens a panel from the launcher; Escape closes it and focus returns to the launcher', async () => {
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} layout="bubble"></dh-avatar>`,
      );
      await waitUntil(() => button(el, /Talk to Ada/));
      const launcher = el.shadowRoot!.querySelector<HTMLButtonElement>('[part="launcher"]')!;
      const panel = el.shadowRoot!.querySelector<HTMLElement>('[part="panel"]')!;
      expect(launcher.getAttribute('aria-expanded')).to.equal('false');
      expect(panel.hidden).to.equal(true);
      expect(frameOf(el)).to.equal(null);
      launcher.focus();
      setTimeout(() => sendKeys({ press: 'Enter' }));
      await oneEvent(el, 'dh-open');
      expect(launcher.getAttribute('aria-expanded')).to.equal('true');
      await oneEvent(el, 'dh-load');
      expect(panel.hidden).to.equal(false);
      el.shadowRoot!.querySelector<HTMLButtonElement>('[part="close"]')!.focus();
      setTimeout(() => sendKeys({ press: 'Escape' }));
      await oneEvent(el, 'dh-close');
      await el.updateComplete;
      expect(panel.hidden).to.equal(true);
      await waitUntil(
        () => el.shadowRoot!.activeElement === launcher,
        'focus returns to the launcher',
      );
    });

    it('Escape on the launcher closes the open panel (focus went into the frame, then back to the launcher)', async () => {
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} layout="bubble"></dh-avatar>`,
      );
      const launcher = el.shadowRoot!.querySelector<HTMLButtonElement>('[part="launcher"]')!;
      const panel = el.shadowRoot!.querySelector<HTMLElement>('[part="panel"]')!;
      launcher.click();
      await oneEvent(el, 'dh-load');
      await el.updateComplete;
      expect(focused(el)).to.equal('iframe[part=frame]', 'activation moves focus into the frame');
      let closes = 0;
      el.addEventListener('dh-close', () => closes++);
      // The chat page may still focus its own field as it settles: focus the launcher, and press
      // Escape there once focus is really on it (a key pressed in the frame is the page's own).
      await waitUntil(
        async () => {
          launcher.focus();
          if (el.shadowRoot!.activeElement === launcher && !panel.hidden)
            await sendKeys({ press: 'Escape' });
          await el.updateComplete;
          return panel.hidden;
        },
        'Escape on the launcher closed the panel',
        { interval: 300 },
      );
      expect(closes).to.equal(1);
      expect(launcher.getAttribute('aria-expanded')).to.equal('false');
      await waitUntil(
        () => el.shadowRoot!.activeElement === launcher,
        'focus stays on the launcher',
      );
    });

    it('Escape with the panel closed does nothing and lets the key go on to the page', async () => {
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} layout="bubble"></dh-avatar>`,
      );
      let closes = 0;
      let reached = false;
      el.addEventListener('dh-close', () => closes++);
      const onKey = (e: KeyboardEvent) => (reached ||= e.key === 'Escape');
      document.addEventListener('keydown', onKey);
      el.shadowRoot!.querySelector<HTMLButtonElement>('[part="launcher"]')!.focus();
      await sendKeys({ press: 'Escape' });
      document.removeEventListener('keydown', onKey);
      expect(closes).to.equal(0);
      expect(reached).to.equal(true);
    });

    it('the close button closes it, and reopening keeps the same conversation', async () => {
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} layout="bubble" position="bottom-left"></dh-avatar>`,
      );
      const launcher = el.shadowRoot!.querySelector<HTMLButtonElement>('[part="launcher"]')!;
      expect(getComputedStyle(launcher).left).to.equal('20px');
      launcher.click();
      await oneEvent(el, 'dh-load');
      const frame = frameOf(el);
      setTimeout(() => el.shadowRoot!.querySelector<HTMLButtonElement>('[part="close"]')!.click());
      await oneEvent(el, 'dh-close');
      launcher.click();
      await el.updateComplete;
      expect(frameOf(el)).to.equal(frame);
    });
  });
});

describe("<dh-avatar> in the page's language", () => {
  before(async () => {
    sim ??= await simInfo();
    head ??= await command<Head>('sim-create-head', { name: 'Ada' });
  });

  const inLang = (lang: string, dir = 'ltr', attrs = '') =>
    fixture<HTMLDivElement>(
      `<div lang="${lang}" dir="${dir}"><dh-avatar head-id="${head.id}" endpoint="${sim.endpoint}" ${attrs}></dh-avatar></div>`,
    );
  const avatarIn = (wrapper: HTMLElement) => wrapper.querySelector('dh-avatar')!;

  for (const [lang, dir, talk] of [
    ['de', 'ltr', 'Mit Ada sprechen'],
    ['ar', 'rtl', 'Ada'],
    ['ja', 'ltr', 'Ada'],
  ] as const) {
    it(`lang="${lang}": the facade, its label and the bubble have no English left, and are accessible`, async () => {
      const wrapper = await inLang(lang, dir);
      const el = avatarIn(wrapper);
      await waitUntil(
        () => el.shadowRoot!.querySelector('button')?.textContent?.includes('Ada'),
        'the summary arrives',
      );
      expect(el.currentLocale).to.equal(lang);
      expect(el.shadowRoot!.querySelector('button')!.textContent).to.contain(talk);
      expect(
        await englishLeft(el.shadowRoot!, 'avatar', avatarMessages, lang, ['Ada']),
      ).to.deep.equal([]);
      await expectAccessible(el);
      el.layout = 'bubble';
      await el.updateComplete;
      expect(
        await englishLeft(el.shadowRoot!, 'avatar', avatarMessages, lang, ['Ada']),
      ).to.deep.equal([]);
    });
  }

  it('lang="de": loading, the frame\'s name, the errors and Try again are German', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      `<div lang="de"><dh-avatar head-id="${head.id}" endpoint="${sim.endpoint}"></dh-avatar></div>`,
    );
    const el = avatarIn(wrapper);
    await waitUntil(
      () => el.shadowRoot!.querySelector('button')?.textContent?.includes('Ada'),
      'the summary arrives',
    );
    const undo = refuseLaunches(429, {
      code: 'rate_limited',
      message: 'Too many requests: at most 5 a minute. Try again in 40 s.',
    });
    const failed = oneEvent(el, 'dh-error');
    void el.activate();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.contain('Verbindung');
    const error = (await failed).detail;
    undo();
    await el.updateComplete;
    // The event keeps the proxy's words for the site's developer; the visitor reads German.
    expect(error.message).to.match(/[a-z]/);
    const shown = el.shadowRoot!.querySelector('[part="error"]')!.textContent!;
    expect(shown).to.contain('Zurzeit gibt es zu viele Anfragen');
    expect(shown).to.contain('Erneut versuchen');
    expect(shown).not.to.contain(error.message);
    expect(await englishLeft(el.shadowRoot!, 'avatar', avatarMessages, 'de')).to.deep.equal([]);

    // A head that is not there: its name is not known, and trying again cannot help.
    const gone = refuseLaunches(404, {
      code: 'not_found',
      message: 'The avatar platform has nothing with this id.',
    });
    el.reload();
    await oneEvent(el, 'dh-error');
    gone();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part="error"]')!.textContent!.trim()).to.equal(
      'Ada ist gerade nicht verfügbar.',
    );

    el.headId = head.id;
    await el.reload();
    await oneEvent(el, 'dh-load');
    expect(frameOf(el)!.title).to.equal('Ada, digitaler Mensch');
  });

  it("follows a change of the page's lang, and its own locale property wins over lang", async () => {
    const wrapper = await inLang('de');
    const el = avatarIn(wrapper);
    await waitUntil(() =>
      el.shadowRoot!.querySelector('button')?.textContent?.includes('Mit Ada sprechen'),
    );
    wrapper.lang = 'fr';
    await waitUntil(
      () =>
        el.currentLocale === 'fr' &&
        el.shadowRoot!.querySelector('button')!.textContent!.includes('Ada'),
    );
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('button')!.textContent).not.to.contain('Mit Ada sprechen');
    expect(
      await englishLeft(el.shadowRoot!, 'avatar', avatarMessages, 'fr', ['Ada']),
    ).to.deep.equal([]);
    el.setAttribute('lang', 'en-GB');
    await waitUntil(
      () => el.shadowRoot!.querySelector('button')!.textContent!.includes('Talk to Ada'),
      'its own lang is nearer',
    );
    el.locale = 'de-AT';
    await waitUntil(
      () => el.shadowRoot!.querySelector('button')!.textContent!.includes('Mit Ada sprechen'),
      'locale wins',
    );
    expect(el.currentLocale).to.equal('de');
  });

  it("inside another element's shadow root, it follows a change of lang there, its own or an ancestor's in that tree", async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = `<div lang="de"><dh-avatar head-id="${head.id}" endpoint="${sim.endpoint}"></dh-avatar></div>`;
    const wrapper = root.querySelector<HTMLElement>('div')!;
    const el = avatarIn(wrapper);
    const talk = () => el.shadowRoot!.querySelector('button')?.textContent ?? '';
    await waitUntil(() => talk().includes('Mit Ada sprechen'), 'German, from the lang above it');
    wrapper.lang = 'fr';
    await waitUntil(
      () => talk().includes('Ada') && !talk().includes('Mit Ada sprechen'),
      "French, from an ancestor's lang",
    );
    expect(el.currentLocale).to.equal('fr');
    el.setAttribute('lang', 'en-GB');
    await waitUntil(() => talk().includes('Talk to Ada'), 'its own lang');
  });

  it('a language the kit does not ship is English, and sites add or override messages (setMessages, messages)', async () => {
    const wrapper = await inLang('sv');
    const el = avatarIn(wrapper);
    await waitUntil(() =>
      el.shadowRoot!.querySelector('button')?.textContent?.includes('Talk to Ada'),
    );
    setMessages('sv', { avatar: { talkTo: (name) => `Prata med ${name ?? 'oss'}` } });
    await waitUntil(() =>
      el.shadowRoot!.querySelector('button')!.textContent!.includes('Prata med Ada'),
    );
    expect(el.currentLocale).to.equal('sv');
    el.messages = { talkTo: () => 'Ring oss' };
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('button')!.textContent!.trim()).to.equal('Ring oss');
    // The rest is English, the language the kit falls back to.
    el.layout = 'bubble';
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part="close"]')!.textContent).to.equal('Close');
    // A tag Intl cannot read (it would name the locale for plurals and dates) is refused, clearly.
    for (const bad of ['de_AT', 'x-pirate', ''])
      expect(() => setMessages(bad, { avatar: { close: 'Zu' } })).to.throw(
        RangeError,
        /not a language tag; use one like "sv"/,
      );
  });

  it("says on the facade that the head speaks another language than the page, in the page's words", async () => {
    const spanish = await command<Head>('sim-create-head', { name: 'Lola', language: 'es-ES' });
    const de = avatarIn(
      await fixture<HTMLDivElement>(
        `<div lang="de"><dh-avatar head-id="${spanish.id}" endpoint="${sim.endpoint}"></dh-avatar></div>`,
      ),
    );
    await waitUntil(() => de.shadowRoot!.querySelector('[part="language"]'), 'the summary arrives');
    expect(de.shadowRoot!.querySelector('[part="language"]')!.textContent).to.equal(
      'Spricht Spanisch',
    );
    const es = avatarIn(
      await fixture<HTMLDivElement>(
        `<div lang="es-MX"><dh-avatar head-id="${spanish.id}" endpoint="${sim.endpoint}"></dh-avatar></div>`,
      ),
    );
    await waitUntil(() => es.shadowRoot!.querySelector('button')?.textContent?.includes('Lola'));
    expect(es.shadowRoot!.querySelector('[part="language"]') === null).to.equal(true);
    // Ada speaks en-US: nothing to say on an English page.
    const en = await fixture<DhAvatar>(
      html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} lang="en"></dh-avatar>`,
    );
    await waitUntil(() => button(en, /Talk to Ada/));
    expect(en.shadowRoot!.querySelector('[part="language"]') === null).to.equal(true);
  });

  it('under dir="rtl" the bubble\'s corner mirrors: bottom-right is at the left, bottom-left at the right', async () => {
    const wrapper = await inLang('ar', 'rtl', 'layout="bubble"');
    const el = avatarIn(wrapper);
    await el.updateComplete;
    const launcher = () =>
      el.shadowRoot!.querySelector<HTMLElement>('[part="launcher"]')!.getBoundingClientRect();
    expect(launcher().left < innerWidth / 2).to.equal(true);
    el.position = 'bottom-left';
    await el.updateComplete;
    expect(launcher().right > innerWidth / 2).to.equal(true);
    // A page that wants the physical corner says so with dir on the element.
    el.position = 'bottom-right';
    el.dir = 'ltr';
    await el.updateComplete;
    expect(launcher().right > innerWidth / 2).to.equal(true);
  });
});

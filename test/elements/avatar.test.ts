/**
 * <dh-avatar> in a real Chromium, against the real proxy and simulator (started by the test
 * runner, on other origins than this page: the element talks CORS to the proxy, like a CMS page).
 */
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../src/elements/avatar/avatar.js';
import type { DhAvatar } from '../../src/elements/avatar/avatar.js';

interface SimInfo {
  info: { baseUrl: string };
  urls: { origin: string };
  endpoint: string;
}
interface Head {
  id: string;
  name: string;
}

let sim: SimInfo;
let head: Head;
let streamHead: Head;

const command = <T>(name: string, payload?: unknown) => executeServerCommand<T, unknown>(name, payload);
const frameOf = (el: DhAvatar) => el.shadowRoot!.querySelector('iframe');
const inFrame = <T>(name: string, payload: Record<string, unknown>) => command<T>(name, { frame: 'dh-avatar iframe', ...payload });
const button = (el: DhAvatar, name: RegExp) => [...el.shadowRoot!.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''))!;
/** Requests this page made to an origin (resource timing sees images, fetches and frames). */
const requestsTo = (origin: string) => performance.getEntriesByType('resource').filter((e) => e.name.startsWith(origin));

async function signedUrl(id: string, view = 'chat'): Promise<string> {
  const res = await fetch(`${sim.endpoint}/heads/${id}/launch?view=${view}`);
  // The proxy answers a path on itself; a site's server would print the full URL into its page.
  return new URL((await res.json()).url, sim.endpoint).href;
}

describe('<dh-avatar>', () => {
  before(async () => {
    sim = await command<SimInfo>('sim-info');
    head = await command<Head>('sim-create-head', { name: 'Ada' });
    streamHead = await command<Head>('sim-create-head', { name: 'Leo', stream: true, splitterOff: true });
  });

  afterEach(() => {
    delete (document as { permissionsPolicy?: unknown }).permissionsPolicy;
  });

  describe('accessibility', () => {
    it('is accessible as a facade', async () => {
      const el = await fixture<DhAvatar>(html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>`);
      await waitUntil(() => button(el, /Talk to Ada/), 'the summary arrives');
      await expect(el).to.be.accessible();
    });

    it('is accessible when ready, with the frame named after the head', async () => {
      const el = await fixture<DhAvatar>(html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} loading="eager"></dh-avatar>`);
      await oneEvent(el, 'dh-load');
      expect(frameOf(el)!.title).to.equal('Ada, digital human');
      await expect(el).to.be.accessible();
    });

    it('is accessible in the error state', async () => {
      const el = await fixture<DhAvatar>(html`<dh-avatar head-id="no-such-head" endpoint=${sim.endpoint} loading="eager"></dh-avatar>`);
      await oneEvent(el, 'dh-error');
      await expect(el).to.be.accessible();
    });

    it('is accessible as a bubble, closed and open', async () => {
      const el = await fixture<DhAvatar>(html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} layout="bubble"></dh-avatar>`);
      await waitUntil(() => button(el, /Talk to Ada/));
      await expect(el).to.be.accessible();
      button(el, /Talk to Ada/).click();
      await oneEvent(el, 'dh-load');
      await expect(el).to.be.accessible();
    });
  });

  describe('when it has not been activated (loading="click")', () => {
    it('LIM-1 shows the poster, the name and a real button, and makes no request to the platform', async () => {
      performance.clearResourceTimings();
      const el = await fixture<DhAvatar>(html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>`);
      await waitUntil(() => button(el, /Talk to Ada/));
      const poster = el.shadowRoot!.querySelector<HTMLImageElement>('img[part="poster"]')!;
      expect(poster.src).to.equal(`${sim.endpoint}/heads/${head.id}/poster`);
      await waitUntil(() => poster.complete && poster.naturalWidth > 0, 'the poster loads through the proxy');
      expect(frameOf(el)).to.equal(null);
      expect(requestsTo(sim.urls.origin)).to.have.length(0);
      expect(document.documentElement.outerHTML).not.to.contain('api_key');
    });

    it('keeps its box (3/4 for chat, 16/9 for stream, or --dh-avatar-aspect-ratio) so nothing shifts', async () => {
      const box = (el: DhAvatar) => el.shadowRoot!.querySelector('.box')!.getBoundingClientRect();
      const chat = await fixture<DhAvatar>(html`<dh-avatar style="width: 300px" head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>`);
      expect(Math.round(box(chat).height)).to.equal(400);
      const stream = await fixture<DhAvatar>(html`<dh-avatar style="width: 320px" view="stream" head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>`);
      expect(Math.round(box(stream).height)).to.equal(180);
      const square = await fixture<DhAvatar>(
        html`<dh-avatar style="width: 200px; --dh-avatar-aspect-ratio: 1" head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>`,
      );
      expect(Math.round(box(square).height)).to.equal(200);
    });

    it('uses the poster attribute over the fetched one, and shows initials with no poster at all', async () => {
      const el = await fixture<DhAvatar>(html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} poster="data:image/gif;base64,R0lGODlhAQABAAAAACw="></dh-avatar>`);
      expect(el.shadowRoot!.querySelector<HTMLImageElement>('img[part="poster"]')!.src).to.match(/^data:image\/gif/);
      const bare = await fixture<DhAvatar>(html`<dh-avatar src="https://example.invalid/x" endpoint=${sim.endpoint}></dh-avatar>`);
      expect(bare.shadowRoot!.querySelector('.initials')).to.exist;
      expect(button(bare, /Talk to the digital human/)).to.exist;
    });
  });

  describe('when the user activates it', () => {
    it('HEAD-8 a click loads the chat page through a signed launch URL and moves focus into it', async () => {
      const el = await fixture<DhAvatar>(html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>`);
      await waitUntil(() => button(el, /Talk to Ada/));
      setTimeout(() => button(el, /Talk to Ada/).click());
      const activate = await oneEvent(el, 'dh-activate');
      expect(activate.detail).to.deep.equal({ trigger: 'click' });
      expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent).to.contain('Connecting to Ada');
      const load = await oneEvent(el, 'dh-load');
      expect(load.detail).to.deep.equal({ view: 'chat' });
      const frame = frameOf(el)!;
      expect(frame.src).to.match(new RegExp(`^${sim.endpoint}/embed/${head.id}\\?view=chat&exp=\\d+&sig=[0-9a-f]{64}$`));
      expect(frame.getAttribute('allow')).to.equal('microphone; camera; autoplay; fullscreen');
      expect(frame.getAttribute('referrerpolicy')).to.equal('strict-origin-when-cross-origin');
      expect(el.shadowRoot!.activeElement).to.equal(frame);
      await inFrame('frame-wait', { selector: 'h1', text: 'Ada' });
      await inFrame('frame-fill', { selector: 'input[name="text"]', text: 'Hello' });
      await inFrame('frame-press', { selector: 'input[name="text"]', key: 'Enter' });
      await inFrame('frame-wait', { selector: '[data-role="head"]', text: 'Hello, I am Ada' });
    });

    it('Enter on the focused button activates it (keyboard)', async () => {
      const el = await fixture<DhAvatar>(html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>`);
      await waitUntil(() => button(el, /Talk to Ada/));
      button(el, /Talk to Ada/).focus();
      setTimeout(() => sendKeys({ press: 'Enter' }));
      expect((await oneEvent(el, 'dh-activate')).detail.trigger).to.equal('click');
      await oneEvent(el, 'dh-load');
    });

    it('STREAM-4 view="stream" loads the stream page', async () => {
      const el = await fixture<DhAvatar>(html`<dh-avatar head-id=${streamHead.id} endpoint=${sim.endpoint} view="stream"></dh-avatar>`);
      await waitUntil(() => button(el, /Talk to Leo/));
      button(el, /Talk to Leo/).click();
      expect((await oneEvent(el, 'dh-load')).detail).to.deep.equal({ view: 'stream' });
      expect(frameOf(el)!.src).to.contain('view=stream');
      await inFrame('frame-wait', { selector: 'main[data-view="stream"] h1', text: 'Leo' });
    });

    it('label and allow set the frame\'s name and permissions', async () => {
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} loading="eager" label="Ask our guide" allow="autoplay"></dh-avatar>`,
      );
      await oneEvent(el, 'dh-load');
      expect(frameOf(el)!.title).to.equal('Ask our guide');
      expect(frameOf(el)!.getAttribute('allow')).to.equal('autoplay');
    });

    it('reload() asks for a new launch URL and loads the page again', async () => {
      const el = await fixture<DhAvatar>(html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} loading="eager"></dh-avatar>`);
      await oneEvent(el, 'dh-load');
      const launches = () => requestsTo(sim.endpoint).filter((e) => e.name.includes('/launch')).length;
      const before = launches();
      setTimeout(() => el.reload());
      expect((await oneEvent(el, 'dh-activate')).detail.trigger).to.equal('method');
      await oneEvent(el, 'dh-load');
      expect(launches()).to.equal(before + 1);
    });

    it('a Permissions-Policy that blocks the microphone shows a hint', async () => {
      Object.defineProperty(document, 'permissionsPolicy', { value: { allowsFeature: (f: string) => f !== 'microphone' }, configurable: true });
      const el = await fixture<DhAvatar>(html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} loading="eager"></dh-avatar>`);
      await oneEvent(el, 'dh-load');
      await el.updateComplete;
      expect(el.shadowRoot!.querySelector('[part="hint"]')!.textContent).to.contain('does not allow the microphone');
    });
  });

  describe('preconnect', () => {
    it('warms the connection to a proxy on another origin once per page, on pointerover or focusin', async () => {
      const links = () => document.head.querySelectorAll(`link[rel="preconnect"][href="${new URL(sim.endpoint).origin}"]`).length;
      const before = links();
      const a = await fixture<DhAvatar>(html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>`);
      const b = await fixture<DhAvatar>(html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>`);
      a.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      b.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      expect(links()).to.equal(Math.max(before, 1), 'one link for the origin, ever');
      expect(frameOf(a)).to.equal(null, 'preconnect does not load anything');
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
  });

  describe('with a src signed by the site\'s server', () => {
    it('loads that URL with no launch request', async () => {
      const url = await signedUrl(head.id);
      performance.clearResourceTimings();
      const el = await fixture<DhAvatar>(html`<dh-avatar src=${url} loading="eager"></dh-avatar>`);
      await oneEvent(el, 'dh-load');
      expect(frameOf(el)!.src).to.equal(url);
      expect(requestsTo(sim.endpoint).filter((e) => e.name.includes('/launch'))).to.have.length(0);
    });

    it('an expired src with a head-id is replaced by a fresh launch URL', async () => {
      const expired = (await signedUrl(head.id)).replace(/exp=\d+/, 'exp=1000');
      const el = await fixture<DhAvatar>(html`<dh-avatar src=${expired} head-id=${head.id} endpoint=${sim.endpoint} loading="eager"></dh-avatar>`);
      await oneEvent(el, 'dh-load');
      expect(frameOf(el)!.src).not.to.equal(expired);
      expect(frameOf(el)!.src).to.contain(`/embed/${head.id}?`);
    });

    it('an expired src alone is an error that says to reload the page', async () => {
      const expired = (await signedUrl(head.id)).replace(/exp=\d+/, 'exp=1000');
      const el = await fixture<DhAvatar>(html`<dh-avatar src=${expired}></dh-avatar>`);
      setTimeout(() => el.activate());
      const error = await oneEvent(el, 'dh-error');
      await el.updateComplete;
      expect(error.detail.code).to.equal('launch_expired');
      expect(el.shadowRoot!.querySelector('[part="error"]')!.textContent).to.contain('Reload the page');
    });
  });

  describe('when the launch fails', () => {
    it('shows the proxy\'s message and a retry button, and fires dh-error', async () => {
      const el = await fixture<DhAvatar>(html`<dh-avatar head-id="no-such-head" endpoint=${sim.endpoint}></dh-avatar>`);
      button(el, /Talk to/).click();
      const error = await oneEvent(el, 'dh-error');
      expect(error.detail.code).to.equal('not_found');
      expect(error.bubbles && error.composed).to.equal(true);
      const alert = el.shadowRoot!.querySelector('[role="alert"]')!;
      expect(alert.textContent).to.contain(error.detail.message);
      // Pointing it at a real head and retrying recovers.
      el.headId = head.id;
      button(el, /Try again/).click();
      await oneEvent(el, 'dh-load');
      expect(el.shadowRoot!.activeElement).to.equal(frameOf(el));
    });

    it('a proxy that cannot be reached is a network error in plain words', async () => {
      const el = await fixture<DhAvatar>(html`<dh-avatar head-id=${head.id} endpoint="http://127.0.0.1:9/dh" loading="eager"></dh-avatar>`);
      const error = await oneEvent(el, 'dh-error');
      expect(error.detail.code).to.equal('network');
      expect(error.detail.message).to.contain('could not be reached');
    });

    it('no head-id and no src is an error that says what to set', async () => {
      const el = await fixture<DhAvatar>(html`<dh-avatar></dh-avatar>`);
      setTimeout(() => el.activate());
      expect((await oneEvent(el, 'dh-error')).detail.message).to.contain('head-id');
    });
  });

  describe('layout="bubble"', () => {
    it('opens a panel from the launcher; Escape closes it and focus returns to the launcher', async () => {
      const el = await fixture<DhAvatar>(html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} layout="bubble"></dh-avatar>`);
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
      await waitUntil(() => el.shadowRoot!.activeElement === launcher, 'focus returns to the launcher');
    });

    it('the close button closes it, and reopening keeps the same conversation', async () => {
      const el = await fixture<DhAvatar>(html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} layout="bubble" position="bottom-left"></dh-avatar>`);
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

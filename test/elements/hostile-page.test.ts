/**
 * The elements on a hostile page: the markup (a CMS editor's, an injected snippet's) names URLs and
 * endpoints, and a proxy on another origin (test/support/attacker-plugin.mjs: it records
 * every request with its headers) answers what it likes. Nothing may run in this page, nothing
 * may be framed but a signed launch link, and the site's credentials go only to its own proxy.
 */
import { setupIgnoreWindowResizeObserverLoopErrors } from '@lit-labs/virtualizer/support/resize-observer-errors.js';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from './wait.js';
import { command, frameCommands, frameOf, simInfo, type SimInfo } from './support.js';
import { configure } from '../../src/index.js';
import type {
  DhAvatar,
  DhErrorDetail,
  DhFacePicker,
  DhHeadForm,
  DhVideoStudio,
} from '../../src/index.js';
import { engineOf } from '../../scripts/engine-of.mjs';

interface Logged {
  method: string;
  path: string;
  headers: Record<string, string>;
}
interface Head {
  id: string;
}

declare global {
  interface Window {
    __dhPwned?: boolean;
  }
}

const attackerLog = () => command<{ origin: string; requests: Logged[] }>('attacker-log');
const inFrame = frameCommands('dh-avatar >>> iframe');
const ADMIN = { authorization: 'Bearer admin-token-of-the-site' };
const DEFAULT_SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';
/** The engine this page runs in. */
const engine = engineOf(navigator.userAgent);

let sim: SimInfo;
let head: Head;
/** The hostile proxy: loopback http (so "secure"), not this page's origin, and not trusted until a test's script lists it. */
let attacker: string;
/** A launch link the proxy signed for `head`. */
let signed: string;
const messages: unknown[] = [];
const onMessage = (e: MessageEvent) => messages.push(e.data);

/** Waits for the element's dh-error while `act` runs, then lets it render. */
async function errorOf(
  el: HTMLElement,
  act: () => unknown = () => undefined,
): Promise<DhErrorDetail> {
  const error = oneEvent(el, 'dh-error');
  await act();
  const { detail } = await error;
  await (el as DhAvatar).updateComplete;
  return detail;
}

/** Nothing ran in this page and nothing was framed. */
async function nothingRan(el: DhAvatar): Promise<void> {
  await new Promise((r) => setTimeout(r, 100));
  expect(frameOf(el), 'no frame').to.equal(null);
  expect(window.__dhPwned, 'no script ran in the page').to.equal(undefined);
  expect(messages, 'no framed page posted a message').to.deep.equal([]);
  // The visitor reads that it is not available; why (a refused link) is the operator's, in dh-error and the console.
  expect(el.shadowRoot!.querySelector('[part="error"]')!.textContent!.trim()).to.match(
    /^(The digital human|Mallory) isn’t available right now\.$/,
  );
}

/** A page of HTML at a same-origin blob: URL (it could reach this page's cookies if framed). */
const blobPage = () =>
  URL.createObjectURL(
    new Blob(['<script>parent.__dhPwned = true</script>'], { type: 'text/html' }),
  );

describe('the elements on a hostile page', () => {
  // Benign: the pickers' virtualizer observers may take more than a frame (its README, "ResizeObserver loop").
  setupIgnoreWindowResizeObserverLoopErrors(beforeEach, afterEach);
  before(async () => {
    sim = await simInfo();
    // The site's own proxy, on another origin than this page: its script lists it. The attacker's is not listed (yet).
    configure({ trustedEndpoints: [sim.endpoint] });
    head = await command<Head>('sim-create-head', { name: 'Ada' });
    attacker = `${(await attackerLog()).origin}/attacker/dh`;
    const res = await fetch(`${sim.endpoint}/heads/${head.id}/launch?view=chat`);
    signed = new URL((await res.json()).url, sim.endpoint).href;
    window.addEventListener('message', onMessage);
  });
  after(() => window.removeEventListener('message', onMessage));
  beforeEach(async () => {
    messages.length = 0;
    delete window.__dhPwned;
    await attackerLog();
  });

  describe('<dh-avatar src> from the markup', () => {
    const hostile: [string, () => string][] = [
      ['javascript:', () => 'javascript:parent.__dhPwned=true'],
      ['data:', () => 'data:text/html,<script>parent.postMessage("pwned","*")</script>'],
      ['vbscript:', () => 'vbscript:msgbox(1)'],
      ['blob:', blobPage],
      [
        'a foreign https URL',
        () => `https://evil.example/dh/embed/x?view=chat&exp=9999999999&sig=${'a'.repeat(64)}`,
      ],
      ['a launch link on the proxy with no signature', () => `${sim.endpoint}/embed/x?view=chat`],
      [
        'another route of the proxy',
        () => `${sim.endpoint}/heads/x?view=chat&exp=9999999999&sig=${'a'.repeat(64)}`,
      ],
    ];
    for (const [name, url] of hostile) {
      it(`${name} as the attribute frames nothing, runs nothing, fetches nothing`, async () => {
        performance.clearResourceTimings();
        const el = await fixture<DhAvatar>(html`<dh-avatar endpoint=${sim.endpoint}></dh-avatar>`);
        el.setAttribute('src', url());
        el.setAttribute('loading', 'eager');
        const error = await errorOf(el);
        expect(error.code).to.equal('unsafe_url');
        await nothingRan(el);
        expect(
          performance.getEntriesByType('resource').filter((e) => e.name.includes('/embed/')),
          'the link was not even checked',
        ).to.have.length(0);
      });

      it(`${name} as the property, set after a signed page was shown, takes the page away and frames nothing`, async () => {
        const el = await fixture<DhAvatar>(html`<dh-avatar endpoint=${sim.endpoint}></dh-avatar>`);
        const load = oneEvent(el, 'dh-load');
        el.src = signed;
        el.loading = 'eager';
        await load;
        const error = await errorOf(el, () => {
          el.src = url();
        });
        expect(error.code).to.equal('unsafe_url');
        await nothingRan(el);
      });
    }

    it("a link a server signed for a proxy on another origin is framed only when the element's endpoint is that proxy", async () => {
      const url = signed;
      // The endpoint stays this page's /dh: a trust list naming the proxy's origin (the before
      // hook's) is not enough, the link must be exactly the endpoint's /embed/<id>.
      const refused = await fixture<DhAvatar>(html`<dh-avatar src=${url}></dh-avatar>`);
      expect((await errorOf(refused, () => refused.activate())).code).to.equal('unsafe_url');
      const el = await fixture<DhAvatar>(
        html`<dh-avatar src=${url} endpoint=${sim.endpoint} loading="eager"></dh-avatar>`,
      );
      await oneEvent(el, 'dh-load');
      expect(frameOf(el)!.src).to.equal(url);
    });
  });

  describe('markup alone cannot choose the endpoint', () => {
    it('an injected avatar naming a proxy of its own, eager, with the microphone and a wider sandbox, frames nothing and asks that proxy nothing', async () => {
      // The attack guarded against: no script, only a tag a sanitizer lets through.
      const errors: DhErrorDetail[] = [];
      const wrapper = await fixture<HTMLElement>(
        html`<div @dh-error=${(e: CustomEvent<DhErrorDetail>) => errors.push(e.detail)}>
          <dh-avatar head-id="own-origin" endpoint=${attacker} loading="eager" allow="microphone; camera" sandbox="allow-modals"></dh-avatar>
        </div>`,
      );
      const el = wrapper.querySelector('dh-avatar')!;
      await waitUntil(
        () => errors.length > 0 && el.shadowRoot!.querySelector('[part="error"]'),
        'the avatar says why',
      );
      expect(errors.map((e) => e.code)).to.deep.equal(['untrusted_endpoint']);
      expect(errors[0]!.message, 'the site owner reads what to do').to.contain(
        'configure({trustedEndpoints})',
      );
      expect(frameOf(el), 'no frame').to.equal(null);
      expect(
        (await attackerLog()).requests,
        'nothing reached the proxy the markup named',
      ).to.deep.equal([]);
    });

    it('another path of a trusted origin is no proxy: an upload named as endpoint and src frames nothing', async () => {
      // The page's own origin, but not its /dh: e.g. a file someone uploaded, shaped like a launch link.
      const upload = `${location.origin}/uploads/u1`;
      const el = await fixture<DhAvatar>(
        html`<dh-avatar endpoint=${upload} src=${`${upload}/embed/x?view=chat&exp=${Math.floor(Date.now() / 1000) + 60}&sig=${'a'.repeat(64)}`}></dh-avatar>`,
      );
      const error = await errorOf(el, () => el.activate());
      expect(error.code).to.equal('untrusted_endpoint');
      expect(frameOf(el), 'no frame').to.equal(null);
    });

    it("pickers, the studio and the head form ask an endpoint the site did not list nothing, with or without the site's headers", async () => {
      const refusals: DhErrorDetail[] = [];
      const picker = await fixture<DhFacePicker>(
        html`<dh-face-picker endpoint=${attacker} .headers=${ADMIN} @dh-error=${(e: CustomEvent<DhErrorDetail>) => refusals.push(e.detail)}></dh-face-picker>`,
      );
      await waitUntil(
        () => picker.shadowRoot!.querySelector('[role="alert"]'),
        'the picker says it cannot load',
      );
      // What to configure is the site owner's to read (dh-error, the console), not the visitor's.
      expect(refusals.map((r) => r.code)).to.deep.equal(['untrusted_endpoint']);
      expect(refusals[0]!.message).to.contain('configure({trustedEndpoints})');
      expect(picker.shadowRoot!.querySelector('[role="alert"]')!.textContent).not.to.contain(
        'configure',
      );
      const cookies = await fixture<DhFacePicker>(
        html`<dh-face-picker endpoint=${attacker} .credentials=${'include'}></dh-face-picker>`,
      );
      await waitUntil(
        () => cookies.shadowRoot!.querySelector('[role="alert"]'),
        'the picker says why',
      );
      const studio = await fixture<DhVideoStudio>(
        html`<dh-video-studio head-id="x" endpoint=${attacker} .headers=${ADMIN}></dh-video-studio>`,
      );
      await waitUntil(
        () => studio.shadowRoot!.querySelector('[role="alert"]'),
        'the studio says why',
      );
      // The head form hands its headers to its pickers, which load at once: they refuse as well.
      const form = await fixture<DhHeadForm>(
        html`<dh-head-form endpoint=${attacker} .headers=${ADMIN}></dh-head-form>`,
      );
      const pickers = () => [
        ...form.shadowRoot!.querySelectorAll('dh-face-picker, dh-voice-picker'),
      ];
      await waitUntil(
        () =>
          pickers().length === 2 &&
          pickers().every((p) => p.shadowRoot!.querySelector('[role="alert"]')),
        'both pickers say why',
      );
      expect((await attackerLog()).requests).to.deep.equal([]);
    });

    it('an endpoint with ? or # (which would point its routes anywhere) is refused before any request', async () => {
      for (const endpoint of [`${attacker}/webhooks?x=`, `${attacker}#`, 'javascript:alert(1)//']) {
        const el = await fixture<DhAvatar>(
          html`<dh-avatar head-id="own-origin" endpoint=${endpoint}></dh-avatar>`,
        );
        const error = await errorOf(el, () => el.activate());
        expect(error.code, endpoint).to.equal('invalid_endpoint');
      }
      expect((await attackerLog()).requests).to.deep.equal([]);
    });
  });

  describe("a proxy the site's script trusts, answering what it likes", () => {
    before(() => configure({ trustedEndpoints: [attacker] }));

    for (const name of [
      'javascript',
      'data',
      'vbscript',
      'blob',
      'foreign',
      'plain-http',
      'other-route',
      'nested-embed',
      'beside-endpoint',
      'unsigned',
    ]) {
      it(`a launch answer with a ${name} URL frames nothing and runs nothing`, async () => {
        const el = await fixture<DhAvatar>(
          html`<dh-avatar head-id=${name} endpoint=${attacker}></dh-avatar>`,
        );
        const error = await errorOf(el, () => el.activate());
        expect(error.code).to.equal('unsafe_url');
        await nothingRan(el);
      });
    }

    it('a launch link shaped right on its own origin is framed sandboxed, with no feature for a page origin like "*; geolocation *"', async () => {
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id="own-origin" endpoint=${attacker} allow="microphone; geolocation *; display-capture"></dh-avatar>`,
      );
      setTimeout(() => el.activate());
      await oneEvent(el, 'dh-load');
      const frame = frameOf(el)!;
      expect(frame.src).to.equal(`${attacker}/embed/x?${new URL(frame.src).searchParams}`);
      expect(frame.getAttribute('allow')).to.equal('');
      expect(frame.getAttribute('sandbox')).to.equal(DEFAULT_SANDBOX);
    });

    it('its poster is not shown unless it is http(s)', async () => {
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id="mallory" endpoint=${attacker}></dh-avatar>`,
      );
      await waitUntil(
        () => el.shadowRoot!.textContent!.includes('Talk to Mallory'),
        'the summary arrived',
      );
      expect(el.shadowRoot!.querySelector('img') === null).to.equal(true);
      const own = await fixture<DhAvatar>(
        html`<dh-avatar poster="javascript:parent.__dhPwned=true"></dh-avatar>`,
      );
      expect(own.shadowRoot!.querySelector('img') === null).to.equal(true);
      expect(window.__dhPwned).to.equal(undefined);
    });

    it("face thumbnails and idle videos, and the studio's mp4s, are shown only when they are http(s)", async () => {
      const picker = await fixture<DhFacePicker>(
        html`<dh-face-picker endpoint=${attacker}></dh-face-picker>`,
      );
      const cells = () => [...picker.shadowRoot!.querySelectorAll('[part="cell"]')];
      await waitUntil(
        () => cells().some((c) => c.textContent!.includes('Ada')),
        'the faces arrived',
      );
      const cell = (name: string) => cells().find((c) => c.textContent!.includes(name))!;
      expect(
        cell('Eve').querySelector('img, video'),
        'the javascript: face keeps its name, without media',
      ).to.equal(null);
      expect(cell('Ada').querySelector('img')!.getAttribute('src')).to.equal(
        `${attacker.replace('/dh', '')}/ada.png`,
      );
      const studio = await fixture<DhVideoStudio>(
        html`<dh-video-studio head-id="x" endpoint=${attacker}></dh-video-studio>`,
      );
      const stills = () => [
        ...studio.shadowRoot!.querySelectorAll<HTMLVideoElement>('[part="item"] video'),
      ];
      await waitUntil(() => stills().length === 2, 'the gallery arrived');
      expect(stills().map((v) => v.getAttribute('src'))).to.deep.equal([
        null,
        `${attacker.replace('/dh', '')}/good.mp4#t=0.5`,
      ]);
      expect(window.__dhPwned).to.equal(undefined);
      // Stop the stills' media loads, so none reaches the attacker's log during the next test.
      for (const v of stills()) {
        v.removeAttribute('src');
        v.load();
      }
    });

    it('"..", "." and a slash as head-id are refused before any request', async () => {
      for (const id of ['..', '.', 'a/b', '../launch']) {
        const el = await fixture<DhAvatar>(
          html`<dh-avatar head-id=${id} endpoint=${attacker}></dh-avatar>`,
        );
        const error = await errorOf(el, () => el.activate());
        expect(error.code, id).to.equal('invalid_head_id');
        expect(error.message).to.contain('letters, digits, - or _');
      }
      const studio = await fixture<DhVideoStudio>(
        html`<dh-video-studio head-id=".." endpoint=${attacker}></dh-video-studio>`,
      );
      await waitUntil(
        () => studio.shadowRoot!.querySelector('[role="alert"]'),
        'the studio says why',
      );
      // (The studio still asks for the public voice list, which names no head. Only the routes
      // count: a video of the test before may still be fetching its media from the attacker.)
      expect(
        (await attackerLog()).requests
          .map((r) => r.path)
          .filter((p) => p.startsWith('/attacker/dh/') && p !== '/attacker/dh/voices'),
      ).to.deep.equal([]);
    });

    it('without headers, public data is asked for with no Authorization and no cookies', async () => {
      const picker = await fixture<DhFacePicker>(
        html`<dh-face-picker endpoint=${attacker}></dh-face-picker>`,
      );
      await waitUntil(() => picker.shadowRoot!.textContent!.includes('Ada'), 'the faces arrived');
      // The faces page; the good face's image is a plain <img> load of its own.
      // (The studio of a test before asks for the voice list, and asks again once it has failed: that one may arrive now.)
      const requests = (await attackerLog()).requests.filter(
        (r) => r.path.startsWith('/attacker/dh/') && r.path !== '/attacker/dh/voices',
      );
      expect(requests.map((r) => `${r.method} ${r.path}`)).to.deep.equal([
        'GET /attacker/dh/faces',
      ]);
      expect(requests[0]!.headers).not.to.have.property('authorization');
      expect(requests[0]!.headers).not.to.have.property('cookie');
    });

    it("once the site's script lists the endpoint with configure(), its headers go there", async () => {
      const picker = await fixture<DhFacePicker>(
        html`<dh-face-picker endpoint=${attacker} .headers=${ADMIN}></dh-face-picker>`,
      );
      await waitUntil(
        async () =>
          (await attackerLog().then((l) => l.requests)).some(
            (r) => r.method === 'GET' && r.headers.authorization === ADMIN.authorization,
          ),
        'the request arrived with the header',
      );
      expect(picker).to.exist;
    });
  });

  describe('the frame', () => {
    it('a click delegates the microphone to the platform page, where getUserMedia works (a fake device)', async () => {
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>`,
      );
      setTimeout(() => el.activate('click'));
      await oneEvent(el, 'dh-load');
      // Delegated to the proxy's origin too: Firefox checks a redirected frame's features against
      // the origin of its src (the proxy's /embed) as well as the page's, Chromium the page's only.
      expect(frameOf(el)!.getAttribute('allow')).to.contain(
        `microphone ${new URL(sim.endpoint).origin} ${sim.urls.origin}`,
      );
      await inFrame('frame-click', { selector: 'button.mic' });
      if (engine === 'webkit') {
        // WebKitGTK has no fake capture device and the headless machine no microphone: the request
        // passes the policy (undelegated, it is NotAllowedError: next test) and finds no device.
        await inFrame('frame-wait', { selector: '.status', text: 'OverconstrainedError' });
      } else {
        await inFrame('frame-wait', { selector: '.status', text: 'Listening' });
      }
    });

    it('loading="eager" does not delegate the microphone unless the site\'s script sets allow; an allow attribute cannot add it', async () => {
      const via = `${new URL(sim.endpoint).origin} ${sim.urls.origin}`;
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} loading="eager"></dh-avatar>`,
      );
      await oneEvent(el, 'dh-load');
      expect(frameOf(el)!.getAttribute('allow')).to.equal(`autoplay ${via}; fullscreen ${via}`);
      await inFrame('frame-click', { selector: 'button.mic' });
      await inFrame('frame-wait', { selector: '.status', text: 'NotAllowedError' });
      // Markup (an injected tag, a CMS editor) names the microphone: it only narrows the defaults.
      const markup = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} loading="eager" allow="microphone; camera; autoplay"></dh-avatar>`,
      );
      await oneEvent(markup, 'dh-load');
      expect(frameOf(markup)!.getAttribute('allow')).to.equal(`autoplay ${via}`);
      // The site's script asks for it: delegated.
      const asked = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} loading="eager" .allow=${'microphone'}></dh-avatar>`,
      );
      await oneEvent(asked, 'dh-load');
      expect(frameOf(asked)!.getAttribute('allow')).to.equal(`microphone ${via}`);
    });

    it('is sandboxed: the platform page cannot navigate this page; script widens the sandbox with known tokens only, markup only narrows it', async () => {
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} loading="eager"></dh-avatar>`,
      );
      await oneEvent(el, 'dh-load');
      expect(frameOf(el)!.getAttribute('sandbox')).to.equal(DEFAULT_SANDBOX);
      const here = location.href;
      await inFrame('frame-click', { selector: 'input[name="text"]' });
      const result = await inFrame<string>('frame-eval', {
        selector: 'html',
        script: `(() => { try { top.location.href = 'https://example.invalid/'; return 'asked'; } catch (e) { return e.name; } })()`,
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(location.href, `the page stayed (${result})`).to.equal(here);
      const wider = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} loading="eager" .sandbox=${'allow-downloads allow-top-navigation allow-modals'}></dh-avatar>`,
      );
      await oneEvent(wider, 'dh-load');
      expect(frameOf(wider)!.getAttribute('sandbox')).to.equal(
        `${DEFAULT_SANDBOX} allow-downloads allow-modals`,
      );
      // The same tokens as an attribute: markup keeps only the defaults it names, and adds none.
      const markup = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} loading="eager" sandbox="allow-scripts allow-same-origin allow-modals allow-top-navigation"></dh-avatar>`,
      );
      await oneEvent(markup, 'dh-load');
      expect(frameOf(markup)!.getAttribute('sandbox')).to.equal('allow-scripts allow-same-origin');
    });
  });
});

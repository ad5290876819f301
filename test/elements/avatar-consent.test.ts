/**
 * <dh-avatar consent="…">: nothing of the conversation loads before the visitor accepts (counted
 * from the page's resource timing: no launch, no frame, no request to the platform's origins, no
 * preconnect), whatever `loading` says; the answer is kept per site and version; grantConsent() and
 * revokeConsent(); storage refused; the bubble; keys, screen readers and axe; the page's language.
 *
 * The notice's module is added the way a site's own lazy import adds it, after the first tests,
 * which see a page without it (where even an answer kept on an earlier page does not count), and
 * first by a loader that waits (the part arriving after the elements have rendered).
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './wait.js';
import {
  button,
  command,
  expectAccessible,
  frameOf,
  q,
  simInfo,
  text,
  type SimInfo,
} from './support.js';
import { press } from './keys.js';
import { englishLeft } from './i18n.js';
import { addConsent, configure, type DhAvatar } from '../../src/elements/avatar/avatar.js';
import { avatarMessages } from '../../src/elements/avatar/messages.js';
import { bubbleMessages } from '../../src/elements/avatar/bubble.js';
import { micHintMessages } from '../../src/elements/avatar/mic-hint-note.js';
import '../../src/elements/avatar/bubble-layout.js';
// So that "no preconnect before Accept" is asked of a page that would make one.
import '../../src/elements/avatar/preconnect.js';

let sim: SimInfo;
let head: { id: string };

/** A version no other test (nor an earlier run in this browser) has answered. */
let versions = 0;
const newVersion = () => `terms-${Date.now()}-${++versions}`;

/** The page's requests of the conversation: launches, frames (the proxy's /embed), anything to the platform. */
const conversationRequests = () =>
  performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter(
      (url) =>
        url.startsWith(sim.urls.origin) ||
        (url.startsWith(sim.endpoint) && /\/launch\b|\/embed\//.test(new URL(url).pathname)),
    );

/** The notice's module has been fetched (it is a module of its own, added by the page). */
const noticeLoaded = () =>
  performance
    .getEntriesByType('resource')
    .some((e) => /\/avatar\/consent-notice\.[jt]s/.test(e.name));

const NOTICE = 'This conversation sends your voice and what you type to a digital human service.';
const accept = (el: DhAvatar) => button(el, /^Accept and talk$/);
const noticeText = (el: DhAvatar) => text(q(el, '[part="consent"]'));
/** A turn for `loading="eager"` and a near-viewport observer to have acted, had they been allowed to. */
const aMoment = () => new Promise((resolve) => setTimeout(resolve, 300));

/** Where the browser refuses storage (a privacy mode, a sandboxed frame): every call throws. */
function refuseStorage(): () => void {
  const { getItem, setItem, removeItem } = Storage.prototype;
  const refuse = () => {
    throw new DOMException('refused', 'SecurityError');
  };
  Object.assign(Storage.prototype, { getItem: refuse, setItem: refuse, removeItem: refuse });
  return () => Object.assign(Storage.prototype, { getItem, setItem, removeItem });
}

before(async () => {
  sim = await simInfo();
  configure({ trustedEndpoints: [sim.endpoint] });
  head = await command<{ id: string }>('sim-create-head', { name: 'Ada' });
});

afterEach(() => {
  for (const key of Object.keys(localStorage))
    if (key.startsWith('dh-kit-consent:')) localStorage.removeItem(key);
});

/**
 * The kit's events on this page, each with the avatar that fired it. A test reads them instead of
 * waiting on one: what the element does at once is checked at once, and an event still to come is
 * waited for within the wait's deadline (wait.ts), so a missing one fails in seconds, with its name.
 */
const seen: { target: EventTarget | null; type: string; detail: Record<string, unknown> }[] = [];
for (const type of ['dh-activate', 'dh-load', 'dh-consent', 'dh-close'])
  document.addEventListener(type, (e) =>
    seen.push({ target: e.target, type, detail: (e as CustomEvent).detail }),
  );
/** The details of `type` events `el` fired. */
const eventsOf = (el: Element, type: string) =>
  seen.filter((e) => e.target === el && e.type === type).map((e) => e.detail);
/** Waits (within the deadline) for `el`'s `count`th `type` event. */
const waitForEvent = (el: Element, type: string, count = 1) =>
  waitUntil(() => eventsOf(el, type).length >= count, `${type} number ${count}`);
/** What `el` answered, in order: `accepted` of each dh-consent. */
const answers = (el: Element) => eventsOf(el, 'dh-consent').map((d) => d.accepted);
/** What started `el` loading, in order: `trigger` of each dh-activate. */
const triggers = (el: Element) => eventsOf(el, 'dh-activate').map((d) => d.trigger);

describe('<dh-avatar consent> on a page that has not added dh-kit/avatar/consent', () => {
  it('loads nothing, shows no button that could start it, and the console says what to import; grantConsent() still lets it load', async () => {
    const warned: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warned.push(args.map(String).join(' '));
    performance.clearResourceTimings();
    try {
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} consent=${newVersion()} loading="eager"></dh-avatar>`,
      );
      await waitUntil(
        () => warned.some((w) => w.includes("needs import 'dh-kit/avatar/consent'")),
        'the console says what to import',
      );
      await aMoment();
      expect(conversationRequests()).to.deep.equal([]);
      expect(el.shadowRoot!.querySelectorAll('button').length, 'buttons').to.equal(0);
      expect(noticeLoaded(), 'no notice module to fetch').to.equal(false);
      el.grantConsent();
      await waitForEvent(el, 'dh-activate');
      expect(triggers(el)).to.deep.equal(['eager']);
      await waitForEvent(el, 'dh-load');
      expect(warned.filter((w) => w.includes('needs import'))).to.have.length(1);
    } finally {
      console.warn = warn;
    }
  });

  it('an answer kept on an earlier page does not count without it: nothing loads', async () => {
    const version = newVersion();
    localStorage.setItem(`dh-kit-consent:${version}`, new Date().toISOString());
    performance.clearResourceTimings();
    const el = await fixture<DhAvatar>(
      html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} consent=${version} loading="eager"></dh-avatar>`,
    );
    await aMoment();
    expect(conversationRequests()).to.deep.equal([]);
    expect(triggers(el)).to.deep.equal([]);
  });
});

describe('<dh-avatar consent> when dh-kit/avatar/consent comes after the elements have rendered', () => {
  it('an answer kept on an earlier page lets it load as `loading` says once the part is in; an answer grantConsent() gave meanwhile is kept and told then', async () => {
    const [kept, given] = [newVersion(), newVersion()];
    localStorage.setItem(`dh-kit-consent:${kept}`, new Date().toISOString());
    let arrive!: () => void;
    const arrival = new Promise<void>((resolve) => (arrive = resolve));
    // A site's own lazy import that takes its time.
    addConsent(() => arrival.then(() => import('../../src/elements/avatar/consent-notice.js')));
    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <dh-avatar head-id=${head.id} endpoint=${sim.endpoint} consent=${kept} loading="eager"></dh-avatar>
        <dh-avatar head-id=${head.id} endpoint=${sim.endpoint} consent=${given}></dh-avatar>
      </div>`,
    );
    const [remembered, granted] = [...wrapper.querySelectorAll('dh-avatar')] as DhAvatar[];
    await aMoment();
    expect(triggers(remembered!), 'nothing loads before the part is in').to.deep.equal([]);
    granted!.grantConsent();
    expect(answers(granted!), 'not told before the part is in').to.deep.equal([]);
    expect(noticeLoaded(), 'not fetched yet').to.equal(false);
    arrive();
    await waitForEvent(remembered!, 'dh-activate');
    expect(noticeLoaded(), 'the notice is a module of its own').to.equal(true);
    expect(triggers(remembered!)).to.deep.equal(['eager']);
    await waitForEvent(granted!, 'dh-consent');
    const [answer] = eventsOf(granted!, 'dh-consent');
    expect([answer!.version, answer!.accepted]).to.deep.equal([given, true]);
    expect(localStorage.getItem(`dh-kit-consent:${given}`)).to.equal(answer!.at);
    await waitForEvent(remembered!, 'dh-load');
  });
});

describe('<dh-avatar consent>', () => {
  before(() => {
    // As a site's own lazy import adds it: fetched the first time an element asks for consent.
    addConsent(() => import('../../src/elements/avatar/consent-notice.js'));
  });

  describe('accessibility', () => {
    it('is accessible asking, inline (with its link) and in the bubble panel', async () => {
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} consent=${newVersion()} consent-href="/privacy"></dh-avatar>`,
      );
      await waitUntil(() => accept(el), 'the notice shows');
      await expectAccessible(el);
      const bubble = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} consent=${newVersion()} layout="bubble" open></dh-avatar>`,
      );
      await waitUntil(() => accept(bubble), 'the notice shows in the panel');
      await expectAccessible(bubble);
    });

    it('the notice is read before the button, which it describes; Tab reaches the link, then the button, and Enter accepts', async () => {
      const wrapper = await fixture<HTMLDivElement>(
        html`<div><button id="before">Before</button><dh-avatar head-id=${head.id} endpoint=${sim.endpoint} consent=${newVersion()} consent-href="/privacy"></dh-avatar></div>`,
      );
      const el = wrapper.querySelector('dh-avatar')!;
      await waitUntil(() => accept(el), 'the notice shows');
      const notice = q(el, '[part="consent"]')!;
      expect(accept(el)!.getAttribute('aria-describedby')).to.equal(notice.id);
      expect(
        !!(notice.compareDocumentPosition(accept(el)!) & Node.DOCUMENT_POSITION_FOLLOWING),
        'the notice comes first',
      ).to.equal(true);
      wrapper.querySelector<HTMLButtonElement>('#before')!.focus();
      const focused = () => {
        const a = el.shadowRoot!.activeElement;
        return a ? `${a.localName} ${text(a)}` : 'nothing';
      };
      await press('Tab');
      expect(focused()).to.equal('a Privacy notice');
      await press('Tab');
      expect(focused()).to.equal('button Accept and talk');
      await press('Enter');
      await waitForEvent(el, 'dh-consent');
      expect([answers(el), triggers(el)]).to.deep.equal([[true], ['click']]);
      await waitForEvent(el, 'dh-load');
    });
  });

  it('asks first: before Accept no launch, no frame, nothing to the platform and no preconnect, whether it loads on click, eager or lazy; Accept loads it and fires dh-consent', async () => {
    performance.clearResourceTimings();
    const [onClick, eager, lazy] = [newVersion(), newVersion(), newVersion()];
    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <dh-avatar head-id=${head.id} endpoint=${sim.endpoint} consent=${onClick}></dh-avatar>
        <dh-avatar head-id=${head.id} endpoint=${sim.endpoint} consent=${eager} loading="eager"></dh-avatar>
        <dh-avatar head-id=${head.id} endpoint=${sim.endpoint} consent=${lazy} loading="lazy"></dh-avatar>
      </div>`,
    );
    const avatars = [...wrapper.querySelectorAll('dh-avatar')];
    await waitUntil(() => avatars.every((a) => accept(a)), 'each shows the notice');
    expect(avatars.map(noticeText)).to.deep.equal([NOTICE, NOTICE, NOTICE]);
    for (const a of avatars) {
      a.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      a.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    }
    await aMoment();
    expect(conversationRequests()).to.deep.equal([]);
    expect(avatars.map(triggers)).to.deep.equal([[], [], []]);
    expect(avatars.map((a) => frameOf(a) !== null)).to.deep.equal([false, false, false]);
    const proxyOrigin = new URL(sim.endpoint).origin;
    expect(
      document.querySelectorAll(`link[rel="preconnect"][href="${proxyOrigin}"]`).length,
    ).to.equal(0);

    const el = avatars[1]!;
    const before = Date.now();
    accept(el)!.click();
    // Accepting and starting are one press: both at once.
    expect([answers(el), triggers(el)]).to.deep.equal([[true], ['click']]);
    const [answer] = eventsOf(el, 'dh-consent');
    expect(answer!.version).to.equal(eager);
    expect(Date.parse(String(answer!.at))).to.be.within(before - 1000, Date.now() + 1000);
    expect(localStorage.getItem(`dh-kit-consent:${eager}`)).to.equal(answer!.at);
    await waitForEvent(el, 'dh-load');
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement?.localName).to.equal('iframe');
    expect(conversationRequests().map((url) => new URL(url).pathname)).to.deep.equal([
      `/dh/heads/${head.id}/launch`,
      `/dh/embed/${head.id}`,
    ]);
    // The other two are still asking (their versions were not answered).
    expect([accept(avatars[0]!), accept(avatars[2]!)].map(Boolean)).to.deep.equal([true, true]);
  });

  it('remembers the answer for the site and the version: a new avatar with it loads without asking; a new version asks again', async () => {
    const version = newVersion();
    const first = await fixture<DhAvatar>(
      html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} consent=${version}></dh-avatar>`,
    );
    await waitUntil(() => accept(first), 'the notice shows');
    accept(first)!.click();
    expect(answers(first)).to.deep.equal([true]);

    const again = await fixture<DhAvatar>(
      html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} consent=${version} loading="eager"></dh-avatar>`,
    );
    await waitForEvent(again, 'dh-activate');
    expect(triggers(again)).to.deep.equal(['eager']);
    const onClick = await fixture<DhAvatar>(
      html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} consent=${version}></dh-avatar>`,
    );
    await waitUntil(() => button(onClick, /Talk to Ada/), 'the usual facade');
    expect(!!accept(onClick), 'no notice').to.equal(false);

    const newer = await fixture<DhAvatar>(
      html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} consent=${newVersion()} loading="eager"></dh-avatar>`,
    );
    await waitUntil(() => accept(newer), 'a new version asks again');
    await aMoment();
    expect(triggers(newer)).to.deep.equal([]);
  });

  it("grantConsent() (a consent manager's callback) loads it as `loading` says; revokeConsent() closes the conversation, forgets the answer and asks again", async () => {
    const version = newVersion();
    const el = await fixture<DhAvatar>(
      html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} consent=${version} loading="eager"></dh-avatar>`,
    );
    await waitUntil(() => accept(el), 'the notice shows');
    el.grantConsent();
    expect(eventsOf(el, 'dh-consent').map((d) => [d.version, d.accepted])).to.deep.equal([
      [version, true],
    ]);
    await waitForEvent(el, 'dh-activate');
    expect(triggers(el)).to.deep.equal(['eager']);
    await waitForEvent(el, 'dh-load');

    el.revokeConsent();
    expect(eventsOf(el, 'dh-consent').map((d) => [d.version, d.accepted])).to.deep.equal([
      [version, true],
      [version, false],
    ]);
    expect(localStorage.getItem(`dh-kit-consent:${version}`)).to.equal(null);
    await el.updateComplete;
    expect(frameOf(el) === null, 'the conversation is closed').to.equal(true);
    expect(!!accept(el), 'the notice asks again').to.equal(true);
    await aMoment();
    expect(triggers(el)).to.deep.equal(['eager'], 'and it waits again (loading="eager" too)');

    // Without `consent` there is nothing to answer: no event.
    const plain = await fixture<DhAvatar>(
      html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>`,
    );
    plain.grantConsent();
    plain.revokeConsent();
    expect(answers(plain)).to.deep.equal([]);

    // The site stops asking (its consent manager took over, say): the avatar loads as `loading` says.
    el.removeAttribute('consent');
    await waitForEvent(el, 'dh-activate', 2);
    expect(triggers(el)).to.deep.equal(['eager', 'eager']);
  });

  it('where the browser refuses storage, Accept loads it, and the next avatar asks again', async () => {
    const restore = refuseStorage();
    try {
      const version = newVersion();
      const el = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} consent=${version}></dh-avatar>`,
      );
      await waitUntil(() => accept(el), 'the notice shows');
      accept(el)!.click();
      expect([answers(el), triggers(el)]).to.deep.equal([[true], ['click']]);
      await waitForEvent(el, 'dh-load');
      const next = await fixture<DhAvatar>(
        html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} consent=${version} loading="eager"></dh-avatar>`,
      );
      await waitUntil(() => accept(next), 'it asks again');
      await aMoment();
      expect(triggers(next)).to.deep.equal([]);
    } finally {
      restore();
    }
  });

  it('the site\'s own text in slot="consent"; consent-href only when it is http(s)', async () => {
    const own = await fixture<DhAvatar>(
      html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} consent=${newVersion()} consent-href="/privacy"><span slot="consent">We record nothing. <a href="/terms">Our terms</a></span></dh-avatar>`,
    );
    await waitUntil(() => accept(own), 'the notice shows');
    const slot = q<HTMLSlotElement>(own, 'slot[name="consent"]')!;
    expect(slot.assignedNodes().map((n) => text(n))).to.deep.equal([
      'We record nothing. Our terms',
    ]);

    const link = await fixture<DhAvatar>(
      html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} consent=${newVersion()} consent-href="/privacy"></dh-avatar>`,
    );
    await waitUntil(() => accept(link), 'the notice shows');
    expect(q<HTMLAnchorElement>(link, '[part="consent-link"]')!.href).to.equal(
      new URL('/privacy', location.href).href,
    );
    const script = await fixture<DhAvatar>(
      html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} consent=${newVersion()} consent-href="javascript:alert(1)"></dh-avatar>`,
    );
    await waitUntil(() => accept(script), 'the notice shows');
    expect(noticeText(script)).to.equal(NOTICE);
    expect(!!q(script, '[part="consent-link"]'), 'no link').to.equal(false);
  });

  it('in the bubble: the panel opens on the notice (focused), with no launch; Accept loads the conversation there; revokeConsent() closes the panel', async () => {
    performance.clearResourceTimings();
    const el = await fixture<DhAvatar>(
      html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} consent=${newVersion()} layout="bubble"></dh-avatar>`,
    );
    await waitUntil(() => q(el, '[part="launcher"]'), 'the launcher shows');
    q(el, '[part="launcher"]')!.click();
    await waitUntil(() => accept(el), 'the panel shows the notice');
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement?.getAttribute('part')).to.equal('consent');
    expect(noticeText(el)).to.equal(NOTICE);
    // The element's rules, the bubble's and the notice's, side by side in its shadow root.
    expect([
      getComputedStyle(accept(el)!).minHeight,
      getComputedStyle(q(el, '[part="launcher"]')!).position,
      getComputedStyle(q(el, '[part="consent"]')!).backgroundColor,
    ]).to.deep.equal(['44px', 'fixed', 'rgba(0, 0, 0, 0.6)']);
    await aMoment();
    expect(conversationRequests()).to.deep.equal([]);
    expect(triggers(el)).to.deep.equal([]);
    accept(el)!.click();
    expect([answers(el), triggers(el)]).to.deep.equal([[true], ['click']]);
    await waitForEvent(el, 'dh-load');
    expect(q(el, '[part="panel"]')!.contains(frameOf(el)), 'the frame is in the panel').to.equal(
      true,
    );
    el.revokeConsent();
    await waitForEvent(el, 'dh-close');
    await el.updateComplete;
    expect([el.open, frameOf(el) !== null]).to.deep.equal([false, false]);
  });

  it("speaks the page's language: the notice and Accept and talk are German on a German page, with no English left", async () => {
    const { consentMessages } = await import('../../src/elements/avatar/consent-notice.js');
    const wrapper = await fixture<HTMLDivElement>(
      html`<div lang="de"><dh-avatar head-id=${head.id} endpoint=${sim.endpoint} consent=${newVersion()} consent-href="/datenschutz"></dh-avatar></div>`,
    );
    const el = wrapper.querySelector('dh-avatar')!;
    await waitUntil(() => button(el, /Zustimmen und sprechen/), 'the German button');
    expect(text(q(el, '[part="consent-link"]'))).to.equal('Datenschutzhinweise');
    const english = {
      ...avatarMessages,
      ...bubbleMessages,
      ...consentMessages,
      ...micHintMessages,
    };
    expect(await englishLeft(el.shadowRoot!, 'avatar', english, 'de', ['Ada'])).to.deep.equal([]);
  });
});

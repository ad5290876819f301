/**
 * <dh-avatar layout="bubble">: its module loaded on demand, one Close control, `open`
 * by script, the unread dot, the teaser, the launcher out of an inline chat's way, and a phone's
 * screen (a 390 × 844 frame: its media queries are a phone's, in every engine).
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from './wait.js';
import { command, q, simInfo, type SimInfo } from './support.js';
import { configure } from '../../src/elements/avatar/avatar.js';
import { addBubble, type DhAvatar } from '../../src/elements/avatar/avatar.js';

// A loader that takes its time, as a site's own lazy import would: the bubble's module is fetched the first time an element is a bubble.
addBubble(() => import('../../src/elements/avatar/bubble.js'));

let sim: SimInfo;
let head: { id: string };

const part = <T extends HTMLElement = HTMLElement>(el: DhAvatar, name: string) =>
  q<T>(el, `[part="${name}"]`);
const launcherOf = (el: DhAvatar) => part<HTMLButtonElement>(el, 'launcher');
const bubbleLoaded = () =>
  performance.getEntriesByType('resource').some((e) => /\/avatar\/bubble\.[jt]s/.test(e.name));
/** A bubble whose launcher is there (its module loads on demand). */
async function bubble(template: ReturnType<typeof html>): Promise<DhAvatar> {
  const el = await fixture<DhAvatar>(template);
  await waitUntil(() => launcherOf(el), 'the bubble module loads and the launcher shows');
  return el;
}
const names = (el: DhAvatar) =>
  [...el.shadowRoot!.querySelectorAll('button')].map((b) =>
    (b.getAttribute('aria-label') ?? b.textContent!).replace(/\s+/g, ' ').trim(),
  );

describe('<dh-avatar layout="bubble">', () => {
  before(async () => {
    sim = await simInfo();
    configure({ trustedEndpoints: [sim.endpoint] });
    head = await command<{ id: string }>('sim-create-head', { name: 'Ava' });
  });

  afterEach(() => sessionStorage.clear());

  it('its layout is a module of its own: an inline avatar does not load it, the first bubble does', async () => {
    const inline = await fixture<DhAvatar>(
      html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>`,
    );
    await waitUntil(() => inline.shadowRoot!.querySelector('button')?.textContent?.includes('Ava'));
    expect(bubbleLoaded()).to.equal(false, 'an inline page never fetches the bubble');
    const el = await bubble(
      html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} layout="bubble"></dh-avatar>`,
    );
    expect(bubbleLoaded()).to.equal(true);
    expect(getComputedStyle(launcherOf(el)!).position).to.equal('fixed');
  });

  it('one Close control: the launcher keeps its name and says open or closed with aria-expanded', async () => {
    const el = await bubble(
      html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} layout="bubble"></dh-avatar>`,
    );
    await waitUntil(() => launcherOf(el)!.textContent!.includes('Talk to Ava'));
    launcherOf(el)!.click();
    await oneEvent(el, 'dh-load');
    await el.updateComplete;
    expect(launcherOf(el)!.getAttribute('aria-expanded')).to.equal('true');
    expect(launcherOf(el)!.textContent!.trim()).to.equal('Talk to Ava');
    expect(names(el).filter((n) => /close/i.test(n))).to.deep.equal(['Close Ava, digital human']);
    // The panel's Close, and the launcher (a toggle), are targets a thumb can hit.
    for (const b of [part(el, 'close')!, launcherOf(el)!])
      expect(b.getBoundingClientRect().height).to.be.at.least(44);
    expect(part(el, 'close')!.getBoundingClientRect().width).to.be.at.least(44);
  });

  it('`open` opens and closes it by script, with dh-open and dh-close; the attribute opens it on load', async () => {
    const el = await bubble(
      html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} layout="bubble"></dh-avatar>`,
    );
    setTimeout(() => (el.open = true));
    await oneEvent(el, 'dh-open');
    await oneEvent(el, 'dh-load');
    expect(el.hasAttribute('open')).to.equal(true);
    expect(part(el, 'panel')!.hidden).to.equal(false);
    setTimeout(() => (el.open = false));
    await oneEvent(el, 'dh-close');
    await el.updateComplete;
    expect(part(el, 'panel')!.hidden).to.equal(true);

    const opened = await fixture<DhAvatar>(
      html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} layout="bubble" open></dh-avatar>`,
    );
    await oneEvent(opened, 'dh-load');
    await waitUntil(
      () => part(opened, 'panel') && !part(opened, 'panel')!.hidden,
      'the panel shows',
    );
  });

  it("unread: a dot that is part of the launcher's name; opening the panel clears it", async () => {
    const el = await bubble(
      html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} layout="bubble" unread></dh-avatar>`,
    );
    const dot = part(el, 'unread')!;
    expect(dot.getAttribute('role')).to.equal('img');
    expect(dot.getAttribute('aria-label')).to.equal('new message');
    expect(launcherOf(el)!.contains(dot)).to.equal(true);
    expect(dot.getBoundingClientRect().width).to.be.above(0);
    launcherOf(el)!.click();
    await oneEvent(el, 'dh-open');
    await el.updateComplete;
    expect(el.unread).to.equal(false);
    expect(el.hasAttribute('unread')).to.equal(false);
    expect(part(el, 'unread')).to.equal(null);
  });

  it('a teaser shows beside the launcher after its delay; dismissed, it stays away for the session (per head); the slot takes rich content', async () => {
    const el = await bubble(
      html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} layout="bubble" teaser="Questions? Ask Ava."></dh-avatar>`,
    );
    const teaser = part(el, 'teaser')!;
    let shown = 0;
    el.addEventListener('dh-teaser-show', () => shown++);
    expect(teaser.textContent).to.contain('Questions? Ask Ava.');
    // Not before its delay (4 s by default): hidden, so neither read nor clicked.
    expect(getComputedStyle(teaser).visibility).to.equal('hidden');
    expect(shown, 'no dh-teaser-show before its delay').to.equal(0);
    el.style.setProperty('--dh-avatar-teaser-delay', '0s');
    await waitUntil(
      () => getComputedStyle(teaser).visibility === 'visible',
      'it shows after its delay',
    );
    await waitUntil(() => shown === 1, 'dh-teaser-show as it shows');
    part(el, 'teaser-close')!.click();
    await el.updateComplete;
    expect(part(el, 'teaser')).to.equal(null);
    // The same head on the next page of the visit: no teaser.
    const again = await bubble(
      html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} layout="bubble" teaser="Questions? Ask Ava."></dh-avatar>`,
    );
    expect(part(again, 'teaser')).to.equal(null);

    sessionStorage.clear();
    const rich = await bubble(
      html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} layout="bubble" style="--dh-avatar-teaser-delay: 0s"><span slot="teaser">Hi, I am <b>Ava</b></span></dh-avatar>`,
    );
    const slot = part(rich, 'teaser')!.querySelector('slot')!;
    expect(slot.assignedNodes()[0]!.textContent).to.equal('Hi, I am Ava');
    // A click on it opens the panel, and that is a dismissal too.
    (rich.querySelector('[slot="teaser"]') as HTMLElement).click();
    await oneEvent(rich, 'dh-load');
    await rich.updateComplete;
    expect(part(rich, 'teaser')).to.equal(null);
    expect(Object.keys(sessionStorage)).to.deep.equal([`dh-kit-teaser:${head.id}`]);
  });

  it("dh-teaser-show is the teaser's own: an animation of the site's content in its slot is not one", async () => {
    let shown = 0;
    let siteAnimations = 0;
    const place = await fixture(html`<div>
      <style>@keyframes site-pulse { from { opacity: 0.5; } }</style>
      <dh-avatar head-id=${head.id} endpoint=${sim.endpoint} layout="bubble" style="--dh-avatar-teaser-delay: 0s" @dh-teaser-show=${() => shown++}>
        <span slot="teaser" style="animation: site-pulse 0.2s" @animationstart=${() => siteAnimations++}>Hi, I am Ava</span>
      </dh-avatar>
    </div>`);
    await waitUntil(() => launcherOf(place.querySelector('dh-avatar')!), 'the launcher shows');
    await waitUntil(() => siteAnimations > 0 && shown > 0, "the site's animation and the teaser");
    expect(shown, 'once: the teaser').to.equal(1);
  });

  it('where the browser refuses storage (a privacy mode, a sandbox), a dismissed teaser stays away as long as the page lives', async () => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = () => {
      throw new DOMException('refused', 'SecurityError');
    };
    try {
      const id = (await command<{ id: string }>('sim-create-head', { name: 'Private' })).id;
      const el = await bubble(
        html`<dh-avatar head-id=${id} endpoint=${sim.endpoint} layout="bubble" teaser="Hi"></dh-avatar>`,
      );
      part(el, 'teaser-close')!.click();
      await el.updateComplete;
      expect(!!part(el, 'teaser'), 'dismissed').to.equal(false);
      const again = await bubble(
        html`<dh-avatar head-id=${id} endpoint=${sim.endpoint} layout="bubble" teaser="Hi"></dh-avatar>`,
      );
      expect(!!part(again, 'teaser'), 'the same head later on the page').to.equal(false);
    } finally {
      Storage.prototype.setItem = setItem;
    }
  });

  it('an inline conversation on the page hides the launcher, which would cover its Send and Speak buttons', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div>
      <dh-avatar head-id=${head.id} endpoint=${sim.endpoint} layout="bubble" teaser="Hello" style="--dh-avatar-teaser-delay: 0s"></dh-avatar>
      <dh-avatar head-id=${head.id} endpoint=${sim.endpoint}></dh-avatar>
    </div>`);
    const [el, inline] = [...wrapper.querySelectorAll('dh-avatar')] as DhAvatar[];
    await waitUntil(() => launcherOf(el!));
    expect(getComputedStyle(launcherOf(el!)!).display).not.to.equal('none');
    void inline!.activate();
    await oneEvent(inline!, 'dh-load');
    await el!.updateComplete;
    expect(launcherOf(el!)!.hidden).to.equal(true);
    expect(getComputedStyle(launcherOf(el!)!).display).to.equal('none');
    expect(part(el!, 'teaser')).to.equal(null);
  });

  it('a head that does not exist has no launcher that leads nowhere', async () => {
    const el = await fixture<DhAvatar>(
      html`<dh-avatar head-id="00000000-0000-4000-8000-000000000000" endpoint=${sim.endpoint} layout="bubble"></dh-avatar>`,
    );
    await oneEvent(el, 'dh-error');
    await new Promise((r) => setTimeout(r, 200));
    await el.updateComplete;
    expect(launcherOf(el)).to.equal(null);
  });

  it('the open panel has an edge that shows on a dark page, and --dh-avatar-panel-height sets its height', async () => {
    const el = await bubble(
      html`<dh-avatar head-id=${head.id} endpoint=${sim.endpoint} layout="bubble" style="--dh-avatar-panel-height: 300px"></dh-avatar>`,
    );
    el.open = true;
    await oneEvent(el, 'dh-load');
    const panel = part(el, 'panel')!;
    expect(getComputedStyle(panel).boxShadow).to.match(
      /rgba\(255, 255, 255, 0\.2\) 0px 0px 0px 1px/,
    );
    expect(part(el, 'box')!.getBoundingClientRect().height).to.equal(300);
  });

  describe('on a phone (a 390 × 844 frame)', () => {
    /** A page of its own, 390 × 844, with the kit loaded in it and the page's scroll set. */
    async function phone(markup: string): Promise<{ doc: Document; el: DhAvatar }> {
      const frame = document.createElement('iframe');
      frame.style.cssText = 'width: 390px; height: 844px; border: 0';
      frame.srcdoc = `<!doctype html><html style="overflow: auto"><body style="margin: 0; height: 3000px">
        <script type="module">
          import { configure } from '/src/elements/avatar/avatar.ts';
          import '/src/elements/avatar/bubble-layout.ts';
          configure({ trustedEndpoints: ['${sim.endpoint}'] });
          document.body.insertAdjacentHTML('beforeend', ${JSON.stringify(markup)});
        </script></body></html>`;
      document.body.append(frame);
      after(() => frame.remove());
      const doc = await new Promise<Document>((resolve) =>
        frame.addEventListener('load', () => resolve(frame.contentDocument!)),
      );
      await waitUntil(() => doc.querySelector('dh-avatar'), "the frame's page adds the element");
      return { doc, el: doc.querySelector('dh-avatar') as DhAvatar };
    }

    it('the open panel fills the screen, the launcher hides (one Close), the page does not scroll behind it, and comes back as it was', async () => {
      const { doc, el } = await phone(
        `<dh-avatar head-id="${head.id}" endpoint="${sim.endpoint}" layout="bubble"></dh-avatar>`,
      );
      await waitUntil(() => launcherOf(el), 'the launcher shows');
      expect(launcherOf(el)!.getBoundingClientRect().height).to.be.at.least(44);
      launcherOf(el)!.click();
      await waitUntil(() => el.shadowRoot!.querySelector('iframe'), 'the frame is there');
      await el.updateComplete;
      const r = part(el, 'panel')!.getBoundingClientRect();
      expect([r.left, r.top, r.width, r.height]).to.deep.equal([0, 0, 390, 844]);
      expect(getComputedStyle(launcherOf(el)!).display).to.equal('none');
      expect(doc.documentElement.style.overflow).to.equal('hidden');
      expect(part(el, 'close')!.getBoundingClientRect().height).to.be.at.least(44);
      part(el, 'close')!.click();
      await el.updateComplete;
      expect(doc.documentElement.style.overflow).to.equal('auto');
      expect(getComputedStyle(launcherOf(el)!).display).not.to.equal('none');
    });

    it('the stream view fits a portrait phone: a tall box, not 16:9', async () => {
      const { el } = await phone(
        `<dh-avatar head-id="${head.id}" endpoint="${sim.endpoint}" view="stream"></dh-avatar>`,
      );
      await waitUntil(() => part(el, 'box'), 'the box is there');
      const box = part(el, 'box')!.getBoundingClientRect();
      // The frame's width, less a scrollbar where the engine shows one (Firefox: 12 px).
      expect(box.width).to.be.within(370, 390);
      expect(box.height / box.width).to.be.closeTo(4 / 3, 0.01);
    });
  });
});

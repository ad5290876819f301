/**
 * What both pickers do alike as controls of a form that a screen reader reads: their
 * items stay in the accessibility tree off screen, a form's submit focuses the first invalid one,
 * and each says it is invalid and why. Against the real proxy and simulator.
 */
import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import { setupIgnoreWindowResizeObserverLoopErrors } from '@lit-labs/virtualizer/support/resize-observer-errors.js';
import { waitUntil } from './wait.js';
import { configure } from '../../src/elements/face-picker/face-picker.js';
import '../../src/elements/voice-picker/voice-picker.js';
import type { VoicesList } from '../../src/api/answers.js';
import { simInfo, expectAccessible } from './support.js';

describe('<dh-face-picker> and <dh-voice-picker>', () => {
  setupIgnoreWindowResizeObserverLoopErrors(beforeEach, afterEach);
  let endpoint: string;
  let voices: VoicesList;
  before(async () => {
    endpoint = (await simInfo()).endpoint;
    configure({ trustedEndpoints: [endpoint] });
    voices = (await (await fetch(`${endpoint}/voices`)).json()) as VoicesList;
  });

  const grid = (form: HTMLElement) =>
    form.querySelector('dh-face-picker')!.shadowRoot!.querySelector<HTMLElement>('[role="grid"]');
  const listbox = (form: HTMLElement) =>
    form
      .querySelector('dh-voice-picker')!
      .shadowRoot!.querySelector<HTMLElement>('[role="listbox"]');
  const count = (box: HTMLElement | null, selector: string) =>
    box?.querySelectorAll(selector).length ?? 0;
  /** Both pickers in a required form; `before` and `after` are the page's own content around it. */
  const requiredForm = (voice = '', before = 0, after = 0) =>
    fixture<HTMLElement>(html`<div>
      <div style="height: ${before}px"></div>
      <form>
        <dh-face-picker name="face" required endpoint=${endpoint}></dh-face-picker>
        <dh-voice-picker name="voice" required value=${voice} endpoint=${endpoint}></dh-voice-picker>
      </form>
      <div style="height: ${after}px"></div>
    </div>`);
  const loaded = (page: HTMLElement) =>
    waitUntil(
      () => count(grid(page), '[role="row"]') > 0 && count(listbox(page), '[role="option"]') > 0,
      'both pickers show their items',
    );

  it('off screen, below the fold or scrolled past: the first rows and the selected voice stay in the accessibility tree (axe), and the page does not move', async () => {
    const chosen = voices.items[40]!;
    const page = await requiredForm(chosen.voiceId, 3 * innerHeight, 3 * innerHeight);
    await loaded(page);
    await waitUntil(
      () => listbox(page)!.querySelector('[aria-selected="true"]'),
      'the selected voice is rendered, off screen',
    );
    expect(
      listbox(page)!.querySelector('[aria-selected="true"]')!.getAttribute('aria-posinset'),
    ).to.equal('41');
    expect(grid(page)!.getBoundingClientRect().top > innerHeight, 'below the fold').to.equal(true);
    expect(scrollY, 'revealing the selected voice scrolled the list, not the page').to.equal(0);
    await expectAccessible(page.querySelector('form'));

    scrollTo(0, document.documentElement.scrollHeight);
    await nextFrame();
    await nextFrame();
    expect(listbox(page)!.getBoundingClientRect().bottom < 0, 'scrolled past').to.equal(true);
    expect(count(grid(page), '[role="gridcell"]'), 'faces, scrolled past').to.be.above(0);
    expect(
      listbox(page)!.querySelector('[aria-selected="true"]')?.getAttribute('aria-posinset'),
      'the selected voice, scrolled past',
    ).to.equal('41');
    scrollTo(0, 0);
  });

  it('a form asked to submit focuses the first invalid picker; each then says aria-invalid, and why in its description, until a value is chosen', async () => {
    const page = await requiredForm();
    await loaded(page);
    const [face, voice] = [grid(page)!, listbox(page)!];
    expect(face.getAttribute('aria-description')).to.equal('Please choose a face.');
    expect(voice.getAttribute('aria-description')).to.equal('Please choose a voice.');
    expect(voice.getAttribute('aria-required')).to.equal('true');
    expect(
      [face.getAttribute('aria-invalid'), voice.getAttribute('aria-invalid')],
      'not before the form asks',
    ).to.deep.equal(['false', 'false']);

    expect(page.querySelector('form')!.reportValidity()).to.equal(false);
    const picker = page.querySelector('dh-face-picker')!;
    await picker.updateComplete;
    expect(document.activeElement?.localName, 'the first invalid control, the faces').to.equal(
      'dh-face-picker',
    );
    expect(picker.shadowRoot!.activeElement === face, 'its grid').to.equal(true);
    expect([face.getAttribute('aria-invalid'), voice.getAttribute('aria-invalid')]).to.deep.equal([
      'true',
      'true',
    ]);

    face.querySelector<HTMLElement>('[role="gridcell"]')!.click();
    await picker.updateComplete;
    expect(face.getAttribute('aria-invalid')).to.equal('false');
    expect(face.hasAttribute('aria-description'), 'nothing left to say').to.equal(false);
    expect(voice.getAttribute('aria-invalid')).to.equal('true');
    page.querySelector('form')!.reset();
    await picker.updateComplete;
    expect(face.getAttribute('aria-invalid'), 'a reset starts again').to.equal('false');
    await page.querySelector('dh-voice-picker')!.updateComplete;
    expect(voice.getAttribute('aria-invalid'), 'also for a picker still empty').to.equal('false');
  });

  it('on a phone (358 px, a 390 px screen less its margins) every filter shows its choice whole ("All providers", not "All provid")', async () => {
    const page = await requiredForm();
    for (const el of page.querySelectorAll<HTMLElement>('dh-face-picker, dh-voice-picker'))
      el.style.width = '358px';
    await loaded(page);
    const selects = [...page.querySelectorAll('dh-face-picker, dh-voice-picker')].flatMap((el) => [
      ...el.shadowRoot!.querySelectorAll('select'),
    ]);
    expect(selects.length).to.equal(4);
    for (const select of selects) {
      // The same select holding only its chosen option, at its own width: what the text needs.
      const whole = select.cloneNode(false) as HTMLSelectElement;
      whole.append(select.selectedOptions[0]!.cloneNode(true));
      whole.style.cssText = 'position: absolute; visibility: hidden; width: auto';
      select.after(whole);
      const [needs, has] = [
        whole.getBoundingClientRect().width,
        select.getBoundingClientRect().width,
      ];
      whole.remove();
      expect(
        Math.ceil(has) >= Math.floor(needs),
        `"${select.selectedOptions[0]!.text}" needs ${needs} px, has ${has}`,
      ).to.equal(true);
      expect(
        select.getBoundingClientRect().right <=
          page.querySelector('dh-voice-picker')!.getBoundingClientRect().right + 1,
        'inside the picker',
      ).to.equal(true);
    }
  });
});

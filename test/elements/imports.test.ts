/**
 * What a page adds by importing it, the same in every bundler: the kit's languages
 * (`dh-kit/locales/de`, or all of them on demand with `dh-kit/locales/auto`) and the avatar's
 * bubble layout (`dh-kit/avatar/bubble`); the CDN bundle has both. This page imports none at
 * first, as a site that forgot: English and an inline avatar, and the console says what to import.
 */
import { setupIgnoreWindowResizeObserverLoopErrors } from '@lit-labs/virtualizer/support/resize-observer-errors.js';
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './wait.js';
import { configure } from '../../src/elements/face-picker/face-picker.js';
import { setMessages } from '../../src/elements/localized.js';
import type { DhFacePicker } from '../../src/elements/face-picker/face-picker.js';
import type { DhAvatar } from '../../src/elements/avatar/avatar.js';
import { simInfo } from './support.js';

const genderLabel = (el: DhFacePicker) =>
  [...el.shadowRoot!.querySelector('label')!.childNodes]
    .filter((n) => n.nodeType === Node.TEXT_NODE)
    .map((n) => n.textContent)
    .join('')
    .trim();
const fetched = (locale: string) =>
  performance.getEntriesByType('resource').some((r) => r.name.includes(`/locales/${locale}/`));

describe('what a page adds by import', () => {
  // Benign: the pickers' virtualizer observers may take more than a frame (its README, "ResizeObserver loop").
  setupIgnoreWindowResizeObserverLoopErrors(beforeEach, afterEach);
  let endpoint: string;
  const warnings: string[] = [];
  const warn = console.warn;
  before(async () => {
    endpoint = (await simInfo()).endpoint;
    configure({ trustedEndpoints: [endpoint] });
    console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  });
  after(() => void (console.warn = warn));

  it('a language whose module the page did not import is English, said once in the console with the import to add; importing it (dh-kit/locales/de) brings that language alone', async () => {
    const page = await fixture<HTMLElement>(html`<div>
      <dh-face-picker lang="de" endpoint=${endpoint}></dh-face-picker>
      <dh-face-picker lang="de-AT" endpoint=${endpoint}></dh-face-picker>
      <dh-face-picker lang="fr" endpoint=${endpoint}></dh-face-picker>
    </div>`);
    const [de, at, fr] = [...page.querySelectorAll('dh-face-picker')];
    await Promise.all([de!.updateComplete, at!.updateComplete, fr!.updateComplete]);
    expect([genderLabel(de!), genderLabel(at!), genderLabel(fr!)]).to.deep.equal([
      'Gender',
      'Gender',
      'Gender',
    ]);
    expect(
      de!.currentLocale,
      'English through and through (dates, numbers), not German numbers in English words',
    ).to.equal('en');
    const told = warnings.filter((w) => w.startsWith('dh-kit: no "'));
    expect(told).to.deep.equal([
      `dh-kit: no "de" messages: import 'dh-kit/locales/de' (or 'dh-kit/locales/auto'); English until then.`,
      `dh-kit: no "fr" messages: import 'dh-kit/locales/fr' (or 'dh-kit/locales/auto'); English until then.`,
    ]);

    await import('../../src/elements/locales/de/register.js');
    await waitUntil(
      () => genderLabel(de!) === 'Geschlecht' && genderLabel(at!) === 'Geschlecht',
      'German, once its module is imported (de-AT too)',
    );
    expect(genderLabel(fr!), 'French was not imported').to.equal('Gender');
    expect(
      [fetched('de'), fetched('fr'), fetched('es')],
      'no other language is fetched',
    ).to.deep.equal([true, false, false]);

    // A site that overrides some Spanish messages without the Spanish module gets its words, and is told the rest are English.
    setMessages('es', { facePicker: { gender: 'Género' } });
    const es = await fixture<DhFacePicker>(
      html`<dh-face-picker lang="es" endpoint=${endpoint}></dh-face-picker>`,
    );
    await es.updateComplete;
    expect(genderLabel(es)).to.equal('Género');
    expect(warnings.filter((w) => w.startsWith('dh-kit: no "es"'))).to.have.length(1);
  });

  it('an avatar with layout="bubble" whose module the page did not import is shown inline, said once in the console; importing dh-kit/avatar/bubble makes them bubbles, those already on the page too', async () => {
    await import('../../src/elements/avatar/avatar.js');
    const page = await fixture<HTMLElement>(html`<div>
      <dh-avatar layout="bubble" src="https://example.invalid/x"></dh-avatar>
      <dh-avatar layout="bubble" src="https://example.invalid/y"></dh-avatar>
    </div>`);
    const [a, b] = [...page.querySelectorAll<DhAvatar>('dh-avatar')];
    await Promise.all([a!.updateComplete, b!.updateComplete]);
    expect(
      [
        !!a!.shadowRoot!.querySelector('[part="box"]'),
        !!a!.shadowRoot!.querySelector('[part="launcher"]'),
      ],
      'inline, not an empty corner',
    ).to.deep.equal([true, false]);
    expect(
      !!a!.shadowRoot!.querySelector('[part="facade"] [part="button"]'),
      'with its facade and button, as any inline avatar',
    ).to.equal(true);
    // Said once the page's modules have run (a task after the render).
    await waitUntil(
      () => warnings.some((w) => w.includes('layout="bubble"')),
      'the console says what to import',
    );
    expect(warnings.filter((w) => w.includes('layout="bubble"'))).to.deep.equal([
      `dh-kit <dh-avatar>: layout="bubble" needs import 'dh-kit/avatar/bubble'; inline until then.`,
    ]);
    await import('../../src/elements/avatar/bubble-layout.js');
    // Those already on the page become bubbles too.
    await waitUntil(
      () => a!.shadowRoot!.querySelector('[part="launcher"]'),
      'the inline one, a bubble once the module is imported',
    );
    const later = await fixture<DhAvatar>(
      html`<dh-avatar layout="bubble" src="https://example.invalid/z"></dh-avatar>`,
    );
    await waitUntil(
      () => later.shadowRoot!.querySelector('[part="launcher"]'),
      'a bubble, once its module is imported',
    );
  });
});

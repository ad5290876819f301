/**
 * How a page adds the kit's languages (issue 30): by importing the ones it names
 * (`dh-kit/locales/de`, the same in every bundler), or all of them on demand
 * (`dh-kit/locales/auto`, the CDN bundle). This page imports neither at first, as a site that
 * forgot: its elements are English, and the console says which import to add.
 */
import { executeServerCommand } from '@web/test-runner-commands';
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './wait.js';
import { configure } from '../../src/elements/face-picker/face-picker.js';
import type { DhFacePicker } from '../../src/elements/face-picker/face-picker.js';

const genderLabel = (el: DhFacePicker) => [...el.shadowRoot!.querySelector('label')!.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('').trim();
const fetched = (locale: string) => performance.getEntriesByType('resource').some((r) => r.name.includes(`/locales/${locale}/`));

describe('the languages of a page', () => {
  let endpoint: string;
  const warnings: string[] = [];
  const warn = console.warn;
  before(async () => {
    endpoint = (await executeServerCommand<{ endpoint: string }, unknown>('sim-info')).endpoint;
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
    expect([genderLabel(de!), genderLabel(at!), genderLabel(fr!)]).to.deep.equal(['Gender', 'Gender', 'Gender']);
    expect(de!.currentLocale, 'English through and through (dates, numbers), not German numbers in English words').to.equal('en');
    const told = warnings.filter((w) => w.startsWith('dh-kit: the page asks for'));
    expect(told).to.deep.equal([
      `dh-kit: the page asks for "de", whose messages are not loaded: import 'dh-kit/locales/de' (or 'dh-kit/locales/auto'). The elements show English until then.`,
      `dh-kit: the page asks for "fr", whose messages are not loaded: import 'dh-kit/locales/fr' (or 'dh-kit/locales/auto'). The elements show English until then.`,
    ]);

    await import('../../src/elements/locales/de/register.js');
    await waitUntil(() => genderLabel(de!) === 'Geschlecht' && genderLabel(at!) === 'Geschlecht', 'German, once its module is imported (de-AT too)');
    expect(genderLabel(fr!), 'French was not imported').to.equal('Gender');
    expect([fetched('de'), fetched('fr'), fetched('es')], 'no other language is fetched').to.deep.equal([true, false, false]);
  });
});

/**
 * What <dh-face-picker> and <dh-voice-picker> share in the page's language, written once for
 * face-picker/languages.test.ts and voice-picker/languages.test.ts: a picker inside an element
 * with `lang` and `dir`, the English words left in it, the count it announces, and the two tests
 * that are the same for both pickers (each file calls them where they stand in its suite, so the
 * tests keep their names and their order). What differs between the pickers stays in their files.
 */
import { expect, fixture } from '@open-wc/testing';
import { html, unsafeStatic } from 'lit/static-html.js';
import { waitUntil } from './wait.js';
import { englishLeft } from './i18n.js';
import type { Catalogue } from '../../src/elements/localized.js';
import { announced } from './support.js';

type Picker = 'dh-face-picker' | 'dh-voice-picker';

/**
 * The helpers of a picker's language tests. `english`: its English messages; `data`: the words
 * of its data (names, languages: the platform's, not ours), read when a test runs.
 */
export function pickerInLanguage<
  P extends Picker,
  S extends 'facePicker' | 'voicePicker',
>(options: {
  tag: P;
  section: S;
  english: Catalogue[S];
  endpoint: () => string;
  data: () => string[];
}) {
  const tag = unsafeStatic(options.tag);
  /** A picker inside `<div lang=… dir=…>`: the page's language, not the element's own. */
  const inLanguage = async (lang: string, dir = 'ltr', required = false) => {
    const wrapper = await fixture<HTMLElement>(
      html`<div lang=${lang} dir=${dir}><${tag} ?required=${required} endpoint=${options.endpoint()}></${tag}></div>`,
    );
    const el = wrapper.querySelector(options.tag)! as HTMLElementTagNameMap[P];
    // Its first render waits for the locale's messages.
    await el.updateComplete;
    return { wrapper, el };
  };
  const left = (el: HTMLElement, lang: string) =>
    englishLeft(el.shadowRoot!, options.section, options.english, lang, options.data());
  return { inLanguage, left, announced };
}

/** A proxy that cannot be reached: the picker's error, and its Try again, in German. */
export function itSaysAnErrorInThePageLanguage(
  tag: Picker,
  left: (el: HTMLElement, lang: string) => Promise<string[]>,
): void {
  it("an error is said in the page's language, with its Try again", async () => {
    const t = unsafeStatic(tag);
    const wrapper = await fixture<HTMLElement>(
      html`<div lang="de"><${t} endpoint="http://127.0.0.1:9/dh"></${t}></div>`,
    );
    const el = wrapper.querySelector(tag)!;
    await waitUntil(() => el.shadowRoot!.querySelector('[role="alert"]'), 'the error shows');
    expect(el.shadowRoot!.querySelector('[role="alert"] button')!.textContent).to.equal(
      'Erneut versuchen',
    );
    expect(await left(el, 'de')).to.deep.equal([]);
  });
}

/** A required picker of a Japanese form: its validation message is the Japanese one. */
export function itSaysTheRequiredMessageInThePageLanguage<P extends Picker>(options: {
  tag: P;
  /** The form field's name. */
  name: string;
  endpoint: () => string;
  ready: (el: HTMLElementTagNameMap[P]) => Promise<void>;
  /** The Japanese required message. */
  required: string;
}): void {
  it("the required message is in the page's language", async () => {
    const t = unsafeStatic(options.tag);
    const form = await fixture<HTMLFormElement>(
      html`<form lang="ja"><${t} name=${options.name} required endpoint=${options.endpoint()}></${t}></form>`,
    );
    const el = form.querySelector(options.tag)!;
    await options.ready(el);
    expect(form.checkValidity()).to.equal(false);
    expect(el.validationMessage).to.equal(options.required);
  });
}

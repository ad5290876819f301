/**
 * <dh-voice-picker> loading its voices, against the real proxy and simulator (77 voices, three
 * providers, nine locales): filters, search, streaming. What it shares with <dh-face-picker>
 * (accessible in every state, stale answers, errors and Try again) is in shared.test.ts.
 */
import { aTimeout, expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../wait.js';
import type { DhVoicePicker } from '../../../src/elements/voice-picker/voice-picker.js';
import {
  all,
  change,
  describeVoicePicker,
  endpoint,
  everyOption,
  listbox,
  metaOf,
  nameOf,
  options,
  ready,
  search,
  selectLabelled,
  voices,
} from './support.js';
import { button, statusText } from '../support.js';

describeVoicePicker(() => {
  describe('when loaded from the proxy', () => {
    it('VOICE-1 shows every voice by displayName with language, locale, gender and provider, grouped by language', async () => {
      const el = await fixture<DhVoicePicker>(
        html`<dh-voice-picker endpoint=${endpoint}></dh-voice-picker>`,
      );
      await ready(el);
      const shown = await everyOption(el);
      expect(shown.map((o) => o.name)).to.deep.equal(all.items.map((v) => v.displayName));
      expect(shown.map((o) => o.provider)).to.deep.equal(all.items.map((v) => v.provider));
      expect(shown.map((o) => o.locale)).to.deep.equal(all.items.map((v) => v.locale));
      expect(shown.every((o) => o.setsize === all.items.length)).to.equal(true);
      expect(shown[0]!.gender).to.match(/^(Female|Male)$/);
      // A header per language, which is no option.
      listbox(el)!.scrollTop = 0;
      await waitUntil(
        () => options(el)[0]?.getAttribute('aria-posinset') === '1',
        'back at the top',
      );
      const group = el.shadowRoot!.querySelector('[part="group"]')!;
      expect(group.textContent!.trim()).to.equal(all.items[0]!.language);
      expect(group.getAttribute('role')).to.not.equal('option');
      expect(group.getAttribute('aria-hidden')).to.equal('true');
    });

    it('VOICE-2 the provider, language and gender filters and the search narrow the list', async () => {
      const el = await fixture<DhVoicePicker>(
        html`<dh-voice-picker endpoint=${endpoint}></dh-voice-picker>`,
      );
      await ready(el);
      const provider = selectLabelled(el, 'Provider')!;
      expect([...provider.options].map((o) => o.value)).to.include.members([
        '',
        'azure',
        'audiostack',
        all.streamingProvider,
      ]);
      change(provider, 'azure');
      expect(el.provider).to.equal('azure');
      await waitUntil(
        () => options(el).length > 0 && options(el).every((o) => metaOf(o).provider === 'azure'),
        'only azure voices',
      );
      const azure = (await voices('provider=azure')).items;
      expect((await everyOption(el)).map((o) => o.name)).to.deep.equal(
        azure.map((v) => v.displayName),
      );

      change(selectLabelled(el, 'Language')!, 'en');
      await waitUntil(
        () =>
          options(el).every((o) => metaOf(o).locale!.startsWith('en-')) &&
          Number(options(el)[0]!.getAttribute('aria-setsize')) < azure.length,
      );
      change(selectLabelled(el, 'Gender')!, 'MALE');
      await waitUntil(
        () => options(el).length > 0 && options(el).every((o) => metaOf(o).gender === 'Male'),
      );
      const expected = (await voices('provider=azure&locale=en&gender=MALE')).items;
      const shown = await everyOption(el);
      expect(shown.map((o) => o.name)).to.deep.equal(expected.map((v) => v.displayName));
      expect(
        shown.every(
          (o) => o.provider === 'azure' && o.locale!.startsWith('en-') && o.gender === 'Male',
        ),
      ).to.equal(true);

      // The search goes to the proxy's q, after a pause in typing.
      search(el, 'ryan');
      await waitUntil(() => options(el).length === 1, 'one voice matches "ryan"');
      expect(nameOf(options(el)[0]!)).to.match(/^Ryan/);
      expect(options(el)[0]!.getAttribute('aria-setsize')).to.equal('1');
    });

    it('sends one search per pause in typing, with the headers and credentials the site sets', async () => {
      const real = window.fetch;
      const seen: { q: string | null; auth: string | null; credentials?: RequestCredentials }[] =
        [];
      window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        seen.push({
          q: new URL(String(input)).searchParams.get('q'),
          auth: new Headers(init?.headers).get('x-site-auth'),
          credentials: init?.credentials,
        });
        // The test proxy's CORS list does not allow the site's own header: it stops here.
        return real(input, {
          ...init,
          headers: { accept: 'application/json' },
          credentials: undefined,
        });
      };
      try {
        const el = await fixture<DhVoicePicker>(
          html`<dh-voice-picker endpoint=${endpoint} .headers=${{ 'x-site-auth': 'token-1' }} .credentials=${'omit' as const}></dh-voice-picker>`,
        );
        await ready(el);
        for (const text of ['r', 'ry', 'rya', 'ryan']) search(el, text);
        await waitUntil(() => options(el).length === 1, 'the search answers');
        await aTimeout(300);
        expect(seen).to.deep.equal([
          { q: null, auth: 'token-1', credentials: 'omit' },
          { q: 'ryan', auth: 'token-1', credentials: 'omit' },
        ]);
      } finally {
        window.fetch = real;
      }
    });

    it('"en" matches every English locale, from the locale attribute', async () => {
      const el = await fixture<DhVoicePicker>(
        html`<dh-voice-picker endpoint=${endpoint} voice-locale="en" gender="FEMALE"></dh-voice-picker>`,
      );
      await ready(el);
      const shown = await everyOption(el);
      const english = all.items.filter((v) => v.locale.startsWith('en-') && v.gender === 'FEMALE');
      expect(shown.map((o) => o.name)).to.deep.equal(english.map((v) => v.displayName));
      expect(new Set(shown.map((o) => o.locale))).to.deep.equal(new Set(['en-GB', 'en-US']));
    });

    it('STREAM-5 streaming limits every option to the streaming provider and says so', async () => {
      const el = await fixture<DhVoicePicker>(
        html`<dh-voice-picker endpoint=${endpoint} streaming provider="azure"></dh-voice-picker>`,
      );
      await ready(el);
      const expected = all.items.filter((v) => v.provider === all.streamingProvider);
      expect(expected.length).to.be.greaterThan(0);
      const shown = await everyOption(el);
      expect(shown.map((o) => o.name)).to.deep.equal(expected.map((v) => v.displayName));
      expect(
        shown.every((o) => o.provider === all.streamingProvider && o.setsize === expected.length),
      ).to.equal(true);
      expect(el.shadowRoot!.querySelector('[part="note"]')!.textContent).to.equal(
        `Streaming avatars support only the ${all.streamingProvider} voices.`,
      );
      expect(selectLabelled(el, 'Provider'), 'no provider choice for a streaming head').to.equal(
        null,
      );
      // Without streaming, the same element offers every provider again.
      el.streaming = false;
      await waitUntil(
        () =>
          options(el).some((o) => metaOf(o).provider === 'azure') &&
          options(el).every((o) => metaOf(o).provider === 'azure'),
      );
      expect(el.shadowRoot!.querySelector('[part="note"]') === null).to.equal(true);
    });

    it('STREAM-5 turning streaming on drops a chosen voice of another provider: change fires, validationMessage says why, a new choice clears it', async () => {
      const el = await fixture<DhVoicePicker>(
        html`<dh-voice-picker endpoint=${endpoint} provider="azure"></dh-voice-picker>`,
      );
      await ready(el);
      options(el)[0]!.click();
      expect(el.value).to.not.equal('');
      const changed = oneEvent(el, 'change');
      el.streaming = true;
      await changed;
      expect(el.value).to.equal('');
      expect(el.validationMessage).to.equal(
        `Choose one of the ${all.streamingProvider} voices: streaming avatars support only them.`,
      );
      expect(el.checkValidity()).to.equal(false);
      await waitUntil(
        () =>
          options(el).length > 0 &&
          options(el).every((o) => metaOf(o).provider === all.streamingProvider),
      );
      options(el)[0]!.click();
      await el.updateComplete;
      expect(el.value).to.not.equal('');
      expect(el.validationMessage).to.equal('');
      // A streaming voice chosen first is kept when the list is asked again.
      el.voiceLocale = '';
      el.streaming = false;
      await el.updateComplete;
      const kept = el.value;
      el.streaming = true;
      await el.updateComplete;
      await ready(el);
      expect(el.value).to.equal(kept);
      expect(el.validationMessage).to.equal('');
    });

    it('aria-setsize and aria-posinset count the options after filtering, never the group headers', async () => {
      const el = await fixture<DhVoicePicker>(
        html`<dh-voice-picker endpoint=${endpoint}></dh-voice-picker>`,
      );
      await ready(el);
      change(selectLabelled(el, 'Gender')!, 'FEMALE');
      const female = all.items.filter((v) => v.gender === 'FEMALE');
      await waitUntil(() => options(el)[0]?.getAttribute('aria-setsize') === String(female.length));
      const rendered = options(el);
      expect(
        rendered.every((o) => o.getAttribute('aria-setsize') === String(female.length)),
      ).to.equal(true);
      // The first option is 1 although a group header comes before it, and positions run on.
      const positions = rendered.map((o) => Number(o.getAttribute('aria-posinset')));
      expect(positions[0]).to.equal(1);
      expect(positions).to.deep.equal(positions.map((_, i) => i + 1));
      expect(el.shadowRoot!.querySelectorAll('[part="group"]').length).to.be.greaterThan(1);
      const shown = await everyOption(el);
      expect(shown).to.have.length(female.length);
      expect(shown.map((o) => o.name)).to.deep.equal(female.map((v) => v.displayName));
    });

    it('an empty result says which filter to widen, and Clear filters widens it', async () => {
      const el = await fixture<DhVoicePicker>(
        html`<dh-voice-picker endpoint=${endpoint} gender="MALE"></dh-voice-picker>`,
      );
      await ready(el);
      search(el, 'Rachel');
      await waitUntil(() => statusText(el).includes('No voice matches'));
      expect(statusText(el)).to.contain('No voice matches “Rachel” and male voices');
      button(el, /Clear filters/)!.click();
      await ready(el);
      expect(el.gender).to.equal('');
      expect(
        el.shadowRoot!.querySelector<HTMLInputElement>('input[type="search"]')!.value,
      ).to.equal('');
      expect(options(el)[0]!.getAttribute('aria-setsize')).to.equal(String(all.items.length));
    });
  });
});

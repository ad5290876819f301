/**
 * <dh-head-form> creating heads through the real proxy and simulator, and what it shows when the
 * platform or the proxy refuses.
 */
import { executeServerCommand } from '@web/test-runner-commands';
import { expect, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../wait.js';
import {
  auth,
  created,
  describeHeadForm,
  endpoint,
  errorOf,
  form,
  pickFace,
  pickVoice,
  simHead,
  status,
  submit,
  type,
} from './support.js';
import { q, expectAccessible } from '../support.js';

describeHeadForm(() => {
  describe('creating a head', () => {
    it('HEAD-1 VOICE-3 creates an oc head with the chosen face and voiceId, then previews it', async () => {
      const el = await form();
      type(el, 'name', 'Ava');
      type(el, 'greetings', 'Hi, I am Ava.');
      type(el, 'prompt', 'You are a friendly guide.');
      q<HTMLTextAreaElement>(el, '#suggestions')!.value = 'What can you do?\n\nWho are you?';
      const face = await pickFace(el);
      const voice = await pickVoice(el);
      const detail = await created(el);
      expect(detail.mode).to.equal('oc');
      expect(detail.streaming).to.equal(false);
      expect(detail.publicId).to.be.a('string');
      const head = await simHead(detail.id);
      expect(head.request.headVisualId).to.equal(face);
      expect(head.request.ttsVoice).to.equal(voice);
      expect(head.request.greetings).to.equal('Hi, I am Ava.');
      expect(head.request.promptConfig).to.deep.equal({
        system_prompt: 'You are a friendly guide.',
      });
      expect(head.request.suggestions).to.deep.equal(['What can you do?', 'Who are you?']);
      expect(head.splitter).to.equal(true);
      await el.updateComplete;
      expect(q(el, '#result-title')!.textContent).to.contain('Ava is ready');
      expect(el.shadowRoot!.activeElement?.id, 'focus moves to the result').to.equal(
        'result-title',
      );
      const preview = q(el, 'dh-avatar') as HTMLElement & { headId: string; view: string };
      expect(preview.headId).to.equal(detail.id);
      expect(preview.view).to.equal('chat');
      expect(el.shadowRoot!.innerHTML).to.not.contain('api_key');
      await expectAccessible(el);
      // "Create another head" gives an empty form again.
      [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('.result button')]
        .find((b) => b.textContent!.includes('another'))!
        .click();
      await el.updateComplete;
      expect(q<HTMLInputElement>(el, '#name')!.value).to.equal('');
      expect(
        el.shadowRoot!.activeElement?.id,
        'focus is on the first field, not lost to <body>',
      ).to.equal('name');
    });

    it('STREAM-1 STREAM-2 STREAM-3 creates a streaming head: oc, the streaming provider, greeting "", no alias, splitter off; the preview is the stream view', async () => {
      const el = await form(html`<dh-head-form streaming></dh-head-form>`);
      type(el, 'name', 'Sam');
      type(el, 'alias', 'hidden alias');
      await pickFace(el);
      await pickVoice(el);
      const detail = await created(el);
      expect(detail.streaming).to.equal(true);
      const head = await simHead(detail.id);
      expect(head.request.operationMode).to.equal('oc');
      expect(head.request.ttsProvider).to.equal('elevenlabs');
      expect(head.request.greetings).to.equal('');
      expect(head.request).to.not.have.property('alias');
      expect(head.request).to.not.have.property('suggestions');
      expect(head.splitter).to.equal(false);
      await el.updateComplete;
      expect((q(el, 'dh-avatar') as HTMLElement & { view: string }).view).to.equal('stream');
      await waitUntil(
        () => q(el, '[part="embed-code"]')?.textContent?.includes('integrity'),
        'the embed code has the bundle',
      );
      expect(q(el, '[part="embed-code"]')!.textContent)
        .to.contain(`head-id="${detail.id}"`)
        .and.contain('view="stream"');
    });

    it("shows the new head's embed code: the bundle with its integrity, inline or as a bubble, and Copy", async () => {
      const el = await form();
      type(el, 'name', 'Embed');
      type(el, 'prompt', 'Be brief.');
      await pickFace(el);
      await pickVoice(el);
      const detail = await created(el);
      const code = () => q(el, '[part="embed-code"]')!.textContent!;
      await waitUntil(() => code().includes('<script'), 'the script tag comes from GET /bundle');
      const origin = new URL(endpoint).origin;
      expect(code()).to.equal(
        `<script type="module" src="${origin}/dh-kit.avatar.0123456789ab.js" integrity="sha384-element-tests" crossorigin="anonymous"></script>\n` +
          `<dh-avatar head-id="${detail.id}" endpoint="${endpoint}"></dh-avatar>`,
      );
      // Targets (WCAG 2.2): the radios 24 px, the buttons 44 px.
      for (const radio of el.shadowRoot!.querySelectorAll('input[name="embed-layout"]')) {
        const r = radio.getBoundingClientRect();
        expect(Math.min(r.width, r.height)).to.be.at.least(24);
      }
      for (const button of el.shadowRoot!.querySelectorAll('.result button'))
        expect(button.getBoundingClientRect().height).to.be.at.least(44);
      q<HTMLInputElement>(el, 'input[name="embed-layout"][value="bubble"]')!.click();
      await el.updateComplete;
      expect(code()).to.contain('layout="bubble"');
      // Copy: the clipboard gets exactly the code shown, and the page says so.
      let copied = '';
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: async (text: string) => void (copied = text) },
      });
      try {
        q<HTMLButtonElement>(el, '[part="copy"]')!.click();
        await waitUntil(() => copied, 'copied');
        expect(copied).to.equal(code());
        await el.updateComplete;
        expect(q(el, '.embed [role="status"]')!.textContent).to.contain('Copied');
        // A page without clipboard access: the code is selected for Ctrl+C instead.
        Object.defineProperty(navigator, 'clipboard', {
          configurable: true,
          value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
        });
        q<HTMLButtonElement>(el, '[part="copy"]')!.click();
        await waitUntil(
          () => q(el, '.embed [role="status"]')!.textContent!.includes('Ctrl+C'),
          'told to press Ctrl+C',
        );
        expect(getSelection()!.toString()).to.equal(code());
      } finally {
        delete (navigator as { clipboard?: unknown }).clipboard;
      }
      await expectAccessible(el);
    });

    it('asks where the code will be pasted: lists the allowed sites, and allows one more in one step (POST /origins)', async () => {
      const el = await form();
      type(el, 'name', 'Pasted');
      await pickFace(el);
      await pickVoice(el);
      await created(el);
      const allowed = () => q(el, '.where .allowed')?.textContent ?? '';
      await waitUntil(() => allowed().startsWith('Allowed now:'), 'the allowed sites are listed');
      // The test page's own origin is in the proxy's DH_ALLOWED_ORIGINS.
      expect(allowed()).to.contain(location.origin);
      const input = q<HTMLInputElement>(el, '#embed-where')!;
      const allow = q<HTMLButtonElement>(el, '[part="allow"]')!;
      const said = () => q(el, '#embed-where-status')!.textContent!.trim();
      expect(allow.getBoundingClientRect().height).to.be.at.least(44);

      input.value = 'not a site';
      allow.click();
      await waitUntil(() => said().startsWith('Give the address of a site'), 'not an address');
      expect(input.getAttribute('aria-invalid')).to.equal('true');

      // A page's whole address: its site (origin) is what gets allowed.
      const site = `https://cms-${Date.now()}.example`;
      input.value = `${site}/blog/a-post?preview=1`;
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      await waitUntil(() => said() === `${site} can show the avatar now.`, 'allowed');
      expect(input.getAttribute('aria-invalid')).to.equal('false');
      expect(input.value).to.equal('');
      expect(allowed()).to.contain(site);
      const list = await fetch(`${endpoint}/origins`, { headers: auth }).then((r) => r.json());
      expect(list.added).to.include(site);
      await expectAccessible(el);
    });

    it('HEAD-3 PLUG-3 creates a plugin head with its name, url and options', async () => {
      const el = await form(html`<dh-head-form mode="plugin"></dh-head-form>`);
      type(el, 'name', 'Plugged');
      type(el, 'pluginName', 'support-bot');
      type(el, 'pluginUrl', 'https://bot.example.com/api');
      q<HTMLTextAreaElement>(el, '#pluginOptions')!.value = 'lang = en\ntier=gold';
      await pickFace(el);
      await pickVoice(el);
      const detail = await created(el);
      expect(detail.mode).to.equal('plugin');
      const head = await simHead(detail.id);
      expect(head.request.pluginOperationalModeConfig).to.deep.equal({
        name: 'support-bot',
        url: 'https://bot.example.com/api',
        options: { lang: 'en', tier: 'gold' },
      });
    });

    it('HEAD-6 creates a flow-mode head with its API key, which is not shown afterwards', async () => {
      const el = await form(html`<dh-head-form mode="voiceflow"></dh-head-form>`);
      type(el, 'name', 'Flowing');
      type(el, 'flowKey', 'VF.DM.secret-key-123');
      await pickFace(el);
      await pickVoice(el);
      const detail = await created(el);
      expect(detail.mode).to.equal('voiceflow');
      expect((await simHead(detail.id)).request.voiceflowApiKey).to.equal('VF.DM.secret-key-123');
      await el.updateComplete;
      expect(el.shadowRoot!.innerHTML).to.not.contain('secret-key-123');
    });
  });

  describe('when the platform or the proxy refuses', () => {
    it('HEAD-4 ERR-4 a voice the platform does not have is shown next to the voice, and nothing typed is lost', async () => {
      const el = await form();
      type(el, 'name', 'Kept');
      await pickFace(el);
      await pickVoice(el);
      await executeServerCommand('sim-fault', {
        method: 'POST',
        path: '/head/create',
        status: 404,
        body: JSON.stringify({ message: 'Voice not available' }),
        times: 1,
      });
      let code = '';
      el.addEventListener('dh-error', (e) => (code = e.detail.code), { once: true });
      await submit(el);
      await waitUntil(() => code, 'dh-error is fired');
      expect(code).to.equal('voice_not_available');
      await waitUntil(() => errorOf(el, 'voice'), 'the message is next to the voice');
      expect(errorOf(el, 'voice')).to.contain('voiceId');
      expect(status(el)).to.contain('marked fields');
      expect(q<HTMLInputElement>(el, '#name')!.value).to.equal('Kept');
      // Submitting again works once the platform accepts it.
      const detail = await created(el);
      expect(detail.id).to.be.a('string');
    });

    it('ERR-3 a 403 of the platform reads as its cause for the back office', async () => {
      const el = await form();
      type(el, 'name', 'Refused');
      await pickFace(el);
      await pickVoice(el);
      await executeServerCommand('sim-fault', {
        method: 'POST',
        path: '/head/create',
        status: 403,
        body: JSON.stringify({ message: 'subscription expired' }),
        times: 1,
      });
      await submit(el);
      await waitUntil(() => status(el).includes('not created'), 'the refusal is shown');
      expect(status(el)).to.contain('403');
      expect(status(el), 'the cause, in words').to.match(/subscription/i);
      expect(q(el, '[part="status"]')!.getAttribute('role')).to.equal('alert');
      expect(q<HTMLButtonElement>(el, '[part="submit"]')!.disabled).to.equal(false);
    });

    it('STREAM-2 a streaming head whose splitter the platform did not turn off is finished, not created twice', async () => {
      const el = await form(html`<dh-head-form streaming></dh-head-form>`);
      type(el, 'name', 'Half');
      await pickFace(el);
      await pickVoice(el);
      await executeServerCommand('sim-fault', {
        method: 'PUT',
        path: '/head/*/splitter',
        status: 500,
        times: 1,
      });
      let code = '';
      el.addEventListener('dh-error', (e) => (code = e.detail.code), { once: true });
      await submit(el);
      await waitUntil(() => code, 'dh-error is fired');
      expect(code).to.equal('splitter_failed');
      await el.updateComplete;
      expect(status(el)).to.contain('Half was created');
      expect(status(el)).to.not.contain('not created');
      const finish = q<HTMLButtonElement>(el, '[part="submit"]')!;
      expect(finish.textContent).to.contain('Turn the splitter off');
      expect(finish.type, 'the form cannot submit a second head meanwhile').to.equal('button');
      const created = oneEvent(el, 'dh-head-created');
      finish.click();
      const detail = (await created).detail;
      expect(detail.streaming).to.equal(true);
      expect((await simHead(detail.id)).splitter).to.equal(false);
    });

    it('without the site’s admin auth, says the admin route refused, with the proxy’s words', async () => {
      const el = await form(undefined, {});
      type(el, 'name', 'Nobody');
      await pickFace(el);
      await pickVoice(el);
      await submit(el);
      await waitUntil(() => status(el).includes('not created'), 'the refusal is shown');
      expect(status(el)).to.contain('admin');
    });

    it('shows progress while the platform works, and the button cannot submit twice', async () => {
      const el = await form();
      type(el, 'name', 'Slow');
      await pickFace(el);
      await pickVoice(el);
      await executeServerCommand('sim-fault', {
        method: 'POST',
        path: '/head/create',
        delayMs: 400,
        times: 1,
      });
      const done = oneEvent(el, 'dh-head-created');
      await submit(el);
      const button = q<HTMLButtonElement>(el, '[part="submit"]')!;
      expect(button.disabled).to.equal(true);
      expect(button.textContent).to.contain('Creating');
      expect(status(el)).to.contain('Creating the head');
      expect(q(el, 'form')!.getAttribute('aria-busy')).to.equal('true');
      await done;
    });
  });
});

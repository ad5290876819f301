import { LitElement, html, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import { ApiRequestError, request, requestJson } from '../../api/client.js';
import { idSegment } from '../../api/urls.js';
import { FLOW_MODE, OPERATION_MODES, type OperationMode } from '../../api/modes.js';
import { createdHeadSchema, type CreatedHead } from '../../api/answers.js';
import { emit, type DhErrorDetail } from '../shared/events.js';
import '../avatar/avatar.js';
import '../face-picker/face-picker.js';
import '../voice-picker/voice-picker.js';
import type { DhFacePicker } from '../face-picker/face-picker.js';
import type { DhVoicePicker } from '../voice-picker/voice-picker.js';
import { EmbedCode } from './embed-code.js';
import { PluginFields } from './plugin-fields.js';
import { styles } from './head-form.styles.js';
import { renderArea, renderError, renderSelect, renderText } from './head-fields.js';
import { collectHead, DEFAULT_LANGUAGES, FIELD_LABELS, FIELD_ORDER, fieldErrors, listOf, MODE_LABELS, usesPrompt } from './head-request.js';
import type { Errors, Field, HeadCreatedDetail, LanguageOption } from './head-request.js';
import { define } from '../shared/define.js';

export type { HeadCreatedDetail, LanguageOption } from './head-request.js';

/**
 * A back-office form that creates a head: a name, a face (`<dh-face-picker>`), a voice
 * (`<dh-voice-picker>`), languages, the operation mode and the fields of that mode, a greeting
 * and a system prompt. Each field shows only where its mode uses it. The "Streaming avatar"
 * switch applies the platform's rules as the user watches (mode oc, the streaming provider's
 * voices only, no greeting, alias or suggestions); the proxy turns the splitter off after
 * creation. Fields are checked before anything is sent, with the message next to the field;
 * the platform's refusals are shown in words a person can act on, next to the field they concern
 * when they name one. Nothing typed is lost on an error. On success the form shows the new head
 * with a `<dh-avatar>` preview and fires `dh-head-created`.
 *
 * It posts to `{endpoint}/heads` (an admin route): give the site's auth with `headers` or
 * `credentials`; they are passed on to the pickers too.
 *
 * @element dh-head-form
 *
 * @fires {HeadCreatedDetail} dh-head-created - The head was created: id, publicId, name, mode, streaming.
 * @fires {DhErrorDetail} dh-error - The platform or the proxy refused the head.
 *
 * @csspart form - The form.
 * @csspart field - Each field's row (label, control, hint and message).
 * @csspart input - Text inputs, selects and text areas.
 * @csspart switch - The streaming avatar switch.
 * @csspart field-error - A message next to a field.
 * @csspart notice - Notes such as the doc_qa one.
 * @csspart submit - The "Create head" button.
 * @csspart status - Progress and the form-level message.
 * @csspart result - The created head's panel, with the preview.
 * @csspart preview - The `<dh-avatar>` of the new head.
 * @csspart embed - The new head's embed code: layout choice, code and Copy button.
 * @csspart embed-code - The code itself (a `<pre>`).
 * @csspart copy - The Copy button.
 *
 * @cssprop [--dh-head-form-accent=#2563eb] - Buttons, the switch and focus rings.
 * @cssprop [--dh-head-form-error-color=#b91c1c] - Messages next to fields.
 * @cssprop [--dh-head-form-gap=16px] - Space between fields.
 * @cssprop [--dh-head-form-font=system-ui, sans-serif] - Font.
 */
export class DhHeadForm extends LitElement {
  static override styles = styles;

  // Reactive properties are declared statically rather than with decorators: no decorator
  // helpers in the shipped modules (smaller, and nothing for a site's compiler to lower).
  static override properties: PropertyDeclarations = {
    endpoint: {},
    headers: { attribute: false },
    credentials: { attribute: false },
    streaming: { type: Boolean, reflect: true },
    mode: {},
    languages: { attribute: false },
    noPreview: { type: Boolean, attribute: 'no-preview' },
    _errors: { state: true },
    _submitting: { state: true },
    _failure: { state: true },
    _created: { state: true },
    _unfinished: { state: true },
  };

  get #form(): HTMLFormElement {
    return this.renderRoot.querySelector('form') as HTMLFormElement;
  }
  get #face(): DhFacePicker {
    return this.renderRoot.querySelector('dh-face-picker') as DhFacePicker;
  }
  get #voicePicker(): DhVoicePicker {
    return this.renderRoot.querySelector('dh-voice-picker') as DhVoicePicker;
  }

  private _errors: Errors = {};
  private _submitting = false;
  /** The form-level message after a refused submit. */
  private _failure?: string;
  private _created?: CreatedHead;
  /** A streaming head that was created but whose splitter is still on: the form offers to finish it. */
  private _unfinished?: { id: string; name: string };

  /** Base URL of the proxy routes. */
  endpoint = '/dh';
  /** Extra request headers, for the site's own admin auth (property only). */
  headers?: HeadersInit;
  /** Fetch credentials mode, for a proxy on another origin that uses cookies (property only). */
  credentials?: RequestCredentials;
  /** The streaming avatar switch: on from the start with this attribute; follows the user's choice. */
  streaming = false;
  /** The operation mode chosen (oc, ttt, doc_qa, plugin, voiceflow); follows the user's choice. */
  mode: OperationMode = 'oc';
  /** The languages offered, as `{tag, label}` (property only). */
  languages: LanguageOption[] = DEFAULT_LANGUAGES;
  /** No `<dh-avatar>` preview after creation (a page that shows the head elsewhere). */
  noPreview = false;

  /** The mode the user had before the streaming switch forced oc; back when it is turned off. */
  #modeBeforeStreaming?: OperationMode;
  #abort?: AbortController;
  #initial = { streaming: false, mode: 'oc' as OperationMode };
  /** The new head's embed code (asks the proxy once which bundle it serves). */
  readonly #embed = new EmbedCode(this, () => this.endpoint);
  readonly #plugin = new PluginFields(this, () => this.endpoint, () => ({ headers: this.headers, credentials: this.credentials }));

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#abort?.abort();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // What the page asked for: where Clear (the form's reset) goes back to.
    if (!this.hasUpdated) this.#initial = { streaming: this.streaming, mode: this.mode };
    // Spec, Heads rule 1: a streaming avatar is created in mode oc.
    if (changed.has('streaming') && this.streaming && this.mode !== 'oc') {
      this.#modeBeforeStreaming = this.mode;
      this.mode = 'oc';
    }
  }

  protected override updated(): void {
    // The switch and the mode show the state, whatever the form's reset did: Lit's `live`, minus 0.2 kB.
    const controls = this.#form?.elements;
    if (!controls) return;
    (controls.namedItem('streaming') as HTMLInputElement).checked = this.streaming;
    (controls.namedItem('operationMode') as HTMLSelectElement).value = this.mode;
  }

  /** Empties every field and shows the form again (after a creation: "Create another head"). */
  reset(): void {
    this._created = undefined;
    this.#embed.reset();
    this.#onReset();
    this.#form?.reset();
  }

  /** Shows the messages and moves focus to the first field that has one. */
  async #showErrors(errors: Errors): Promise<void> {
    this._errors = errors;
    await this.updateComplete;
    const first = FIELD_ORDER.find((f) => errors[f]);
    if (first === 'face') this.#face.focus();
    else if (first === 'voice') this.#voicePicker.focus();
    else if (first) this.renderRoot.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  }

  // The template's listeners are methods, not arrow fields: Lit calls them on this element.
  async #onSubmit(e: SubmitEvent): Promise<void> {
    e.preventDefault();
    if (this._submitting) return;
    this._failure = undefined;
    const { body, errors } = collectHead(new FormData(this.#form), { streaming: this.streaming, mode: this.mode });
    if (!body) {
      this._failure = `The head was not created. Check ${listOf(FIELD_ORDER.filter((f) => errors[f]).map((f) => FIELD_LABELS[f]))}.`;
      return this.#showErrors(errors);
    }
    this._errors = {};
    this._submitting = true;
    this.#abort = new AbortController();
    try {
      const head = await requestJson(this.endpoint, '/heads', createdHeadSchema, {
        method: 'POST',
        body,
        signal: this.#abort.signal,
        headers: this.headers,
        credentials: this.credentials,
      });
      await this.#done(head);
    } catch (err) {
      if (this.#abort.signal.aborted) return;
      const error = err instanceof ApiRequestError ? err : new ApiRequestError('unexpected', 'The head could not be created. Try again.');
      emit<DhErrorDetail>(this, 'dh-error', { code: error.code, message: error.message });
      if (error.code === 'splitter_failed' && error.headId) {
        // The head exists: creating it again would make a second one. Finish this one instead.
        this._unfinished = { id: error.headId, name: String(body.name) };
        this._failure = `${String(body.name)} was created, but the platform did not turn its sentence splitter off, which a streaming avatar needs.`;
        return;
      }
      const fields = fieldErrors(error);
      this._failure = fields ? 'The platform did not accept the head: see the marked fields.' : `The head was not created. ${error.message}`;
      if (fields) await this.#showErrors(fields);
    } finally {
      this._submitting = false;
    }
  }

  /** Shows the new head and tells the page. */
  async #done(head: CreatedHead): Promise<void> {
    this._created = head;
    this._unfinished = undefined;
    void this.#embed.load();
    emit<HeadCreatedDetail>(this, 'dh-head-created', { id: head.id, publicId: head.publicId, name: head.name, mode: head.mode, streaming: head.streaming });
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('.result h3')?.focus();
  }

  /** Turns off the splitter of the streaming head that was created without it (spec, Heads rule 1). */
  async #onFinish(): Promise<void> {
    const head = this._unfinished;
    if (!head || this._submitting) return;
    this._submitting = true;
    try {
      await request(this.endpoint, `/heads/${idSegment(head.id)}/splitter`, {
        method: 'PUT',
        body: { on: false },
        headers: this.headers,
        credentials: this.credentials,
      });
      await this.#done({ id: head.id, publicId: null, name: head.name, mode: 'oc', poster: null, streaming: true });
    } catch (err) {
      this._failure = `The splitter is still on. ${err instanceof ApiRequestError ? err.message : 'Try again.'}`;
    } finally {
      this._submitting = false;
    }
  }

  /** "Create another head": an empty form, and the keyboard where a person starts typing. */
  async #onAnother(): Promise<void> {
    this.reset();
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLInputElement>('#name')?.focus();
  }

  #onReset(): void {
    // Like the form's own controls, the switch and the mode return to where they started.
    this.streaming = this.#initial.streaming;
    this.mode = this.#initial.mode;
    this.#modeBeforeStreaming = undefined;
    this._unfinished = undefined;
    this._errors = {};
    this._failure = undefined;
  }

  #onStreaming(e: Event): void {
    this.streaming = (e.target as HTMLInputElement).checked;
    if (!this.streaming && this.#modeBeforeStreaming) {
      this.mode = this.#modeBeforeStreaming;
      this.#modeBeforeStreaming = undefined;
    }
    this.#clear('voice', 'mode', 'greetings', 'alias', 'suggestions');
  }

  #onMode(e: Event): void {
    this.mode = (e.target as HTMLSelectElement).value as OperationMode;
    this.#clear('mode', 'pluginName', 'pluginUrl', 'pluginOptions', 'flowKey');
  }

  #onLanguage(e: Event): void {
    // The voices of the head's language first: the picker's own filter, which the user may widen.
    this.#voicePicker.locale = (e.target as HTMLSelectElement).value.split('-')[0]!;
  }

  /** The voice picker dropped a voice a streaming head cannot use: its words, next to the voice. */
  #onVoiceChange(): void {
    const why = this.#voicePicker.validationMessage;
    if (!this.#voicePicker.value && why) this._errors = { ...this._errors, voice: why };
  }

  /** A field the user changed loses its message. */
  #onInput(e: Event): void {
    const field = (e.target as HTMLElement).dataset?.field as Field | undefined;
    if (field) this.#clear(field);
    else if ((e.target as HTMLElement).localName === 'dh-face-picker') this.#clear('face');
    else if ((e.target as HTMLElement).localName === 'dh-voice-picker') this.#clear('voice');
  }

  #clear(...fields: Field[]): void {
    if (!fields.some((f) => this._errors[f])) return;
    const next = { ...this._errors };
    for (const f of fields) delete next[f];
    this._errors = next;
  }

  protected override render() {
    return this._created ? this.#renderResult(this._created) : this.#renderForm();
  }

  #renderForm() {
    const streaming = this.streaming;
    const mode = this.mode;
    return html`<form part="form" novalidate aria-busy=${this._submitting} @submit=${this.#onSubmit} @reset=${this.#onReset} @input=${this.#onInput}>
      ${renderText(this._errors, 'name', { required: true, placeholder: 'Ava', autocomplete: 'off' })}
      <div class="field switch-field" part="field">
        <label class="switch" part="switch">
          <input type="checkbox" role="switch" name="streaming" @change=${this.#onStreaming} aria-describedby="streaming-hint" />
          <span>Streaming avatar</span>
        </label>
        <p id="streaming-hint" class="hint">Real-time video. Open conversation only, the streaming provider’s voices only (the voice list names it), no greeting, alias or suggestions; the sentence splitter is turned off after creation.</p>
      </div>
      ${renderText(this._errors, 'alias', { hidden: streaming, hint: 'Another name the head answers to (optional).' })}
      <fieldset class="field" part="field" aria-describedby=${this._errors.face ? 'face-error' : nothing}>
        <legend>Face</legend>
        <dh-face-picker
          name="headVisualId"
          label="Face"
          .endpoint=${this.endpoint}
          .headers=${this.headers}
          .credentials=${this.credentials}
        ></dh-face-picker>
        ${renderError(this._errors, 'face')}
      </fieldset>
      <fieldset class="field" part="field" aria-describedby=${this._errors.voice ? 'voice-error' : nothing}>
        <legend>Voice</legend>
        <dh-voice-picker
          name="ttsVoice"
          label="Voice"
          locale=${(this.languages[0]?.tag ?? '').split('-')[0]!}
          .endpoint=${this.endpoint}
          .headers=${this.headers}
          .credentials=${this.credentials}
          ?streaming=${streaming}
          @change=${this.#onVoiceChange}
        ></dh-voice-picker>
        ${renderError(this._errors, 'voice')}
      </fieldset>
      <div class="row">
        ${renderSelect(this._errors, 'language', 'language', this.languages.map((l) => [l.tag, l.label]), this.#onLanguage)}
        ${renderSelect(this._errors, 'recognition', 'languageSpeechRecognition', [['', 'Same as the language'], ...this.languages.map((l): [string, string] => [l.tag, l.label])])}
      </div>
      <div class="field" part="field">
        <label for="mode">Operation mode</label>
        <select id="mode" part="input" data-field="mode" name="operationMode" ?disabled=${streaming} @change=${this.#onMode} aria-describedby=${streaming ? 'mode-hint' : nothing}>
          ${OPERATION_MODES.map((m) => html`<option value=${m} ?selected=${m === mode}>${MODE_LABELS[m]}</option>`)}
        </select>
        ${streaming ? html`<p id="mode-hint" class="hint">Streaming avatars use open conversation.</p>` : nothing}
        ${renderError(this._errors, 'mode')}
      </div>
      ${mode === 'doc_qa'
        ? html`<p class="notice" part="notice" role="note">Documents for a doc_qa head are uploaded in the platform’s own tools: this API does not take them. Create the head here, then add its knowledge base there.</p>`
        : nothing}
      ${this.#plugin.render(this._errors, mode !== 'plugin')}
      ${renderText(this._errors, 'flowKey', {
        type: 'password',
        required: true,
        autocomplete: 'off',
        hidden: mode !== FLOW_MODE,
        hint: 'From your Voiceflow project’s integration settings. Sent to the platform once; never shown again.',
      })}
      ${renderText(this._errors, 'greetings', { hidden: streaming, placeholder: 'Hi! How can I help?', hint: 'What the head says first (optional).' })}
      ${renderArea(this._errors, 'prompt', 'How the head behaves, e.g. “You are a friendly guide for our shop.”', !usesPrompt(mode), 'systemPrompt')}
      ${renderArea(this._errors, 'suggestions', 'Questions offered to the visitor, one per line (optional).', streaming)}
      <div class="actions">
        ${this._unfinished
          ? html`<button type="button" part="submit" ?disabled=${this._submitting} @click=${this.#onFinish}>Turn the splitter off</button>`
          : html`<button type="submit" part="submit" ?disabled=${this._submitting}>${this._submitting ? 'Creating…' : 'Create head'}</button>`}
        <button type="reset" ?disabled=${this._submitting}>Clear</button>
      </div>
      <p class="status ${this._failure ? 'failure' : ''}" part="status" role=${this._failure ? 'alert' : 'status'}>
        ${this._submitting ? (streaming ? 'Creating the head, then turning its sentence splitter off…' : 'Creating the head…') : (this._failure ?? '')}
      </p>
    </form>`;
  }

  #renderResult(head: CreatedHead) {
    return html`<section class="result" part="result" aria-labelledby="result-title">
      <h3 id="result-title" tabindex="-1">${head.name} is ready</h3>
      <dl>
        <dt>Head id</dt>
        <dd><code>${head.id}</code></dd>
        ${head.publicId ? html`<dt>Public id</dt><dd><code>${head.publicId}</code></dd>` : nothing}
        <dt>Mode</dt>
        <dd>${MODE_LABELS[head.mode as OperationMode] ?? head.mode}${head.streaming ? ', streaming (sentence splitter off)' : ''}</dd>
      </dl>
      ${this.#embed.render(head)}
      ${this.noPreview
        ? nothing
        : html`<dh-avatar part="preview" head-id=${head.id} .endpoint=${this.endpoint} view=${head.streaming ? 'stream' : 'chat'}></dh-avatar>`}
      <div class="actions"><button type="button" @click=${this.#onAnother}>Create another head</button></div>
    </section>`;
  }
}

/** The page's own settings (trusted proxies), shared by every element of the kit. */
export { configure, type KitOptions } from '../../api/urls.js';

define('dh-head-form', DhHeadForm);

declare global {
  interface HTMLElementTagNameMap {
    'dh-head-form': DhHeadForm;
  }
  interface GlobalEventHandlersEventMap {
    'dh-head-created': CustomEvent<HeadCreatedDetail>;
  }
}

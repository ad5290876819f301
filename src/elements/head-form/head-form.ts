import { html, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
// The switch and the mode show the element's state whatever a form reset did to them.
import { live } from 'lit/directives/live.js';
import { ApiRequestError } from '../../api/client.js';
import { STREAMING_DROPS } from '../../api/rules.js';
import { idSegment } from '../../api/urls.js';
import { FLOW_MODE, OPERATION_MODES, type OperationMode } from '../../api/modes.js';
import { createdHeadSchema, type CreatedHead } from '../../api/answers.js';
import { emit, fail } from '../shared/events.js';
import '../avatar/avatar.js';
import '../face-picker/face-picker.js';
import '../voice-picker/voice-picker.js';
import type { DhFacePicker } from '../face-picker/face-picker.js';
import type { DhVoicePicker } from '../voice-picker/voice-picker.js';
import { EmbedCode, renderResult } from './embed-code.js';
import { PluginFields } from './plugin-fields.js';
import { styles } from './head-form.styles.js';
import { renderArea, renderError, renderSelect, renderText } from './head-fields.js';
import {
  collectHead,
  DEFAULT_LANGUAGES,
  FIELD_ORDER,
  fieldErrors,
  languageOptions,
  usesPrompt,
} from './head-request.js';
import type { Errors, Field, HeadCreatedDetail, LanguageOption } from './head-request.js';
import { define } from '../shared/define.js';
import { DEFAULT_ENDPOINT, ProxyEndpoint } from '../shared/endpoint.js';
import { LocalizeController, LocalizedElement } from '../localized.js';
import { headFormMessages } from './messages.js';
import { sharedMessages } from '../shared/messages.js';

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
 * Its words follow the page's language (`lang`, or the `locale` property), as do the pickers'.
 * The platform's refusals are its own words in English; in another language, the form's text for
 * each kind of refusal.
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
 * @csspart embed-origins - "Where will you paste this?": the allowed sites and the field that allows one more.
 * @csspart allow - The "Allow this site" button.
 * @csspart copy - The Copy button.
 *
 * @cssprop [--dh-head-form-accent=#2563eb] - Buttons, the switch and focus rings.
 * @cssprop [--dh-head-form-error-color=#b91c1c] - Messages next to fields.
 * @cssprop [--dh-head-form-gap=16px] - Space between fields.
 * @cssprop [--dh-head-form-font=system-ui, sans-serif] - Font.
 */
export class DhHeadForm extends LocalizedElement<'headForm'> {
  static override styles = styles;
  protected readonly localize = new LocalizeController(this, {
    section: 'headForm',
    english: headFormMessages,
    sharedEnglish: sharedMessages,
  });

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
  /** The form-level message after a refused submit (written when shown, in the locale of the moment). */
  private _failure?: () => string;
  private _created?: CreatedHead;
  /** A streaming head that was created but whose splitter is still on: the form offers to finish it. */
  private _unfinished?: { id: string; name: string };

  /** Base URL of the proxy routes. */
  endpoint = DEFAULT_ENDPOINT;
  /** Extra request headers, for the site's own admin auth (property only). */
  headers?: HeadersInit;
  /** Fetch credentials mode, for a proxy on another origin that uses cookies (property only). */
  credentials?: RequestCredentials;
  /** The streaming avatar switch: on from the start with this attribute; follows the user's choice. */
  streaming = false;
  /** The operation mode chosen (oc, ttt, doc_qa, plugin, voiceflow); follows the user's choice. */
  mode: OperationMode = 'oc';
  /** The languages offered, as `{tag, label}` (property only); by default ten, named in the form's language. */
  languages: LanguageOption[] = DEFAULT_LANGUAGES;
  /** No `<dh-avatar>` preview after creation (a page that shows the head elsewhere). */
  noPreview = false;

  /** The mode the user had before the streaming switch forced oc; back when it is turned off. */
  #modeBeforeStreaming?: OperationMode;
  #abort?: AbortController;
  #initial = { streaming: false, mode: 'oc' as OperationMode };
  /** The new head's embed code, and where it may be pasted (asks the proxy). */
  readonly #proxy = new ProxyEndpoint(this);
  readonly #embed = new EmbedCode(this, this.#proxy);
  readonly #plugin = new PluginFields(this, this.#proxy);

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
    const { body, errors } = collectHead(new FormData(this.#form), {
      streaming: this.streaming,
      mode: this.mode,
    });
    if (!body) {
      this._failure = () =>
        this.m.checkFields(FIELD_ORDER.filter((f) => errors[f]).map((f) => this.m[f]));
      return this.#showErrors(errors);
    }
    this._errors = {};
    this._submitting = true;
    this.#abort = new AbortController();
    try {
      const head = await this.#proxy.requestJson('/heads', createdHeadSchema, {
        method: 'POST',
        body,
        signal: this.#abort.signal,
      });
      await this.#done(head);
    } catch (err) {
      if (this.#abort.signal.aborted) return;
      const error =
        err instanceof ApiRequestError
          ? err
          : new ApiRequestError('unexpected', headFormMessages.unexpected); // dh-error: English, as the proxy's
      fail(this, error);
      if (error.code === 'splitter_failed' && error.headId) {
        // The head exists: creating it again would make a second one. Finish this one instead.
        this._unfinished = { id: error.headId, name: String(body.name) };
        this._failure = () => this.m.splitterFailed(String(body.name));
        return;
      }
      const fields = fieldErrors(error);
      this._failure = () =>
        fields ? this.m.seeMarked : this.m.notCreated(this.#refusalWords(error));
      if (fields) await this.#showErrors(fields);
    } finally {
      this._submitting = false;
    }
  }

  /** A refusal in the form's words: English shows the proxy's; another locale its own for the code. */
  #refusalWords(error: ApiRequestError): string {
    return (
      this.m.refused(error.code, error.message) || this.shared.error(error.code, error.message)
    );
  }

  /** Shows the new head and tells the page. */
  async #done(head: CreatedHead): Promise<void> {
    this._created = head;
    this._unfinished = undefined;
    void this.#embed.load();
    emit<HeadCreatedDetail>(this, 'dh-head-created', {
      id: head.id,
      publicId: head.publicId,
      name: head.name,
      mode: head.mode,
      streaming: head.streaming,
    });
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('.result h3')?.focus();
  }

  /** Turns off the splitter of the streaming head that was created without it (spec, Heads rule 1). */
  async #onFinish(): Promise<void> {
    const head = this._unfinished;
    if (!head || this._submitting) return;
    this._submitting = true;
    try {
      await this.#proxy.request(`/heads/${idSegment(head.id)}/splitter`, {
        method: 'PUT',
        body: { on: false },
      });
      await this.#done({
        id: head.id,
        publicId: null,
        name: head.name,
        mode: 'oc',
        poster: null,
        streaming: true,
      });
    } catch (err) {
      this._failure = () =>
        this.m.splitterStillOn(
          err instanceof ApiRequestError ? this.#refusalWords(err) : undefined,
        );
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
    this.#clear('voice', 'mode', ...STREAMING_DROPS);
  }

  #onMode(e: Event): void {
    this.mode = (e.target as HTMLSelectElement).value as OperationMode;
    this.#clear('mode', 'pluginName', 'pluginUrl', 'pluginOptions', 'flowKey');
  }

  #onLanguage(e: Event): void {
    // The voices of the head's language first: the picker's own filter, which the user may widen.
    this.#voicePicker.voiceLocale = (e.target as HTMLSelectElement).value.split('-')[0]!;
  }

  /** The voice picker dropped a voice a streaming head cannot use: its words, next to the voice. */
  #onVoiceChange(): void {
    const picker = this.#voicePicker;
    const why = picker.validationMessage;
    // The picker's words, in its locale (the form's): asked again when shown, so they follow `lang`.
    if (!picker.value && why)
      this._errors = { ...this._errors, voice: () => picker.validationMessage || why };
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
    const { m, streaming, mode, _errors: errors } = this;
    const languages = languageOptions(this.languages, this.currentLocale);
    return html`<form part="form" novalidate aria-busy=${this._submitting} @submit=${this.#onSubmit} @reset=${this.#onReset} @input=${this.#onInput}>
      ${renderText(m, errors, 'name', { required: true, placeholder: m.namePlaceholder, autocomplete: 'off' })}
      <div class="field switch-field" part="field">
        <label class="switch" part="switch">
          <input type="checkbox" role="switch" name="streaming" .checked=${live(this.streaming)} @change=${this.#onStreaming} aria-describedby="streaming-hint" />
          <span>${m.streaming}</span>
        </label>
        <p id="streaming-hint" class="hint">${m.streamingHint}</p>
      </div>
      ${renderText(m, errors, 'alias', { hidden: streaming, hint: m.aliasHint })}
      <fieldset class="field" part="field" aria-describedby=${errors.face ? 'face-error' : nothing}>
        <legend>${m.face}</legend>
        <dh-face-picker
          name="headVisualId"
          label=${m.face}
          .endpoint=${this.endpoint}
          .headers=${this.headers}
          .credentials=${this.credentials}
        ></dh-face-picker>
        ${renderError(m, errors, 'face')}
      </fieldset>
      <fieldset class="field" part="field" aria-describedby=${errors.voice ? 'voice-error' : nothing}>
        <legend>${m.voice}</legend>
        <dh-voice-picker
          name="ttsVoice"
          label=${m.voice}
          voice-locale=${(this.languages[0]?.tag ?? '').split('-')[0]!}
          .endpoint=${this.endpoint}
          .headers=${this.headers}
          .credentials=${this.credentials}
          ?streaming=${streaming}
          @change=${this.#onVoiceChange}
        ></dh-voice-picker>
        ${renderError(m, errors, 'voice')}
      </fieldset>
      <div class="row">
        ${renderSelect(m, errors, 'language', 'language', languages, this.#onLanguage)}
        ${renderSelect(m, errors, 'recognition', 'languageSpeechRecognition', [['', m.sameLanguage], ...languages])}
      </div>
      <div class="field" part="field">
        <label for="mode">${m.mode}</label>
        <select id="mode" part="input" data-field="mode" name="operationMode" .value=${live(this.mode)} ?disabled=${streaming} @change=${this.#onMode} aria-describedby=${streaming ? 'mode-hint' : nothing}>
          ${OPERATION_MODES.map((o) => html`<option value=${o} ?selected=${o === mode}>${m[o]}</option>`)}
        </select>
        ${streaming ? html`<p id="mode-hint" class="hint">${m.modeHint}</p>` : nothing}
        ${renderError(m, errors, 'mode')}
      </div>
      ${mode === 'doc_qa' ? html`<p class="notice" part="notice" role="note">${m.docQa}</p>` : nothing}
      ${this.#plugin.render(m, errors, mode !== 'plugin')}
      ${renderText(m, errors, 'flowKey', {
        type: 'password',
        required: true,
        autocomplete: 'off',
        hidden: mode !== FLOW_MODE,
        hint: m.flowKeyHint,
      })}
      ${renderText(m, errors, 'greetings', { hidden: streaming, placeholder: m.greetingsPlaceholder, hint: m.greetingsHint })}
      ${renderArea(m, errors, 'prompt', m.promptHint, !usesPrompt(mode), 'systemPrompt')}
      ${renderArea(m, errors, 'suggestions', m.suggestionsHint, streaming)}
      <div class="actions">
        ${
          this._unfinished
            ? html`<button type="button" part="submit" ?disabled=${this._submitting} @click=${this.#onFinish}>${m.finish}</button>`
            : html`<button type="submit" part="submit" ?disabled=${this._submitting}>${this._submitting ? m.creating : m.create}</button>`
        }
        <button type="reset" ?disabled=${this._submitting}>${m.clear}</button>
      </div>
      <p class="status ${this._failure ? 'failure' : ''}" part="status" role=${this._failure ? 'alert' : 'status'}>
        ${this._submitting ? (streaming ? m.progressStreaming : m.progress) : (this._failure?.() ?? '')}
      </p>
    </form>`;
  }

  #renderResult(head: CreatedHead) {
    return renderResult(
      this.m,
      head,
      this.#embed,
      this.noPreview ? undefined : this.endpoint,
      this.#onAnother,
    );
  }
}

// Until the next major version: configure, setMessages and LOCALES, from their one place.
export * from '../kit-functions.js';

define('dh-head-form', DhHeadForm);

declare global {
  interface HTMLElementTagNameMap {
    'dh-head-form': DhHeadForm;
  }
  interface GlobalEventHandlersEventMap {
    'dh-head-created': CustomEvent<HeadCreatedDetail>;
  }
}

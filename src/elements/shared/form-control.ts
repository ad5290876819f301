import { isServer, type PropertyDeclarations, type PropertyValues } from 'lit';
import { emit } from './events.js';
import { LocalizedElement, type Catalogue } from './localized.js';

/**
 * The base of the kit's pickers: a form-associated custom element that behaves like a native
 * control. Its value is submitted with a plain `<form>`, reset by the form's reset, restored by
 * the browser's back/forward cache, validated (`required`) with a message next to the control,
 * and disabled with its fieldset. Value changes by the user fire native `input` and `change`,
 * and `dh-select` with the whole item; setting `value` from code fires nothing.
 */
export abstract class DhFormControl<
  Item,
  S extends keyof Catalogue = keyof Catalogue,
> extends LocalizedElement<S> {
  // Reactive properties are declared statically rather than with decorators: no decorator
  // helpers in the shipped modules (smaller, and nothing for a site's compiler to lower).
  static override properties: PropertyDeclarations = {
    name: { reflect: true },
    value: {},
    required: { type: Boolean, reflect: true },
    disabled: { type: Boolean, reflect: true },
    endpoint: {},
    headers: { attribute: false },
    credentials: { attribute: false },
  };

  static formAssociated = true;

  /** Name under which the value is submitted. */
  name = '';
  /** The selected item's id (a face id or a voiceId); empty when nothing is chosen. */
  value = '';
  /** A value is needed before the form submits. */
  required = false;
  /** Not focusable, not submitted, not changeable. */
  disabled = false;
  /** Base URL of the proxy routes. */
  endpoint = '/dh';
  /** Extra request headers, for a proxy that needs the site's own auth (property only). */
  headers?: HeadersInit;
  /** Fetch credentials mode, for a proxy on another origin that uses cookies (property only). */
  credentials?: RequestCredentials;

  readonly #internals?: ElementInternals;
  /** Set by a fieldset or form that is disabled (formDisabledCallback). */
  #formDisabled = false;
  /** Why the control dropped its value (`drop`), until a value is chosen again. */
  #dropped = '';
  /** A form found the control invalid (a submit, `reportValidity`): it says so until reset. */
  #asked = false;

  /** Shown by the browser when `required` and nothing is chosen. */
  protected abstract readonly requiredMessage: string;
  /** Where the browser points its validation bubble (inside the shadow root). */
  protected abstract get validationAnchor(): HTMLElement | null;

  constructor() {
    super();
    if (!isServer) this.#internals = this.attachInternals();
    this.addEventListener('invalid', () => {
      this.#asked = true;
      this.requestUpdate();
    });
  }

  /** The form the control belongs to, as a native control's `form` (read-only). */
  get form(): HTMLFormElement | null {
    return this.#internals?.form ?? null;
  }
  /** Whether the value is valid, and why not (`valueMissing`, `customError`), as a native control's (read-only). */
  get validity(): ValidityState | undefined {
    return this.#internals?.validity;
  }
  /** Why the value is not valid, in the page's language; empty when it is (read-only). */
  get validationMessage(): string {
    return this.#internals?.validationMessage ?? '';
  }
  /** Whether a form validates the control: not while it is disabled (read-only). */
  get willValidate(): boolean {
    return this.#internals?.willValidate ?? false;
  }
  /** Whether the value is valid; fires `invalid` when it is not. */
  checkValidity(): boolean {
    return this.#internals?.checkValidity() ?? true;
  }
  /** As checkValidity, and the browser shows why at the control (which takes focus). */
  reportValidity(): boolean {
    return this.#internals?.reportValidity() ?? true;
  }

  /** Focuses the control's one tab stop, as `focus()` on a native control does (a label, a form's error summary). */
  override focus(options?: FocusOptions): void {
    // A disabled native control takes no focus, from code either.
    if (!this.isDisabled) this.validationAnchor?.focus(options);
  }

  /** Disabled by its own attribute or by a disabled fieldset around it. */
  protected get isDisabled(): boolean {
    return this.disabled || this.#formDisabled;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (changed.has('value') || changed.has('required') || changed.has('disabled')) this.syncForm();
  }

  /**
   * Why the value is not valid ('' when it is): why the control dropped it, or that one is needed.
   * The validation message, and the grid's or list's `aria-description` (ARIA has no
   * `aria-required` on a grid: this says it there, and in the list beside its `aria-required`).
   */
  protected get problem(): string {
    return this.value ? '' : this.#dropped || (this.required ? this.requiredMessage : '');
  }

  /** `aria-invalid`: the value is not valid, and a form asked for it (or the control dropped it). */
  protected get invalidShown(): boolean {
    return !!this.problem && (this.#asked || !!this.#dropped);
  }

  /** Submits the value and says whether it is valid. */
  protected syncForm(): void {
    if (!this.#internals) return;
    this.#internals.setFormValue(this.value || null, this.value);
    if (this.value) this.#dropped = '';
    const problem = this.problem;
    this.#internals.setValidity(
      problem ? (this.#dropped ? { customError: true } : { valueMissing: true }) : {},
      problem,
      this.validationAnchor ?? undefined,
    );
  }

  /** The user chose an item: the new value, then `input`, `change` and `dh-select {item}`. */
  protected select(value: string, item: Item): void {
    if (this.isDisabled) return;
    const changed = value !== this.value;
    this.value = value;
    // The form's value now, not at the next update: a listener of `change` reads new FormData(form).
    if (changed) {
      this.syncForm();
      this.#changed();
    }
    emit(this, 'dh-select', { item });
  }

  /**
   * The control can no longer offer its value (a filter it must apply changed): the value is
   * emptied, `input` and `change` fire, and `validationMessage` says why until a value is chosen.
   */
  protected drop(why: string): void {
    this.#dropped = why;
    this.value = '';
    // Now, not at the next update: a listener of `change` reads validationMessage at once.
    this.syncForm();
    this.#changed();
  }

  #changed(): void {
    // Like a native control: input and change bubble; change does not cross shadow roots there,
    // but this host is the control, so both are fired on it where a form listens.
    this.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    this.dispatchEvent(new Event('change', { bubbles: true }));
  }

  formResetCallback(): void {
    // A new start: no failed submit, nothing dropped (an unchanged empty value re-renders too).
    this.#asked = false;
    this.#dropped = '';
    this.value = this.getAttribute('value') ?? '';
    this.syncForm();
    this.requestUpdate();
  }

  formStateRestoreCallback(state: string | File | FormData | null): void {
    if (typeof state === 'string') this.value = state;
  }

  formDisabledCallback(disabled: boolean): void {
    this.#formDisabled = disabled;
    this.requestUpdate();
  }
}

import { isServer, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { emit } from './events.js';

/**
 * An element whose value a `<form>` submits: its class sets `static formAssociated = true` and
 * declares `name`, `value`, `required` and `disabled` among its reactive properties (literally,
 * so that the Custom Elements Manifest analyzer sees them as attributes).
 */
export interface FormControlHost extends ReactiveControllerHost, HTMLElement {
  /** The value submitted under the element's `name`; empty when nothing is chosen. */
  value: string;
  /** A value is needed before the form submits. */
  required: boolean;
  /** Not focusable, not submitted, not changeable. */
  disabled: boolean;
}

/** What the control's element says about itself, read when the form is told. */
export interface FormControlOptions {
  /** Shown by the browser when `required` and nothing is chosen, in the element's language. */
  requiredMessage: () => string;
  /** Where the browser points its validation bubble, and a form's submit puts focus. */
  anchor: () => HTMLElement | null;
}

/**
 * Makes an element behave like a native form control: its value is submitted with a plain
 * `<form>`, reset by the form's reset, restored by the browser's back/forward cache, validated
 * (`required`) with a message next to the control, and disabled with its fieldset. Value changes
 * by the user fire native `input` and `change`, and `dh-select` with the whole item; setting
 * `value` from code fires nothing.
 *
 * The element keeps its public members (`value`, `validity`, `checkValidity()`, the form
 * callbacks…) and hands each to this controller.
 */
export class FormControlController<Item> implements ReactiveController {
  readonly #host: FormControlHost;
  readonly #options: FormControlOptions;
  readonly #internals?: ElementInternals;
  /** Set by a fieldset or form that is disabled (formDisabledCallback). */
  #formDisabled = false;
  /** Why the control dropped its value (`drop`), until a value is chosen again. */
  #droppedBecause = '';
  /** A form found the control invalid (a submit, `reportValidity`): it says so until reset. */
  #formAsked = false;
  /** What the form was last told (value, validity, message, anchor): told again when one changes. */
  #told: unknown[] = [];

  constructor(host: FormControlHost, options: FormControlOptions) {
    this.#host = host;
    this.#options = options;
    if (!isServer) this.#internals = host.attachInternals();
    host.addEventListener('invalid', () => {
      this.#formAsked = true;
      host.requestUpdate();
    });
    host.addController(this);
  }

  /** The form the control belongs to. */
  get form(): HTMLFormElement | null {
    return this.#internals?.form ?? null;
  }
  get validity(): ValidityState | undefined {
    return this.#internals?.validity;
  }
  get validationMessage(): string {
    return this.#internals?.validationMessage ?? '';
  }
  get willValidate(): boolean {
    return this.#internals?.willValidate ?? false;
  }
  checkValidity(): boolean {
    return this.#internals?.checkValidity() ?? true;
  }
  reportValidity(): boolean {
    return this.#internals?.reportValidity() ?? true;
  }

  /** Disabled by its own attribute or by a disabled fieldset around it. */
  get isDisabled(): boolean {
    return this.#host.disabled || this.#formDisabled;
  }

  /** Focuses the control's one tab stop; a disabled native control takes no focus, from code either. */
  focus(options?: FocusOptions): void {
    if (!this.isDisabled) this.#options.anchor()?.focus(options);
  }

  /**
   * Why the value is not valid ('' when it is): why the control dropped it, or that one is needed.
   * The validation message, and the grid's or list's `aria-description` (ARIA has no
   * `aria-required` on a grid: this says it there, and in the list beside its `aria-required`).
   */
  get problem(): string {
    const host = this.#host;
    if (host.value) return '';
    return this.#droppedBecause || (host.required ? this.#options.requiredMessage() : '');
  }

  /** `aria-invalid`: the value is not valid, and a form asked for it (or the control dropped it). */
  get invalidShown(): boolean {
    return !!this.problem && (this.#formAsked || !!this.#droppedBecause);
  }

  /** After each render: the form is told the value and the validity if either, its words or its anchor changed. */
  hostUpdated(): void {
    const now = this.#formState();
    if (now.some((value, i) => value !== this.#told[i])) this.#tellForm();
  }

  /** What the form is told, as a list to compare: the value, why it is not valid, and where. */
  #formState(): unknown[] {
    return [
      this.#host.value,
      this.problem,
      this.#droppedBecause,
      this.#options.anchor(),
      this.isDisabled,
    ];
  }

  /** Submits the value and says whether it is valid. */
  #tellForm(): void {
    const internals = this.#internals;
    if (!internals) return;
    const value = this.#host.value;
    internals.setFormValue(value || null, value);
    if (value) this.#droppedBecause = '';
    const problem = this.problem;
    const anchor = this.#options.anchor();
    const flags = problem
      ? this.#droppedBecause
        ? { customError: true }
        : { valueMissing: true }
      : {};
    internals.setValidity(flags, problem, anchor ?? undefined);
    this.#told = this.#formState();
  }

  /** The user chose an item: the new value, then `input`, `change` and `dh-select {item}`. */
  select(value: string, item: Item): void {
    if (this.isDisabled) return;
    const changed = value !== this.#host.value;
    this.#host.value = value;
    // The form's value now, not at the next update: a listener of `change` reads new FormData(form).
    if (changed) {
      this.#tellForm();
      this.#fireChange();
    }
    emit(this.#host, 'dh-select', { item });
  }

  /**
   * The control can no longer offer its value (a filter it must apply changed): the value is
   * emptied, `input` and `change` fire, and `validationMessage` says why until a value is chosen.
   */
  drop(why: string): void {
    this.#droppedBecause = why;
    this.#host.value = '';
    // Now, not at the next update: a listener of `change` reads validationMessage at once.
    this.#tellForm();
    this.#fireChange();
  }

  #fireChange(): void {
    // Like a native control: input and change bubble; change does not cross shadow roots there,
    // but this host is the control, so both are fired on it where a form listens.
    this.#host.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    this.#host.dispatchEvent(new Event('change', { bubbles: true }));
  }

  /** The form was reset: a new start, no failed submit, nothing dropped, the markup's value. */
  reset(): void {
    this.#formAsked = false;
    this.#droppedBecause = '';
    this.#host.value = this.#host.getAttribute('value') ?? '';
    this.#tellForm();
    this.#host.requestUpdate();
  }

  /** The browser restores the value (back/forward cache, autofill of a restored page). */
  restore(state: string | File | FormData | null): void {
    if (typeof state === 'string') this.#host.value = state;
  }

  /** A fieldset or form around the control was disabled or enabled. */
  setFormDisabled(disabled: boolean): void {
    this.#formDisabled = disabled;
    this.#host.requestUpdate();
  }
}

/**
 * Events of the kit's elements: bubbling, composed (they cross shadow roots), with a typed detail.
 * Value changes of form controls use native `change`/`input` instead.
 */
export function emit<T>(target: EventTarget, type: string, detail: T): boolean {
  return target.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true }));
}

/** The detail of every `dh-error` event. */
export interface DhErrorDetail {
  code: string;
  message: string;
}

declare global {
  interface HTMLElementEventMap {
    /** A picker's choice: the whole item (a FaceItem or a VoiceItem). */
    'dh-select': CustomEvent<{ item: unknown }>;
  }
}

import type { FaceItem, VideoItem, VoiceItem } from '../../api/answers.js';
import type { AnsweredCode, ErrorCode } from '../../api/errors.js';
import type { View } from '../../api/rules.js';

/**
 * Events of the kit's elements: bubbling, composed (they cross shadow roots), with a typed detail.
 * Value changes of form controls use native `change`/`input` instead.
 */
export function emit<T>(target: EventTarget, type: string, detail: T): boolean {
  return target.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true }));
}

/**
 * A failure: `dh-error` for the page's script, and one console line for the operator, with the
 * proxy's words (variables, statuses, what to fix). The element itself says it in visitor words.
 */
export function fail(target: Element, { code, message }: DhErrorDetail): void {
  console.warn(`dh-kit <${target.localName}>: ${message} (${code})`);
  emit(target, 'dh-error', { code, message });
}

/** What started `<dh-avatar>` loading. */
export type AvatarTrigger = 'click' | 'visible' | 'eager' | 'method';
/** The detail of `dh-activate`: what started loading. */
export interface AvatarActivateDetail {
  trigger: AvatarTrigger;
}
/** The detail of `dh-load`: which page loaded (`chat` or `stream`). */
export interface AvatarLoadDetail {
  view: View;
}

/** The detail of `dh-consent`: the answer to the site's terms (`consent`), the visitor's or given by the site's script. */
export interface AvatarConsentDetail {
  /** The version of the terms answered (the avatar's `consent`). */
  version: string;
  /** True: accepted (the notice's button, `grantConsent()`); false: withdrawn (`revokeConsent()`). */
  accepted: boolean;
  /** When, as an ISO 8601 time (what the site's storage keeps for an accepted version). */
  at: string;
}

/** The detail of `dh-video-requested`: the proxy accepted the request (202), production has started. */
export interface VideoRequestedDetail {
  headId: string;
  /** The text as sent (trimmed). */
  text: string;
}

/** The detail of `dh-video-ready`: the produced talk, as the talks list has it. */
export interface VideoReadyDetail {
  talk: VideoItem;
}

/** The detail of every `dh-error` event. */
export interface DhErrorDetail {
  /** One of the kit's codes (api/errors.ts ErrorCode); a different proxy may answer others. */
  code: ErrorCode | AnsweredCode;
  message: string;
}

/**
 * `dh-select`: a picker's choice, with the whole item. Each picker types it for its own item
 * (`DhFacePickerEventMap`, `DhVoicePickerEventMap`), so a listener added on the element gets a
 * `FaceItem` or a `VoiceItem`; a listener on any other element gets the union.
 */
export type DhSelectEvent<Item = FaceItem | VoiceItem> = CustomEvent<{ item: Item }>;

/** The events of a picker: `dh-select` carries the chosen item. */
export type PickerEventMap<Item> = Omit<HTMLElementEventMap, 'dh-select'> & {
  'dh-select': DhSelectEvent<Item>;
};
/** The detail of `dh-select` from `<dh-face-picker>`. */
export interface FaceSelectDetail {
  item: FaceItem;
}
/** The detail of `dh-select` from `<dh-voice-picker>`. */
export interface VoiceSelectDetail {
  item: VoiceItem;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'dh-activate': CustomEvent<AvatarActivateDetail>;
    'dh-load': CustomEvent<AvatarLoadDetail>;
    /** A failure, from any element of the kit (the operator's words; the element shows the visitor's). */
    'dh-error': CustomEvent<DhErrorDetail>;
    'dh-open': CustomEvent<Record<string, never>>;
    'dh-close': CustomEvent<Record<string, never>>;
    /** The bubble's teaser showed beside the launcher, its delay over. */
    'dh-teaser-show': CustomEvent<Record<string, never>>;
    'dh-consent': CustomEvent<AvatarConsentDetail>;
    /** A picker's choice: the whole item (a FaceItem from dh-face-picker, a VoiceItem from dh-voice-picker). */
    'dh-select': DhSelectEvent;
  }
}

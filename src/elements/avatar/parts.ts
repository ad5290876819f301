/**
 * The avatar's parts that a page adds, each a module of its own (the bubble, the consent notice,
 * the microphone hint, the preconnect), and how `<dh-avatar>` gets them: registered by the part's
 * module (`addBubble`, …), made with the page's Lit the first time an element needs one, and a
 * console line when an element needs one the page has not added. It knows the element only as a
 * Lit element that renders again (no import of avatar.ts, which imports this).
 */
import { adoptStyles, html, isServer, nothing, type ReactiveElement } from 'lit';
import { css } from '../shared/css.js';
import type makeBubble from './bubble.js';
import type { Lit } from './bubble.js';
import type makeConsentNotice from './consent-notice.js';
import type makeMicHint from './mic-hint-note.js';

/**
 * One of the avatar's parts that a page adds, each a module of its own: the bubble layout
 * (`addBubble`: bubble-layout.ts, which `dh-kit/avatar/bubble` and the CDN files import), the
 * consent notice (`addConsent`: consent.ts, `dh-kit/avatar/consent`) and the microphone hint
 * (`addMicHint`: mic-hint.ts, `dh-kit/avatar/mic-hint`), or a page's own lazy import of any.
 * Made with the page's Lit the first time an element needs it. (The preconnect part needs no Lit:
 * `addPreconnect`, below.)
 */
interface Part<T> {
  /** How its module arrives, once the page added it. */
  module?: () => Promise<{ default: (lit: Lit) => T }>;
  made?: T;
  loading?: Promise<unknown>;
  /** The console has been told (once a page) that an element needs it and the page has not added it. */
  told?: boolean;
}
export type ConsentNotice = ReturnType<typeof makeConsentNotice>;
export const bubble: Part<ReturnType<typeof makeBubble>> = {};
export const consentNotice: Part<ConsentNotice> = {};
export const micHint: Part<ReturnType<typeof makeMicHint>> = {};

/** The part, once made; until then undefined, and `arrived` gets it when it is (by default, `el` renders again). */
export function madePart<T>(
  part: Part<T>,
  el: ReactiveElement,
  arrived: (made: T) => void = () => el.requestUpdate(),
): T | undefined {
  if (!part.made && part.module && !isServer) {
    // A module that does not load has said why in the console: no part, and no retry loop.
    part.loading ??= part.module().then(
      (m) => (part.made = m.default({ html, nothing, css, adoptStyles })),
      () => 0,
    );
    void part.loading.then(() => part.made && arrived(part.made));
  }
  return part.made;
}

/** A page adds a part: the elements that rendered before (their module ran first) render again with it. */
function addPart<T>(part: Part<T>, load: Part<T>['module'], selector: string): void {
  part.module = load;
  if (!isServer)
    for (const el of document.querySelectorAll<HTMLElement & ReactiveElement>(selector))
      el.requestUpdate();
}

export const addBubble = (load: Part<ReturnType<typeof makeBubble>>['module']): void =>
  addPart(bubble, load, 'dh-avatar[layout="bubble"]');
export const addConsent = (load: Part<ConsentNotice>['module']): void =>
  addPart(consentNotice, load, 'dh-avatar[consent]');
export const addMicHint = (load: Part<ReturnType<typeof makeMicHint>>['module']): void =>
  addPart(micHint, load, 'dh-avatar');

/**
 * How the element warms up the connection to its proxy before the click: the preconnect part's
 * (preconnect.ts, `dh-kit/avatar/preconnect`), once the page added it. Only a proxy on another
 * origin gains from it, so a page whose proxy is its own `/dh` does without.
 */
let preconnectPart: ((endpoint: string) => void) | undefined;

/** Warms up the connection to `endpoint`, when the page added the preconnect part. */
export const warmUp = (endpoint: string): void => preconnectPart?.(endpoint);

/** A page adds the preconnect part (preconnect.ts). */
export const addPreconnect = (preconnect: (endpoint: string) => void): void => {
  preconnectPart = preconnect;
};

/**
 * Tells the page's developer, once, that an element's `attribute` needs a part the page has not
 * added (the module `dh-kit/avatar/<name>`), and what the element does `meanwhile`: after the
 * page's modules have all run, since the part's may come after this element's.
 */
export function needsModule(
  part: Part<unknown>,
  attribute: string,
  name: string,
  meanwhile: string,
): void {
  if (part.module || part.told) return;
  part.told = true;
  setTimeout(() => {
    if (!part.module)
      console.warn(
        `dh-kit <dh-avatar>: ${attribute} needs import 'dh-kit/avatar/${name}'; ${meanwhile} until then.`,
      );
  });
}

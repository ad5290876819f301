/**
 * The consent of `<dh-avatar consent="…">`, but for its one check: the visitor's answer, kept for
 * the site and the version of its terms (localStorage), and `dh-consent`; and the notice, the
 * site's own text (`slot="consent"`) or a default sentence with a link to the site's terms
 * (`consent-href`), then an "Accept and talk" button, in place of the facade's button (or in the
 * bubble's panel) until the visitor accepts. A module of its own, added by `dh-kit/avatar/consent`
 * (consent.ts): a page whose avatars ask for no consent never carries it. The check stays the
 * element's (avatar.ts): while `consent` names terms it does not know to be accepted, nothing of
 * the conversation loads, whether this module is on the page or not.
 */
import type { LitElement } from 'lit';
import type { AvatarConsentDetail } from '../shared/events.js';
import type { Lit } from './bubble.js';

/** The notice's English messages (the `avatar` section's rest: messages.ts). */
export const consentMessages = {
  /** The default notice; a site puts its own text in `slot="consent"`. */
  consentNotice: 'This conversation sends your voice and what you type to a digital human service.',
  /** The link to the site's terms (`consent-href`), after the notice. */
  consentLink: 'Privacy notice',
  /** The button while the visitor's consent is asked: accepting starts the conversation. */
  acceptAndTalk: 'Accept and talk',
};

export interface ConsentView {
  /** The avatar's words, in the page's locale (its locale's module has these three too). */
  m: Partial<typeof consentMessages>;
  /** The terms' page, already checked (http(s) only: api/urls.ts mediaUrl); no link without it. */
  href?: string | undefined;
  /** The visitor accepted: the element takes the answer (grantConsent) and starts the conversation. */
  accept: () => void;
}

/** Shadow roots that have the notice's rules. */
const ready = new WeakSet<ShadowRoot>();

/** Where the visitor's answer to a version of the site's terms is kept (localStorage: this site's own). */
const keyOf = (version: string) => `dh-kit-consent:${version}`;

/** Whether the visitor accepted this version of the site's terms on an earlier page of the site. */
function kept(version: string): boolean {
  try {
    return localStorage.getItem(keyOf(version)) !== null;
  } catch {
    // Storage refused (a privacy mode, a sandbox): only an answer given on this page counts (the element's).
    return false;
  }
}

/**
 * Keeps the visitor's answer (or forgets it) for the next pages, and tells the page's script:
 * `dh-consent`, bubbling and composed as every event of the kit (shared/events.ts `emit`, which
 * this module does not import: it imports nothing at run time).
 */
function answer(el: LitElement, version: string, accepted: boolean): void {
  const at = new Date().toISOString();
  try {
    if (accepted) localStorage.setItem(keyOf(version), at);
    else localStorage.removeItem(keyOf(version));
  } catch {
    // Storage refused: the element goes by the answer given to it; the next page asks again.
  }
  const detail: AvatarConsentDetail = { version, accepted, at };
  el.dispatchEvent(new CustomEvent('dh-consent', { detail, bubbles: true, composed: true }));
}

/** The kept answer, the notice's rules and its template, made with the page's Lit. */
export default ({ html, nothing, css, adoptStyles }: Lit) => {
  /** On the poster, the notice has a backdrop of its own: the facade's shade covers its lower half only. */
  const styles = css`
    .consent {
      position: relative;
      z-index: 1;
      max-width: 30em;
      margin: 0;
      padding: 8px 12px;
      border-radius: 8px;
      background: rgb(0 0 0 / 0.6);
      font-size: 0.875rem;
      line-height: 1.4;
    }
    .consent a {
      color: inherit;
    }
  `;

  /**
   * The notice, then the button it describes: read in that order, and reached in that order by
   * Tab (the link first). The notice takes focus when a bubble's panel opens on it (tabindex -1).
   */
  function renderNotice(el: LitElement, v: ConsentView) {
    const root = el.renderRoot as ShadowRoot;
    if (!ready.has(root)) {
      ready.add(root);
      // Beside the rules the root already has (the element's, its other parts'): adoptStyles
      // replaces the list. (Without adopted stylesheets, Lit appends a <style> of these alone.)
      adoptStyles(root, [...(root.adoptedStyleSheets ?? []), styles]);
    }
    // English under the element's words: a page's English has no notice words until this module is in.
    const m = { ...consentMessages, ...v.m };
    return html`<p id="consent" class="consent" part="consent" tabindex="-1">
        <slot name="consent">${m.consentNotice} ${
          v.href ? html`<a part="consent-link" href=${v.href}>${m.consentLink}</a>` : nothing
        }</slot>
      </p>
      <button part="button" type="button" aria-describedby="consent" @click=${v.accept}>${m.acceptAndTalk}</button>`;
  }

  return { renderNotice, kept, answer };
};

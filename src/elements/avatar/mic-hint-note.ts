/**
 * The microphone hint of `<dh-avatar>`: a note over the conversation when the page's
 * Permissions-Policy forbids the microphone to frames ("you can type but not talk"). Only
 * Chromium lets a script know (docs/browsers.md); in every engine the platform's page says so
 * itself when it asks for the microphone. A module of its own, added by `dh-kit/avatar/mic-hint`
 * (mic-hint.ts; both CDN files have it): a page that does not add it shows no hint.
 */
import type { LitElement } from 'lit';
import type { Lit } from './bubble.js';

/** The hint's English messages (the `avatar` section's rest: messages.ts). */
export const micHintMessages = {
  /** Over the conversation when the page's Permissions-Policy blocks the microphone. */
  micBlocked: 'This page does not allow the microphone, so you can type but not talk.',
};

/** True when the page's Permissions-Policy denies the microphone to frames (Chromium exposes it). */
function micBlocked(): boolean {
  const d = document as Document & {
    permissionsPolicy?: { allowsFeature(f: string): boolean };
    featurePolicy?: { allowsFeature(f: string): boolean };
  };
  return (d.permissionsPolicy ?? d.featurePolicy)?.allowsFeature('microphone') === false;
}

/** Shadow roots that have the hint's rules. */
const ready = new WeakSet<ShadowRoot>();

/** The hint's rules and its template, made with the page's Lit. */
export default ({ html, nothing, css, adoptStyles }: Lit) => {
  const styles = css`
    .hint {
      position: absolute;
      inset: auto 8px 8px;
      margin: 0;
      padding: 6px 10px;
      border-radius: 8px;
      background: #fef3c7;
      color: #78350f;
      font-size: 0.85rem;
    }
  `;

  /** The hint, over the loaded conversation, when the page blocks the microphone; else nothing. */
  function renderHint(el: LitElement, m: Partial<typeof micHintMessages>) {
    if (!micBlocked()) return nothing;
    const root = el.renderRoot as ShadowRoot;
    if (!ready.has(root)) {
      ready.add(root);
      // Beside the rules the root already has (the element's, its other parts'): adoptStyles
      // replaces the list. (Without adopted stylesheets, Lit appends a <style> of these alone.)
      adoptStyles(root, [...(root.adoptedStyleSheets ?? []), styles]);
    }
    // English under the element's words: a page's English has no hint words until this module is in.
    return html`<p class="hint" part="hint">${m.micBlocked ?? micHintMessages.micBlocked}</p>`;
  }

  return { renderHint };
};

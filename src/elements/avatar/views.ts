/**
 * The templates of `<dh-avatar>`'s states: the facade and the error (the bubble's are in bubble.ts). Their listeners
 * are the element's methods (Lit calls them on it); what they show comes in as values.
 */
import { html, nothing } from 'lit';
import type { SharedMessages } from '../shared/messages.js';
import { canRetry } from '../../api/errors.js';
import type { AvatarMessages } from './messages.js';

/** The poster, the name and the button, before anything loads. */
export function renderFacade(m: AvatarMessages, name: string | undefined, poster: string | undefined, speaks: string | undefined, pending: boolean | undefined, onClick: () => void) {
  return html`<div class="facade ${pending ? 'pending' : ''}" part="facade">
    ${poster
      ? html`<img class="poster" part="poster" src=${poster} alt="" decoding="async" />`
      : html`<span class="initials" aria-hidden="true">${(name ?? 'DH').slice(0, 2).toUpperCase()}</span>`}
    <button part="button" type="button" @click=${onClick}><span class="play" aria-hidden="true"></span>${m.talkTo(name)}</button>
    ${speaks ? html`<span class="speaks" part="language">${speaks}</span>` : nothing}
  </div>`;
}

/**
 * A failure in visitor words: a moment's trouble or an old link in the shared sentences, else
 * "Ada isn't available right now" (the operator's words went to the console); Try again only where
 * trying again can help. The box takes focus when it has no button (tabindex -1).
 */
export function renderError(m: AvatarMessages, shared: SharedMessages, name: string | undefined, { code, message }: { code: string; message: string }, onRetry: () => void) {
  const retry = canRetry(code);
  return html`<div class="state error" part="error" role="alert" tabindex="-1">
    <span>${retry || /^launch_(exp|inv)/.test(code) ? shared.error(code, message) : m.unavailable(name)}</span>
    ${retry ? html`<button part="button" type="button" @click=${onRetry}>${shared.tryAgain}</button>` : nothing}
  </div>`;
}

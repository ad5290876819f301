import { css } from '../shared/css.js';

// Rules that several parts share are written once, with the parts listed together; each
// --dh-avatar-* property is read where it is used, with its default beside it.
export const styles = css`
  :host {
    display: block;
    position: relative;
    font-family: var(--dh-avatar-font, system-ui, sans-serif);
    color: var(--dh-avatar-color, #f9fafb);
  }
  :host([hidden]) {
    display: none;
  }
  /*
   * Pasted into a page with no CSS of the site's, inline, it is the width of a reading column at
   * most (28rem: 448 px at the usual 16 px, about a phone's width, so the facade and the chat page
   * are laid out as the platform's page expects and "Talk to …" is in view), and never taller
   * than the window: then narrower, keeping its shape. The site widens it with
   * --dh-avatar-max-width (none: its container's width) or CSS on the element.
   */
  :host(:not([layout='bubble'])) {
    max-width: var(--dh-avatar-max-width, 28rem);
  }
  :host(:not([layout='bubble'])) .box {
    width: min(100%, calc(var(--dh-avatar-max-height, 100dvh) * (var(--_ratio))));
    margin-inline: auto;
  }
  /*
   * The box is reserved before anything loads, so nothing shifts (CLS). Its shape (--_ratio) is
   * the site's, else its view's: 3 / 4 for chat, 16 / 9 for stream (below).
   */
  .box {
    --_ratio: var(--dh-avatar-aspect-ratio, 3 / 4);
    position: relative;
    aspect-ratio: var(--_ratio);
    width: 100%;
    border-radius: var(--dh-avatar-radius, 16px);
    overflow: hidden;
    background: var(--dh-avatar-background, #111827);
  }
  :host([view='stream']) .box {
    --_ratio: var(--dh-avatar-aspect-ratio, 16 / 9);
  }
  .facade,
  .state,
  .poster,
  .initials,
  iframe {
    position: absolute;
    inset: 0;
  }
  .poster,
  iframe {
    width: 100%;
    height: 100%;
  }
  img {
    object-fit: cover;
  }
  .facade,
  .state {
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: flex-end;
    gap: 8px;
    padding: 16px;
    text-align: center;
  }
  .initials {
    display: grid;
    place-items: center;
    font-size: 3rem;
    font-weight: 600;
    opacity: 0.6;
  }
  /* Transparent, not hidden: still in the tab order, and a box that appears is no layout shift. */
  .pending {
    opacity: 0;
  }
  .facade::after {
    content: '';
    position: absolute;
    inset: 50% 0 0;
    background: linear-gradient(transparent, rgb(0 0 0 / 0.6));
  }
  /* 44 px: the target a thumb needs (WCAG 2.2 AAA; the teaser's × has 32). */
  button {
    min-height: 44px;
    min-width: 44px;
    font: inherit;
    cursor: pointer;
    border: 0;
    border-radius: 999px;
    padding: 10px 18px;
    background: var(--dh-avatar-accent, #2563eb);
    color: #fff;
    font-weight: 600;
  }
  button:focus-visible {
    outline: 3px solid #fff;
    outline-offset: 2px;
    box-shadow: 0 0 0 6px var(--dh-avatar-accent, #2563eb);
  }
  .facade button {
    display: inline-flex;
    align-items: center;
    gap: 8px;
  }
  .facade button,
  .speaks {
    position: relative;
    z-index: 1;
  }
  .speaks {
    font-size: 0.85rem;
  }
  .play {
    width: 0;
    height: 0;
    border: 6px solid transparent;
    border-left: 10px solid;
    border-right: 0;
  }
  .state {
    justify-content: center;
    background: var(--dh-avatar-background, #111827);
  }
  .error {
    color: var(--dh-avatar-error-color, #fecaca);
  }
  .spinner {
    width: 28px;
    height: 28px;
    border-radius: 50%;
    border: 3px solid rgb(255 255 255 / 0.3);
    border-top-color: #fff;
    animation: spin 0.9s linear infinite;
  }
  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation-duration: 3s;
    }
  }
  iframe {
    border: 0;
    background: #fff;
  }
  /* A portrait phone: the stream page shows its avatar in a tall box. */
  @media (max-width: 480px) {
    :host([view='stream']) .box {
      --_ratio: var(--dh-avatar-aspect-ratio, 3 / 4);
    }
  }
`;

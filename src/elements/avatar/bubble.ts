/**
 * The bubble layout of `<dh-avatar>`: a launcher in a corner, an optional teaser beside it, and a
 * panel with the conversation. A module of its own, loaded the first time an element has
 * `layout="bubble"`: a page with inline avatars only never downloads it (scripts/size.mjs reports
 * both). What it keeps beyond one element: the teasers a visitor dismissed (for the session, per
 * head) and the page's scrolling while an open panel fills a phone's screen.
 */
import type { adoptStyles as AdoptStyles, html as Html, LitElement, nothing as Nothing } from 'lit';
import type { css as Css } from '../shared/css.js';

/**
 * What the bubble is made with: the page's Lit, from avatar.ts. This module imports nothing at run
 * time, so a bundler makes it a chunk that stands alone, as the locales' are (had it imported
 * Lit, esbuild would move Lit out of the page's file into a third chunk that both import).
 */
export interface Lit {
  html: typeof Html;
  nothing: typeof Nothing;
  css: typeof Css;
  adoptStyles: typeof AdoptStyles;
}

/** The bubble's English messages (the `avatar` section's rest: messages.ts). */
export const bubbleMessages = {
  /** The launcher while the head's name is not known. */
  talkToUs: 'Talk to us',
  close: 'Close',
  closeLabel: (title: string): string => `Close ${title}`,
  /** The bubble's unread dot, in the launcher's name. */
  unread: 'new message',
  /** The teaser's dismiss button. */
  dismiss: 'Dismiss',
};

/** Below this the open panel fills the screen: the same query as the styles'. */
const SMALL = '(max-width: 480px), (max-height: 480px)';

/** What the bubble needs of `<dh-avatar>`: its public properties, and values it works out. */
export interface BubbleHost extends LitElement {
  layout: string;
  open: boolean;
  unread: boolean;
  teaser?: string | undefined;
  /** The frame's and the panel's accessible name, when the page sets one. */
  label?: string | undefined;
  headId?: string | undefined;
  src?: string | undefined;
}

export interface BubbleView {
  /** The avatar's words (messages.ts, in the page's locale): the bubble's own and the two it shares. */
  m: typeof bubbleMessages & {
    title(name?: string): string;
    talkTo(name?: string): string;
  };
  name?: string | undefined;
  poster?: string | undefined;
  /** The name is still coming: the launcher is transparent, so its growing shifts nothing. */
  pending?: boolean | undefined;
  /** The panel's content: the frame, or a state. */
  body: unknown;
}

/** Teasers dismissed on this page, for when the browser refuses storage (a sandbox, a privacy mode). */
const dismissed = new Set<string>();
const keyOf = (el: BubbleHost) => `dh-kit-teaser:${el.headId ?? el.src}`;

/** The teaser's text (`''`: the slot's), or false: none set, or dismissed (or its panel opened) in this session. */
function teaserOf(el: BubbleHost): string | false {
  const key = keyOf(el);
  try {
    if (sessionStorage.getItem(key)) return false;
  } catch {
    // Storage refused: see `dismissed`.
  }
  return (
    !dismissed.has(key) && !!(el.teaser || el.querySelector('[slot="teaser"]')) && (el.teaser ?? '')
  );
}

function dismiss(el: BubbleHost): void {
  const key = keyOf(el);
  try {
    sessionStorage.setItem(key, '1');
  } catch {
    // Storage refused: it stays away for as long as the page lives.
    dismissed.add(key);
  }
  el.requestUpdate();
}

/**
 * The teaser's delay is over and it shows (its animation starts): `dh-teaser-show`, bubbling and
 * composed as every event of the kit (shared/events.ts `emit`, which this module does not import:
 * it imports nothing at run time). Only the teaser's own animation counts, not one of the site's
 * content in its slot.
 */
function teaserShown(el: BubbleHost, event: AnimationEvent): void {
  if (event.target === event.currentTarget)
    el.dispatchEvent(
      new CustomEvent('dh-teaser-show', { detail: {}, bubbles: true, composed: true }),
    );
}

/** The page's own `overflow`, kept while a panel holds the screen. */
let overflow: string | undefined;

/**
 * The panel opened or closed: an open panel that fills the screen stops the page scrolling behind
 * it; opened, the unread dot and the teaser have done their work; closed, focus returns to the
 * launcher, where the visitor opened it from.
 */
function toggled(el: BubbleHost, open = el.open): void {
  const style = document.documentElement.style;
  if (open && matchMedia(SMALL).matches) {
    overflow ??= style.overflow;
    style.overflow = 'hidden';
  } else if (overflow !== undefined) {
    style.overflow = overflow;
    overflow = undefined;
  }
  if (!open)
    void el.updateComplete.then(() =>
      el.renderRoot.querySelector<HTMLElement>('.launcher')?.focus(),
    );
  else {
    el.unread = false;
    if (teaserOf(el) !== false) dismiss(el);
  }
}

/** Elements that have the bubble's rules and keys. */
const ready = new WeakSet<BubbleHost>();

/**
 * An inline conversation on the page (its frame is there): the launcher would cover its controls
 * (Send, Speak) on a phone, and hides while it lasts. Each inline avatar's events say when to look again.
 */
const covered = (): boolean =>
  [...document.querySelectorAll<BubbleHost>('dh-avatar')].some(
    (a) => a.layout !== 'bubble' && a.shadowRoot?.querySelector('iframe'),
  );

/** The bubble's rules and its template, made with the page's Lit. */
export default ({ html, nothing, css, adoptStyles }: Lit) => {
  // An inline avatar's frame comes or goes: the bubbles look again whether it is covered (module-level state: once a page).
  for (const type of ['dh-load', 'dh-error'])
    document.addEventListener(type, () =>
      document.querySelectorAll<BubbleHost>('dh-avatar[layout=bubble]').forEach((el) => {
        el.requestUpdate();
      }),
    );
  /** The bubble's own rules, adopted beside the element's (avatar.styles.ts) once this module is in. */
  const styles = css`
    [hidden] {
      display: none !important;
    }
    .launcher,
    .panel,
    .teaser {
      position: var(--dh-avatar-position, fixed);
      bottom: var(--dh-avatar-offset, 20px);
      inset-inline-end: var(--dh-avatar-offset, 20px);
      z-index: var(--dh-avatar-z-index, 2147483000);
    }
    /* Corners are named for a left-to-right page: under dir="rtl" bottom-right is bottom-left. */
    :host([position='bottom-left']) :is(.launcher, .panel, .teaser) {
      inset-inline: var(--dh-avatar-offset, 20px) auto;
    }
    .launcher,
    .panel-head {
      display: flex;
      align-items: center;
      gap: 8px;
    }
    .launcher {
      padding: 6px;
      padding-inline-end: 16px;
      box-shadow: 0 6px 24px rgb(0 0 0 / 0.25);
    }
    .launcher img,
    .dot {
      width: 40px;
      height: 40px;
      border-radius: 50%;
      background: rgb(255 255 255 / 0.25);
    }
    .unread {
      width: 10px;
      height: 10px;
      border-radius: 50%;
      background: #ef4444;
      box-shadow: 0 0 0 2px #fff;
    }
    .panel,
    .teaser {
      bottom: calc(var(--dh-avatar-offset, 20px) + 64px);
    }
    .panel {
      width: min(var(--dh-avatar-panel-width, 380px), calc(100vw - 40px));
      max-height: calc(100dvh - 120px);
      display: flex;
      flex-direction: column;
      border-radius: var(--dh-avatar-radius, 16px);
      overflow: hidden;
      background: var(--dh-avatar-background, #111827);
      /* The ring shows the panel's edge on a dark page, where the shadow does not. */
      box-shadow:
        0 0 0 1px rgb(255 255 255 / 0.2),
        0 12px 48px rgb(0 0 0 / 0.35);
    }
    .panel .box {
      height: var(--dh-avatar-panel-height);
      min-height: 0;
      border-radius: 0;
    }
    .panel-head {
      justify-content: space-between;
      padding: 8px;
      padding-inline-start: 16px;
      font-weight: 600;
    }
    .close {
      padding: 0 14px;
      background: transparent;
      color: inherit;
      border: 1px solid rgb(255 255 255 / 0.4);
    }
    /* The teaser: above the launcher once its delay is over (hidden before: not read, not clicked). */
    .teaser {
      max-width: min(280px, calc(100vw - 40px));
      display: flex;
      align-items: start;
      gap: 4px;
      padding: 12px;
      padding-inline-end: 4px;
      border-radius: 16px;
      background: #fff;
      color: #111827;
      box-shadow: 0 6px 24px rgb(0 0 0 / 0.25);
      cursor: pointer;
      animation: teaser 0.3s var(--dh-avatar-teaser-delay, 4s) both;
    }
    @keyframes teaser {
      from {
        visibility: hidden;
        opacity: 0;
      }
    }
    .x {
      min-height: 32px;
      min-width: 32px;
      padding: 0;
      background: none;
      color: inherit;
    }
    /* A phone (or 200 % zoom): the open panel fills the screen, clear of its notches, and covers the launcher, which hides. */
    @media (max-width: 480px), (max-height: 480px) {
      :host([position]) .panel {
        position: fixed;
        inset: 0;
        width: auto;
        max-height: none;
        border-radius: 0;
        padding: env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left);
      }
      .panel .box {
        flex: 1;
        height: auto;
      }
      [aria-expanded='true'] {
        display: none;
      }
    }
  `;

  /**
   * The first time an element is a bubble: the bubble's rules join the element's in its shadow root,
   * and Escape closes the panel (on the host, so it works from the launcher too; once focus is in
   * the platform's page, its keys stay there, and the panel's Close is the way out).
   */
  function prepare(el: BubbleHost): void {
    if (ready.has(el)) return;
    ready.add(el);
    // Beside the rules the root already has (the element's, its other parts'): adoptStyles
    // replaces the list. (Without adopted stylesheets, Lit appends a <style> of these alone.)
    const root = el.renderRoot as ShadowRoot;
    adoptStyles(root, [...(root.adoptedStyleSheets ?? []), styles]);
    el.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && el.open) {
        e.stopPropagation();
        el.open = false;
      }
    });
  }

  /**
   * The launcher, the teaser and the panel. One Close control, the panel's: elsewhere the launcher
   * stays a toggle named for the head (`aria-expanded`); on a phone the open panel covers it, and it hides.
   */
  function renderBubble(el: BubbleHost, v: BubbleView) {
    const { name } = v;
    // English under the element's words: a page's English has no bubble words until this module is in.
    const m = { ...bubbleMessages, ...v.m };
    const title = el.label ?? m.title(name);
    const open = el.open;
    prepare(el);
    const teaser = teaserOf(el);
    return html`<button
        class="launcher ${v.pending ? 'pending' : ''}"
        part="launcher"
        type="button"
        aria-expanded=${open ? 'true' : 'false'}
        aria-controls="panel"
        ?hidden=${!open && covered()}
        @click=${() => (el.open = !open)}
      >
        ${v.poster ? html`<img src=${v.poster} alt="" />` : html`<span class="dot" aria-hidden="true"></span>`}
        ${name ? m.talkTo(name) : m.talkToUs}
        ${el.unread ? html`<span class="unread" part="unread" role="img" aria-label=${m.unread}></span>` : nothing}
      </button>
      ${
        teaser !== false && !open && !covered()
          ? html`<div class="teaser" part="teaser" @animationstart=${(e: AnimationEvent) => teaserShown(el, e)}>
            <slot name="teaser" @click=${() => (el.open = true)}>${teaser}</slot>
            <button class="x" part="teaser-close" type="button" aria-label=${m.dismiss} @click=${() => dismiss(el)}>×</button>
          </div>`
          : nothing
      }
      <div id="panel" class="panel" part="panel" role="dialog" aria-label=${title} ?hidden=${!open}>
        <div class="panel-head">
          <span>${name ?? m.title()}</span>
          <button class="close" part="close" type="button" aria-label=${m.closeLabel(title)} @click=${() => (el.open = false)}>${m.close}</button>
        </div>
        <div class="box" part="box">${v.body}</div>
      </div>`;
  }

  return { renderBubble, toggled };
};

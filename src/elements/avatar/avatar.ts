import { LitElement, html, isServer, nothing, type PropertyValues } from 'lit';
import { headSummarySchema, launchSchema, type HeadSummary } from '../../api/answers.js';
import { ApiRequestError, refusal, requestJson } from '../../api/client.js';
import { emit, type DhErrorDetail } from '../shared/events.js';
import { styles } from './avatar.styles.js';

export type AvatarTrigger = 'click' | 'visible' | 'eager' | 'method';
/** The detail of `dh-activate`: what started loading. */
export interface AvatarActivateDetail {
  trigger: AvatarTrigger;
}
/** The detail of `dh-load`: which page loaded. */
export interface AvatarLoadDetail {
  view: 'chat' | 'stream';
}
type Phase = 'idle' | 'loading' | 'ready' | 'error';

/** Origins already preconnected on this page: one `<link rel=preconnect>` each, ever. */
const preconnected = new Set<string>();
/** A launch URL this close to expiry is not used: it could expire while the frame loads. */
const EXPIRY_MARGIN_MS = 5000;

/**
 * A Digital Human on the page: the platform's chat page or stream page in an iframe, loaded from
 * a launch URL the site's server signed, so the organisation key never appears in the page.
 * Until it is needed it costs one small request: a facade with the head's poster and a button.
 * Before the frame follows a launch URL, the element asks the proxy whether it would accept it,
 * so a refused link (tampered, expired, unpublished head) is this element's error state.
 *
 * Keyboard: in the bubble layout Escape closes the panel while focus is on the launcher or the
 * panel's own controls. Once focus is inside the platform's page (another origin), its keys
 * belong to that page and never reach this one: the panel's Close button is the way out there.
 *
 * @element dh-avatar
 *
 * @fires {AvatarActivateDetail} dh-activate - Loading starts; `detail.trigger` is `click`, `visible`, `eager` or `method`.
 * @fires {AvatarLoadDetail} dh-load - The page has loaded in the frame; `detail.view` is `chat` or `stream`.
 * @fires {DhErrorDetail} dh-error - The launch failed (`detail.code`, `detail.message`); the element shows the message and a retry button.
 * @fires {{}} dh-open - The bubble panel opened.
 * @fires {{}} dh-close - The bubble panel closed.
 *
 * @csspart box - The box that keeps the aspect ratio.
 * @csspart facade - The poster, name and button shown before loading.
 * @csspart poster - The poster image.
 * @csspart button - The "Talk to …" button (and the retry button).
 * @csspart frame - The iframe.
 * @csspart error - The error message area.
 * @csspart hint - The note shown when the page's Permissions-Policy blocks the microphone.
 * @csspart launcher - The bubble layout's corner button.
 * @csspart panel - The bubble layout's panel.
 * @csspart close - The bubble panel's Close button.
 *
 * @cssprop [--dh-avatar-aspect-ratio=3 / 4 (chat), 16 / 9 (stream)] - Shape of the box.
 * @cssprop [--dh-avatar-accent=#2563eb] - Button colour.
 * @cssprop [--dh-avatar-radius=16px] - Corner radius.
 * @cssprop [--dh-avatar-background=#111827] - Background behind the poster and states.
 * @cssprop [--dh-avatar-color=#f9fafb] - Text colour on the facade and states.
 * @cssprop [--dh-avatar-error-color=#fecaca] - Error text colour.
 * @cssprop [--dh-avatar-font=system-ui, sans-serif] - Font.
 * @cssprop [--dh-avatar-offset=20px] - Bubble: distance from the corner.
 * @cssprop [--dh-avatar-panel-width=380px] - Bubble: panel width.
 * @cssprop [--dh-avatar-z-index=2147483000] - Bubble: stacking order.
 */
export class DhAvatar extends LitElement {
  static override styles = styles;

  // Reactive properties are declared statically rather than with decorators: the decorator
  // helpers cost 0.7 kB gzip, and this element has a 10 kB budget with Lit included.
  static override properties = {
    headId: { attribute: 'head-id' },
    endpoint: {},
    src: {},
    view: { reflect: true },
    loading: {},
    layout: { reflect: true },
    position: { reflect: true },
    label: {},
    allow: {},
    poster: {},
    _phase: { state: true },
    _summary: { state: true },
    _frameUrl: { state: true },
    _error: { state: true },
    _open: { state: true },
  };

  private _phase: Phase = 'idle';
  private _summary?: HeadSummary;
  private _frameUrl?: string;
  private _error?: DhErrorDetail;
  private _open = false;

  /** The head to show; the element asks `{endpoint}/heads/:id/launch` for a signed URL. */
  headId?: string;
  /** Base URL of the proxy routes. */
  endpoint = '/dh';
  /** A launch URL signed by the site's server at page render (instead of asking the proxy). */
  src?: string;
  /** `chat` (default) or `stream` (the streaming avatar page). */
  view: 'chat' | 'stream' = 'chat';
  /** `click` (default: a facade until the button is pressed), `lazy` (when near the viewport) or `eager`. */
  loading: 'click' | 'lazy' | 'eager' = 'click';
  /** `inline` (default: a box in the page) or `bubble` (a corner launcher that opens a panel). */
  layout: 'inline' | 'bubble' = 'inline';
  /** Corner of the bubble launcher. */
  position: 'bottom-right' | 'bottom-left' = 'bottom-right';
  /** Accessible name of the frame; default from the head's name. */
  label?: string;
  /** Permissions the frame may use. */
  allow = 'microphone; camera; autoplay; fullscreen';
  /** Poster image URL; default the head's poster from the proxy. */
  poster?: string;

  private _summaryAbort?: AbortController;
  private _launchAbort?: AbortController;
  private _observer?: IntersectionObserver;
  private _focusFrame = false;
  /** It was loading or showing a page when taken out of the document. */
  private _resume = false;

  override connectedCallback(): void {
    super.connectedCallback();
    this.addEventListener('pointerover', this._preconnect, { once: true });
    this.addEventListener('focusin', this._preconnect, { once: true });
    // On the host, not the panel: Escape then works from the launcher too.
    this.addEventListener('keydown', this._onKeydown);
    if (this._resume) {
      this._resume = false;
      void this._start('method', false);
    } else if (this.hasUpdated) this._arm();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this._observer?.disconnect();
    this._summaryAbort?.abort();
    this._launchAbort?.abort();
    // The aborted launch (or the removed frame's page) is gone: idle until it comes back, then
    // load again from a fresh URL instead of waiting for an answer that will never come.
    this._resume = this._phase === 'loading' || this._phase === 'ready';
    if (this._resume) {
      this._phase = 'idle';
      this._frameUrl = undefined;
    }
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if ((changed.has('headId') || changed.has('endpoint')) && this.headId) this._loadSummary();
  }

  protected override updated(changed: PropertyValues<this>): void {
    const frame = this.renderRoot.querySelector('iframe');
    if (this._focusFrame && frame) {
      this._focusFrame = false;
      // Moves keyboard focus into the conversation the user asked for.
      frame.focus();
    }
    // The first update, or the owner changed how it should load.
    if (changed.has('loading') || changed.has('layout')) this._arm();
    // The owner pointed the element elsewhere while it was showing a page: follow, without an event.
    const moved = (['src', 'view'] as const).some((k) => changed.has(k) && changed.get(k) !== undefined);
    if (moved && this._phase !== 'idle') {
      void this.updateComplete.then(() => {
        this._phase = 'idle';
        return this._start('method', false);
      });
    }
  }

  /** Loads the page in the frame (a no-op when it is loading or loaded). */
  activate(trigger: AvatarTrigger = 'method'): Promise<void> {
    return this._start(trigger, true);
  }

  /** Asks for a fresh launch URL and loads the page again (a new conversation). */
  reload(): Promise<void> {
    this._phase = 'idle';
    return this._start('method', true);
  }

  /** Loads now (`eager`), near the viewport (`lazy`) or not until asked (`click`). */
  private _arm(): void {
    this._observer?.disconnect();
    if (this._phase !== 'idle' || this.layout !== 'inline') return;
    // After this update, not during it (a state change inside an update costs another one).
    if (this.loading === 'eager') void this.updateComplete.then(() => this.activate('eager'));
    else if (this.loading === 'lazy') {
      // Starts loading a little before the box scrolls into view.
      this._observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && this.activate('visible'), {
        rootMargin: '200px',
      });
      this._observer.observe(this);
    }
  }

  private async _start(trigger: AvatarTrigger, announce: boolean): Promise<void> {
    if (this._phase === 'loading' || this._phase === 'ready') return;
    this._observer?.disconnect();
    this._phase = 'loading';
    this._error = undefined;
    this._focusFrame = trigger === 'click';
    this._frameUrl = undefined;
    if (announce) emit(this, 'dh-activate', { trigger });
    this._launchAbort?.abort();
    const abort = (this._launchAbort = new AbortController());
    try {
      const url = await this._launchUrl(abort.signal);
      if (abort.signal.aborted) return;
      this._frameUrl = url;
    } catch (err) {
      if (abort.signal.aborted) return;
      this._fail(err instanceof ApiRequestError ? { code: err.code, message: err.message } : { code: 'launch_failed', message: String(err) });
    }
  }

  private async _launchUrl(signal: AbortSignal): Promise<string> {
    const src = this.src;
    if (src) {
      const exp = Number(new URL(src, document.baseURI).searchParams.get('exp'));
      // Fresh by this page's clock; the proxy has the last word (its clock, the signature).
      const refusal =
        !exp || exp * 1000 > Date.now() + EXPIRY_MARGIN_MS
          ? await this._refusal(src, signal)
          : new ApiRequestError('launch_expired', 'This conversation link has expired. Reload the page to get a new one.');
      if (!refusal) return src;
      // With head-id, an expired src (a cached page) is replaced by a fresh URL.
      if (refusal.code !== 'launch_expired' || !this.headId) throw refusal;
    }
    if (!this.headId) throw new ApiRequestError('missing_head', 'Set head-id (or a signed src) on <dh-avatar>.');
    const launch = await requestJson(this.endpoint, `/heads/${encodeURIComponent(this.headId)}/launch`, launchSchema, {
      query: { view: this.view },
      signal,
    });
    // Signed by the proxy a moment ago: asking it again whether it accepts the link would only
    // cost the visitor a round trip (a markup `src` is checked above; it may be old or edited).
    return this._resolve(launch.url);
  }

  /**
   * Asks the proxy what the frame would get, so a refused link becomes this element's error state
   * instead of a refusal page in the frame. The proxy's 302 is not followed (`redirect: 'manual'`
   * gives an opaque redirect), so this never reaches the platform. A network or CORS failure
   * tells nothing: the frame goes anyway, as it would without this check.
   */
  private async _refusal(url: string, signal: AbortSignal): Promise<ApiRequestError | undefined> {
    const res = await fetch(url, { redirect: 'manual', credentials: 'include', headers: { accept: 'application/json' }, signal }).catch(() => undefined);
    return res && !res.ok && res.type !== 'opaqueredirect' ? refusal(res, await res.json().catch(() => undefined)) : undefined;
  }

  /** URLs from the proxy are relative to it, not to this page (the proxy may be on another origin). */
  private _resolve(url: string): string {
    return new URL(url, new URL(this.endpoint, document.baseURI)).href;
  }

  private async _loadSummary(): Promise<void> {
    this._summaryAbort?.abort();
    const abort = (this._summaryAbort = new AbortController());
    try {
      this._summary = await requestJson(this.endpoint, `/heads/${encodeURIComponent(this.headId!)}`, headSummarySchema, { signal: abort.signal });
    } catch {
      // The facade works without it (a generic name); a real problem shows when the user activates.
      if (!abort.signal.aborted) this._summary = undefined;
    }
  }

  private _fail(error: DhErrorDetail): void {
    this._phase = 'error';
    this._error = error;
    this._frameUrl = undefined;
    emit(this, 'dh-error', error);
  }

  private get _name(): string | undefined {
    return this._summary?.name;
  }

  private get _title(): string {
    return this.label ?? (this._name ? `${this._name}, digital human` : 'Digital human');
  }

  /** True when the page's Permissions-Policy denies the microphone to frames (Chromium exposes it). */
  private get _micBlocked(): boolean {
    const d = document as Document & { permissionsPolicy?: { allowsFeature(f: string): boolean }; featurePolicy?: { allowsFeature(f: string): boolean } };
    const policy = d.permissionsPolicy ?? d.featurePolicy;
    return policy?.allowsFeature('microphone') === false;
  }

  private _preconnect = (): void => {
    // Warms up the connection to a proxy on another origin; the platform's origin is not touched.
    const origin = new URL(this.endpoint, document.baseURI).origin;
    if (origin === location.origin || preconnected.has(origin)) return;
    preconnected.add(origin);
    const link = document.createElement('link');
    link.rel = 'preconnect';
    link.href = origin;
    link.crossOrigin = '';
    document.head.append(link);
  };

  private _onFrameLoad = (): void => {
    if (this._phase !== 'loading') return;
    this._phase = 'ready';
    emit(this, 'dh-load', { view: this.view });
  };

  private _onActivateClick = (): void => void this.activate('click');
  private _onRetry = (): void => {
    this._phase = 'idle';
    void this._start('click', true);
  };

  private _toggle = (): void => (this._open ? this._close() : this._openPanel());

  private _openPanel(): void {
    this._open = true;
    emit(this, 'dh-open', {});
    if (this._phase === 'idle') void this.activate('click');
    else this._focusFrame = true;
  }

  private _close(): void {
    this._open = false;
    emit(this, 'dh-close', {});
    // Focus returns to where the user opened the panel from.
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('.launcher')?.focus());
  }

  private _onKeydown = (e: KeyboardEvent): void => {
    if (e.key === 'Escape' && this._open) {
      e.stopPropagation();
      this._close();
    }
  };

  protected override render() {
    return this.layout === 'bubble' ? this.renderBubble() : html`<div class="box" part="box">${this.renderBody()}</div>`;
  }

  private renderBody() {
    if (this._phase === 'error') return this.renderError();
    if (this._phase === 'idle') return this.layout === 'bubble' ? nothing : this.renderFacade();
    return html`${this._frameUrl
        ? html`<iframe
            part="frame"
            src=${this._frameUrl}
            title=${this._title}
            allow=${this.allow}
            referrerpolicy="strict-origin-when-cross-origin"
            @load=${this._onFrameLoad}
          ></iframe>`
        : nothing}
      ${this._phase === 'loading'
        ? html`<div class="state" role="status"><div class="spinner" aria-hidden="true"></div><span>Connecting to ${this._name ?? 'the digital human'}…</span></div>`
        : this._micBlocked
          ? html`<p class="hint" part="hint">This page does not allow the microphone, so you can type but not talk.</p>`
          : nothing}`;
  }

  /** The poster: the page's own, else the head's face from the proxy. */
  private get _poster(): string | undefined {
    return this.poster ?? (this._summary?.poster ? this._resolve(this._summary.poster) : undefined);
  }

  private renderFacade() {
    const poster = this._poster;
    const name = this._name;
    return html`<div class="facade" part="facade">
      ${poster
        ? html`<img class="poster" part="poster" src=${poster} alt="" decoding="async" />`
        : html`<span class="initials" aria-hidden="true">${(name ?? 'DH').slice(0, 2).toUpperCase()}</span>`}
      <button part="button" type="button" @click=${this._onActivateClick}>
        <span class="play" aria-hidden="true"></span>${name ? `Talk to ${name}` : 'Talk to the digital human'}
      </button>
    </div>`;
  }

  private renderError() {
    return html`<div class="state error" part="error" role="alert">
      <span>${this._error?.message}</span>
      <button part="button" type="button" @click=${this._onRetry}>Try again</button>
    </div>`;
  }

  private renderBubble() {
    const name = this._name;
    const poster = this._poster;
    return html`<button
        class="launcher"
        part="launcher"
        type="button"
        aria-expanded=${this._open ? 'true' : 'false'}
        aria-controls="panel"
        @click=${this._toggle}
      >
        ${poster ? html`<img src=${poster} alt="" />` : html`<span class="dot" aria-hidden="true"></span>`}
        ${this._open ? 'Close' : name ? `Talk to ${name}` : 'Talk to us'}
      </button>
      <div id="panel" class="panel" part="panel" role="dialog" aria-label=${this._title} ?hidden=${!this._open}>
        <div class="panel-head">
          <span>${name ?? 'Digital human'}</span>
          <button class="close" part="close" type="button" aria-label="Close ${this._title}" @click=${this._close}>Close</button>
        </div>
        <div class="box" part="box">${this.renderBody()}</div>
      </div>`;
  }
}

// Defined only in a browser: importing the module in Node (SSR, tests) must not throw.
if (!isServer && !customElements.get('dh-avatar')) customElements.define('dh-avatar', DhAvatar);

declare global {
  interface HTMLElementTagNameMap {
    'dh-avatar': DhAvatar;
  }
  interface GlobalEventHandlersEventMap {
    'dh-activate': CustomEvent<AvatarActivateDetail>;
    'dh-load': CustomEvent<AvatarLoadDetail>;
    'dh-error': CustomEvent<DhErrorDetail>;
    'dh-open': CustomEvent<Record<string, never>>;
    'dh-close': CustomEvent<Record<string, never>>;
  }
}

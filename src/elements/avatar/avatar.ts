import { html, nothing, type PropertyValues } from 'lit';
import { headSummarySchema, type HeadSummary } from '../../api/answers.js';
import type { View } from '../../api/rules.js';
import { ApiRequestError, getJson } from '../../api/client.js';
import { canRetry } from '../../api/errors.js';
import {
  chosenAllow,
  defaultAllow,
  frameAllow,
  frameSandbox,
  idSegment,
  mediaUrl,
} from '../../api/urls.js';
import { emit, fail, type AvatarTrigger } from '../shared/events.js';
import { styles } from './avatar.styles.js';
import { launchFrame, type Frame } from './launch.js';
import {
  bubble,
  consentNotice,
  madePart,
  micHint,
  needsModule,
  warmUp,
  type ConsentNotice,
} from './parts.js';
import { define } from '../shared/define.js';
import { DEFAULT_ENDPOINT } from '../shared/endpoint.js';
import { LocalizeController, LocalizedElement } from '../localized.js';
import {
  avatarErrorWords,
  avatarMessages,
  avatarSharedMessages,
  type AvatarMessages,
} from './messages.js';
import { baseLanguage, languageName } from '../shared/language-name.js';
export type {
  AvatarTrigger,
  AvatarActivateDetail,
  AvatarConsentDetail,
  AvatarLoadDetail,
} from '../shared/events.js';
type Phase = 'idle' | 'loading' | 'ready' | 'error';

/** How long the facade waits for the head's name before it shows its button without it (ms). */
const NAME_WAIT_MS = 1000;

/**
 * A Digital Human on the page: the platform's chat page or stream page in an iframe, loaded from
 * a launch URL the site's server signed, so the organisation key never appears in the page.
 * Until it is needed it costs one small request: a facade with the head's poster and a button.
 * Before the frame follows a launch URL, the element asks the proxy whether it would accept it,
 * so a refused link (tampered, expired, unpublished head) is this element's error state.
 *
 * Markup is input: the frame loads only a signed launch link of the site's proxy (api/urls.ts),
 * sandboxed without top navigation, and its `allow` delegates each feature to the platform page's
 * origin only. With `loading="eager"` or `"lazy"` the microphone and camera are not delegated
 * unless the site sets `allow` itself: a page that holds the microphone permission would otherwise
 * hand it to the frame with no click.
 *
 * Consent: with `consent` (the version of the site's terms), nothing of the conversation loads
 * (no launch, no frame, no request to the platform, not even a preconnect), whatever `loading`
 * says, until the visitor accepts the notice or the site's script calls `grantConsent()`. The
 * notice's part (`dh-kit/avatar/consent`, consent-notice.ts) keeps the answer for the site and
 * that version (localStorage), so a new version asks again, and fires `dh-consent`; where the
 * browser refuses storage, each page asks again.
 *
 * Parts a page adds, each by its own import (both CDN files have them all): the bubble layout
 * (`dh-kit/avatar/bubble`), the consent notice and the kept answer (`dh-kit/avatar/consent`), the
 * microphone hint (`dh-kit/avatar/mic-hint`) and the preconnect to a proxy on another origin
 * (`dh-kit/avatar/preconnect`). Without one, the element does without what it adds.
 *
 * Keyboard: in the bubble layout Escape closes the panel while focus is on the launcher or the
 * panel's own controls. Once focus is inside the platform's page (another origin), its keys
 * belong to that page and never reach this one: the panel's Close button is the way out there.
 *
 * @element dh-avatar
 *
 * @fires {AvatarActivateDetail} dh-activate - Loading starts; `detail.trigger` is `click`, `visible`, `eager` or `method`.
 * @fires {AvatarLoadDetail} dh-load - The page has loaded in the frame; `detail.view` is `chat` or `stream`.
 * @fires {DhErrorDetail} dh-error - The head does not exist, or the launch failed (`detail.code`, and the operator's `detail.message`, also in the console); the element says it in visitor words, with Try again where trying again can help.
 * @fires {{}} dh-open - The bubble panel opened (by the visitor, or `open` set by script).
 * @fires {{}} dh-close - The bubble panel closed.
 * @fires {{}} dh-teaser-show - The bubble's teaser showed beside the launcher, its delay over (`--dh-avatar-teaser-delay`).
 * @fires {AvatarConsentDetail} dh-consent - The visitor accepted the notice, or the site's script called `grantConsent()` or `revokeConsent()`: `detail.version` (the `consent` it answers), `detail.accepted`, `detail.at` (ISO time).
 *
 * @csspart box - The box that keeps the aspect ratio.
 * @csspart facade - The poster, name and button shown before loading.
 * @csspart poster - The poster image.
 * @csspart button - The "Talk to …" button (and the retry button, and "Accept and talk").
 * @csspart language - On the facade, the language the head speaks when it is not the page's ("Speaks German").
 * @csspart frame - The iframe.
 * @csspart error - The error message area.
 * @csspart hint - The note over the conversation when the page's Permissions-Policy blocks the microphone (with `dh-kit/avatar/mic-hint`).
 * @csspart launcher - The bubble layout's corner button.
 * @csspart panel - The bubble layout's panel.
 * @csspart close - The bubble panel's Close button.
 * @csspart teaser - The bubble's greeting beside the launcher (`teaser`, or `slot="teaser"`).
 * @csspart teaser-close - The teaser's dismiss button.
 * @csspart unread - The dot on the launcher while `unread` is set.
 * @csspart consent - The consent notice (its text and link), above "Accept and talk".
 * @csspart consent-link - The default notice's link to `consent-href`.
 *
 * @slot teaser - Rich content for the teaser (over the `teaser` attribute).
 * @slot consent - The site's own consent notice (over the default sentence and its link).
 *
 * @cssprop [--dh-avatar-aspect-ratio=3 / 4 (chat), 16 / 9 (stream)] - Shape of the box.
 * @cssprop [--dh-avatar-max-width=28rem] - Inline: the widest it gets (`none` fills its container).
 * @cssprop [--dh-avatar-max-height=100dvh] - Inline: the tallest it gets; a taller box is narrower instead, keeping its shape.
 * @cssprop [--dh-avatar-accent=#2563eb] - Button colour.
 * @cssprop [--dh-avatar-radius=16px] - Corner radius.
 * @cssprop [--dh-avatar-background=#111827] - Background behind the poster and states.
 * @cssprop [--dh-avatar-color=#f9fafb] - Text colour on the facade and states.
 * @cssprop [--dh-avatar-error-color=#fecaca] - Error text colour.
 * @cssprop [--dh-avatar-font=system-ui, sans-serif] - Font.
 * @cssprop [--dh-avatar-offset=20px] - Bubble: distance from the corner.
 * @cssprop [--dh-avatar-panel-width=380px] - Bubble: panel width.
 * @cssprop [--dh-avatar-panel-height] - Bubble: panel height (default from the aspect ratio); under 480 px the panel fills the screen.
 * @cssprop [--dh-avatar-teaser-delay=4s] - Bubble: how long the teaser waits before it shows.
 * @cssprop [--dh-avatar-z-index=2147483000] - Bubble: stacking order (lower it under a cookie banner or a site menu).
 * @cssprop [--dh-avatar-position=fixed] - Bubble: `fixed` to the window, or `absolute` to keep it inside a positioned block of the page.
 */
export class DhAvatar extends LocalizedElement<'avatar'> {
  static override styles = styles;
  protected readonly localize = new LocalizeController(this, {
    section: 'avatar',
    // The bubble's words come with the bubble's module (bubble.ts).
    english: avatarMessages as AvatarMessages,
    sharedEnglish: avatarSharedMessages,
  });

  static override properties = {
    headId: { attribute: 'head-id' },
    endpoint: {},
    src: {},
    view: { reflect: true },
    loading: {},
    layout: { reflect: true },
    position: { reflect: true },
    label: {},
    allow: { attribute: false },
    sandbox: { attribute: false },
    poster: {},
    teaser: {},
    unread: { type: Boolean, reflect: true },
    open: { type: Boolean, reflect: true },
    consent: {},
    consentHref: { attribute: 'consent-href' },
    _phase: { state: true },
    _summary: { state: true },
    _frame: { state: true },
    _error: { state: true },
    _pending: { state: true },
  };

  private _phase: Phase = 'idle';
  private _summary?: HeadSummary;
  private _frame?: Frame;
  private _error?: ApiRequestError;
  private _pending?: boolean;

  /** The head to show; the element asks `{endpoint}/heads/:id/launch` for a signed URL. */
  headId?: string;
  /** Base URL of the proxy routes. */
  endpoint = DEFAULT_ENDPOINT;
  /** A launch URL signed by the site's server at page render (instead of asking the proxy). */
  src?: string;
  /** `chat` (default) or `stream` (the streaming avatar page). */
  view: View = 'chat';
  /** `click` (default: a facade until the button is pressed), `lazy` (when near the viewport) or `eager`. */
  loading: 'click' | 'lazy' | 'eager' = 'click';
  /** `inline` (default: a box in the page) or `bubble` (a corner launcher that opens a panel). */
  layout: 'inline' | 'bubble' = 'inline';
  /** Corner of the bubble launcher. */
  position: 'bottom-right' | 'bottom-left' = 'bottom-right';
  /** Accessible name of the frame; default from the head's name. */
  label?: string;
  /**
   * Features the frame may use (microphone, camera, autoplay, fullscreen, clipboard-write), each
   * delegated to the platform page's origin only. Default: all but clipboard-write, and no
   * microphone or camera when an inline element loads `eager` or `lazy`. The property widens;
   * the `allow` attribute (markup) keeps only the defaults it names.
   */
  allow?: string;
  /** Sandbox tokens the site's script adds (e.g. `allow-downloads`, never `allow-top-navigation`); the attribute keeps only defaults it names. */
  sandbox?: string;
  /** Poster image URL; default the head's poster from the proxy. */
  poster?: string;
  /** Bubble: a greeting beside the closed launcher after a delay; dismissed, it stays away for the session. */
  teaser?: string;
  /** Bubble: a dot on the launcher (a new message, say); opening the panel clears it. */
  unread = false;
  /** Bubble: the panel is open (the visitor opened it, or the site's script set it). */
  open = false;
  /** The version of the site's terms the visitor must accept before anything of the conversation loads (any text; a new version asks again). */
  consent?: string;
  /** The page of the site's terms, linked from the default consent notice (http(s) only). */
  consentHref?: string;

  #summaryAbort?: AbortController;
  #launchAbort?: AbortController;
  #observer?: IntersectionObserver;
  /** The visitor pressed a control and waits: focus goes to what replaces it (the loaded page, or the error). */
  #focus?: boolean;
  /** It was loading or showing a page when taken out of the document. */
  #resume?: boolean;
  /** The `consent` version accepted here: what this element goes by without a kept answer (storage refused, or the consent part not in yet). */
  #accepted?: string;

  override connectedCallback(): void {
    super.connectedCallback();
    this.addEventListener('pointerover', this.#preconnect, { once: true });
    this.addEventListener('focusin', this.#preconnect, { once: true });
    if (this.#resume) {
      this.#resume = false;
      void this.#start('method', false);
    } else if (this.hasUpdated) this.#scheduleLoading();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.open) bubble.made?.toggled(this, false);
    this.#observer?.disconnect();
    this.#summaryAbort?.abort();
    // The aborted launch (or the removed frame's page) is gone: idle until it comes back, then load again from a fresh URL.
    this.#resume = this.#stop();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if ((changed.has('headId') || changed.has('endpoint')) && this.headId) {
      if (this._phase === 'error') this._phase = 'idle';
      this.#loadSummary();
    }
    // The panel opened or closed (not the first update's closed): the page is told, focus goes in (updated) or back.
    if (changed.has('open') && (this.open || changed.get('open') !== undefined)) {
      emit(this, this.open ? 'dh-open' : 'dh-close', {});
      bubble.made?.toggled(this);
      if (this.open && this._phase === 'idle') void this.activate('click');
      else this.#focus = this.open;
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    // Focus follows the visitor's press: onto "Connecting…" while the page loads, into the
    // conversation once it has loaded (focused earlier, the page's load would drop it), or onto
    // what replaced the pressed button: Try again, else the message.
    if (this.#focus) {
      const root = this.renderRoot;
      (this._phase === 'ready'
        ? root.querySelector('iframe')
        : (root.querySelector<HTMLElement>('.error button') ??
          root.querySelector<HTMLElement>('.state, .consent'))
      )?.focus();
      this.#focus = this._phase === 'loading';
    }
    // The first update, or the owner changed how it should load (or whether it asks first).
    if (changed.has('loading') || changed.has('layout') || changed.has('consent'))
      this.#scheduleLoading();
    // The owner pointed the element elsewhere while it was showing a page: follow, without an event.
    if (
      (changed.get('src') !== undefined || changed.get('view') !== undefined) &&
      this._phase !== 'idle'
    ) {
      void this.updateComplete.then(() => {
        this._phase = 'idle';
        return this.#start('method', false);
      });
    }
  }

  /** Loads the page in the frame (a no-op when it is loading or loaded). */
  activate(trigger: AvatarTrigger = 'method'): Promise<void> {
    return this.#start(trigger, true);
  }

  /** Asks for a fresh launch URL and loads the page again (a new conversation). */
  reload(): Promise<void> {
    this._phase = 'idle';
    return this.#start('method', true);
  }

  /**
   * The visitor accepts the terms of `consent`'s version (a consent manager's callback, or the
   * site's own button): the element loads as `loading` says, and the consent part keeps the answer
   * for this site and fires `dh-consent`. Without `consent` there is nothing to accept.
   */
  grantConsent(): void {
    this.#answer(true);
  }

  /**
   * The visitor withdraws consent: an open conversation closes (the bubble's panel too), the
   * consent part forgets the kept answer and fires `dh-consent`, and the notice asks again.
   */
  revokeConsent(): void {
    this.#answer(false);
  }

  #answer(accepted: boolean): void {
    const version = this.consent;
    if (!version) return;
    this.#accepted = accepted ? version : undefined;
    // Kept (or forgotten) and told to the page by the consent part: now, or once it is in.
    const keep = (notice: ConsentNotice) => notice.answer(this, version, accepted);
    const notice = madePart(consentNotice, this, keep);
    if (notice) keep(notice);
    if (!accepted) {
      this.#stop();
      this.open = false;
    }
    this.requestUpdate();
    this.#scheduleLoading();
  }

  /**
   * True while `consent` names terms this visitor has not accepted, on this page or (as the
   * consent part keeps them) an earlier one: nothing of the conversation loads.
   */
  get #asksConsent(): boolean {
    const version = this.consent;
    return !!version && version !== this.#accepted && !consentNotice.made?.kept(version);
  }

  /** Ends the conversation (its launch, or its page): idle again. True when there was one. */
  #stop(): boolean {
    this.#launchAbort?.abort();
    const running = this._phase === 'loading' || this._phase === 'ready';
    if (running) {
      this._phase = 'idle';
      this._frame = undefined;
    }
    return running;
  }

  /** Loads now (`eager`), near the viewport (`lazy`) or not until asked (`click`). */
  #scheduleLoading(): void {
    this.#observer?.disconnect();
    if (this._phase !== 'idle' || this.#isBubble) return;
    // After this update, not during it (a state change inside an update costs another one).
    // Only from idle: a refusal the facade already shows (its look-up) is not asked again.
    const load = (trigger: AvatarTrigger): void => {
      if (this._phase === 'idle') void this.activate(trigger);
    };
    if (this.loading === 'eager') void this.updateComplete.then(() => load('eager'));
    else if (this.loading === 'lazy') {
      // Starts loading a little before the box scrolls into view.
      this.#observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) load('visible');
        },
        {
          rootMargin: '200px',
        },
      );
      this.#observer.observe(this);
    }
  }

  async #start(trigger: AvatarTrigger, announce: boolean): Promise<void> {
    if (this._phase === 'loading' || this._phase === 'ready') return;
    // The one way to a launch: while consent is asked, the notice stays (a press moves focus to it).
    if (this.#asksConsent) {
      this.#focus = trigger === 'click';
      return;
    }
    this.#observer?.disconnect();
    this._phase = 'loading';
    this.#focus = trigger === 'click';
    this._frame = undefined;
    if (announce) emit(this, 'dh-activate', { trigger });
    this.#launchAbort?.abort();
    const abort = (this.#launchAbort = new AbortController());
    try {
      const frame = await launchFrame(this, abort.signal);
      if (!abort.signal.aborted) this._frame = frame;
    } catch (err) {
      if (!abort.signal.aborted)
        this.#fail(
          err instanceof ApiRequestError ? err : new ApiRequestError('launch_failed', String(err)),
        );
    }
  }

  #fail(err: ApiRequestError): void {
    this._phase = 'error';
    fail(this, (this._error = err));
  }

  async #loadSummary(): Promise<void> {
    this.#summaryAbort?.abort();
    const abort = (this.#summaryAbort = new AbortController());
    // The facade waits for the name (NAME_WAIT_MS at most): "Talk to …" growing would move its
    // button (CLS). The wait ends with the answer, the time, or the look-up's abort.
    this._pending = true;
    const nameWait = setTimeout(() => (this._pending = false), NAME_WAIT_MS);
    const stopWaiting = () => {
      clearTimeout(nameWait);
      this._pending = false;
    };
    abort.signal.addEventListener('abort', stopWaiting);
    try {
      this._summary = await getJson(
        this.endpoint,
        `/heads/${idSegment(this.headId)}`,
        headSummarySchema,
        abort.signal,
      );
    } catch (err) {
      if (abort.signal.aborted) return;
      this._summary = undefined;
      // The facade works without it (a generic name) while the trouble may pass by the click (the
      // network, a busy proxy). A refusal that will not pass shows at once, with no button that
      // leads nowhere: no such head, a head this site does not publish, a proxy that refuses this
      // page's origin (CORS), an endpoint the page does not trust.
      const refusal =
        err instanceof ApiRequestError ? err : new ApiRequestError('unexpected', String(err));
      if (!canRetry(refusal) && this._phase === 'idle') this.#fail(refusal);
    }
    if (!abort.signal.aborted) stopWaiting();
  }

  get #name(): string | undefined {
    return this._summary?.name;
  }

  /** "Speaks Spanish" (in the page's words) when the head's language is not the page's; "Spanish" says enough (es-ES → es). */
  get #speaks(): string | undefined {
    const language = baseLanguage(this._summary?.language ?? '');
    const name =
      language &&
      language !== baseLanguage(this.localize.languageTag || 'en') &&
      languageName(language, this.currentLocale);
    return name ? this.m.speaks(name) : undefined;
  }

  /** The pointer or focus comes near: the preconnect part warms up the proxy's connection, but not before consent. */
  #preconnect = (): void => {
    if (!this.#asksConsent) warmUp(this.endpoint);
  };

  // The template's listeners are methods, not arrow fields: Lit calls them on this element.
  #onFrameLoad(): void {
    if (this._phase !== 'loading') return;
    this._phase = 'ready';
    emit(this, 'dh-load', { view: this.view });
  }

  /** The facade's button, or Try again: the visitor's press (focus follows what replaces it). */
  #onPress(): void {
    this._phase = 'idle';
    void this.#start('click', true);
  }

  /** The notice's Accept and talk (a listener of the element's template): remembered, and the conversation starts (focus follows, as from Talk to …). */
  #onAccept(): void {
    this.grantConsent();
    void this.#start('click', true);
  }

  /** A bubble, if the page added its module; else inline, facade and all (the console says what to import). */
  get #isBubble(): boolean {
    return this.layout === 'bubble' && bubble.module !== undefined;
  }

  protected override render() {
    if (this.layout === 'bubble') needsModule(bubble, 'layout="bubble"', 'bubble', 'inline');
    return this.#isBubble
      ? this.#renderBubble()
      : html`<div class="box" part="box">${this.#renderBody()}</div>`;
  }

  #renderBody() {
    if (this._phase === 'error') return this.#renderError();
    // A bubble's panel shows the facade only to ask for consent: opened, it loads at once.
    if (this._phase === 'idle')
      return this.#isBubble && !this.#asksConsent ? nothing : this.#renderFacade();
    const frame = this._frame;
    // Over the loaded page, the microphone hint's part (where the page added it) says whether the
    // page blocks the microphone.
    return html`${
      frame
        ? html`<iframe
            part="frame"
            src=${frame.url}
            title=${this.label ?? this.m.title(this.#name)}
            allow=${this.#frameAllow(frame)}
            sandbox=${frameSandbox(this.sandbox, this.getAttribute('sandbox'))}
            referrerpolicy="strict-origin-when-cross-origin"
            @load=${this.#onFrameLoad}
          ></iframe>`
        : nothing
    }
      ${
        this._phase === 'loading'
          ? html`<div class="state" role="status" tabindex="-1"><div class="spinner" aria-hidden="true"></div><span>${this.m.connecting(this.#name)}</span></div>`
          : (madePart(micHint, this)?.renderHint(this, this.m) ?? nothing)
      }`;
  }

  /**
   * The frame's `allow`: the defaults for how it loads, narrowed by the `allow` attribute or
   * widened by the property, each feature delegated to the platform page's origin only.
   */
  #frameAllow(frame: Frame): string {
    const defaults = defaultAllow(this.loading, this.#isBubble ? 'bubble' : 'inline');
    const features = chosenAllow(defaults, this.allow, this.getAttribute('allow'));
    return frameAllow(features, frame.origin, frame.url);
  }

  /** The poster: the page's own, else the head's face from the proxy (its URL is relative to the proxy); http(s) only. */
  get #poster(): string | undefined {
    return this.poster ? mediaUrl(this.poster) : mediaUrl(this._summary?.poster, this.endpoint);
  }

  #renderFacade() {
    const poster = this.#poster;
    const name = this.#name;
    const speaks = this.#speaks;
    return html`<div class="facade ${this._pending ? 'pending' : ''}" part="facade">
      ${
        poster
          ? html`<img class="poster" part="poster" src=${poster} alt="" decoding="async" />`
          : html`<span class="initials" aria-hidden="true">${(name ?? 'DH').slice(0, 2).toUpperCase()}</span>`
      }
      ${
        this.#asksConsent
          ? this.#renderNotice()
          : html`<button part="button" type="button" @click=${this.#onPress}><span class="play" aria-hidden="true"></span>${this.m.talkTo(name)}</button>`
      }
      ${speaks ? html`<span class="speaks" part="language">${speaks}</span>` : nothing}
    </div>`;
  }

  /** The consent notice and its Accept and talk, once its module is in (without it, no button: the console says what to import). */
  #renderNotice() {
    needsModule(consentNotice, 'consent', 'consent', 'nothing loads');
    // Once the part is in, an answer it kept on an earlier page lets the element load as `loading` says.
    const arrived = () => {
      this.requestUpdate();
      this.#scheduleLoading();
    };
    return (
      madePart(consentNotice, this, arrived)?.renderNotice(this, {
        m: this.m,
        href: mediaUrl(this.consentHref),
        accept: this.#onAccept,
      }) ?? nothing
    );
  }

  /**
   * A failure in visitor words: a moment's trouble, an old link or the head's budget in the shared sentences, else
   * "Ada isn't available right now" (the operator's words went to the console); Try again only
   * where trying again can help. The box takes focus when it has no button (tabindex -1).
   */
  #renderError() {
    const { code, message } = this._error!;
    const retry = canRetry(this._error!);
    // An old link's or a spent budget's own sentence tells the visitor what to do (reload the
    // page, come back tomorrow); any other failure that trying again cannot mend says the head is
    // not available.
    const ownWords = retry || Object.hasOwn(avatarErrorWords, code);
    return html`<div class="state error" part="error" role="alert" tabindex="-1">
      <span>${ownWords ? this.shared.error(code, message) : this.m.unavailable(this.#name)}</span>
      ${retry ? html`<button part="button" type="button" @click=${this.#onPress}>${this.shared.tryAgain}</button>` : nothing}
    </div>`;
  }

  #renderBubble() {
    const made = madePart(bubble, this);
    // A head that does not exist, or a launch that cannot work: no launcher that leads nowhere (the console says why).
    if (!made || (this._phase === 'error' && !canRetry(this._error!) && !this.open)) return nothing;
    return made.renderBubble(this, {
      m: this.m,
      name: this.#name,
      poster: this.#poster,
      pending: this._pending,
      body: this.#renderBody(),
    });
  }
}

// Until the next major version: configure, setMessages and LOCALES, from their one place.
export * from '../kit-functions.js';
// How a page adds the avatar's parts (parts.ts); the parts' own modules call these.
export { addBubble, addConsent, addMicHint, addPreconnect } from './parts.js';

declare global {
  interface HTMLElementTagNameMap {
    'dh-avatar': DhAvatar;
  }
}

define('dh-avatar', DhAvatar);

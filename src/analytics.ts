/**
 * `dh-kit/analytics`: the elements' events as the site's own analytics events (docs/analytics.md),
 * and nothing else — no element, no Lit. It listens at the document for the events the elements
 * fire (they bubble and are composed) and watches each `<dh-avatar>` come on screen.
 *
 * ```js
 * import { connectAnalytics } from 'dh-kit/analytics';
 * connectAnalytics(); // Google Tag Manager: dataLayer.push({ event: 'dh_avatar_open', head_id, … })
 * connectAnalytics({ send: (name, params) => gtag('event', name, params) }); // GA4 without GTM
 * ```
 *
 * What goes along is public by construction: a head's id, how an avatar is laid out and what it
 * shows, a code, a consent's answer. A visitor's words, an error's message, a URL (a launch link
 * carries a signature) or anything that names a person never does: each parameter is picked by
 * name, never copied wholesale from an event.
 */
import type {
  AvatarActivateDetail,
  AvatarConsentDetail,
  DhErrorDetail,
} from './elements/shared/events.js';

/** The analytics events, as docs/analytics.md lists them. */
export type AnalyticsEventName =
  | 'dh_avatar_view'
  | 'dh_avatar_activate'
  | 'dh_avatar_open'
  | 'dh_avatar_load'
  | 'dh_avatar_close'
  | 'dh_avatar_error'
  | 'dh_teaser_shown'
  | 'dh_consent'
  | 'dh_error';

/** An event's parameters: only those that apply, each a string, a number or a boolean. */
export type AnalyticsParams = Record<string, string | number | boolean>;

/** Where each analytics event goes: GA4's `gtag`, Plausible, Matomo, or the site's own. */
export type AnalyticsSend = (name: AnalyticsEventName, params: AnalyticsParams) => void;

export interface AnalyticsOptions {
  /** Default: `window.dataLayer.push({ event: name, ...params })`, for Google Tag Manager. */
  send?: AnalyticsSend;
  /** Where to listen: the whole document (default), or the part of the page to count. */
  root?: Document | Element;
  /** Only these events (default: every one). */
  events?: readonly AnalyticsEventName[];
}

type Params = Record<string, unknown>;
/** An element event, as the analytics event it becomes. */
type Counted = [AnalyticsEventName, Params];

/** The avatar's own settings, on each of its events: its head, how it is laid out, what it shows. */
const avatarParams = (avatar: Element): Params => {
  const { headId, layout, view } = avatar as Element & Params;
  return { head_id: headId, layout, view };
};

/**
 * An error's code as it can go: the kit's codes are words (`launch_failed`); another proxy may
 * answer anything, so what is not a word goes as `other`. The message never goes.
 */
const codeOf = ({ code }: DhErrorDetail) => (/^\w{1,64}$/.test(code) ? code : 'other');

/** `<dh-avatar>`'s events: the analytics event each becomes, with the avatar's settings. */
const AVATAR_EVENTS: Record<string, AnalyticsEventName> = {
  'dh-activate': 'dh_avatar_activate',
  'dh-open': 'dh_avatar_open',
  'dh-load': 'dh_avatar_load',
  'dh-close': 'dh_avatar_close',
  'dh-error': 'dh_avatar_error',
  'dh-teaser-show': 'dh_teaser_shown',
  'dh-consent': 'dh_consent',
};

/** The element event as the analytics event it becomes, or undefined: not one the kit counts. */
function counted(
  type: string,
  detail: Record<string, unknown>,
  source: Element,
): Counted | undefined {
  const element = source.localName;
  const code = type === 'dh-error' ? codeOf(detail as unknown as DhErrorDetail) : undefined;
  // Another element of the kit: its failures only (the back office's other events are the
  // operator's, not the site's visitors').
  if (element !== 'dh-avatar')
    return code && element.startsWith('dh-') ? ['dh_error', { element, code }] : undefined;
  const name = AVATAR_EVENTS[type];
  // The fields of a detail that go: what started loading, an error's code, a consent's answer.
  const { trigger, accepted, version } = detail as Partial<
    AvatarActivateDetail & AvatarConsentDetail
  >;
  return name && [name, { ...avatarParams(source), trigger, code, accepted, version }];
}

/** The parameters that apply (set). */
const sendable = (params: Params) =>
  Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== ''),
  ) as AnalyticsParams;

/**
 * The keys a dataLayer push of ours has set. Each push sets them all, `undefined` where they do not
 * apply: Tag Manager keeps the last value of a key across pushes, so a variable would otherwise
 * give a `dh_avatar_load` the `code` of an earlier error.
 */
const pushedKeys = new Set<string>();

/** The default `send`: Google Tag Manager's dataLayer, made if the page has none yet. */
function pushToDataLayer(name: AnalyticsEventName, params: AnalyticsParams): void {
  const page = window as { dataLayer?: unknown[] };
  page.dataLayer ??= [];
  const cleared: Params = {};
  for (const key of pushedKeys) cleared[key] = undefined;
  for (const key in params) pushedKeys.add(key);
  page.dataLayer.push({ event: name, ...cleared, ...params });
}

/** Every element event counted. */
const TYPES = Object.keys(AVATAR_EVENTS);

/**
 * What each `send` has been told: each dispatched event, and each avatar's first view. However
 * many connections share a `send` (connectAnalytics called twice, or on two roots), each event
 * reaches it once.
 */
const told = new WeakMap<AnalyticsSend, WeakSet<Event | Element>>();

/**
 * Sends the elements' events to the site's analytics: `dataLayer.push` by default, or `send`.
 * Returns the function that stops it. Calling it again with the same `send` (or none) counts
 * nothing twice. On a server (no document) it does nothing.
 */
export function connectAnalytics(options: AnalyticsOptions = {}): () => void {
  if (typeof document === 'undefined') return () => {};
  const { send = pushToDataLayer, root = document, events } = options;
  let sent = told.get(send);
  if (!sent) told.set(send, (sent = new WeakSet()));
  const tell = (once: Event | Element, [name, params]: Counted): void => {
    if (sent.has(once) || (events && !events.includes(name))) return;
    sent.add(once);
    send(name, sendable(params));
  };
  // The element that fired it: the first of its path (the document sees the outermost host).
  const onEvent = (event: Event): void => {
    const source = event.composedPath()[0];
    const analytics =
      source instanceof Element && counted(event.type, (event as CustomEvent).detail ?? {}, source);
    if (analytics) tell(event, analytics);
  };
  // Capture: counted before any listener of the page can stop it.
  for (const type of TYPES) root.addEventListener(type, onEvent, true);
  const stopWatching =
    !events || events.includes('dh_avatar_view')
      ? watchViews(root, (avatar) => tell(avatar, ['dh_avatar_view', avatarParams(avatar)]))
      : undefined;
  return () => {
    for (const type of TYPES) root.removeEventListener(type, onEvent, true);
    stopWatching?.();
  };
}

/**
 * Calls `seen` when an avatar is on screen: half of its box, for an inline one; a bubble at once,
 * its launcher sitting in a corner of the window (the element itself is no box there). The
 * elements fire no event for it. Avatars added later are watched too. Returns the stop.
 */
function watchViews(root: Document | Element, seen: (avatar: Element) => void): () => void {
  const onScreen = new IntersectionObserver(
    (entries) => {
      for (const { target, intersectionRatio } of entries)
        if (intersectionRatio >= 0.5) seen(target);
    },
    { threshold: 0.5 },
  );
  // Live: an avatar added to the page later is in it.
  const avatars = root.getElementsByTagName('dh-avatar');
  // Observing an avatar again does nothing; seeing it again is not told again.
  const watch = () => {
    for (const avatar of avatars)
      if (avatar.getAttribute('layout') === 'bubble') seen(avatar);
      else onScreen.observe(avatar);
  };
  const changes = new MutationObserver(watch);
  let stopped = false;
  // Once the element is defined: before, an avatar has no head, layout or view to tell (a page
  // whose analytics run before the avatar's script).
  customElements.whenDefined('dh-avatar').then(() => {
    if (stopped) return;
    changes.observe(root, { childList: true, subtree: true });
    watch();
  });
  return () => {
    stopped = true;
    onScreen.disconnect();
    changes.disconnect();
  };
}

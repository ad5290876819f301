/**
 * The demo's live panel of platform session events: what the proxy's webhook receiver verified and
 * wrote to its event log, streamed by GET /dh/events/stream (an admin route: open on loopback in
 * simulator mode; a real back office sends its admin credentials). The 20 latest events from
 * before the page opened come first, under "Earlier" (the stream's `?history=20`, up to its
 * `live` mark); the list shows what arrives while the page is open. When the connection drops,
 * the browser reconnects with the last id it saw and gets what it missed, once.
 */
const TYPES = [
  'start_conversation',
  'inactivity_warning',
  'timeout_conversation',
  'end_conversation',
  'other',
];

export function showEventFeed(list: HTMLElement | null, endpoint = '/dh'): void {
  if (!list) return;
  // In the page's HTML before the list, so filling it in never moves what follows (no layout shift).
  const earlier = list.parentElement?.querySelector<HTMLDetailsElement>('.events-earlier');
  const summary = earlier?.querySelector('summary');
  const earlierList = earlier?.querySelector('ol');

  const source = new EventSource(`${endpoint}/events/stream?history=20`);
  // Before the first `live` mark: the history. A reconnection's missed events go to the list.
  let live = false;
  source.addEventListener('live', () => (live = true));
  // "other": an event type the platform added after this kit (its data names it).
  for (const type of TYPES) {
    source.addEventListener(type, (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as {
        session_id: string;
        timestamp: string;
        event_type: string;
      };
      const li = document.createElement('li');
      const at = new Date(data.timestamp);
      li.textContent = `${Number.isNaN(at.getTime()) ? data.timestamp : at.toLocaleTimeString()} ${data.event_type} (session ${String(data.session_id).slice(0, 8)})`;
      if (live || !earlierList || !summary) {
        list.append(li);
        return;
      }
      earlierList.append(li);
      summary.textContent = `Earlier (${earlierList.children.length})`;
    });
  }
}

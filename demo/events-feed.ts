/**
 * The demo's live panel of platform session events: what the proxy's webhook receiver verified,
 * streamed by GET /dh/events/stream (an admin route: open on loopback in simulator mode; a real
 * back office sends its admin credentials).
 */
export function showEventFeed(list: HTMLElement | null, endpoint = '/dh'): void {
  if (!list) return;
  const source = new EventSource(`${endpoint}/events/stream`);
  // "other": an event type the platform added after this kit (its data names it).
  for (const type of ['start_conversation', 'inactivity_warning', 'timeout_conversation', 'end_conversation', 'other']) {
    source.addEventListener(type, (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as { session_id: string; timestamp: string; event_type: string };
      const li = document.createElement('li');
      const at = new Date(data.timestamp);
      li.textContent = `${Number.isNaN(at.getTime()) ? data.timestamp : at.toLocaleTimeString()} ${data.event_type} (session ${data.session_id.slice(0, 8)})`;
      list.append(li);
    });
  }
}

// The demo's avatar pages: register <dh-avatar>, show the mode, and list the element's events.
import '../src/elements/avatar/avatar.js';
import { showMode } from './mode.js';

const list = document.getElementById('events');
for (const type of ['dh-activate', 'dh-load', 'dh-error', 'dh-open', 'dh-close'] as const) {
  document.addEventListener(type, (event) => {
    const li = document.createElement('li');
    const source = (event.target as HTMLElement).id || 'dh-avatar';
    li.textContent = `${source}: ${type} ${JSON.stringify((event as CustomEvent).detail)}`;
    list?.append(li);
  });
}
// The platform's session events, as the proxy receives them (an admin stream: open on loopback
// in simulator mode; a real back office would send its admin credentials).
const feed = document.getElementById('platform-events');
if (feed) {
  const source = new EventSource('/dh/events/stream');
  for (const type of ['start_conversation', 'inactivity_warning', 'timeout_conversation', 'end_conversation']) {
    source.addEventListener(type, (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as { session_id: string; timestamp: string };
      const li = document.createElement('li');
      li.textContent = `${new Date(data.timestamp).toLocaleTimeString()} ${type} (session ${data.session_id.slice(0, 8)})`;
      feed.append(li);
    });
  }
}

showMode();

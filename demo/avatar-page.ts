// The demo's avatar pages: register <dh-avatar>, show the mode, and list the element's events.
import './language.js';
import '../src/elements/avatar/avatar.js';
import '../src/elements/avatar/bubble-layout.js';
import { showEventFeed } from './events-feed.js';
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
showEventFeed(document.getElementById('platform-events'));
showMode();

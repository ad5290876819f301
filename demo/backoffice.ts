// The demo's back office: <dh-head-form> creates heads; <dh-video-studio> makes videos of any of
// them; <dh-insights> shows how their conversations go. Admin routes are open on loopback in
// simulator mode; a real back office passes its own auth to each element with `headers` or
// `credentials`.
import './language.js';
import '../src/elements/head-form/head-form.js';
import '../src/elements/video-studio/video-studio.js';
import '../src/elements/insights/insights.js';
import { showEventFeed } from './events-feed.js';
import { showMode } from './mode.js';

const form = document.getElementById('head-form')!;
const studio = document.getElementById('studio') as HTMLElement & { headId: string };
const heads = document.getElementById('studio-head') as HTMLSelectElement;
const insights = document.getElementById('insights') as HTMLElement & {
  heads: { id: string; name: string }[];
};

/** The insights offer every head of the studio's list: the demo's own two are not among those the proxy made (GET /dh/heads). */
const offerHeads = () =>
  (insights.heads = [...heads.options].map((option) => ({ id: option.value, name: option.text })));
offerHeads();

/** A head made through this proxy, in the studio's list once; `chosen` makes it the studio's head. */
function listHead(id: string, name: string, chosen = false): void {
  const option =
    [...heads.options].find((o) => o.value === id) ??
    heads.appendChild(new Option(`${name} (created here)`, id));
  offerHeads();
  if (!chosen) return;
  option.selected = true;
  studio.headId = id;
}

heads.addEventListener('change', () => (studio.headId = heads.value));
// A head made here can make videos at once: it joins the list, chosen.
form.addEventListener('dh-head-created', (event) =>
  listHead(event.detail.id, event.detail.name, true),
);
// And after a reload: the heads made through this proxy, newest first (GET /dh/heads, an admin
// route: open on loopback in simulator mode; a real back office sends its auth).
fetch('/dh/heads', { headers: { accept: 'application/json' } })
  .then((res) => (res.ok ? res.json() : { items: [] }))
  .then(({ items }: { items: { id: string; name: string }[] }) => {
    for (const head of items) listHead(head.id, head.name);
  })
  .catch(() => undefined);

showEventFeed(document.getElementById('platform-events'));
showMode();

// The demo's back office: <dh-head-form> creates heads; <dh-video-studio> makes videos of any of
// them. Admin routes are open on loopback in simulator mode; a real back office passes its own
// auth to both elements with `headers` or `credentials`.
import './language.js';
import '../src/elements/head-form/head-form.js';
import '../src/elements/video-studio/video-studio.js';
import { showEventFeed } from './events-feed.js';
import { showMode } from './mode.js';

const form = document.getElementById('head-form')!;
const studio = document.getElementById('studio') as HTMLElement & { headId: string };
const heads = document.getElementById('studio-head') as HTMLSelectElement;

heads.addEventListener('change', () => (studio.headId = heads.value));
// A head made here can make videos at once: it joins the list, chosen.
form.addEventListener('dh-head-created', (event) => {
  const { id, name } = event.detail;
  heads.append(new Option(`${name} (created here)`, id, true, true));
  studio.headId = id;
});

showEventFeed(document.getElementById('platform-events'));
showMode();

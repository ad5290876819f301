/**
 * What the <dh-face-picker> test files share (one file per group of behaviour, so each stays well
 * under its time budget): helpers, fixtures and the suite with its setup.
 *
 * <dh-face-picker> in a real Chromium, against the real proxy and simulator (52 faces), and
 * against a generated catalogue of 10,000 faces for the large-catalogue behaviour.
 */
import { waitUntil } from '../wait.js';
import { setupIgnoreWindowResizeObserverLoopErrors } from '@lit-labs/virtualizer/support/resize-observer-errors.js';
import { configure } from '../../../src/elements/face-picker/face-picker.js';
import type { DhFacePicker } from '../../../src/elements/face-picker/face-picker.js';
import type { FaceItem } from '../../../src/api/answers.js';
import { catalogue } from '../i18n.js';
import { simInfo, json } from '../support.js';

/** The locales' own messages of this element, as the kit loads them. */
export const messagesOf = async (locale: string) => (await catalogue(locale)).facePicker;
export const [de, fr, ar, ja] = await Promise.all([
  messagesOf('de'),
  messagesOf('fr'),
  messagesOf('ar'),
  messagesOf('ja'),
]);

export let endpoint: string;

export const grid = (el: DhFacePicker) =>
  el.shadowRoot!.querySelector<HTMLElement>('[role="grid"]');
export const cells = (el: DhFacePicker) => [
  ...el.shadowRoot!.querySelectorAll<HTMLElement>('[role="gridcell"]'),
];
/** Faces shown with their name (not "Loading…" or "Not loaded" placeholders). */
export const loadedCells = (el: DhFacePicker) =>
  cells(el).filter((c) => !c.classList.contains('placeholder'));
export const active = (el: DhFacePicker) => grid(el)!.getAttribute('aria-activedescendant');
export const cell = (el: DhFacePicker, i: number) => el.shadowRoot!.getElementById(`cell-${i}`);
export const nameOf = (c: Element | null) => c?.querySelector('.name')?.textContent?.trim();
export const ready = (el: DhFacePicker, min = 1) =>
  waitUntil(() => loadedCells(el).length >= min, 'faces are shown');
/** The error of a later page (below the grid), not of the whole list. */
export const pageError = (el: DhFacePicker) =>
  el.shadowRoot!.querySelector<HTMLElement>('.page-error[role="alert"]');
export const rowHeight = (el: DhFacePicker) =>
  el.shadowRoot!.querySelector<HTMLElement>('.row')!.getBoundingClientRect().height;
export const unavailable = () =>
  json(
    {
      error: {
        code: 'upstream_unavailable',
        message: 'The face catalogue is unavailable right now.',
      },
    },
    502,
  );

/**
 * Answers /faces from a generated catalogue, like the proxy does, for `total` faces (filtered by
 * gender, paged). `hook` sees every request first: it may wait (a slow answer) or answer itself
 * (a failure).
 */
export function fakeFaces(
  total: number,
  hook?: (url: URL, init?: RequestInit) => Promise<Response | void> | Response | void,
) {
  const real = window.fetch;
  const calls: string[] = [];
  const all: FaceItem[] = Array.from({ length: total }, (_, i) => ({
    id: `face-${i}`,
    name: `Face ${i}`,
    gender: i % 2 ? 'MALE' : 'FEMALE',
    thumbnail: null,
    videoUrl: null,
  }));
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push(url.search);
    const answer = await hook?.(url, init);
    if (answer) return answer;
    const gender = url.searchParams.get('gender');
    const matching = gender ? all.filter((f) => f.gender === gender) : all;
    const page = Number(url.searchParams.get('page') ?? 1);
    const take = Number(url.searchParams.get('take') ?? 24);
    const pageCount = Math.ceil(matching.length / take);
    const items = matching.slice((page - 1) * take, page * take);
    return json({
      items,
      page,
      take,
      total: matching.length,
      pageCount,
      hasNextPage: page < pageCount,
    });
  };
  return {
    calls,
    pagesAsked: (n: number) =>
      calls.filter((q) => new URLSearchParams(q).get('page') === String(n)).length,
    restore: () => (window.fetch = real),
  };
}

/**
 * The `<dh-face-picker>` suite with its setup (the proxy's address, its hooks); each test file adds
 * its groups of tests inside it.
 */
export function describeFacePicker(body: () => void): void {
  describe('<dh-face-picker>', () => {
    // Benign: the virtualizer's observers may take more than a frame (its README, "ResizeObserver loop").
    setupIgnoreWindowResizeObserverLoopErrors(beforeEach, afterEach);

    before(async () => {
      endpoint = (await simInfo()).endpoint;
      // The proxy is on another origin than this page: the site's script trusts it with its headers.
      // With the addresses of the tests' fake catalogue and of a proxy that is down: as a site's script would list its proxies.
      configure({ trustedEndpoints: [endpoint, 'http://fake.test/dh', 'http://127.0.0.1:9/dh'] });
    });

    body();
  });
}

/**
 * The demo's pages and the docs site as the e2e tests meet them, and when each shows its data:
 * a page's width or its layout shifts are measured only then (a table that arrives late is what
 * widens a page).
 */
import { expect, type Page } from '@playwright/test';
import { DEMO_PORT } from '../../playwright.config.js';

export const DEMO = `http://127.0.0.1:${DEMO_PORT}`;
export const DOCS = `${DEMO}/docs/`;

/** The avatar's facade, once it shows the head's name (it stays transparent until then). */
export const facadeReady = (page: Page, host: string, name: string) =>
  expect(
    page.locator(`${host} .facade:not(.pending)`).getByRole('button', { name: `Talk to ${name}` }),
  ).toBeVisible({ timeout: 20_000 });

/**
 * A picker showing its grid or list of items, not its loading state. (Not "an item is visible":
 * below the fold the virtualizer renders no item at all.)
 */
export const pickerReady = (page: Page, host: string) =>
  expect(page.locator(`${host} :is([role="grid"], [role="listbox"])`)).toHaveAttribute(
    'aria-busy',
    'false',
    { timeout: 20_000 },
  );

export interface DemoPage {
  file: string;
  /** The page's CLS bound: 0 where the page is an avatar and text, 0.02 elsewhere. */
  bound: number;
  /** Resolves once every element of the page shows its data. */
  loaded: (page: Page) => Promise<void>;
}

export const DEMO_PAGES: DemoPage[] = [
  {
    file: 'index.html',
    bound: 0,
    loaded: async (page) => {
      await facadeReady(page, '#hero', 'Ava');
      await expect(page.locator('#bubble .launcher:not(.pending)')).toHaveText(/Talk to Ava/, {
        timeout: 20_000,
      });
    },
  },
  { file: 'signed.html', bound: 0, loaded: (page) => facadeReady(page, '#hero', 'Ava') },
  { file: 'stream.html', bound: 0.02, loaded: (page) => facadeReady(page, '#stream', 'Leo') },
  {
    file: 'catalogue.html',
    bound: 0.02,
    loaded: async (page) => {
      await expect(page.locator('#faces li')).toHaveCount(12, { timeout: 20_000 });
      await expect(page.locator('#faces-status')).toHaveText(/^\d+ faces$/);
      await expect(page.locator('#voices-status')).toHaveText(/^\d+ voices$/, { timeout: 20_000 });
    },
  },
  {
    file: 'create.html',
    bound: 0.02,
    loaded: async (page) => {
      await pickerReady(page, '#face');
      await pickerReady(page, '#voice');
    },
  },
  {
    file: 'backoffice.html',
    bound: 0.02,
    loaded: async (page) => {
      await pickerReady(page, '#head-form dh-face-picker');
      await pickerReady(page, '#head-form dh-voice-picker');
      // The gallery has answered: its videos, or "No videos yet".
      await expect(page.locator('#studio .gallery')).not.toContainText('Loading videos', {
        timeout: 20_000,
      });
      // The insights have answered: the demo's seeded weeks, drawn.
      await expect(page.locator('#insights svg#per-day')).toBeVisible({ timeout: 20_000 });
    },
  },
];

/**
 * Every element of the page (open shadow roots included) done loading: no list or grid busy, no
 * facade waiting for its head's name. For pages of any element (the docs' live examples).
 */
export async function elementsSettled(page: Page): Promise<void> {
  // Every kit element of the page defined and rendered once: from its first render on, an element
  // that loads says so (aria-busy, .pending) until it has its data. (Not "the network is idle":
  // that costs half a second a page, and a page here is visited some seventy times a run.)
  await page.evaluate(async () => {
    const tags = new Set(
      [...document.querySelectorAll('*')]
        .map((el) => el.localName)
        .filter((n) => n.startsWith('dh-')),
    );
    await Promise.all([...tags].map((tag) => customElements.whenDefined(tag)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const all: Element[] = [];
          const walk = (root: ParentNode) => {
            for (const el of root.querySelectorAll('*')) {
              all.push(el);
              if (el.shadowRoot) walk(el.shadowRoot);
            }
          };
          walk(document);
          return all.filter(
            (el) => el.getAttribute('aria-busy') === 'true' || el.classList.contains('pending'),
          ).length;
        }),
      { timeout: 20_000, message: 'the elements are still loading' },
    )
    .toBe(0);
}

/** Every page of the docs site, as its contents list them (paths relative to /docs/). */
export async function docsPages(page: Page): Promise<string[]> {
  await page.goto(DOCS);
  const hrefs = await page
    .getByRole('navigation', { name: 'Documentation' })
    .locator('a')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  return [...new Set(hrefs.map((h) => h.slice(h.indexOf('/docs/') + '/docs/'.length)))];
}

/**
 * What sticks out of a screen `width` wide: the page's scroll width, and the elements (open
 * shadow roots included) that reach past it while nothing around them scrolls or clips them.
 * Measured against the screen's width, not innerWidth: on a phone the layout viewport grows to
 * fit a page that is too wide, so innerWidth hides the fault.
 */
export function overflowAt(page: Page, width: number) {
  return page.evaluate((screen) => {
    const all: Element[] = [];
    const walk = (root: ParentNode) => {
      for (const el of root.querySelectorAll('*')) {
        all.push(el);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document.body);
    const parentOf = (el: Element) =>
      el.parentElement ?? ((el.getRootNode() as ShadowRoot).host as Element | undefined) ?? null;
    const clipped = (el: Element) => {
      for (let p = parentOf(el); p && p !== document.body; p = parentOf(p))
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      return false;
    };
    const name = (el: Element) =>
      `${el.localName}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.split(' ')[0]}` : ''}`;
    const wide = all
      .filter(
        (el) =>
          el.getBoundingClientRect().right > screen + 1 &&
          getComputedStyle(el).position !== 'fixed' &&
          !clipped(el),
      )
      .map((el) => `${name(el)} (${Math.round(el.getBoundingClientRect().right)} px)`)
      .slice(0, 3);
    return { scrollWidth: document.documentElement.scrollWidth, wide };
  }, width);
}

/**
 * The demo's pages as a CMS user and a phone user meet them: the page signed on the server, the
 * CMS page on another origin (nothing but the embed code), and every page at 375 px wide.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { DEMO_PORT } from '../../playwright.config.js';
import { DEMO_PAGES, DOCS, docsPages, elementsSettled, overflowAt } from './demo-pages.js';
import { watch } from './watch.js';

const DEMO = `http://127.0.0.1:${DEMO_PORT}`;
/** `npm start` serves the CMS page two ports up (the simulator has the next one). */
const CMS = `http://127.0.0.1:${DEMO_PORT + 2}`;

test('the signed page: the server writes a fresh signed src on every request, and the avatar opens it without asking /launch', async ({
  page,
}) => {
  const launches: string[] = [];
  page.on('request', (r) => r.url().includes('/launch') && launches.push(r.url()));
  const problems = watch(page);
  await page.goto(`${DEMO}/signed.html`);
  const avatar = page.locator('#hero');
  const first = await avatar.getAttribute('src');
  expect(first).toMatch(/^\/dh\/embed\/[\w-]+\?view=chat&exp=\d+&sig=[0-9a-f]{64}$/);
  await expect(page.locator('pre code')).toContainText(first!);
  // Signed on every request: a later request gets a later expiry (the clock counts whole seconds).
  let second: string | null = first;
  await expect
    .poll(
      async () => {
        await page.reload();
        second = await avatar.getAttribute('src');
        return second;
      },
      { timeout: 15_000 },
    )
    .not.toEqual(first);
  await avatar.getByRole('button', { name: /Talk to/ }).click();
  await expect(avatar.locator('iframe')).toHaveAttribute(
    'src',
    new RegExp(`${second!.replace(/[?]/g, '\\?')}$`),
  );
  await expect.poll(() => page.frames().some((f) => /\/chat\//.test(f.url()))).toBe(true);
  expect(launches, 'the signed src is used as it is').toEqual([]);
  expect(problems).toEqual([]);
});

test('the CMS page: another origin, only the embed code (the bundle with its integrity, a dh-avatar), under its own CSP', async ({
  page,
}) => {
  const problems = watch(page);
  await page.goto(`${DEMO}/`);
  await expect(page.getByRole('link', { name: 'A CMS page' })).toHaveAttribute('href', `${CMS}/`);
  await page.getByRole('link', { name: 'A CMS page' }).click();
  await expect(page).toHaveURL(`${CMS}/`);
  const script = page.locator('script[type="module"]');
  await expect(script).toHaveAttribute(
    'src',
    new RegExp(`^${DEMO}/dh-kit\\.avatar\\.[0-9a-f]{12}\\.js$`),
  );
  await expect(script).toHaveAttribute('integrity', /^sha384-[A-Za-z0-9+/]+=*$/);
  await expect(script).toHaveAttribute('crossorigin', 'anonymous');
  const csp = (await page.request.get(`${CMS}/`)).headers()['content-security-policy'];
  expect(csp).toContain(`script-src 'self' ${DEMO}`);
  expect(csp).toMatch(new RegExp(`frame-src ${DEMO} http://127\\.0\\.0\\.1:${DEMO_PORT + 1}`));
  await page
    .locator('dh-avatar')
    .getByRole('button', { name: /Talk to Ava/ })
    .click();
  await expect.poll(() => page.frames().some((f) => /\/chat\//.test(f.url()))).toBe(true);
  expect(problems, 'no CSP, CORS or integrity error, nothing missing').toEqual([]);
});

test("the back office on another origin, under the docs' strict CSP with Trusted Types required: all six elements from the all-elements file, every picture and video (a talk's too) through the proxy, the insights' charts drawn, no violation", async ({
  page,
}) => {
  // Every violation of the page's policy (enforced or report-only) is an event on its document.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  const problems = watch(page);
  const media: string[] = [];
  page.on(
    'request',
    (r) =>
      ['image', 'media'].includes(r.resourceType()) &&
      r.frame() === page.mainFrame() &&
      media.push(r.url()),
  );
  // A video of the page's head, ready before the page opens: the studio shows it (a <video>).
  const html = await (await page.request.get(`${CMS}/back-office`)).text();
  const headId = /<dh-video-studio head-id="([^"]+)"/.exec(html)![1]!;
  const made = await page.request.post(`${DEMO}/dh/heads/${headId}/videos`, {
    data: { text: 'A video under a strict policy.' },
    headers: { 'x-dh-kit': '1' },
  });
  expect(made.status(), 'the video was started').toBe(202);
  await expect
    .poll(
      async () => {
        const list = await (await page.request.get(`${DEMO}/dh/heads/${headId}/videos`)).json();
        return (list as { items: { url: string }[] }).items.some((talk) => talk.url !== '');
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const response = await page.goto(`${CMS}/back-office`);
  const csp = response!.headers()['content-security-policy'];
  expect(csp).toContain(`img-src 'self' ${DEMO}`);
  expect(csp).toContain(`media-src 'self' ${DEMO}`);
  expect(csp).toContain("require-trusted-types-for 'script'; trusted-types lit-html dh-kit");
  await expect(page.locator('script[type="module"]')).toHaveAttribute(
    'src',
    new RegExp(`^${DEMO}/dh-kit\\.bundle\\.[0-9a-f]{12}\\.js$`),
  );
  await elementsSettled(page);
  // The faces' pictures are shown (loaded, through the proxy).
  await expect
    .poll(() =>
      page
        .locator('section > dh-face-picker img')
        .evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length),
    )
    .toBeGreaterThan(3);
  // A face and a voice chosen, the head form and the video studio shown.
  // (The head form has pickers of its own: these are the page's, children of its section.)
  const cell = page.locator('section > dh-face-picker').getByRole('gridcell').first();
  await cell.scrollIntoViewIfNeeded();
  await cell.click();
  const option = page
    .locator('section > dh-voice-picker')
    .getByRole('listbox')
    .getByRole('option')
    .first();
  await option.scrollIntoViewIfNeeded();
  await option.click();
  await expect(page.locator('dh-head-form').getByRole('button', { name: /Create/ })).toBeVisible();
  await expect(page.locator('dh-video-studio').getByRole('textbox').first()).toBeVisible();
  // (Its chat frame under this policy: the CMS page's test opens it.)
  await expect(
    page.locator('section > dh-avatar').getByRole('button', { name: /Talk to Ava/ }),
  ).toBeVisible();
  // The insights of the seeded weeks, drawn as SVG (all heads: a bar per day and per hour).
  await expect(page.locator('dh-insights svg rect').first()).toBeAttached();
  expect(await page.locator('dh-insights svg rect').count()).toBeGreaterThan(20);
  // The studio's video plays from the proxy (its frame at 0.5 s is fetched: preload="metadata").
  await expect
    .poll(() =>
      page
        .locator('dh-video-studio video')
        .evaluateAll(
          (videos) => videos.filter((v) => (v as HTMLVideoElement).readyState >= 1).length,
        ),
    )
    .toBeGreaterThan(0);
  expect(
    media.some((url) => /\/dh\/heads\/[^/]+\/videos\/[^/]+\/media\?/.test(url)),
    "the talk's video was asked of the proxy",
  ).toBe(true);
  expect(media.length, 'the page showed pictures').toBeGreaterThan(3);
  expect(
    media.filter((url) => !url.startsWith(`${DEMO}/dh/`)),
    "every picture and video came through the proxy's /dh",
  ).toEqual([]);
  expect(
    await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
  ).toEqual([]);
  expect(problems, 'no CSP, Trusted Types, CORS or integrity error, nothing missing').toEqual([]);
});

test('the avatar file copied alone to another host: an English page with its embed code opens the chat page, and asks its host for nothing else', async ({
  page,
}) => {
  // The site owner copies dist/dh-kit.avatar.js (as the proxy serves it) to their own host, alone.
  const file = Buffer.from(await (await page.request.get(`${DEMO}/dh-kit.avatar.js`)).body());
  const integrity = `sha384-${createHash('sha384').update(file).digest('base64')}`;
  // The demo's chat head, as the CMS page names it.
  const head = (await (await page.request.get(`${CMS}/`)).text()).match(/head-id="([^"]+)"/)![1]!;
  const asked: string[] = [];
  const host = createServer((req, res) => {
    asked.push(req.url!);
    if (req.url === '/dh-kit.avatar.js')
      return res.writeHead(200, { 'content-type': 'text/javascript' }).end(file);
    if (req.url === '/')
      return res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Own host</title><link rel="icon" href="data:,">
<script type="module" src="/dh-kit.avatar.js" integrity="${integrity}" crossorigin="anonymous"></script>
<script type="module">import { configure } from '/dh-kit.avatar.js'; configure({ trustedEndpoints: ['${DEMO}/dh'] });</script>
</head><body><dh-avatar head-id="${head}" endpoint="${DEMO}/dh"></dh-avatar></body></html>`);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  try {
    // The owner allows the page's origin (admin routes are open on loopback in simulator mode).
    const added = await page.request.post(`${DEMO}/dh/origins`, {
      data: { origin },
      headers: { 'x-dh-kit': '1' },
    });
    expect(added.status(), await added.text()).toBeLessThan(300);
    const problems = watch(page);
    await page.goto(`${origin}/`);
    await page
      .locator('dh-avatar')
      .getByRole('button', { name: /Talk to Ava/ })
      .click();
    await expect.poll(() => page.frames().some((f) => /\/chat\//.test(f.url()))).toBe(true);
    expect(asked).toEqual(['/', '/dh-kit.avatar.js']);
    expect(problems).toEqual([]);
  } finally {
    await page.request.delete(`${DEMO}/dh/origins?origin=${encodeURIComponent(origin)}`, {
      headers: { 'x-dh-kit': '1' },
    });
    host.close();
  }
});

/** The controls of the page (its elements' shadow roots too) under 24 × 24 px, and its primary actions under 44 px high. */
function targets() {
  const small: string[] = [];
  const primary: string[] = [];
  const name = (el: Element, host: string) =>
    `${host} ${el.localName}${el.id ? `#${el.id}` : ''} "${(el.textContent || el.getAttribute('aria-label') || el.getAttribute('type') || '').trim().slice(0, 24)}"`;
  // The primary action of each element, and of the demo's own form.
  const PRIMARY =
    '[part="button"], [part="launcher"], [part="close"], button[type="submit"], .generate';
  const visit = (root: Document | ShadowRoot, host: string) => {
    for (const el of root.querySelectorAll(
      'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="option"], [role="gridcell"]',
    )) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
      // A link in a sentence is WCAG's inline exception (its size is the text's).
      const inline = el.localName === 'a' && getComputedStyle(el).display === 'inline';
      if (!inline && (r.width < 24 || r.height < 24))
        small.push(`${name(el, host)} ${Math.round(r.width)}×${Math.round(r.height)}`);
      if (el.matches(PRIMARY) && r.height < 44)
        primary.push(`${name(el, host)} ${Math.round(r.height)} px high`);
    }
    for (const el of root.querySelectorAll('*'))
      if (el.shadowRoot) visit(el.shadowRoot, el.localName);
  };
  visit(document, 'page');
  return { small, primary };
}

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('every demo page, and the CMS page, with its data shown: nothing wider than the screen, no horizontal scrolling; every control at least 24 px, the primary actions 44 px (WCAG 2.2)', async ({
    page,
  }) => {
    const pages = [
      ...DEMO_PAGES.map((p) => ({ url: `${DEMO}/${p.file}`, loaded: p.loaded })),
      { url: `${CMS}/`, loaded: elementsSettled },
    ];
    for (const { url, loaded } of pages) {
      await page.goto(url);
      await loaded(page);
      const { small, primary } = await page.evaluate(targets);
      expect(small, `${url}: controls under 24 × 24 px`).toEqual([]);
      expect(primary, `${url}: primary actions under 44 px`).toEqual([]);
      const { scrollWidth, wide } = await overflowAt(page, 375);
      expect(wide, `${url}: elements wider than the screen`).toEqual([]);
      expect(scrollWidth, `${url}: the page scrolls sideways`).toBeLessThanOrEqual(375);
    }
  });

  test('every docs page, with its live examples shown: no page scrolls sideways (wide tables scroll in their own named box)', async ({
    page,
  }) => {
    for (const path of await docsPages(page)) {
      await page.goto(`${DOCS}${path}`);
      await elementsSettled(page);
      const { scrollWidth, wide } = await overflowAt(page, 375);
      expect(wide, `/docs/${path}: elements wider than the screen`).toEqual([]);
      expect(scrollWidth, `/docs/${path}: the page scrolls sideways`).toBeLessThanOrEqual(375);
    }
    // A wide table is a region of its own, named and reachable with the keyboard.
    await page.goto(`${DOCS}configuration.html`);
    const box = page.getByRole('region', { name: /^Table: variable/i }).first();
    await expect(box).toHaveAttribute('tabindex', '0');
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  });
});

test.describe('on a phone (390 × 844, touch)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the bubble: its launcher inside the screen; open, the panel fills the screen, one Close, 44 px targets, the page does not scroll behind it', async ({
    page,
  }) => {
    await page.goto(`${DEMO}/`);
    const bubble = page.locator('#bubble');
    const launcher = bubble.locator('[part="launcher"]');
    await expect(launcher).toBeVisible();
    const box = (await launcher.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(box.height).toBeGreaterThanOrEqual(44);
    await page.evaluate(() => window.scrollTo(0, 200));
    await launcher.tap();
    const panel = bubble.getByRole('dialog');
    await expect(panel).toBeVisible();
    await expect(page.frameLocator('#bubble iframe').getByRole('heading', { level: 1 })).toHaveText(
      'Ava',
    );
    expect(await panel.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    // One Close: the launcher is under the panel, and hides.
    await expect(launcher).toBeHidden();
    await expect(bubble.getByRole('button', { name: /close/i })).toHaveCount(1);
    const close = (await bubble.locator('[part="close"]').boundingBox())!;
    expect(Math.min(close.width, close.height)).toBeGreaterThanOrEqual(44);
    // The Speak button of the platform's page is on the screen (a 350 px panel cut it off).
    const speak = (await page
      .frameLocator('#bubble iframe')
      .getByRole('button', { name: 'Speak' })
      .boundingBox())!;
    expect(speak.x + speak.width).toBeLessThanOrEqual(390);
    expect(speak.y + speak.height).toBeLessThanOrEqual(844);
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await bubble.locator('[part="close"]').tap();
    await expect(panel).toBeHidden();
    await expect(launcher).toBeVisible();
    await page.mouse.wheel(0, 300);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled);
  });

  test("the launcher never covers the page's chat: it hides while the inline conversation is open", async ({
    page,
  }) => {
    await page.goto(`${DEMO}/`);
    const launcher = page.locator('#bubble [part="launcher"]');
    await expect(launcher).toBeVisible();
    await page.locator('#hero').getByRole('button', { name: 'Talk to Ava' }).tap();
    await expect(page.frameLocator('#hero iframe').getByRole('heading', { level: 1 })).toHaveText(
      'Ava',
    );
    await expect(launcher).toBeHidden();
    // The chat's own Send and Speak can be tapped.
    await page.locator('#hero iframe').scrollIntoViewIfNeeded();
    await page
      .frameLocator('#hero iframe')
      .getByRole('button', { name: 'Speak' })
      .tap({ trial: true });
  });
});

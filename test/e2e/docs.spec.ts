/**
 * The reference site `npm start` serves at /docs/ (scripts/docs.mjs): a page per element that
 * names everything its manifest declares, links that all lead somewhere, live examples that work
 * against the simulator, readable at 390 px and by axe.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO_PORT } from '../../playwright.config.js';
import { watch } from './watch.js';

const DOCS = `http://127.0.0.1:${DEMO_PORT}/docs/`;

interface Declaration {
  tagName?: string;
  customElement?: boolean;
  attributes?: { name: string }[];
  members?: { name: string; kind: string; static?: boolean; privacy?: string }[];
  events?: { name: string }[];
  cssParts?: { name: string }[];
  cssProperties?: { name: string }[];
  slots?: { name: string }[];
}
// The manifest the package ships (npm start built dist/ before serving).
const manifest = JSON.parse(
  readFileSync(new URL('../../dist/custom-elements.json', import.meta.url), 'utf8'),
) as { modules: { declarations?: Declaration[] }[] };
const elements = manifest.modules
  .flatMap((m) => m.declarations ?? [])
  .filter((d) => d.customElement && d.tagName);

test('docs: six element pages, and each names every attribute, public property and method, event, slot, part and custom property of its manifest entry', async ({
  page,
}) => {
  expect(elements.map((d) => d.tagName).sort()).toEqual([
    'dh-avatar',
    'dh-face-picker',
    'dh-head-form',
    'dh-insights',
    'dh-video-studio',
    'dh-voice-picker',
  ]);
  for (const d of elements) {
    await page.goto(`${DOCS}elements/${d.tagName}.html`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`<${d.tagName}>`);
    const names = [
      ...(d.attributes ?? []).map((a) => a.name),
      ...(d.members ?? [])
        .filter(
          (m) =>
            !m.static &&
            m.privacy !== 'private' &&
            m.privacy !== 'protected' &&
            !/Callback$/.test(m.name),
        )
        .map((m) => (m.kind === 'method' ? `${m.name}(` : m.name)),
      ...(d.events ?? []).map((e) => e.name),
      ...(d.slots ?? []).map((s) => s.name).filter(Boolean),
      ...(d.cssParts ?? []).map((p) => p.name),
      ...(d.cssProperties ?? []).map((p) => p.name),
    ];
    expect(names.length).toBeGreaterThan(8);
    // In the reference tables, where a reader looks a name up (an attribute's property is in its
    // row of the attributes table).
    const listed = await page.locator('main .table td code').allTextContents();
    expect(
      names.filter((n) => !listed.some((l) => l === n || l.startsWith(n))),
      `${d.tagName}: what its page leaves out`,
    ).toEqual([]);
  }
});

test('docs are served like the demo: /docs goes to /docs/, a nested page gets the demo head filled in, and the pages with the admin elements may not be framed', async ({
  request,
}) => {
  const bare = await request.get(`${DOCS.replace(/\/$/, '')}?from=nav`, { maxRedirects: 0 });
  expect(bare.status()).toBe(301);
  expect(bare.headers().location, 'the query goes along').toBe('/docs/?from=nav');
  const avatar = await request.get(`${DOCS}elements/dh-avatar.html`);
  expect(await avatar.text()).not.toContain('__DH_CHAT_HEAD__');
  expect(avatar.headers()['content-security-policy']).toMatch(/frame-ancestors 'self'/);
  for (const admin of ['dh-head-form', 'dh-video-studio', 'dh-insights']) {
    const page = await request.get(`${DOCS}elements/${admin}.html`);
    expect(page.headers()['content-security-policy'], admin).toMatch(/frame-ancestors 'none'/);
  }
  // A dot in a path is never a page name (no way out of the static folder).
  expect((await request.get(`${DOCS}..%2Fpackage.json`)).status()).toBe(404);
  // Nor is an HTML file whose name the page rule refuses: never served as it is (no CSP, its
  // placeholders unfilled).
  const dotted = new URL('../../dist/demo/docs/v1.2.html', import.meta.url);
  writeFileSync(dotted, '<p>__DH_CHAT_HEAD__</p>');
  try {
    expect((await request.get(`${DOCS}v1.2.html`)).status(), 'a dotted page name').toBe(404);
  } finally {
    rmSync(dotted, { force: true });
  }
});

test('docs: every link of every page leads to a page or a heading that exists', async ({
  page,
  request,
}) => {
  const seen = new Set<string>();
  const queue = [DOCS];
  const broken: string[] = [];
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    await page.goto(url);
    const links = await page
      .locator('main a[href], nav a[href]')
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    for (const link of links) {
      const target = new URL(link);
      // Out of the docs only to another site (a link out of docs/ is text: scripts/docs.mjs).
      if (target.origin !== new URL(DOCS).origin) continue;
      if (!target.href.startsWith(DOCS)) {
        broken.push(`${url} → ${link} (out of /docs/ on this server)`);
        continue;
      }
      const file = target.href.replace(/#.*$/, '');
      if (target.hash) {
        const ids = await (await request.get(file)).text();
        if (!ids.includes(`id="${decodeURIComponent(target.hash.slice(1))}"`))
          broken.push(`${url} → ${link} (no such heading)`);
      }
      if (!seen.has(file) && !queue.includes(file)) {
        const answer = await request.get(file);
        if (answer.status() !== 200) broken.push(`${url} → ${link} (${answer.status()})`);
        else if (file.endsWith('.html') || file.endsWith('/')) queue.push(file);
      }
    }
  }
  expect(broken).toEqual([]);
  expect(seen.size).toBeGreaterThanOrEqual(5 + 14);
});

test('docs: the live examples work against the simulator (the avatar opens its chat page, the faces load, the form asks for a name), with no error', async ({
  page,
}) => {
  const problems = watch(page);
  await page.goto(`${DOCS}elements/dh-avatar.html`);
  await page
    .locator('.live dh-avatar')
    .getByRole('button', { name: /^Talk to/ })
    .click();
  await expect.poll(() => page.frames().some((f) => /\/chat\//.test(f.url()))).toBe(true);
  await page.goto(`${DOCS}elements/dh-face-picker.html`);
  await expect(page.locator('.live dh-face-picker').getByRole('gridcell').first()).toBeVisible();
  await page.goto(`${DOCS}elements/dh-head-form.html`);
  await expect(
    page.locator('.live dh-head-form').getByRole('textbox', { name: /Head name/ }),
  ).toBeVisible();
  expect(problems).toEqual([]);
});

test('docs at 390 px with touch: the page comes first and the contents after it (the header links there), nothing folded by a script; axe finds nothing on the overview and an element page', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  for (const path of ['', 'frameworks.html', 'elements/dh-avatar.html']) {
    await page.goto(`${DOCS}${path}`);
    // The page's own title is on the first screen; the contents are below the page.
    expect((await page.getByRole('heading', { level: 1 }).boundingBox())!.y).toBeLessThan(200);
    const contents = page.getByRole('navigation', { name: 'Documentation' });
    const main = (await page.locator('main').boundingBox())!;
    expect((await contents.boundingBox())!.y).toBeGreaterThanOrEqual(main.y + main.height - 1);
    await page.getByRole('link', { name: 'Contents' }).click();
    await expect(page).toHaveURL(/#contents$/);
    await expect(contents.getByRole('link').first()).toBeInViewport();
    if (path === '' || path === 'elements/dh-avatar.html') {
      const axe = await new AxeBuilder({ page }).analyze();
      expect(
        axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    }
  }
  await context.close();
});

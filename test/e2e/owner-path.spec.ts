/**
 * The site owner's whole path, in a real browser: create a head in the back office, copy its
 * embed code (the clipboard), allow the page's site from the embed panel, paste the code into a
 * page of another origin, restart the server, and open the chat there — on a desktop (the avatar
 * at its default size, not the page's width) and on a phone (no sideways scrolling).
 *
 * Its own `dh-kit start`, on ports of its own, keeping its state in a folder of its own
 * (DH_SIM_DATA, DH_PROXY_DATA), since the restart is the point; and a plain static server for
 * the pasted page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { overflowAt } from './demo-pages.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** This test's server (and its simulator and CMS page on the next two ports). */
const PORT = 8800;
const SITE = `http://127.0.0.1:${PORT}`;
/** Another site, where the owner pastes the code (a CMS page). */
const PASTE_PORT = 8805;
const PASTE = `http://127.0.0.1:${PASTE_PORT}`;

const state = mkdtempSync(join(tmpdir(), 'dh-owner-path-'));

/** `dh-kit start` as the owner runs it, keeping its state in `state`; resolves once it answers. */
async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['bin/dh-kit.js', 'start'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(PORT),
      TMPDIR: state,
      DH_SIM_DATA: join(state, 'sim.json'),
      DH_PROXY_DATA: join(state, 'proxy.json'),
      DH_LOG: 'off',
      DH_EMAIL: '',
      DH_SECRET_KEY: '',
      DH_RATE_LIMIT: '0',
    },
  });
  let said = '';
  child.stderr!.on('data', (d) => (said += d));
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`dh-kit start exited:\n${said}`);
    const up = await fetch(`${SITE}/dh/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`dh-kit start did not answer:\n${said}`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** A CMS page with the pasted code in a block of its text, nothing else of the kit's. */
function pastePage(code: string): Promise<Server> {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Our shop</title></head>
<body><main><h1>Our shop</h1><p>Questions? Ask our assistant.</p>
${code}
</main></body></html>`);
  });
  return new Promise((resolve) => server.listen(PASTE_PORT, '127.0.0.1', () => resolve(server)));
}

test.afterAll(() => rmSync(state, { recursive: true, force: true }));

test("the owner's path: create a head, copy its code, allow the paste site, paste it on another origin, restart the server, and the chat opens there on a desktop and on a phone", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  let server = await startServer();
  let paste: Server | undefined;
  try {
    // 1. The back office: a head, its code copied, the paste site allowed from the embed panel.
    const office = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await office.newPage();
    await page.goto(`${SITE}/backoffice.html`);
    const form = page.locator('#head-form');
    await form.getByLabel('Head name').fill('Nora');
    const face = form.locator('dh-face-picker [role="gridcell"]:not([aria-busy])').first();
    await face.scrollIntoViewIfNeeded();
    await face.click();
    const voice = form.locator('dh-voice-picker').getByRole('listbox').getByRole('option').first();
    await voice.scrollIntoViewIfNeeded();
    await voice.click();
    await form.getByRole('button', { name: 'Create head' }).click();
    await expect(form.getByRole('heading', { name: 'Nora is ready' })).toBeVisible();
    await expect(form.locator('[part="embed-code"]')).toContainText('integrity=');
    await form.getByRole('button', { name: 'Copy' }).click();
    await expect(form.getByText('Copied.')).toBeVisible();
    const code = await page.evaluate(() => navigator.clipboard.readText());
    expect(code).toMatch(
      /^<script type="module" src="http:\/\/127\.0\.0\.1:8800\/dh-kit\.avatar\.[0-9a-f]{12}\.js" integrity="sha384-[\w+/=]+" crossorigin="anonymous"><\/script>\n<dh-avatar head-id="[\w-]+" endpoint="http:\/\/127\.0\.0\.1:8800\/dh"><\/dh-avatar>$/,
    );
    // The panel says a page elsewhere needs its site allowed, and allows it in one step.
    await expect(form.getByText('A page on another site shows the avatar only once')).toBeVisible();
    await form.getByLabel('Address of the page or site').fill(`${PASTE}/shop/contact.html`);
    await form.getByRole('button', { name: 'Allow this site' }).click();
    await expect(form.getByText(`${PASTE} can show the avatar now.`)).toBeVisible();
    await office.close();

    // 2. The server restarts (a deploy, a reboot): the head and the allowed site are still there.
    await stopServer(server);
    server = await startServer();
    paste = await pastePage(code);

    // 3. The pasted page, on a desktop: the avatar at its default size, and its chat opens.
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const shop = await desktop.newPage();
    const errors: string[] = [];
    shop.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await shop.goto(`${PASTE}/shop/contact.html`);
    const avatar = shop.locator('dh-avatar');
    await expect(avatar.getByRole('button', { name: 'Talk to Nora' })).toBeVisible();
    const box = (await avatar.boundingBox())!;
    expect(box.width, 'a reading column (28rem), not the page').toBeLessThanOrEqual(448.5);
    expect(box.height, 'never taller than the window').toBeLessThanOrEqual(800.5);
    await avatar.getByRole('button', { name: 'Talk to Nora' }).click();
    await expect(
      shop.frameLocator('dh-avatar iframe').locator('main[data-view="chat"] h1'),
    ).toHaveText('Nora');
    expect(errors).toEqual([]);
    await desktop.close();

    // 4. On a phone: no sideways scrolling, and the chat opens with a tap.
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const mobile = await phone.newPage();
    await mobile.goto(`${PASTE}/shop/contact.html`);
    const small = mobile.locator('dh-avatar');
    await expect(small.getByRole('button', { name: 'Talk to Nora' })).toBeVisible();
    const { scrollWidth, wide } = await overflowAt(mobile, 390);
    expect(wide).toEqual([]);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await small.getByRole('button', { name: 'Talk to Nora' }).tap();
    await expect(
      mobile.frameLocator('dh-avatar iframe').locator('main[data-view="chat"] h1'),
    ).toHaveText('Nora');
    await phone.close();
  } finally {
    paste?.close();
    await stopServer(server);
  }
});

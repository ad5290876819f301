/**
 * The demo's back office (`npm start`): <dh-head-form> and <dh-video-studio> against the proxy's
 * admin routes and the simulator, as a back-office person uses them.
 */
import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

const DEMO = 'http://127.0.0.1:8792';
/** `npm start`'s simulator listens on the next port. */
const PLATFORM = 'http://127.0.0.1:8793';

interface SimHeadView {
  id: string;
  operationMode: string;
  ttsProvider: string;
  greetings?: string;
  splitter: boolean;
  request: Record<string, unknown>;
}

async function simHead(request: APIRequestContext, id: string): Promise<SimHeadView> {
  const state = (await (await request.get(`${PLATFORM}/api/_sim/state`)).json()) as {
    heads: SimHeadView[];
  };
  const head = state.heads.find((h) => h.id === id);
  if (!head) throw new Error(`the simulator has no head ${id}`);
  return head;
}

/** Fills what every head needs: a name, a face, a voice (the first ones offered). */
async function fillBasics(page: Page, name: string): Promise<void> {
  const form = page.locator('#head-form');
  await form.getByLabel('Head name').fill(name);
  const face = form.locator('dh-face-picker [role="gridcell"]:not([aria-busy])').first();
  await face.scrollIntoViewIfNeeded();
  await face.click();
  const voices = form.locator('dh-voice-picker');
  await voices.scrollIntoViewIfNeeded();
  const option = voices.getByRole('listbox').getByRole('option').first();
  await expect(option).toBeVisible();
  await option.click();
  await expect(option).toHaveAttribute('aria-selected', 'true');
}

/** Submits and reads the new head's id from the `dh-head-created` event. */
async function create(page: Page): Promise<string> {
  const created = page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        document
          .getElementById('head-form')!
          .addEventListener('dh-head-created', (e) => resolve(e.detail.id), { once: true }),
      ),
  );
  await page.locator('#head-form').getByRole('button', { name: 'Create head' }).click();
  return created;
}

test.beforeEach(async ({ request }) => {
  // Videos take 3 s by default in `npm start`'s simulator: a test waits less.
  await request.patch(`${PLATFORM}/api/_sim/options`, { data: { talkDelayMs: 600 } });
});

test('STREAM-1 STREAM-2 STREAM-4 TTV-1 TTV-2 create a streaming head, open its stream page, make a video of it and watch it', async ({
  page,
  request,
}) => {
  await page.goto(`${DEMO}/backoffice.html`);
  const form = page.locator('#head-form');
  await form.getByRole('switch', { name: 'Streaming avatar' }).check();
  await expect(form.getByLabel('Greeting')).toBeHidden();
  await expect(form.getByLabel('Alias')).toBeHidden();
  await expect(form.getByLabel('Operation mode')).toBeDisabled();
  await fillBasics(page, 'Live Lina');
  await expect(
    form.locator('dh-voice-picker').getByRole('listbox').getByRole('option').first(),
  ).toContainText('elevenlabs');
  const id = await create(page);

  // What the platform has: the spec's streaming rules, and the splitter turned off after creation.
  const head = await simHead(request, id);
  expect(head.operationMode).toBe('oc');
  expect(head.ttsProvider).toBe('elevenlabs');
  expect(head.greetings).toBe('');
  expect(head.request).not.toHaveProperty('alias');
  expect(head.splitter).toBe(false);

  // The preview opens the stream page through a signed launch URL.
  await expect(form.getByRole('heading', { name: 'Live Lina is ready' })).toBeFocused();
  await form.locator('dh-avatar').getByRole('button', { name: 'Talk to Live Lina' }).click();
  const frame = page.frameLocator('#head-form dh-avatar iframe');
  await expect(frame.locator('main[data-view="stream"] h1')).toHaveText('Live Lina');
  await expect(frame.getByTestId('splitter-warning')).toHaveCount(0);
  // The page after creation, preview loaded: still no axe violation (the frame's own <main> is a
  // second main of the page, as in any embed).
  const axe = await new AxeBuilder({ page }).disableRules(['landmark-unique']).analyze();
  expect(
    axe.violations.map(
      (v) => `${v.id}: ${v.help} ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`,
    ),
  ).toEqual([]);

  // The new head is the studio's head now, and stays in its list after a reload (GET /dh/heads).
  await expect(page.locator('#studio-head')).toHaveValue(id);
  await page.reload();
  await expect(page.locator(`#studio-head option[value="${id}"]`)).toHaveText(
    'Live Lina (created here)',
  );
  await page.locator('#studio-head').selectOption(id);
  // A video of it, produced, then played.
  const studio = page.locator('#studio');
  await studio.scrollIntoViewIfNeeded();
  await studio.locator('[part="text"]').fill('Welcome to our shop. I am Lina.');
  await studio.locator('[part="generate"]').click();
  await expect(studio.locator('[part="progress"]')).toBeVisible();
  const video = studio.locator('[part="player"] video');
  await expect(video).toBeVisible({ timeout: 30_000 });
  await expect(studio.locator('[part="player"]')).toContainText('Welcome to our shop. I am Lina.');
  // The link downloads (an attachment through the proxy), it does not open the video.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    studio.locator('[part="download"]').click(),
  ]);
  // Named after the head and the text, not two ids.
  expect(download.suggestedFilename()).toBe('live-lina-welcome-to-our-shop-i-am-lina.mp4');
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
  // It really plays: the browser decodes the mp4 the talks list names.
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await expect(studio.locator('[part="gallery"]')).toContainText('Welcome to our shop');
});

test('HEAD-3 HEAD-6 PLUG-1 a plugin head and a flow-mode head, each with its required fields', async ({
  page,
  request,
}) => {
  await page.goto(`${DEMO}/backoffice.html`);
  const form = page.locator('#head-form');
  await form.getByLabel('Operation mode').selectOption('plugin');
  await fillBasics(page, 'Plug');
  // Required fields first: nothing is sent without them.
  await form.getByRole('button', { name: 'Create head' }).click();
  await expect(form.locator('#pluginName-error')).toHaveText('Give the plugin a name.');
  await expect(form.getByLabel('Plugin name')).toBeFocused();
  await form.getByLabel('Plugin name').fill('shop-bot');
  // The form shows the address of the site's own plugin, which holds the callback secret.
  const own = form.locator('[part="own-plugin"] code');
  await expect(own).toHaveText(new RegExp(`^${DEMO}/dh/plugin/[^/]{32,}$`));
  const address = (await own.textContent())!;
  await form.getByLabel('Service address').fill(address);
  await form.getByLabel('Options').fill('tone=friendly');
  const plugin = await simHead(request, await create(page));
  expect(plugin.request.pluginOperationalModeConfig).toEqual({
    name: 'shop-bot',
    url: address,
    options: { tone: 'friendly' },
  });
  // The plugin head talks through the site's plugin (the proxy's echo bot) with those options.
  await form.locator('dh-avatar').getByRole('button', { name: 'Talk to Plug' }).click();
  const frame = page.frameLocator('#head-form dh-avatar iframe');
  await frame.getByRole('textbox').fill('Hi there');
  await frame.getByRole('textbox').press('Enter');
  await expect(frame.locator('[data-role="head"]').last()).toContainText('tone');

  await form.getByRole('button', { name: 'Create another head' }).click();
  await form.getByLabel('Operation mode').selectOption('voiceflow');
  await fillBasics(page, 'Flow');
  await form.getByLabel('Voiceflow API key').fill('VF.DM.e2e-key');
  const flow = await simHead(request, await create(page));
  expect(flow.operationMode).toBe('voiceflow');
  expect(flow.request.voiceflowApiKey).toBe('VF.DM.e2e-key');
  await expect(page.locator('body')).not.toContainText('VF.DM.e2e-key');
});

test('EV-2 the back office shows the session events of a conversation live', async ({ page }) => {
  await page.goto(`${DEMO}/backoffice.html`);
  // The demo's chat head delivers its events to this site: talk to it in another tab.
  const visitor = await page.context().newPage();
  await visitor.goto(`${DEMO}/`);
  await visitor.locator('#hero').getByRole('button', { name: 'Talk to Ava' }).click();
  const frame = visitor.frameLocator('#hero iframe');
  await frame.getByRole('textbox').fill('Hello');
  await frame.getByRole('textbox').press('Enter');
  await expect(page.locator('#platform-events')).toContainText('start_conversation');
  await visitor.close();
  await expect(page.locator('#platform-events')).toContainText('end_conversation');
  // Opened again later, the panel shows what happened before, from the proxy's event log.
  await page.reload();
  const earlier = page.locator('.events-earlier');
  await expect(earlier.locator('summary')).toHaveText(/^Earlier \(\d+\)$/);
  await earlier.locator('summary').click();
  await expect(earlier).toContainText('start_conversation');
  await expect(earlier).toContainText('end_conversation');
  await expect(page.locator('#platform-events li')).toHaveCount(0);
});

test('the back office has no axe violations and no Content-Security-Policy violation', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  await page.goto(`${DEMO}/backoffice.html`);
  await expect(
    page.locator('#head-form dh-face-picker [role="gridcell"]:not([aria-busy])').first(),
  ).toBeVisible();
  await expect(page.locator('#studio [part="gallery"]')).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.map(
      (v) => `${v.id}: ${v.help} ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`,
    ),
  ).toEqual([]);
  expect(violations).toEqual([]);
});

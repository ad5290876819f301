/**
 * The simulator's public pages used at the top level, as a person would: open the head's address,
 * Tab to the message box, type, press Enter, read the answer; plus accessibility (axe), the idle
 * clip really playing, and the stream page.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { api, createHead, login, type SimAccount } from '../support/sim-api.mjs';

// The simulator of playwright.config.ts, with its fixed primary credentials (src/sim/options.ts,
// printed by `dh-kit sim`); heads are made through its platform API by test/support/sim-api.mjs,
// the helper the element tests' simulator plugin uses too.
const SIM: SimAccount = {
  baseUrl: 'http://127.0.0.1:8791/api',
  email: 'demo@dh-kit.local',
  secretKey: 'sim-secret-key',
};

/** `{stream_url}/<org>/<head>?api_key=<key>`, built from publicUrl's path and api_key. */
function streamAddress(publicUrl: string): string {
  const url = new URL(publicUrl);
  const [org, head] = url.pathname.split('/').filter(Boolean).slice(-2);
  return `${url.origin}/stream/${org}/${head}?${new URLSearchParams({ api_key: url.searchParams.get('api_key') ?? '' })}`;
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

test('HEAD-8 a person opens publicUrl, tabs to the message box, types "Hello", presses Enter and reads the reply', async ({
  page,
}) => {
  const head = await createHead(SIM, { name: 'Ada' });
  await page.goto(head.publicUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ada');
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log.locator('[data-role]')).toHaveText(['Hello from the simulator']);

  await page.keyboard.press('Tab');
  const input = page.getByRole('textbox', { name: 'Message to Ada' });
  await expect(input, 'the message box is the first thing Tab reaches').toBeFocused();
  await page.keyboard.type('Hello');
  await page.keyboard.press('Enter');

  await expect(log.locator('[data-role]')).toHaveText([
    'Hello from the simulator',
    'Hello',
    /^Hello, I am Ada\b/,
  ]);
  await expect(input).toHaveValue('');
  await expect(input, 'focus comes back to the message box for the next message').toBeFocused();
  await expect(page.getByRole('status')).toHaveText('');
});

test('the chat page has no axe violations, before and after a conversation', async ({ page }) => {
  const head = await createHead(SIM, { name: 'Grace' });
  await page.goto(head.publicUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grace');
  await expectNoAxeViolations(page);

  await page.getByRole('textbox').fill('What can you do?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('log').locator('[data-role]')).toHaveCount(3);
  await expectNoAxeViolations(page);
});

test('LIM-1 a wrong api_key gives the refusal page, with no composer and no axe violations', async ({
  page,
}) => {
  const head = await createHead(SIM, { name: 'Guarded' });
  const wrong = new URL(head.publicUrl);
  wrong.searchParams.set('api_key', 'sim_ak_wrong');
  const response = await page.goto(wrong.href);
  expect(response?.status()).toBe(401);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access refused');
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByText('Guarded')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('FACE-4 a face with only a videoUrl plays the idle clip (a real mp4 served as video/mp4)', async ({
  page,
  request,
}) => {
  const token = await login(SIM);
  const faces = await api<{
    data: { id: string; avatar?: string; posterImage?: string; videoUrl?: string }[];
  }>(SIM, '/head_visual/face/all?take=100', { token });
  const videoOnly = faces.data.find((f) => !f.avatar && !f.posterImage && f.videoUrl)!;
  const head = await createHead(SIM, { name: 'Idle', headVisualId: videoOnly.id });
  await page.goto(head.publicUrl);
  const video = page.locator('video.face-video');
  const src = await video.getAttribute('src');
  expect(src, 'the video has a source').toBeTruthy();

  const clip = await request.get(src!);
  expect(clip.status()).toBe(200);
  expect(clip.headers()['content-type']).toBe('video/mp4');

  await page.waitForFunction(
    () =>
      ((document.querySelector('video.face-video') as HTMLVideoElement | null)?.readyState ?? 0) >=
      2,
    undefined,
    {
      timeout: 20_000,
    },
  );
  const media = await video.evaluate((v: HTMLVideoElement) => ({
    width: v.videoWidth,
    height: v.videoHeight,
    error: v.error?.code ?? null,
  }));
  expect(media.error).toBeNull();
  expect(media.width).toBeGreaterThan(0);
  expect(media.height).toBeGreaterThan(0);
});

test('STREAM-4 the stream page warns while the splitter is on and answers once it is off', async ({
  page,
}) => {
  const splitterOn = await createHead(SIM, { name: 'Streamer', stream: true });
  await page.goto(streamAddress(splitterOn.publicUrl));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Streamer');
  await expect(page.getByTestId('splitter-warning')).toContainText('splitter');

  const ready = await createHead(SIM, { name: 'Live', stream: true, splitterOff: true });
  await page.goto(streamAddress(ready.publicUrl));
  await expect(page.locator('main')).toHaveAttribute('data-view', 'stream');
  await expect(page.getByTestId('splitter-warning')).toHaveCount(0);
  await page.getByRole('textbox').fill('Hello');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('log').locator('[data-role]')).toHaveText([
    'Hello',
    /^Hello, I am Live\b/,
  ]);
  await expectNoAxeViolations(page);
});

test('a message sent while the page is still connecting goes as soon as the connection opens', async ({
  page,
}) => {
  // The page's WebSocket says CONNECTING, and its open listeners wait, until the test releases it.
  await page.addInitScript(() => {
    const Real = WebSocket;
    const state = window as unknown as { releaseSocket?: () => void; socketReleased?: boolean };
    const released = new Promise<void>((resolve) => {
      state.releaseSocket = resolve;
    });
    window.WebSocket = class extends Real {
      override get readyState() {
        return state.socketReleased ? super.readyState : Real.CONNECTING;
      }
      override addEventListener(type: string, listener: EventListener, options?: unknown) {
        if (type !== 'open')
          return super.addEventListener(type, listener, options as AddEventListenerOptions);
        super.addEventListener('open', (event) => {
          void released.then(() => {
            state.socketReleased = true;
            listener.call(this, event);
          });
        });
      }
    } as typeof WebSocket;
  });
  const head = await createHead(SIM, { name: 'Ada Lovelace' });
  await page.goto(head.publicUrl);
  await page.getByRole('textbox').fill('Hello');
  await page.keyboard.press('Enter');
  const messages = page.getByRole('log').locator('[data-role]');
  await expect(messages).toHaveCount(2);
  await expect(messages.nth(1)).toHaveText('Hello');
  await expect(page.getByRole('status')).toHaveText('Connecting…');
  await page.evaluate(() => (window as unknown as { releaseSocket: () => void }).releaseSocket());
  await expect(messages).toHaveCount(3);
  await expect(messages.nth(2)).toHaveAttribute('data-role', 'head');
});

// Pictures for a person to look at, not a rule: defined with DH_SCREENSHOTS=1 only (docs/testing.md).
if (process.env.DH_SCREENSHOTS)
  test('screenshot of the chat page after a short conversation (looked at by a person, not asserted)', async ({
    page,
  }) => {
    const head = await createHead(SIM, { name: 'Ada Lovelace' });
    for (const [label, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['embed', { width: 420, height: 720 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(head.publicUrl);
      await page.getByRole('textbox').fill('Hello');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('log').locator('[data-role]')).toHaveCount(3);
      await expect(page.locator('img.face-portrait')).toHaveJSProperty('complete', true);
      await page.screenshot({ path: `test-results/chat-page-${label}.png` });
    }
  });

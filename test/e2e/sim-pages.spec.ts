/**
 * The simulator's public pages used at the top level, as a person would: open the head's address,
 * Tab to the message box, type, press Enter, read the answer; plus accessibility (axe), the idle
 * clip really playing, and the stream page.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const BASE = 'http://127.0.0.1:8791/api';
// The simulator's fixed primary credentials (src/sim/options.ts, printed by `dh-kit sim`).
const EMAIL = 'demo@dh-kit.local';
const SECRET_KEY = 'sim-secret-key';

interface Head {
  id: string;
  publicId: string;
  publicUrl: string;
}

async function api<T>(
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const { method = 'GET', token, body } = init;
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Creates a head through the platform API (token, face, voice, create, read back). */
async function createHead(
  fields: Record<string, unknown>,
  options: { stream?: boolean; splitterOff?: boolean } = {},
): Promise<Head> {
  const auth = await api<{ token?: string; data?: { bearer: string } }>('/auth/token', {
    method: 'POST',
    body: { email: EMAIL, secretKey: SECRET_KEY },
  });
  const token = auth.token ?? auth.data!.bearer;
  const faces = await api<{ data: { id: string; avatar?: string }[] }>('/head_visual/face/all', {
    token,
  });
  const face = faces.data.find((f) => f.avatar) ?? faces.data[0]!;
  const state = await api<{ options: { streamingProvider: string } }>('/_sim/state');
  const list = await api<{
    data: { voices: { voiceId: string; provider: string; locale: string }[] };
  }>('/voice/all', { token });
  const voices = list.data.voices.filter(
    (v) => !options.stream || v.provider === state.options.streamingProvider,
  );
  const voice = voices.find((v) => v.locale === 'en-US') ?? voices[0]!;
  const created = await api<{ id: string }>('/head/create', {
    method: 'POST',
    token,
    body: {
      operationMode: 'oc',
      language: 'en-US',
      greetings: options.stream ? '' : 'Hello from the simulator',
      headVisualId: face.id,
      ttsProvider: voice.provider,
      ttsVoice: voice.voiceId,
      ...fields,
    },
  });
  if (options.splitterOff)
    await api(`/head/${created.id}/splitter?splitter=false`, { method: 'PUT', token });
  return api<Head>(`/head/${created.id}`, { token });
}

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
  const head = await createHead({ name: 'Ada' });
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
  const head = await createHead({ name: 'Grace' });
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
  const head = await createHead({ name: 'Guarded' });
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
  const auth = await api<{ token: string }>('/auth/token', {
    method: 'POST',
    body: { email: EMAIL, secretKey: SECRET_KEY },
  });
  const faces = await api<{
    data: { id: string; avatar?: string; posterImage?: string; videoUrl?: string }[];
  }>('/head_visual/face/all?take=100', { token: auth.token });
  const videoOnly = faces.data.find((f) => !f.avatar && !f.posterImage && f.videoUrl)!;
  const head = await createHead({ name: 'Idle', headVisualId: videoOnly.id });
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
  const splitterOn = await createHead({ name: 'Streamer' }, { stream: true });
  await page.goto(streamAddress(splitterOn.publicUrl));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Streamer');
  await expect(page.getByTestId('splitter-warning')).toContainText('splitter');

  const ready = await createHead({ name: 'Live' }, { stream: true, splitterOff: true });
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

test('screenshot of the chat page after a short conversation (looked at by a person, not asserted)', async ({
  page,
}) => {
  const head = await createHead({ name: 'Ada Lovelace' });
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

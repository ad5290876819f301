/**
 * The demo that `npm start` serves, driven as a person would: faces and voices come from the
 * proxy, which talks to the simulator; nothing secret reaches the page.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const DEMO = 'http://127.0.0.1:8792';

test('the demo lists faces and voices from the proxy, filters and pages them, with no axe violations', async ({
  page,
}) => {
  await page.goto(`${DEMO}/catalogue.html`);
  await expect(page.getByText('Running against the local simulator')).toBeVisible();
  const faces = page.locator('#faces li');
  await expect(faces).toHaveCount(12);
  await expect(page.locator('#faces-status')).toHaveText(/^\d+ faces$/);
  await expect(page.locator('#faces img').first()).toHaveJSProperty('complete', true);
  expect(
    await page
      .locator('#faces img')
      .first()
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);

  await page.getByLabel('Gender').selectOption('FEMALE');
  // The unfiltered first page starts with a woman too: wait until no man is left.
  await expect(page.locator('#faces .face-gender', { hasText: /^Male$/ })).toHaveCount(0);
  await expect(page.locator('#faces .face-gender').first()).toHaveText('Female');

  await page.getByLabel('Gender').selectOption('');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('#faces-page')).toHaveText(/^Page 2 of \d+$/);

  await page.getByRole('searchbox', { name: 'Name' }).fill('zzzz');
  await expect(page.locator('#faces-status')).toHaveText(/No face matches/);

  const voices = page.locator('#voices tr');
  await expect(voices.first()).toBeVisible();
  const total = await voices.count();
  expect(total).toBeGreaterThan(60);
  await page.getByLabel('Provider').selectOption('elevenlabs');
  await expect(page.locator('#voices tr td:nth-child(4)').first()).toHaveText('elevenlabs');
  expect(await voices.count()).toBeLessThan(total);

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('a failing proxy shows a clear message and a working Retry', async ({ page }) => {
  let fail = true;
  await page.route('**/dh/faces?*', (route) =>
    fail
      ? route.fulfill({
          status: 502,
          contentType: 'application/json',
          body: JSON.stringify({
            error: {
              code: 'platform_unavailable',
              message: 'The platform is not answering right now.',
            },
          }),
        })
      : route.continue(),
  );
  await page.goto(`${DEMO}/catalogue.html`);
  await expect(page.locator('#faces-status')).toContainText(
    'The platform is not answering right now.',
  );
  fail = false;
  await page.locator('#faces-status').getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('#faces li')).toHaveCount(12);
});

test('LIM-1 no secret and no api_key reach the page: not in its HTML, not in any response it receives', async ({
  page,
}) => {
  const reads: Promise<string>[] = [];
  page.on('response', (res) => {
    if (res.url().startsWith(DEMO))
      reads.push(
        (async () =>
          `${res.url()} ${JSON.stringify(await res.allHeaders())} ${await res.text().catch(() => '')}`)(),
      );
  });
  await page.goto(`${DEMO}/catalogue.html`);
  await expect(page.locator('#faces li')).toHaveCount(12);
  await expect(page.locator('#voices tr').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const bodies = await Promise.all(reads);
  const all = bodies.join('\n') + (await page.content());
  expect(bodies.length).toBeGreaterThan(3);
  for (const secret of ['api_key', 'sim_ak_', 'sim-secret-key', 'Bearer ', 'sharedKey'])
    expect(all).not.toContain(secret);
});

test('the demo is served like a CDN: its scripts and the catalogue compressed, hashed assets cached for a year, pages revalidated, a meta description', async ({
  page,
}) => {
  const seen = new Map<string, Record<string, string>>();
  page.on('response', async (res) => {
    if (res.url().startsWith(DEMO))
      seen.set(new URL(res.url()).pathname + new URL(res.url()).search, await res.allHeaders());
  });
  await page.goto(`${DEMO}/catalogue.html`);
  await expect(page.locator('#faces li')).toHaveCount(12);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
  const assets = [...seen].filter(([path]) => /^\/assets\/.+\.js$/.test(path));
  expect(assets.length, 'the page loads its built scripts').toBeGreaterThan(0);
  for (const [path, headers] of assets) {
    expect(headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
    if (Number(headers['content-length'] ?? 2000) > 1024)
      expect(headers['content-encoding'], path).toMatch(/^(br|gzip)$/);
  }
  const faces = [...seen].find(([path]) => path.startsWith('/dh/faces?'));
  // Brotli where the browser offers it (Chromium does on secure origins), else gzip.
  expect(faces?.[1]['content-encoding'], 'a page of faces over 1 kB is compressed').toMatch(
    /^(br|gzip)$/,
  );
  expect(faces?.[1].etag).toMatch(/-(br|gzip)"$/);
  expect(seen.get('/catalogue.html')?.['cache-control']).toBe('no-cache');
  expect(seen.get('/catalogue.html')?.etag).toBeTruthy();
});

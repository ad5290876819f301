/**
 * The demo's "Create a head" page: the pickers in a plain form next to the other head fields,
 * submitted to the proxy, which creates the head in the simulator.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const DEMO = 'http://127.0.0.1:8792';

test('VOICE-3 a person fills the form with the pickers, creates a head and talks to it', async ({
  page,
}) => {
  await page.goto(`${DEMO}/create.html`);
  const face = page.locator('#face');
  const voice = page.locator('#voice');
  await expect(face.locator('[role="gridcell"]:not([aria-busy])').first()).toBeVisible();
  // The list renders the options in view only (virtualised): scroll to it like a person would.
  await voice.scrollIntoViewIfNeeded();
  await expect(voice.getByRole('listbox').getByRole('option').first()).toBeVisible();

  // An empty form does not submit: the browser points at what is missing.
  await page.getByRole('button', { name: 'Create the head' }).click();
  await expect(page.locator('#form-status')).toHaveText('');
  await expect(page.locator('#name')).toBeFocused();

  await page.locator('#name').fill('Nora');
  await face.locator('[role="gridcell"]:not([aria-busy])').nth(2).click();
  const option = voice.getByRole('listbox').getByRole('option').first();
  const label = (await option.textContent())!.trim();
  await option.click();
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await page.locator('#greetings').fill('Hello, I am Nora.');
  const request = page.waitForRequest(
    (r) => r.url().endsWith('/dh/heads') && r.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Create the head' }).click();
  const body = (await request).postDataJSON();
  expect(body.ttsVoice).not.toBe(label);
  await expect(page.locator('#form-status')).toHaveText('Created Nora.');

  const preview = page.locator('#preview');
  await preview.getByRole('button', { name: 'Talk to Nora' }).click();
  await expect(page.frameLocator('#preview iframe').getByRole('heading', { level: 1 })).toHaveText(
    'Nora',
  );
  await expect(
    page.frameLocator('#preview iframe').locator('[data-role="head"]').first(),
  ).toHaveText('Hello, I am Nora.');
});

test("STREAM-5 a streaming head: only the streaming provider's voices, no greeting, the stream page", async ({
  page,
}) => {
  await page.goto(`${DEMO}/create.html`);
  await page.locator('#name').fill('Live Leo');
  await page.getByLabel(/Streaming avatar/).check();
  await expect(page.locator('#greeting-field')).toBeHidden();
  const voice = page.locator('#voice');
  await voice.scrollIntoViewIfNeeded();
  const options = voice.getByRole('listbox').getByRole('option');
  await expect(options.first()).toBeVisible();
  // The list is loaded again for the streaming provider: until then it shows every voice.
  await expect
    .poll(
      async () => {
        const texts = await options.allTextContents();
        return texts.length > 0 && texts.every((text) => text.includes('elevenlabs'));
      },
      { message: "every voice offered is the streaming provider's" },
    )
    .toBe(true);
  await page.locator('#face [role="gridcell"]:not([aria-busy])').first().click();
  await voice.scrollIntoViewIfNeeded();
  await voice.getByRole('listbox').getByRole('option').first().click();
  const request = page.waitForRequest(
    (r) => r.url().endsWith('/dh/heads') && r.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Create the head' }).click();
  const body = (await request).postDataJSON();
  expect(body).toMatchObject({ streaming: true, greetings: '' });
  await expect(page.locator('#form-status')).toHaveText('Created Live Leo.');
  await page.locator('#preview').getByRole('button', { name: 'Talk to Live Leo' }).click();
  const frame = page.frameLocator('#preview iframe');
  await expect(frame.locator('main[data-view="stream"] h1')).toHaveText('Live Leo');
  await expect(frame.getByTestId('splitter-warning')).toHaveCount(0);
});

test('the create page has no axe violations', async ({ page }) => {
  await page.goto(`${DEMO}/create.html`);
  await expect(page.locator('#face [role="gridcell"]:not([aria-busy])').first()).toBeVisible();
  await page.locator('#voice').scrollIntoViewIfNeeded();
  await expect(
    page.locator('#voice').getByRole('listbox').getByRole('option').first(),
  ).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.map(
      (v) => `${v.id}: ${v.help} ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`,
    ),
  ).toEqual([]);
});

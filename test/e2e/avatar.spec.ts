/**
 * <dh-avatar> on the demo that `npm start` serves, as a visitor meets it: the facade costs no
 * request to the platform; a click loads the simulator's page through the proxy's signed URL.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page, type Request } from '@playwright/test';

const DEMO = 'http://127.0.0.1:8792';
/** The simulated platform of `npm start` listens on the next port: its pages are another origin. */
const PLATFORM = 'http://127.0.0.1:8793';

function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  return requests;
}

test('LIM-1 the landing page: no request to the platform before the click, then the chat page loads through a signed URL', async ({
  page,
}) => {
  const requests = recordRequests(page);
  await page.goto(`${DEMO}/`);
  const hero = page.locator('#hero');
  const talk = hero.getByRole('button', { name: 'Talk to Ava' });
  await expect(talk).toBeVisible();
  await expect(hero.locator('img[part="poster"]')).toHaveJSProperty('complete', true);
  await page.waitForLoadState('networkidle');
  expect(requests.filter((r) => r.url().startsWith(PLATFORM)).map((r) => r.url())).toEqual([]);
  expect(await page.content()).not.toContain('api_key');

  await talk.click();
  const frame = page.frameLocator('#hero iframe');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Ava');
  const launch = requests.find(
    (r) => r.url().includes('/dh/heads/') && r.url().includes('/launch'),
  );
  expect(launch, 'the element asked the proxy for a launch URL').toBeTruthy();
  const embed = requests.find((r) => r.url().startsWith(`${DEMO}/dh/embed/`));
  expect(embed?.url()).toMatch(/\?view=chat&exp=\d+&sig=[0-9a-f]{64}$/);
  expect(requests.some((r) => r.url().startsWith(`${PLATFORM}/chat/`))).toBe(true);
  // The organisation key stays out of the host page: only the iframe's own navigation carries it.
  expect(await page.content()).not.toContain('api_key');

  await frame.getByRole('textbox').fill('Hello');
  await frame.getByRole('textbox').press('Enter');
  await expect(frame.locator('[data-role="head"]').last()).toHaveText(/^Hello, I am Ava\b/);
  await expect(page.locator('#events')).toContainText('hero: dh-load {"view":"chat"}');
});

test('keyboard, page and proxy on one origin: Tab reaches the button, Enter loads the chat, and the next Tab is in its message box', async ({
  page,
}) => {
  await page.goto(`${DEMO}/`);
  const talk = page.locator('#hero').getByRole('button', { name: 'Talk to Ava' });
  await expect(talk).toBeVisible();
  for (let i = 0; i < 15 && !(await talk.evaluate((b) => b.matches(':focus'))); i++)
    await page.keyboard.press('Tab');
  await expect(talk).toBeFocused();
  await page.keyboard.press('Enter');
  const frame = page.frameLocator('#hero iframe');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Ava');
  await expect(page.locator('#hero iframe')).toBeFocused();
  // Focus went in once the page had loaded: the Tab stays in the conversation (it skipped it, to the bubble's launcher).
  await page.keyboard.press('Tab');
  await expect(frame.getByRole('textbox')).toBeFocused();
});

test('STREAM-4 the stream example loads the stream page in a 16:9 box', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto(`${DEMO}/stream.html`);
  const el = page.locator('#stream');
  const box = await el.boundingBox();
  expect(Math.round((box!.width / box!.height) * 9)).toBe(16);
  await el.getByRole('button', { name: 'Talk to Leo' }).click();
  const frame = page.frameLocator('#stream iframe');
  await expect(frame.locator('main[data-view="stream"] h1')).toHaveText('Leo');
  await expect(frame.getByTestId('splitter-warning')).toHaveCount(0);
  expect(requests.some((r) => r.url().startsWith(`${PLATFORM}/stream/`))).toBe(true);
});

test("the bubble: opens from the corner, closes with Escape, focus returns to the launcher; under the demo's strict Content-Security-Policy, no violation from either element", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  const res = await page.goto(`${DEMO}/`);
  expect(res?.headers()['content-security-policy']).toContain("style-src 'self'");
  const bubble = page.locator('#bubble');
  const launcher = bubble.locator('[part="launcher"]');
  await expect(launcher).toHaveText(/Talk to Ava/);
  await expect(launcher).toHaveAttribute('aria-expanded', 'false');
  await launcher.click();
  const panel = bubble.getByRole('dialog');
  await expect(panel).toBeVisible();
  await expect(page.frameLocator('#bubble iframe').getByRole('heading', { level: 1 })).toHaveText(
    'Ava',
  );
  await bubble.locator('[part="close"]').focus();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(launcher).toBeFocused();
  await expect(page.locator('#events')).toContainText('bubble: dh-close');
  // Escape on the launcher closes it too (keys inside the platform's frame never reach the page).
  await launcher.click();
  await expect(panel).toBeVisible();
  await launcher.focus();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(launcher).toHaveAttribute('aria-expanded', 'false');
  await expect(launcher).toBeFocused();
  // The inline chat too (the launcher then hides: it would cover the chat's controls).
  await page.locator('#hero').getByRole('button', { name: 'Talk to Ava' }).click();
  await expect(page.frameLocator('#hero iframe').getByRole('heading', { level: 1 })).toHaveText(
    'Ava',
  );
  await expect(launcher).toBeHidden();
  expect(violations).toEqual([]);
});

test('a refused launch link: the element shows why instead of loading it, and a frame that opens it gets a readable page', async ({
  page,
  request,
}) => {
  const requests = recordRequests(page);
  await page.goto(`${DEMO}/`);
  const hero = page.locator('#hero');
  const headId = await hero.getAttribute('head-id');
  const { url } = await (await request.get(`${DEMO}/dh/heads/${headId}/launch`)).json();
  const tampered = `${DEMO}${url}`.replace(
    /sig=(.)/,
    (_: string, c: string) => `sig=${c === 'a' ? 'b' : 'a'}`,
  );

  await hero.evaluate((el: HTMLElement & { src?: string }, src) => (el.src = src), tampered);
  const warned = page.waitForEvent(
    'console',
    (m) => m.type() === 'warning' && m.text().includes('launch_invalid'),
  );
  await hero.getByRole('button', { name: 'Talk to Ava' }).click();
  // The visitor reads what to do; the operator's words are in the console (and dh-error).
  await expect(hero.getByRole('alert')).toHaveText(
    'This conversation link is not valid. Reload the page.',
  );
  expect((await warned).text()).toBe(
    'dh-kit <dh-avatar>: This launch link is not valid for this head and view. Ask the page for a new one. (launch_invalid)',
  );
  await expect(hero.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(hero.locator('iframe')).toHaveCount(0);
  expect(requests.filter((r) => r.url().startsWith(PLATFORM)).map((r) => r.url())).toEqual([]);

  // What a frame (a navigation: Accept text/html) would have shown: a page, not raw JSON.
  const res = await page.goto(tampered);
  expect(res?.status()).toBe(403);
  expect(res?.headers()['content-type']).toBe('text/html; charset=utf-8');
  // Framed by the site's own pages (and DH_ALLOWED_ORIGINS), not by anyone.
  expect(res?.headers()['content-security-policy']).toMatch(
    /^default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'( |$)/,
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'This conversation link is not valid',
  );
  await expect(page.locator('main')).toContainText('Reload the page to try again');
  expect(await page.content()).not.toContain('{"error"');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('the landing page has no axe violations, before and after activation', async ({ page }) => {
  await page.goto(`${DEMO}/`);
  await expect(page.locator('#hero').getByRole('button', { name: 'Talk to Ava' })).toBeVisible();
  const before = await new AxeBuilder({ page }).analyze();
  expect(before.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.locator('#hero').getByRole('button', { name: 'Talk to Ava' }).click();
  await expect(page.frameLocator('#hero iframe').getByRole('heading', { level: 1 })).toHaveText(
    'Ava',
  );
  // The frame holds the platform's own page, a document with its own <main> like any embed;
  // axe counts it as a second main of this page. Every other rule runs over both.
  const after = await new AxeBuilder({ page }).disableRules(['landmark-unique']).analyze();
  expect(
    after.violations.map(
      (v) => `${v.id}: ${v.help} ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`,
    ),
  ).toEqual([]);
});

test("EV-2 EV-3 the loop works out of the box: session events reach the proxy and the demo's events panel", async ({
  page,
}) => {
  await page.goto(`${DEMO}/`);
  await page.locator('#hero').getByRole('button', { name: 'Talk to Ava' }).click();
  const frame = page.frameLocator('#hero iframe');
  await frame.getByRole('textbox').fill('Hello');
  await frame.getByRole('textbox').press('Enter');
  await expect(frame.locator('[data-role="head"]').last()).toHaveText(/^Hello, I am Ava\b/);
  const panel = page.locator('#platform-events');
  await expect(panel).toContainText('start_conversation');
  // A new conversation closes the old page's session: its end arrives too.
  await page
    .locator('#hero')
    .evaluate((el: HTMLElement & { reload(): Promise<void> }) => el.reload());
  await expect(panel).toContainText('end_conversation');
});

test("EV-4 EV-5 EV-10 a session that goes idle: warning in the page, then start → inactivity → timeout → end at the proxy, each once even when the first delivery's answer is lost", async ({
  page,
  request,
}) => {
  // Short idle times for this test only (the other tests type at a visitor's pace, however slow
  // the machine): a warning after 2 s, the end after 4 s.
  const idle = await request.patch(`${PLATFORM}/api/_sim/options`, {
    data: { inactivityMs: 2000, timeoutMs: 4000 },
  });
  expect(idle.ok()).toBe(true);
  // The simulator will lose the proxy's answer to the next delivery, so it sends it again.
  const fault = await request.post(`${PLATFORM}/api/_sim/delivery-faults`, { data: { times: 1 } });
  expect(fault.ok()).toBe(true);
  await page.goto(`${DEMO}/`);
  await page.locator('#hero').getByRole('button', { name: 'Talk to Ava' }).click();
  const frame = page.frameLocator('#hero iframe');
  await frame.getByRole('textbox').fill('Hello');
  await frame.getByRole('textbox').press('Enter');
  await expect(frame.getByRole('alertdialog')).toContainText('Are you still there?', {
    timeout: 20_000,
  });
  const panel = page.locator('#platform-events');
  await expect(panel).toContainText('end_conversation', { timeout: 30_000 });
  const lines = await panel.locator('li').allTextContents();
  expect(lines.map((l) => /\b[a-z]+_[a-z]+\b/.exec(l)?.[0])).toEqual([
    'start_conversation',
    'inactivity_warning',
    'timeout_conversation',
    'end_conversation',
  ]);
  const deliveries = await (await request.get(`${PLATFORM}/api/_sim/deliveries`)).json();
  expect(
    deliveries.filter((d: { error?: string }) => d.error === 'answer lost (injected)'),
  ).toHaveLength(1);
  await expect(frame.locator('.status')).toContainText('ended after a time without messages');
});

test.afterEach(async ({ request }) => {
  // The simulator's own idle times again (60 s, 120 s), whatever a test set.
  await request.patch(`${PLATFORM}/api/_sim/options`, {
    data: { inactivityMs: 60_000, timeoutMs: 120_000 },
  });
});

test("the demo's language switcher: the elements speak German, then Arabic from right to left, and the choice stays", async ({
  page,
}) => {
  await page.goto(`${DEMO}/`);
  const language = page.getByLabel('Language of the elements');
  await expect(language).toHaveValue('en');
  await language.selectOption('de');
  const hero = page.locator('#hero');
  await expect(hero.getByRole('button', { name: 'Mit Ava sprechen' })).toBeVisible();
  await expect(
    page.locator('#bubble').getByRole('button', { name: 'Mit Ava sprechen' }),
  ).toBeVisible();
  await page.reload();
  await expect(hero.getByRole('button', { name: 'Mit Ava sprechen' })).toBeVisible();

  await language.selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(hero.getByRole('button')).not.toContainText('Mit');
  await expect(hero.getByRole('button')).toContainText('Ava');
  // The bubble's bottom-left corner (the demo keeps it clear of the inline avatar) is the bottom-right one in a right-to-left page.
  const launcher = await page.locator('#bubble [part="launcher"]').boundingBox();
  expect(launcher!.x + launcher!.width / 2).toBeGreaterThan(page.viewportSize()!.width / 2);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

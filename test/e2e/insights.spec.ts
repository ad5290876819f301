/**
 * The demo's back-office insights (`npm start`, against the simulator): <dh-insights> on the
 * proxy's real GET /dh/insights, with the weeks of sessions the demo seeds. What it draws is held
 * to what the route answers: the key numbers, a bar per day as tall as its sessions, the table,
 * the CSV file it downloads, and a head chosen. The docs page's live example draws the same.
 */
import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Insights } from '../../src/api/answers.js';
import { DEMO, DOCS } from './demo-pages.js';
import { watch } from './watch.js';

/** What the route answers for the element's own choice (its head, its days). */
async function answerFor(page: Page, head = ''): Promise<Insights> {
  const insights = page.locator('#insights');
  const from = await insights.locator('input[name="from"]').inputValue();
  const to = await insights.locator('input[name="to"]').inputValue();
  const query = new URLSearchParams({ from, to, ...(head ? { head } : {}) });
  const res = await page.request.get(`${DEMO}/dh/insights?${query}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Insights;
}

/** The per-day chart's bars, each one's height in the drawing's units. */
const barHeights = (page: Page) =>
  page
    .locator('#insights svg#per-day rect')
    .evaluateAll((rects) => rects.map((rect) => Number(rect.getAttribute('height'))));

/** Heights as the element draws them: the busiest day 100, the others in proportion. */
const expectedHeights = (answer: Insights) => {
  const most = Math.max(...answer.days.map((day) => day.sessionsStarted));
  return answer.days.map((day) => (day.sessionsStarted / most) * 100);
};

test('the back office draws the seeded weeks as the route counts them: key numbers, bars, the table, the CSV; a head chosen; no axe violation, no console error', async ({
  page,
}) => {
  const problems = watch(page);
  await page.goto(`${DEMO}/backoffice.html`);
  const insights = page.locator('#insights');
  await expect(insights.locator('svg#per-day')).toBeVisible({ timeout: 20_000 });
  const all = await answerFor(page);
  expect(all.days, 'the default range: the last 30 days').toHaveLength(30);
  expect(all.totals.sessionsStarted, 'the demo seeded sessions').toBeGreaterThan(20);

  await expect(insights.locator('.numbers dd').first(), 'sessions').toHaveText(
    new Intl.NumberFormat('en').format(all.totals.sessionsStarted),
  );
  const heights = await barHeights(page);
  expect(heights, 'a bar per day, as tall as its sessions').toEqual(expectedHeights(all));
  expect(heights.filter((height) => height > 0).length, 'most days have sessions').toBeGreaterThan(
    20,
  );
  await expect(insights.locator('svg#by-hour rect'), 'a bar per hour').toHaveCount(24);

  // The table behind "Show as table", opened by keyboard.
  const showDays = insights.getByText('Show as table').first();
  await showDays.focus();
  await page.keyboard.press('Enter');
  const rows = insights.locator('table').first().locator('tbody tr');
  await expect(rows).toHaveCount(30);
  const cells = await rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim() ?? '')),
  );
  const dayName = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
  expect(cells, 'the table: each day, its sessions and minutes').toEqual(
    all.days.map((day) => [
      dayName.format(Date.parse(day.day)),
      new Intl.NumberFormat('en').format(day.sessionsStarted),
      new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(day.minutes),
    ]),
  );

  // The CSV: downloaded as a file, a row per day of the route's answer.
  const downloading = page.waitForEvent('download');
  await insights.getByRole('link', { name: 'Download the days as CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`insights-all-${all.from}-${all.to}.csv`);
  const csv = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
  expect(csv[0], 'the header').toBe(
    'day,launches,sessionsStarted,sessionsEnded,sessionsTimedOut,inactivityWarnings,minutes,peakConcurrent',
  );
  expect(csv.slice(1), 'a row per day, the route’s numbers').toEqual(
    all.days.map((day) =>
      [
        day.day,
        day.launches,
        day.sessionsStarted,
        day.sessionsEnded,
        day.sessionsTimedOut,
        day.inactivityWarnings,
        day.minutes,
        day.peakConcurrent,
      ].join(','),
    ),
  );

  // One head: the demo's chat head, chosen in the element's own list.
  await insights.getByLabel('Head').selectOption({ label: "Ava (the demo's chat head)" });
  const headId = await insights.getByLabel('Head').inputValue();
  const ava = await answerFor(page, headId);
  expect(ava.totals.sessionsStarted, 'Ava has fewer sessions than all heads').toBeLessThan(
    all.totals.sessionsStarted,
  );
  await expect(insights.locator('.numbers dd').first()).toHaveText(
    new Intl.NumberFormat('en').format(ava.totals.sessionsStarted),
  );
  await expect
    .poll(() => barHeights(page), { message: 'Ava’s bars' })
    .toEqual(expectedHeights(ava));
  await expect(insights.locator('.questions li').first(), 'her most asked question').toContainText(
    ava.questions[0]!.text,
  );

  const axe = await new AxeBuilder({ page }).include('#insights').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  expect(problems).toEqual([]);
});

test('the docs page’s live example draws the demo’s weeks', async ({ page }) => {
  const problems = watch(page);
  await page.goto(`${DOCS}elements/dh-insights.html`);
  const chart = page.locator('.live dh-insights svg#per-day');
  await expect(chart).toBeVisible({ timeout: 20_000 });
  await expect(chart).toHaveAttribute('aria-label', /^Sessions per day from .+: \d+ in all/);
  expect(
    (
      await chart
        .locator('rect')
        .evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('height'))))
    ).filter((height) => height > 0).length,
    'bars drawn',
  ).toBeGreaterThan(20);
  expect(problems).toEqual([]);
});

/**
 * No layout shift on the demo's pages: every element keeps its box before the bundle
 * defines it (the pages' `:not(:defined)` rules, README "Before the bundle runs") and while its
 * data loads (pickers' states as tall as their grid or list, the avatar's facade shown once the
 * head's name is known). Each page is loaded with a layout-shift observer installed before its
 * first paint; once its elements show their data, the shifts without recent input are summed
 * (CLS as Lighthouse counts it before interaction) and held to its page's bound (0 or 0.02, in
 * demo-pages.ts), on a desktop window and on Lighthouse's phone.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PAGES, DOCS, elementsSettled } from './demo-pages.js';

/** What the observer keeps: the sum, and each shift said in words for a failure message. */
interface Shifts {
  cls: number;
  shifts: string[];
}

declare global {
  interface Window {
    __layoutShifts: Shifts;
  }
}

/** Runs in the page before its own scripts (page.addInitScript). */
function observeLayoutShifts(): void {
  // Not in TypeScript's DOM library: https://w3c.github.io/layout-instability/#sec-layout-shift
  interface LayoutShift extends PerformanceEntry {
    value: number;
    hadRecentInput: boolean;
    sources: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  }
  const describe = (node?: Node | null) =>
    node instanceof Element
      ? `${node.localName}${node.id ? `#${node.id}` : ''}${node.classList.length ? `.${[...node.classList].join('.')}` : ''}`
      : 'a node in a shadow root';
  const rect = (r: DOMRectReadOnly) =>
    `(${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)})`;
  const seen: Shifts = { cls: 0, shifts: [] };
  window.__layoutShifts = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LayoutShift[]) {
      // Shifts right after a click or a key press are the user's doing: CLS leaves them out.
      if (entry.hadRecentInput) continue;
      seen.cls += entry.value;
      const moved = entry.sources
        .map((s) => `${describe(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`)
        .join('; ');
      seen.shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved}`);
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

const WINDOWS = [
  { name: 'desktop 1280×720', viewport: { width: 1280, height: 720 } },
  // Lighthouse's default device (a Moto G Power), the phone it measures CLS on.
  { name: 'phone 412×823', viewport: { width: 412, height: 823 } },
];

/** The shifts seen so far, after a short settle and two frames (a shift is reported after the frame that paints it). */
async function shiftsSoFar(page: Page): Promise<Shifts> {
  await page.waitForTimeout(500);
  return page.evaluate(
    () =>
      new Promise<Shifts>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => setTimeout(() => resolve(window.__layoutShifts))),
        ),
      ),
  );
}

/** The docs pages held to CLS 0: the overview, and element pages with live examples. */
const DOCS_CHECKED = ['', 'elements/dh-avatar.html', 'elements/dh-head-form.html'];

for (const { name, viewport } of WINDOWS) {
  test.describe(`layout shift, ${name}`, () => {
    test.use({ viewport });

    for (const { file, bound, loaded } of DEMO_PAGES) {
      test(`${file}: CLS ${bound === 0 ? 'is 0' : `≤ ${bound}`} from the first paint until its elements show their data`, async ({
        page,
      }) => {
        await page.addInitScript(observeLayoutShifts);
        await page.goto(`${DEMO}/${file}`);
        await loaded(page);
        // Every page says which platform it runs against, once /dh/health answers.
        await expect(page.locator('header #mode')).toHaveText(/Running against/, {
          timeout: 20_000,
        });
        const seen = await shiftsSoFar(page);
        const report = `${file}: CLS ${seen.cls.toFixed(4)}\n${seen.shifts.join('\n')}`;
        if (bound === 0) expect(seen.cls, report).toBe(0);
        else expect(seen.cls, report).toBeLessThanOrEqual(bound);
      });
    }

    test('the docs pages: CLS 0 from the first paint until their live examples show their data (the contents are laid out by CSS alone)', async ({
      page,
    }) => {
      await page.addInitScript(observeLayoutShifts);
      for (const path of DOCS_CHECKED) {
        await page.goto(`${DOCS}${path}`);
        await elementsSettled(page);
        const seen = await shiftsSoFar(page);
        expect(
          seen.cls,
          `/docs/${path}: CLS ${seen.cls.toFixed(4)}\n${seen.shifts.join('\n')}`,
        ).toBe(0);
      }
    });
  });
}

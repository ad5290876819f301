/**
 * Picker benchmarks in a real Chromium: 10,000 faces answered like the proxy answers them, the built `dh-face-picker` entry (minified, Lit included) on a plain page.
 *
 *   first view   from inserting the element to its first faces on screen, each time in a new page
 *                (cold: nothing compiled or laid out before); median of 5 (≤ 100 ms), worst reported
 *   item nodes   grid cells in the DOM, with 10,000 faces (≤ 300)
 *   arrow step   one ArrowDown: key event to rendered update, median and worst of 60 (≤ 16 ms)
 *
 * The proxy's answers come from an in-memory catalogue in the page (a stubbed fetch), so the
 * numbers measure the element, not a network.
 */
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { build } from 'vite';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';
import { minifyLitTemplates } from './minify-templates.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const PICKER_BUDGETS = { firstViewMs: 100, itemNodes: 300, arrowStepMs: 16 };

async function bundle(file) {
  const out = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [minifyLitTemplates()],
    build: { write: false, minify: true, target: 'es2022', rolldownOptions: { output: { minify: true, codeSplitting: false } }, lib: { entry: `${root}/${file}`, formats: ['es'], fileName: 'entry' } },
  });
  return (Array.isArray(out) ? out : [out]).flatMap((o) => o.output).filter((c) => c.type === 'chunk').map((c) => c.code).join('\n');
}

export async function benchFacePicker({ total = 10_000, steps = 60, views = 5 } = {}) {
  const code = await bundle('src/elements/face-picker/face-picker.ts');
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const openPage = async () => {
      const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
      await page.route('http://bench.test/**', (route) => {
        const url = new URL(route.request().url());
        if (url.pathname === '/') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><html><body><script type="module" src="/picker.js"></script></body></html>' });
        if (url.pathname === '/picker.js') return route.fulfill({ contentType: 'text/javascript', body: code });
        if (url.pathname === '/thumb.svg') return route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 5"><rect width="4" height="5" fill="#ccc"/></svg>' });
        return route.fulfill({ status: 404, body: 'not found' });
      });
      page.on('pageerror', (e) => console.error('page error:', e.message));
      await page.goto('http://bench.test/');
      await page.waitForFunction(() => customElements.get('dh-face-picker'));
      return page;
    };
    // A machine's noise moves one cold sample by tens of ms: the budget is on the median of several.
    const firstViews = [];
    let page;
    for (let i = 0; i < views; i++) {
      if (page) await page.close();
      page = await openPage();
      const r = await run(page, { steps: i === views - 1 ? steps : 0, total });
      firstViews.push(r.firstViewMs);
      if (i === views - 1) {
        firstViews.sort((a, b) => a - b);
        return { ...r, firstViewMs: firstViews[Math.floor(views / 2)], firstViewMaxMs: firstViews[views - 1] };
      }
    }
  } finally {
    await browser.close();
  }
}

/** One cold first view in `page`, then the DOM count and `steps` arrow steps. */
function run(page, { steps, total }) {
  return page.evaluate(async ({ steps, total }) => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));
    // The proxy's answers come from memory in the page: the numbers are the element's own.
    const realFetch = window.fetch;
    window.fetch = async (input) => {
      const url = new URL(String(input), location.href);
      if (url.pathname !== '/dh/faces') return realFetch(input);
      const page = Number(url.searchParams.get('page') ?? 1);
      const take = Number(url.searchParams.get('take') ?? 24);
      const items = [];
      for (let i = (page - 1) * take; i < Math.min(total, page * take); i++) {
        items.push({ id: `face-${i}`, name: `Face ${i}`, gender: i % 2 ? 'MALE' : 'FEMALE', thumbnail: { url: '/thumb.svg', kind: 'image' }, videoUrl: null });
      }
      const pageCount = Math.ceil(total / take);
      return new Response(JSON.stringify({ items, page, take, total, pageCount, hasNextPage: page < pageCount }), { headers: { 'content-type': 'application/json' } });
    };
    const el = document.createElement('dh-face-picker');
    el.setAttribute('endpoint', '/dh');
    const shown = () => el.shadowRoot?.querySelectorAll('[role="gridcell"]:not([aria-busy])').length ?? 0;
    const t0 = performance.now();
    document.body.append(el);
    while (shown() === 0) await frame();
    const firstViewMs = performance.now() - t0;
    await frame();
    const itemNodes = el.shadowRoot.querySelectorAll('[role="gridcell"]').length;
    const grid = el.shadowRoot.querySelector('[role="grid"]');
    grid.focus();
    const times = [];
    for (let i = 0; i < steps; i++) {
      const t = performance.now();
      grid.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, composed: true }));
      await el.updateComplete;
      // Forces style and layout of the change, so the time includes rendering it.
      void grid.offsetHeight;
      times.push(performance.now() - t);
      await frame();
    }
    times.sort((a, b) => a - b);
    return {
      firstViewMs,
      itemNodes,
      arrowStepMedianMs: times[Math.floor(times.length / 2)] ?? 0,
      arrowStepMaxMs: times[times.length - 1] ?? 0,
      active: grid.getAttribute('aria-activedescendant'),
    };
  }, { steps, total });
}

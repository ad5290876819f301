/**
 * `npm run bench`: the kit's measured budgets.
 *   - the size of every browser entry in a site's bundle (esbuild and Vite, Lit included, gzip),
 *     measured on this checkout's dist/ (built first); the package test holds the same budgets
 *     on the installed tarball
 *   - dh-face-picker with 10,000 faces in Chromium: first view, item nodes, one arrow-key step
 * Exits non-zero when a budget is missed.
 */
import { fileURLToPath } from 'node:url';
import { benchFacePicker, PICKER_BUDGETS } from './bench-pickers.mjs';
import { buildPackage } from './build.mjs';
import { formatRow, measure } from './size.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
let over = false;

console.log('Building dist/ (modules only)…');
await buildPackage({ site: false, quiet: true });
console.log('\nBrowser entries in a site\'s bundle (import \'dh-kit/…\'; minified, Lit included, gzip -9):\n');
// The checkout imports itself by its package name (package.json exports → dist/).
for (const r of await measure({ root })) {
  over ||= !r.ok;
  console.log(formatRow(r));
}

console.log('\ndh-face-picker with 10,000 faces (Chromium, built entry):\n');
const f = await benchFacePicker();
const rows = [
  ['first view (median of 5)', `${f.firstViewMs.toFixed(1)} ms`, f.firstViewMs <= PICKER_BUDGETS.firstViewMs, `≤ ${PICKER_BUDGETS.firstViewMs} ms`],
  ['first view (worst of 5)', `${f.firstViewMaxMs.toFixed(1)} ms`, true, 'reported'],
  ['item nodes in the DOM', String(f.itemNodes), f.itemNodes <= PICKER_BUDGETS.itemNodes, `≤ ${PICKER_BUDGETS.itemNodes}`],
  ['arrow step (median)', `${f.arrowStepMedianMs.toFixed(2)} ms`, f.arrowStepMedianMs <= PICKER_BUDGETS.arrowStepMs, `≤ ${PICKER_BUDGETS.arrowStepMs} ms`],
  ['arrow step (worst of 60)', `${f.arrowStepMaxMs.toFixed(2)} ms`, true, 'reported'],
];
for (const [name, value, ok, budget] of rows) {
  over ||= !ok;
  console.log(`${ok ? '✓' : '✗'} ${name.padEnd(26)}${value.padStart(12)}   ${budget}`);
}
process.exitCode = over ? 1 : 0;

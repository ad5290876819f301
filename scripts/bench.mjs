/**
 * `npm run bench`: the kit's measured budgets.
 *   - the size of every browser entry (minified, Lit included, gzip)
 *   - dh-face-picker with 10,000 faces in Chromium: first view, item nodes, one arrow-key step
 * Exits non-zero when a budget is missed.
 */
import { benchFacePicker, PICKER_BUDGETS } from './bench-pickers.mjs';
import { measure } from './size.mjs';

const kb = (n) => `${(n / 1024).toFixed(2)} kB`;
let over = false;

console.log('Browser entries (one ES module each, Lit included, minified):\n');
console.log(`${'entry'.padEnd(24)}${'minified'.padStart(12)}${'gzip'.padStart(12)}${'budget'.padStart(12)}`);
for (const r of await measure()) {
  over ||= !r.ok;
  console.log(`${r.name.padEnd(24)}${kb(r.min).padStart(12)}${kb(r.gzip).padStart(12)}${(r.budget ? kb(r.budget) : '—').padStart(12)}${r.ok ? '' : '  OVER'}`);
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

/**
 * `npm run bench`: the kit's measured budgets. Today: the size of every browser entry (minified,
 * Lit included, gzip). Element rendering benchmarks join as the elements that need them arrive.
 */
import { measure } from './size.mjs';

const kb = (n) => `${(n / 1024).toFixed(2)} kB`;
console.log('Browser entries (one ES module each, Lit included, minified):\n');
console.log(`${'entry'.padEnd(20)}${'minified'.padStart(12)}${'gzip'.padStart(12)}${'budget'.padStart(12)}`);
let over = false;
for (const r of await measure()) {
  over ||= !r.ok;
  console.log(`${r.name.padEnd(20)}${kb(r.min).padStart(12)}${kb(r.gzip).padStart(12)}${(r.budget ? kb(r.budget) : '—').padStart(12)}${r.ok ? '' : '  OVER'}`);
}
process.exitCode = over ? 1 : 0;

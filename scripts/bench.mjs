/**
 * `npm run bench`: the kit's measured budgets, side by side with what they are compared to, in one
 * table, and every figure in bench/results.json (with the machine, Node and Chromium versions).
 *
 *   sizes    each browser entry in a site's esbuild and Vite bundles, gzip and brotli, measured
 *            from the packed package installed in an empty project (scripts/size.mjs)
 *   pickers  both pickers at 100, 1,000 and 10,000 items: first view (and its ratio to a static
 *            page of the same cells), DOM item nodes, arrow-key step (scripts/bench-pickers.mjs)
 *   proxy    cached catalogue next to a bare node:http server, overhead of an uncached route, a
 *            cold stampede, and a soak with the simulator's faults (scripts/bench-proxy.mjs)
 *   pages    the avatar's facade next to the platform's iframe, every demo page's CLS and
 *            Lighthouse score (scripts/bench-pages.mjs)
 *
 * `npm run bench -- sizes pages` runs some parts only; DH_BENCH_RUNS sets the runs per figure.
 * Exits non-zero when a target is missed.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { findChromium } from './chromium.mjs';
import { packedSite } from './packed-site.mjs';
import { BUDGETS, measure, measureCdnFiles } from './size.mjs';

const PARTS = ['sizes', 'pickers', 'proxy', 'pages'];
const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = asked.filter((p) => !PARTS.includes(p));
if (unknown.length) {
  console.error(`Unknown part ${unknown.join(', ')}: the parts are ${PARTS.join(', ')}.`);
  process.exit(2);
}
const parts = asked.length ? asked : PARTS;
const runs = Number(process.env.DH_BENCH_RUNS) || 3;

const results = {
  date: new Date().toISOString(),
  machine: {
    os: `${platform()} ${release()}`,
    cpu: cpus()[0]?.model.trim(),
    cores: cpus().length,
    memoryGB: Math.round(totalmem() / 2 ** 30),
  },
  node: process.version,
  chromium: chromiumVersion(),
  runs,
};
/** Every row of the table: `{part, name, value, ref, target, ok}`. */
const rows = [];
const kb = (n) => `${(n / 1024).toFixed(2)} kB`;

if (parts.includes('sizes')) {
  console.log('sizes: packing the package and installing it in an empty project…');
  const packed = await packedSite();
  try {
    results.sizes = await measure({ root: packed.site });
    results.cdn = measureCdnFiles(join(packed.site, 'node_modules/dh-kit/dist'), results.sizes);
  } finally {
    packed.remove();
  }
  for (const r of results.sizes) {
    const worst = Math.max(r.esbuild, r.vite);
    const target = BUDGETS[r.name];
    rows.push({
      part: 'sizes',
      name: `${r.name} (esbuild / vite)`,
      value: `${kb(r.esbuild)} / ${kb(r.vite)} gzip`,
      ref: r.brotli ? `${kb(r.brotli.esbuild)} / ${kb(r.brotli.vite)} br` : '',
      target: target ? `≤ ${kb(target)}` : '',
      ok: !target || worst <= target,
    });
  }
  for (const r of results.cdn)
    rows.push({
      part: 'sizes',
      name: `${r.name} (the CDN file)`,
      value: `${kb(r.gzip)} gzip`,
      ref: `${kb(r.brotli)} br`,
      target: `≤ ${kb(r.budget)}`,
      ok: r.ok,
    });
}

if (parts.includes('pickers')) {
  console.log('pickers: Chromium, built entries…');
  const { benchPickers, pickerRows } = await import('./bench-pickers.mjs');
  results.pickers = await benchPickers({ runs, log: console.log });
  for (const row of pickerRows(results.pickers)) rows.push({ part: 'pickers', ...row });
}

if (parts.includes('proxy')) {
  console.log('proxy: the Node server under load (autocannon), a cold stampede, a soak…');
  const { benchProxy, proxyRows } = await import('./bench-proxy.mjs');
  results.proxy = await benchProxy({ runs, log: console.log });
  for (const row of proxyRows(results.proxy)) rows.push({ part: 'proxy', ...row });
}

if (parts.includes('pages')) {
  console.log('pages: the demo on the simulator, Playwright and Lighthouse…');
  const { benchPages, pageRows } = await import('./bench-pages.mjs');
  results.pages = await benchPages({ runs, log: console.log });
  for (const row of pageRows(results.pages)) rows.push({ part: 'pages', ...row });
}

results.rows = rows;
results.ok = rows.every((r) => r.ok);
mkdirSync(new URL('../bench/', import.meta.url), { recursive: true });
writeFileSync(
  new URL('../bench/results.json', import.meta.url),
  `${JSON.stringify(results, null, 2)}\n`,
);

console.log(
  `\n${results.machine.cpu} × ${results.machine.cores}, ${results.machine.memoryGB} GB · Node ${results.node} · Chromium ${results.chromium} · median of ${runs} runs\n`,
);
console.log(table(rows));
console.log(
  `\n${results.ok ? 'Every target met.' : `${rows.filter((r) => !r.ok).length} target(s) missed (✗).`} Figures with min and max: bench/results.json`,
);
process.exitCode = results.ok ? 0 : 1;

/** A Markdown table (docs/performance.md is a copy of it). */
function table(list) {
  const head = ['', 'part', 'figure', 'value', 'compared with', 'target'];
  const body = list.map((r) => [
    r.ok ? '✓' : '✗',
    r.part,
    r.name,
    r.value,
    r.ref ?? '',
    r.target ?? '',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [
    line(head),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...body.map(line),
  ].join('\n');
}

function chromiumVersion() {
  try {
    return execFileSync(findChromium(), ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .replace(/^\D+/, '')
      .trim();
  } catch {
    return 'unknown';
  }
}

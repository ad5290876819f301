/**
 * `npm test`: every stage in order, stopping at the first that fails (exit code non-zero).
 *
 *   lint → pack (npm pack: dist/ and the tarballs) → unit (node:test) → elements (@web/test-runner,
 *   in Chromium, Firefox and WebKit) → e2e (@playwright/test, Chromium), with beside it package
 *   (the tarballs in new projects; the size budgets live there), typecheck and engines (a subset
 *   of e2e in Firefox and WebKit, test/engines), their output printed after e2e's
 *
 * The three engines are looked for first (scripts/engines.mjs: Debian's chromium, firefox-esr,
 * webkit2gtk-driver and xvfb); without one nothing runs and the message says which package to
 * install (`DH_ENGINES=chromium` runs without the other two). Each stage is `npm run <script>` with inherited stdio (the unit and
 * package stages' stdout is passed through as it arrives and also kept, to read their counts).
 *
 * Prints a timing line per stage and a total, then exactly one line `N passed, M failed`: the
 * tests executed over the unit, element, e2e and package stages (skipped tests are not counted). CI reads
 * that line. How each stage is counted:
 *   unit, package   node:test's own summary (`# pass N` / `# fail N` in TAP, `ℹ pass N` in spec),
 *             read from its stdout.
 *   elements  a reporter (test/support/wtr-counts-reporter.mjs) writes {passed, failed} to
 *             $DH_TEST_COUNTS_DIR/elements.json.
 *   e2e       Playwright's json reporter (playwright.config.ts) writes $DH_TEST_COUNTS_DIR/e2e.json.
 *   engines   test/engines writes {<engine>: {passed, failed}} to $DH_TEST_COUNTS_DIR/engines.json.
 * The element and e2e counts are also printed per engine: `elements: chromium 177 · firefox 177 ·
 * webkit 177`, so an engine that ran nothing (or fell back to another) shows.
 * A stage that fails without any failed test in its count (it crashed, or lint or typecheck failed) adds
 * one failure, so a failing run never reads "…, 0 failed".
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkEngines } from './engines.mjs';
import { projectPath, readFileTimes, slowestLines } from '../test/support/file-times.mjs';

const countsDir = mkdtempSync(join(tmpdir(), 'dh-kit-test-'));
// DH_PACKED_DIR: the tarballs the pack stage makes, which the package stage then tests.
const env = {
  ...process.env,
  DH_TEST_COUNTS_DIR: countsDir,
  DH_PACKED_DIR: join(countsDir, 'packed'),
};
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Runs `npm run <script>`; stdin and stderr inherited. stdout is inherited, or passed through
 * and kept (captureStdout), or only kept (`held`: a stage running beside another, printed after it).
 */
function run(script, { captureStdout = false, held = false, stage = script } = {}) {
  return new Promise((resolve) => {
    // DH_TEST_STAGE: the name the stage's file times are written under (test/support/file-times.mjs).
    // A stage beside another runs at a lower priority (POSIX `nice`; its browsers inherit it):
    // the main stage keeps the cores it would have alone, the other takes what is left.
    const [command, args] =
      held && process.platform !== 'win32'
        ? ['nice', ['-n', '10', npm, 'run', '--silent', script]]
        : [npm, ['run', '--silent', script]];
    const child = spawn(command, args, {
      env: { ...env, DH_TEST_STAGE: stage },
      stdio: ['inherit', captureStdout || held ? 'pipe' : 'inherit', 'inherit'],
    });
    let stdout = '';
    child.stdout?.on('data', (chunk) => {
      if (!held) process.stdout.write(chunk);
      stdout += chunk;
    });
    child.on('error', (err) => {
      console.error(`could not start npm run ${script}: ${err.message}`);
      resolve({ code: 1, stdout });
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), stdout }));
  });
}

const readJson = (name) => {
  const file = join(countsDir, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
};

/** node:test summary → counts; undefined when the run printed none. */
function countNodeTest(stdout) {
  const field = (name) => {
    const m = [...stdout.matchAll(new RegExp(`^(?:#|ℹ) ${name} (\\d+)\\s*$`, 'gm'))].at(-1);
    return m ? Number(m[1]) : undefined;
  };
  const pass = field('pass');
  if (pass === undefined) return undefined;
  return { passed: pass, failed: (field('fail') ?? 0) + (field('cancelled') ?? 0) };
}

/**
 * Playwright json report → the time of each spec file (its tests' attempts added up: the stage
 * runs one test at a time), as test/support/file-times.mjs keeps them; the budget is per test.
 */
function playwrightFileTimes() {
  const report = readJson('e2e.json');
  if (!report?.suites) return undefined;
  const ms = new Map();
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? [])
        for (const r of t.results ?? []) ms.set(here, (ms.get(here) ?? 0) + (r.duration ?? 0));
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites) walk(suite);
  const root = report.config?.rootDir ?? '';
  return {
    budgetMs: null,
    files: [...ms].map(([file, total]) => ({
      engine: 'chromium',
      file: projectPath(join(root, file)),
      ms: total,
    })),
  };
}

/** Playwright json report → counts (flaky tests passed on retry and count as passed). */
function countPlaywright() {
  const report = readJson('e2e.json');
  if (!report?.stats) return undefined;
  const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
  return { passed: expected + flaky, failed: unexpected };
}

const stages = [
  // Biome (biome.json): the formatting and the lint rules, without writing; `npm run lint` fixes.
  { name: 'lint', script: 'lint:check' },
  // The tarballs, packed first (`npm pack` builds dist/, which the end-to-end stages read), alone:
  // on a fresh clone the unit tests' `dh-kit start` would otherwise build the demo, the CDN files
  // and the reference pages itself, beside eight test files, and beside the element tests its
  // bursts of work starved the browser enough to fail the face picker's scrolling tests in CI.
  { name: 'pack', script: 'test:pack' },
  { name: 'unit', script: 'test:unit', captureStdout: true, count: (r) => countNodeTest(r.stdout) },
  { name: 'elements', script: 'test:elements', count: () => readJson('elements.json') },
  {
    name: 'e2e',
    script: 'test:e2e',
    count: countPlaywright,
    engines: () => ({ chromium: countPlaywright() }),
  },
  // Beside e2e, which leaves a third of the cores idle (it mostly waits for pages, frames and the
  // simulator), each at a lower priority and on ports of its own, their output printed once e2e
  // has finished: the package tests (the tarballs in new projects; the size budgets live there)
  // and the engines stage. Nothing writes dist/ any more by then.
  {
    name: 'package',
    beside: 'e2e',
    script: 'test:package',
    captureStdout: true,
    count: (r) => countNodeTest(r.stdout),
  },
  // The type check too (its cores taken from the unit tests' eight files at a time, beside them,
  // cost those a tenth of their time).
  { name: 'typecheck', beside: 'e2e', script: 'typecheck' },
  {
    name: 'engines',
    beside: 'e2e',
    script: 'test:engines',
    count: () => sumEngines(readJson('engines.json')),
    engines: () => readJson('engines.json'),
  },
];
// The element stage's counts, per engine too ({passed, failed, engines: {chromium: {…}, …}}).
stages.find((s) => s.name === 'elements').engines = () => readJson('elements.json')?.engines;

/** {engine: {passed, failed}} → their sum; undefined when there is no count. */
function sumEngines(byEngine) {
  if (!byEngine) return undefined;
  const all = Object.values(byEngine);
  return {
    passed: all.reduce((n, c) => n + c.passed, 0),
    failed: all.reduce((n, c) => n + c.failed, 0),
  };
}

/** Passed tests per engine, by stage kind: `elements: chromium 177 · firefox 177 · webkit 177`. */
const perEngine = { elements: {}, e2e: {} };

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const totals = { passed: 0, failed: 0 };
const timings = [];
const started = Date.now();
let exitCode = 0;

// The browser stages need the engines: find them and check their versions once, before anything
// runs, and stop at once without (the element stage prints each engine's version when it starts).
try {
  checkEngines({ quiet: true });
} catch (err) {
  console.error(`✗ ${err instanceof Error ? err.message : String(err)}`);
  totals.failed += 1;
  exitCode = 1;
}

for (let i = 0; i < stages.length && !exitCode; i++) {
  const stage = stages[i];
  // The stages listed after it to run beside it.
  const beside = [];
  while (stages[i + 1]?.beside === stage.name) beside.push(stages[++i]);
  console.log(
    `\n▶ ${stage.name} (npm run ${stage.script})${beside.length ? `, with ${beside.map((b) => b.name).join(' and ')} beside it` : ''}`,
  );
  const t0 = Date.now();
  const besideRuns = beside.map((b) =>
    run(b.script, { held: true, stage: b.name }).then((r) => ({ ...r, ms: Date.now() - t0 })),
  );
  const result = await run(stage.script, { captureStdout: stage.captureStdout, stage: stage.name });
  let ok = report({ stage, result, ms: Date.now() - t0 });
  for (const [n, b] of beside.entries()) {
    const done = await besideRuns[n];
    console.log(`\n▶ ${b.name} (npm run ${b.script}, beside ${stage.name})`);
    process.stdout.write(done.stdout);
    ok = report({ stage: b, result: done, ms: done.ms }) && ok;
  }
  if (!ok) break;
}

/** Prints a finished stage's line and adds its counts; false when it failed. */
function report({ stage, result, ms }) {
  const counts = stage.count?.(result);
  const byEngine = stage.engines?.();
  if (byEngine) {
    const kind = stage.name === 'elements' ? 'elements' : 'e2e';
    for (const [engine, c] of Object.entries(byEngine)) if (c) perEngine[kind][engine] = c.passed;
  }
  if (counts) {
    totals.passed += counts.passed;
    totals.failed += counts.failed;
  }
  const ok = result.code === 0;
  if (!ok && !(counts?.failed > 0)) totals.failed += 1;
  const countText = counts
    ? `: ${counts.passed} passed, ${counts.failed} failed`
    : stage.count
      ? ': (no count found)'
      : '';
  const line = `${ok ? '✓' : '✗'} ${stage.name} ${ok ? 'passed' : `failed (exit ${result.code})`} in ${seconds(ms)}${countText}`;
  timings.push(line);
  console.log(line);
  if (!ok) exitCode = result.code || 1;
  return ok;
}

// The slowest files of each stage that ran, per engine: the next file to split, seen before it
// runs out of its budget on a slower machine.
// Never in the way of the summary line below: a list that cannot be read is left out.
const slowest = stages.flatMap((stage) => {
  try {
    const times =
      stage.name === 'e2e' ? playwrightFileTimes() : readFileTimes(countsDir, stage.name);
    return times?.files.length ? slowestLines(stage.name, times) : [];
  } catch (err) {
    return [`  ${stage.name}: no file times (${err instanceof Error ? err.message : String(err)})`];
  }
});
if (slowest.length) console.log(`\nSlowest test files:\n${slowest.join('\n')}`);

rmSync(countsDir, { recursive: true, force: true });
console.log('\nStages:');
for (const line of timings) console.log(`  ${line}`);
console.log(
  `  total ${seconds(Date.now() - started)}${exitCode ? ' (stopped at the first failure)' : ''}`,
);
for (const [kind, byEngine] of Object.entries(perEngine)) {
  const parts = Object.entries(byEngine).map(([engine, n]) => `${engine} ${n}`);
  if (parts.length) console.log(`${kind}: ${parts.join(' · ')}`);
}
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(exitCode);

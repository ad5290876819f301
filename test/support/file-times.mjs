/**
 * How long each test file took, per stage and engine, so `npm test` can print the slowest ones at
 * its end (scripts/test.mjs) and the next file that grows towards its budget is seen before it
 * fails on a slower machine.
 *
 * Each stage's runner writes `$DH_TEST_COUNTS_DIR/times-<stage>.json`: `{budgetMs, files: [{engine,
 * file, ms}]}`, where `budgetMs` is the most one file may take in that stage (web-test-runner's
 * `testsFinishTimeout`, node:test's `--test-timeout`), or null when the stage has a budget per
 * test only (Playwright). Nothing is written
 * when the variable is unset (a stage run on its own). Plain JavaScript: node:test loads
 * reporters, and web-test-runner its configuration, without a TypeScript loader.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** How many of the slowest files are printed per stage and engine. */
export const SLOWEST = 5;

/**
 * @typedef {{engine: string, file: string, ms: number}} FileTime
 * @typedef {{budgetMs: number | null, files: FileTime[]}} StageTimes
 */

/** A path as the README and the test commands name it: relative to the project, with `/`. */
export const projectPath = (file) => relative(process.cwd(), file).split('\\').join('/');

/**
 * Writes one stage's file times (nothing without `$DH_TEST_COUNTS_DIR`).
 * @param {string} stage
 * @param {StageTimes} times
 */
export function writeFileTimes(stage, times) {
  const dir = process.env.DH_TEST_COUNTS_DIR;
  if (dir) writeFileSync(join(dir, `times-${stage}.json`), `${JSON.stringify(times)}\n`);
}

/**
 * One stage's file times, or undefined when it wrote none.
 * @returns {StageTimes | undefined}
 */
export function readFileTimes(dir, stage) {
  const file = join(dir, `times-${stage}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/**
 * The lines `npm test` prints for one stage: per engine, its `SLOWEST` slowest files, slowest
 * first, each with its time and, where the stage has one, its share of the per-file budget.
 * @param {string} stage
 * @param {StageTimes} times
 * @returns {string[]}
 */
export function slowestLines(stage, { budgetMs, files }) {
  const engines = [...new Set(files.map((f) => f.engine))].sort();
  const lines = [];
  for (const engine of engines) {
    const mine = files
      .filter((f) => f.engine === engine)
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST);
    const budget = budgetMs ? ` (of ${seconds(budgetMs)} each)` : '';
    lines.push(`  ${stage} · ${engine}${budget}:`);
    for (const f of mine) {
      const share = budgetMs ? `${Math.round((100 * f.ms) / budgetMs)} %`.padStart(6) : '';
      lines.push(`    ${seconds(f.ms).padStart(8)}${share}  ${f.file}`);
    }
  }
  return lines;
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * A web-test-runner reporter that times each test file per engine, from the moment its tests
 * start to the moment they finish: the span `testsFinishTimeout` limits.
 * @param {{stage: string, budgetMs: number, engineOf: (browser: unknown) => string}} options
 */
export function wtrFileTimesReporter({ stage, budgetMs, engineOf }) {
  /** session id → when its tests started */
  const started = new Map();
  /** @type {FileTime[]} */
  const files = [];
  return {
    start({ sessions }) {
      sessions.on('session-status-updated', (session) => {
        if (session.status === 'TEST_STARTED') started.set(session.id, Date.now());
        // FINISHED without TEST_FINISHED: the file ran out of its budget, or its page crashed.
        if (
          (session.status === 'TEST_FINISHED' || session.status === 'FINISHED') &&
          started.has(session.id)
        ) {
          files.push({
            engine: engineOf(session.browser),
            file: projectPath(session.testFile),
            ms: Date.now() - started.get(session.id),
          });
          started.delete(session.id);
        }
      });
    },
    onTestRunFinished() {
      writeFileTimes(stage, { budgetMs, files });
    },
  };
}

/**
 * A node:test reporter (next to `spec`) that writes this stage's counts per engine to
 * `$DH_TEST_COUNTS_DIR/engines.json` as `{firefox: {passed, failed}, webkit: {passed, failed}}`,
 * for scripts/test.mjs. Nothing is written when the variable is unset. Plain JavaScript: node:test
 * loads reporters without tsx's loader.
 *
 * A test counts for the engine its name starts with (`[firefox] …`). A cancelled test (its
 * engine's `before` failed: the browser did not start) is a failure. An engine whose suite never
 * finished (the file crashed) or whose suite failed with no failed test (an `after` hook) gets
 * one failure, and so does every engine when something else fails (the file, the demo server's
 * hooks) with no failed test at all: a failing run never reads "0 failed".
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stageEngines } from './select.mjs';

/** @param {AsyncIterable<import('node:test/reporters').TestEvent>} source */
export default async function* countsReporter(source) {
  const engines = stageEngines();
  /** @type {Record<string, {passed: number, failed: number}>} */
  const counts = Object.fromEntries(engines.map((e) => [e, { passed: 0, failed: 0 }]));
  /** @type {Map<string, 'pass' | 'fail'>} */
  const suites = new Map();
  let untaggedFailure = false;
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { name, details } = event.data;
    const outcome = event.type === 'test:pass' ? 'pass' : 'fail';
    const engine = /^\[(\w+)\]/.exec(name)?.[1];
    if (!engine || !counts[engine]) {
      // The file itself (its name is its path), the stage's outer suite or its hooks.
      if (outcome === 'fail') untaggedFailure = true;
    } else if (details.type === 'suite') {
      if (name === `[${engine}]`) suites.set(engine, outcome);
    } else {
      counts[engine][outcome === 'pass' ? 'passed' : 'failed'] += 1;
    }
  }
  const anyFailed = Object.values(counts).some((c) => c.failed > 0);
  for (const engine of engines) {
    const c = counts[engine];
    const suite = suites.get(engine);
    if (!suite || (suite === 'fail' && c.failed === 0) || (untaggedFailure && !anyFailed))
      c.failed += 1;
  }
  const dir = process.env.DH_TEST_COUNTS_DIR;
  if (dir) writeFileSync(join(dir, 'engines.json'), `${JSON.stringify(counts)}\n`);
}

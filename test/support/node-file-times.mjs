/**
 * A node:test reporter (beside `spec`) that writes how long each test file took to
 * `$DH_TEST_COUNTS_DIR/times-<DH_TEST_STAGE>.json` (test/support/file-times.mjs), for the list of
 * slowest files `npm test` prints. It prints nothing itself. node:test reports one `test:complete`
 * per file, named by the file's path, with the file's whole time (its process, imports included);
 * a file of test/engines is reported per engine instead, from its `[engine]` suites, which run
 * side by side.
 *
 * The budget reported is `--test-timeout`: in Node 20 it bounds each test *file* (its process),
 * not each test (nodejs/node#50431; per test from Node 24), so each stage sets it far above what
 * its slowest file takes.
 */
import { resolve } from 'node:path';
import { projectPath, writeFileTimes } from './file-times.mjs';

const timeout = process.execArgv.map((a) => /^--test-timeout=(\d+)$/.exec(a)?.[1]).find(Boolean);

/** @param {AsyncIterable<import('node:test/reporters').TestEvent>} source */
export default async function* nodeFileTimes(source) {
  /** @type {import('./file-times.mjs').FileTime[]} */
  const files = [];
  for await (const event of source) {
    if (event.type !== 'test:complete') continue;
    const { name, file, details } = event.data;
    if (!file) continue;
    // The file itself (named by its path: absolute in Node 20, relative later), or one engine's suite.
    const engine = resolve(name) === file ? 'node' : /^\[(\w+)\]$/.exec(name)?.[1];
    if (engine)
      files.push({ engine, file: projectPath(file), ms: Math.round(details.duration_ms) });
  }
  const perEngine = new Set(files.filter((f) => f.engine !== 'node').map((f) => f.file));
  writeFileTimes(process.env.DH_TEST_STAGE || 'node', {
    budgetMs: timeout ? Number(timeout) : null,
    files: files.filter((f) => f.engine !== 'node' || !perEngine.has(f.file)),
  });
  yield '';
}

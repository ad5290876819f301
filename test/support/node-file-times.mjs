/**
 * A node:test reporter (beside `spec`) that writes how long each test file took to
 * `$DH_TEST_COUNTS_DIR/times-<DH_TEST_STAGE>.json` (test/support/file-times.mjs), for the list of
 * slowest files `npm test` prints. It prints nothing itself. node:test reports one `test:complete`
 * per file, named by the file's path, with the file's whole time (its process, imports included);
 * test/engines also gets one row per engine, from its `[engine]` suites.
 */
import { projectPath, writeFileTimes } from './file-times.mjs';

/** @param {AsyncIterable<import('node:test/reporters').TestEvent>} source */
export default async function* nodeFileTimes(source) {
  /** @type {import('./file-times.mjs').FileTime[]} */
  const files = [];
  for await (const event of source) {
    if (event.type !== 'test:complete') continue;
    const { name, file, details } = event.data;
    if (!file) continue;
    // The file itself; or, in test/engines, one engine's suite (`[firefox]`), which runs beside the others.
    const engine = name === file ? 'node' : /^\[(\w+)\]$/.exec(name)?.[1];
    if (engine) files.push({ engine, file: projectPath(file), ms: Math.round(details.duration_ms) });
  }
  writeFileTimes(process.env.DH_TEST_STAGE || 'node', { budgetMs: null, files });
  yield '';
}

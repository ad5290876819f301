/**
 * The element tests' count of passed and failed tests, per engine, for `npm test`'s summary line
 * (scripts/test.mjs). A web-test-runner reporter; test/engines/counts-reporter.mjs is the same for
 * the cross-engine stage's node:test run.
 */
import { writeFileSync } from 'node:fs';
import { selectedEngines } from '../../scripts/engines.mjs';
import { engineOfLauncher } from './wtr-browsers.mjs';

/**
 * Writes the run's test counts to $DH_TEST_COUNTS_DIR/elements.json for scripts/test.mjs, which
 * prints the overall `N passed, M failed` line. A file that failed to load (no test results, but
 * errors) counts as one failed test, so it is never read as "nothing failed".
 */
export function countReporter() {
  return {
    onTestRunFinished({ sessions }) {
      const dir = process.env.DH_TEST_COUNTS_DIR;
      if (!dir) return;
      const total = { passed: 0, failed: 0 };
      /** The same counts per engine, so an engine that ran nothing shows in the summary. */
      const engines = Object.fromEntries(
        selectedEngines().map((e) => [e, { passed: 0, failed: 0 }]),
      );
      for (const s of sessions) {
        const counts = (engines[engineOfLauncher(s.browser)] ??= { passed: 0, failed: 0 });
        const count = (field) => {
          total[field] += 1;
          counts[field] += 1;
        };
        let seen = 0;
        const walk = (suite) => {
          for (const t of suite.tests) {
            if (t.skipped) continue;
            seen += 1;
            count(t.passed ? 'passed' : 'failed');
          }
          suite.suites.forEach(walk);
        };
        if (s.testResults) walk(s.testResults);
        if (!seen && (s.errors?.length || s.passed === false)) count('failed');
      }
      writeFileSync(`${dir}/elements.json`, JSON.stringify({ ...total, engines }));
    },
  };
}

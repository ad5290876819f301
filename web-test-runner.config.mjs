/**
 * Element tests (`npm run test:elements`): test/elements/**\/*.test.ts in Chromium, Firefox and
 * WebKit (scripts/engines.mjs: Debian's packages; `DH_ENGINES` picks some), each headless.
 *
 * The simulator runs next to the test server for the whole run (`serverStart`/`serverStop`), and
 * server commands let a browser test ask Node for things a page cannot do itself: the simulator's
 * addresses, a new head made through the platform API, and actions inside a cross-origin iframe
 * (a page cannot reach into another origin's frame; Playwright can).
 *
 * This file holds the settings; the parts live in test/support/, one module each:
 *   wtr-browsers.mjs         the launchers (one driver per engine) and which engine a session is
 *   sim-plugin.mjs           a simulator and a proxy per engine; the `sim-*` commands
 *   frame-commands.mjs       the `frame-*` commands: acting inside a cross-origin iframe
 *   attacker-plugin.mjs      the hostile proxy of test/elements/hostile-page.test.ts
 *   cdn-plugin.mjs           the CDN files, served honestly or altered (test/elements/cdn-files.test.ts)
 *   wtr-counts-reporter.mjs  passed and failed per engine, for `npm test`'s summary
 *   file-times.mjs           how long each file took, for `npm test`'s slowest files
 * and test/elements/commands.mjs has the `press-keys` and `reduced-motion` commands.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { keysPlugin } from './test/elements/commands.mjs';
import { attackerPlugin } from './test/support/attacker-plugin.mjs';
import { cdnPlugin } from './test/support/cdn-plugin.mjs';
import { wtrFileTimesReporter } from './test/support/file-times.mjs';
import { framePlugin } from './test/support/frame-commands.mjs';
import { simulatorPlugin } from './test/support/sim-plugin.mjs';
import { engineOfLauncher, enginePlugin, launchers } from './test/support/wtr-browsers.mjs';
import { countReporter } from './test/support/wtr-counts-reporter.mjs';

const tsconfig = fileURLToPath(new URL('./tsconfig.json', import.meta.url));

/**
 * Time budgets, set for a machine at least three times slower than the reference (2 cores): the
 * whole run pinned to one core is about half its speed, and a busy laptop may be slower still. A
 * test that passes finishes long before them, so they cost nothing; they only bound how long a
 * broken test hangs. No test may pass or fail by how fast the machine is:
 *  - a file's tests must finish within FILE_BUDGET_MS (`testsFinishTimeout`); each file stays
 *    under a tenth of it on the reference machine (`npm test` prints the slowest files per engine);
 *    a browser must start, and a file's page begin its tests, within START_BUDGET_MS;
 *  - a test within TEST_BUDGET_MS (mocha's timeout), a wait for a condition within
 *    test/elements/wait.ts's WAIT_TIMEOUT_MS, and an action inside a frame within ACTION_TIMEOUT_MS.
 */
const FILE_BUDGET_MS = 300_000;
const START_BUDGET_MS = 120_000;
const TEST_BUDGET_MS = 60_000;
const ACTION_TIMEOUT_MS = 15_000;

/**
 * The test server's port: fixed, so the proxy's CORS list can name the test page's origin
 * (`DH_WTR_PORT` moves it, for two runs side by side).
 */
const PORT = Number(process.env.DH_WTR_PORT || 8765);
/** The proxy's admin routes need `Authorization: Bearer <this>` (the back-office elements send it through `headers`). */
const ADMIN_TOKEN = 'element-tests-admin-token-0123456789';
/** The proxy's signing secret (test/elements/avatar.test.ts signs an expired link with it). */
const SIGNING_SECRET = 'element-tests-signing-secret-0123456789';

/**
 * Mocha's `.only` silently drops every other test; Playwright has `forbidOnly` for this, mocha on
 * @web/test-runner has nothing, so CI refuses to start when an element test file has one.
 */
function forbidOnly(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) forbidOnly(path);
    else if (
      /\.test\.ts$/.test(entry.name) &&
      /\b(describe|it|context)\.only\s*\(/.test(readFileSync(path, 'utf8'))
    ) {
      throw new Error(`${path} has a .only: remove it (CI runs every test)`);
    }
  }
}
if (process.env.CI) forbidOnly(fileURLToPath(new URL('./test/elements', import.meta.url)));

/** A hostile proxy on the test server's own port, under /attacker/ (test/elements/hostile-page.test.ts). */
const attacker = attackerPlugin({ port: PORT });
/** The CDN files, built at the start, served honestly or not under /cdn/ (test/elements/cdn-files.test.ts). */
const cdn = cdnPlugin();

export default {
  files: ['test/elements/**/*.test.ts'],
  port: PORT,
  // Each test page loads test/elements/fail-fast.ts first: a failed assertion about a DOM node is
  // then reported in seconds, not after the file's time-out.
  testRunnerHtml: (testFramework) =>
    `<!DOCTYPE html><html><head><script type="module" src="/test/elements/fail-fast.ts"></script></head><body><script type="module" src="${testFramework}"></script></body></html>`,
  // Lit's production build, as every site ships it (its development build checks and warns as it
  // renders, about a tenth of the engines' time here).
  nodeResolve: { exportConditions: ['production'] },
  testFramework: { config: { timeout: TEST_BUDGET_MS } },
  testsFinishTimeout: FILE_BUDGET_MS,
  // A page's start (its imports, a support module's top-level await of four catalogues) and a
  // browser's launch: 20 s and 30 s by default, bounds a busy machine could miss.
  testsStartTimeout: START_BUDGET_MS,
  browserStartTimeout: START_BUDGET_MS,
  middleware: [attacker.middleware, cdn.middleware],
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig }),
    simulatorPlugin({ port: PORT, adminToken: ADMIN_TOKEN, signingSecret: SIGNING_SECRET }),
    framePlugin({ actionTimeoutMs: ACTION_TIMEOUT_MS }),
    enginePlugin(),
    keysPlugin(),
    attacker,
    cdn,
  ],
  browsers: await launchers(),
  // All three engines at once (the default is two): their tests mostly wait (timers, the
  // simulator, frames), so side by side they take about as long as the slowest alone.
  concurrentBrowsers: 3,
  reporters: [
    defaultReporter(),
    summaryReporter({ flatten: false }),
    countReporter(),
    wtrFileTimesReporter({
      stage: process.env.DH_TEST_STAGE || 'elements',
      budgetMs: FILE_BUDGET_MS,
      engineOf: engineOfLauncher,
    }),
  ],
};

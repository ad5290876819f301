/**
 * End-to-end tests (`npm run test:e2e`): a real Chromium drives the simulator's pages at the top
 * level, as a person would, with the simulator started through the kit's own CLI.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.mjs';

const PORT = 8791;
/** The demo of `npm start` (test/e2e/demo.spec.ts). */
export const DEMO_PORT = 8792;
/** scripts/test.mjs reads the counts of the run from here to print the overall summary line. */
const countsDir = process.env.DH_TEST_COUNTS_DIR;

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results',
  forbidOnly: !!process.env.CI,
  workers: 1,
  retries: 0,
  // With room for a machine three times slower than the reference (2 cores): the axe checks of
  // pages with cross-origin frames take 8-10 s on two cores, and up to 20 s on a busy one. A test
  // that passes ends long before; these only bound how long a broken one hangs.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: countsDir ? [['list'], ['json', { outputFile: `${countsDir}/e2e.json` }]] : [['list']],
  use: {
    browserName: 'chromium',
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    // A failed test keeps its trace (actions, DOM snapshots, network); without the screencast,
    // which recorded every test's frames for the few that fail.
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  webServer: [
    {
      command: `node bin/dh-kit.js sim --port ${PORT} --talk-delay-ms 300`,
      url: `http://127.0.0.1:${PORT}/api/_sim/state`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // `npm start` as a newcomer runs it: no credentials, so the simulator; builds dist/ if needed.
      command: 'node bin/dh-kit.js start',
      // The reference pages too, which a first start in a checkout builds after its server
      // answers (test/e2e/docs.spec.ts reads them).
      url: `http://127.0.0.1:${DEMO_PORT}/docs/`,
      // The simulator's own idle times (the idle test shortens them for itself). The suite sends
      // hundreds of requests a minute from one address, far more than a visitor: the per-client
      // rate limit (tested in test/unit) is off here, or the later tests would get 429s.
      env: {
        PORT: String(DEMO_PORT),
        DH_LOG: 'off',
        // Each run starts with the simulator empty; the owner's-path test keeps state on purpose.
        DH_SIM_DATA: 'off',
        DH_PROXY_DATA: 'off',
        DH_EMAIL: '',
        DH_SECRET_KEY: '',
        DH_RATE_LIMIT: '0',
        // Videos are made in half a second (the simulator's 3 s is a person's pace, not a test's).
        DH_SIM_TALK_DELAY_MS: '500',
      },
      reuseExistingServer: !process.env.CI,
      // A first start in a fresh checkout builds the demo, the bundle and the reference pages.
      timeout: 240_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});

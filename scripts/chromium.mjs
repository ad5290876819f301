/**
 * Where the browser tests find Chromium, and the flags they launch it with.
 *
 * Order: $CHROME_PATH, Debian's /usr/bin/chromium, /usr/bin/google-chrome, then Playwright's own
 * download (machines with internet). Test tools cannot download browsers on the CI machines, so
 * Debian's package is the usual answer there (see /work/shared/TOOLCHAIN.md).
 *
 * CLI: `node scripts/chromium.mjs` prints the path and exits 0, or prints how to get a browser
 * and exits 1 (.ci/run uses it to decide whether to install one).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** Flags that work as root with no network: no sandbox, no GPU, no background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

export const NO_CHROMIUM_MESSAGE = `No Chromium found for the browser tests. Get one with either:
  apt-get update && apt-get install -y chromium     (Debian/Ubuntu; gives /usr/bin/chromium)
  npx playwright install chromium                   (needs internet access)
or point CHROME_PATH at a Chromium or Chrome executable.`;

/** Playwright's downloaded Chromium, when the package is installed and the browser downloaded. */
function playwrightChromium() {
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require('playwright');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** The Chromium executable to test with; throws an Error that says how to get one if none. */
export function findChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(
      `CHROME_PATH is set to ${fromEnv}, which does not exist.\n${NO_CHROMIUM_MESSAGE}`,
    );
  }
  for (const path of ['/usr/bin/chromium', '/usr/bin/google-chrome']) {
    if (existsSync(path)) return path;
  }
  const downloaded = playwrightChromium();
  if (downloaded) return downloaded;
  throw new Error(NO_CHROMIUM_MESSAGE);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    console.log(findChromium());
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}

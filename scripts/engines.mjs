/**
 * The three browser engines the tests run in, and how each is found and driven here:
 *
 *   chromium  Debian's chromium (scripts/chromium.mjs), through Playwright
 *   firefox   Debian's firefox-esr, through puppeteer-core over WebDriver BiDi
 *   webkit    WebKitGTK's MiniBrowser (Debian's webkit2gtk-driver), through WebKitWebDriver,
 *             under Xvfb (MiniBrowser wants a display even when nothing is shown)
 *
 * Playwright's own Firefox and WebKit builds are downloads, which these machines cannot make;
 * Debian's packages are the engines a Linux visitor has. `DH_ENGINES=chromium,firefox` picks
 * some (default: all three); an engine that is asked for and missing is an error that says
 * which package gives it.
 *
 * CLI: `node scripts/engines.mjs` prints each engine's binary, or what is missing with the Debian
 * packages to install (exit 1); `--packages` prints only the missing packages (.ci/run).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { findChromium } from './chromium.mjs';
import { engineOf } from './engine-of.mjs';

export { engineOf };

export const ENGINES = ['chromium', 'firefox', 'webkit'];

/** The engines of this run: `DH_ENGINES` (comma-separated), else all three. */
export function selectedEngines(value = process.env.DH_ENGINES) {
  if (!value) return [...ENGINES];
  const names = value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const unknown = names.filter((n) => !ENGINES.includes(n));
  if (unknown.length)
    throw new Error(
      `DH_ENGINES names ${unknown.join(', ')}: the engines are ${ENGINES.join(', ')}.`,
    );
  return names;
}

const firstExisting = (paths) => paths.find((p) => p && existsSync(p));

/** MiniBrowser's folder: webkit2gtk 4.1 installs it under the multiarch lib directory. */
const MINIBROWSER = [
  'x86_64-linux-gnu',
  'aarch64-linux-gnu',
  'arm-linux-gnueabihf',
  'i386-linux-gnu',
].map((arch) => `/usr/lib/${arch}/webkit2gtk-4.1/MiniBrowser`);

/** Where each engine is, or undefined; with the Debian packages that give what is missing. */
export function locate(engine) {
  switch (engine) {
    case 'chromium':
      try {
        return { binary: findChromium(), packages: [] };
      } catch {
        return { packages: ['chromium'] };
      }
    case 'firefox': {
      const binary = firstExisting([
        process.env.FIREFOX_PATH,
        '/usr/bin/firefox-esr',
        '/usr/bin/firefox',
      ]);
      return binary ? { binary, packages: [] } : { packages: ['firefox-esr'] };
    }
    case 'webkit': {
      const binary = firstExisting([process.env.MINIBROWSER_PATH, ...MINIBROWSER]);
      const driver = firstExisting(['/usr/bin/WebKitWebDriver']);
      const xvfb = firstExisting(['/usr/bin/xvfb-run']);
      const packages = [
        ...(binary && driver ? [] : ['webkit2gtk-driver']),
        ...(xvfb ? [] : ['xvfb']),
      ];
      return packages.length ? { packages } : { binary, driver, xvfb, packages };
    }
    default:
      throw new Error(`unknown engine ${engine}`);
  }
}

/** Like locate, but throws an Error naming the packages to install. */
export function require(engine) {
  const found = locate(engine);
  if (found.packages.length) {
    throw new Error(
      `${engine} is not installed: apt-get install -y ${found.packages.join(' ')} (or leave it out: DH_ENGINES=${ENGINES.filter((e) => e !== engine).join(',')})`,
    );
  }
  return found;
}

/** A free TCP port on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts WebKitWebDriver under Xvfb on a free loopback port and waits until it answers.
 * Returns `{port, capabilities, stop}`; `capabilities` open a MiniBrowser session with automation.
 */
export async function startWebKitDriver() {
  const { binary, driver, xvfb } = require('webkit');
  const port = await freePort();
  // -a: a free display number; the driver's own children (MiniBrowser) inherit it.
  const child = spawn(xvfb, ['-a', driver, `--port=${port}`, '--host=127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    // No accelerated compositing: on Xvfb it is OpenGL in software, which doubled the CPU time
    // of the element tests (88 s → 41 s) for pages that look the same.
    env: { ...process.env, WEBKIT_DISABLE_COMPOSITING_MODE: '1' },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const stop = () => {
    try {
      // The whole group: xvfb-run, Xvfb, the driver and any MiniBrowser it started.
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', stop);
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      return {
        port,
        stop,
        capabilities: {
          // WebKitWebDriver speaks classic WebDriver only (no BiDi webSocketUrl).
          'wdio:enforceWebDriverClassic': true,
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary, args: ['--automation'] },
        },
      };
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error(`WebKitWebDriver did not start on port ${port}:\n${output}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const missing = [];
  for (const engine of ENGINES) {
    const found = locate(engine);
    missing.push(...found.packages);
    if (!process.argv.includes('--packages'))
      console.log(
        `${engine.padEnd(9)} ${found.packages.length ? `missing: apt-get install -y ${found.packages.join(' ')}` : found.binary}`,
      );
  }
  if (process.argv.includes('--packages')) console.log(missing.join(' '));
  process.exitCode = missing.length ? 1 : 0;
}

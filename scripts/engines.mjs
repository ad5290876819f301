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
 * Each engine has a supported range of versions (SUPPORTED, docs/browsers.md); one older than the
 * oldest is refused before any test runs, with a message that says what to do.
 *
 * CLI: `node scripts/engines.mjs` prints each engine's version and binary, or what is missing with
 * the Debian packages to install (exit 1, also for an engine that is too old); `--packages` prints
 * only the missing packages (.ci/run).
 */
import { execFileSync, spawn } from 'node:child_process';
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

/** `DH_ENGINES` for a run without `engine`, for the messages that offer it. */
const without = (engine) => `DH_ENGINES=${ENGINES.filter((e) => e !== engine).join(',')}`;

/**
 * The versions of each engine the suite is tested with, oldest and newest (docs/browsers.md):
 * what Debian 12 ships today, bookworm's and bookworm-security's. An older engine is refused
 * before any test runs; a newer one is run, with a note.
 */
export const SUPPORTED = {
  chromium: { name: 'Chromium', oldest: '150', newest: '156', package: 'chromium' },
  firefox: { name: 'Firefox ESR', oldest: '140', newest: '153', package: 'firefox-esr' },
  webkit: { name: 'WebKitGTK', oldest: '2.50', newest: '2.50', package: 'webkit2gtk-driver' },
};

/** The first dotted number in `text` ('Mozilla Firefox 153.8.0esr' → '153.8.0'), or undefined. */
export function parseVersion(text) {
  return /(\d+(?:\.\d+)+|\d+)/.exec(String(text))?.[1];
}

/** Compares two dotted versions on the parts both give ('140' and '140.12.0' are equal): -1, 0 or 1. */
export function compareVersions(a, b) {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    if (left[i] !== right[i]) return left[i] < right[i] ? -1 : 1;
  }
  return 0;
}

/**
 * The installed version of `engine` ('153.8.0'), or undefined when it cannot be read. Chromium
 * and Firefox say it with `--version`; WebKitGTK's MiniBrowser needs a display for that, so its
 * version is the library package's (dpkg; undefined off Debian and Ubuntu).
 */
export function engineVersion(engine, found = locate(engine)) {
  const read = (file, args) => {
    try {
      return parseVersion(
        execFileSync(file, args, {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
          timeout: 15_000,
        }),
      );
    } catch {
      return undefined;
    }
  };
  if (!found.binary) return undefined;
  if (engine === 'webkit')
    return read('dpkg-query', ['-W', '-f=${Version}', 'libwebkit2gtk-4.1-0']);
  return read(found.binary, ['--version']);
}

/**
 * Where `version` of `engine` stands against SUPPORTED: `{ok, note}`. `ok` is false for an engine
 * older than the oldest supported, with a `note` that says what to do; a newer or unreadable
 * version is run, with a note.
 */
export function judgeVersion(engine, version) {
  const { name, oldest, newest, package: pkg } = SUPPORTED[engine];
  const range = oldest === newest ? `${oldest}` : `${oldest} to ${newest}`;
  if (!version) {
    return { ok: true, note: `its version could not be read (tested: ${name} ${range})` };
  }
  if (compareVersions(version, oldest) < 0) {
    return {
      ok: false,
      note: `${name} ${version} is older than the oldest the tests support (${name} ${oldest}; tested: ${range}). Install a newer one (apt-get update && apt-get install -y ${pkg}; \`apt-cache policy ${pkg}\` lists what your mirror has), point ${engine === 'chromium' ? 'CHROME_PATH' : engine === 'firefox' ? 'FIREFOX_PATH' : 'MINIBROWSER_PATH'} at a newer one, or leave it out: ${without(engine)}`,
    };
  }
  if (compareVersions(version, newest) > 0) {
    return {
      ok: true,
      note: `newer than the newest tested (${name} ${newest}): report what breaks`,
    };
  }
  return { ok: true, note: `tested: ${name} ${range}` };
}

/** Like locate, but throws an Error naming the packages to install, or why the installed engine cannot be used. */
export function require(engine) {
  const found = locate(engine);
  if (found.packages.length) {
    throw new Error(
      `${engine} is not installed: apt-get install -y ${found.packages.join(' ')} (or leave it out: ${without(engine)})`,
    );
  }
  return found;
}

/**
 * An installed engine's version and where it stands: `{engine, binary, version, ok, text}`,
 * `text` being what a run prints about it ('Firefox ESR 153.8.0, /usr/bin/firefox-esr — tested: …').
 */
function describeEngine(engine, found) {
  const version = engineVersion(engine, found);
  const { ok, note } = judgeVersion(engine, version);
  const text = `${SUPPORTED[engine].name} ${version ?? '(version unknown)'}, ${found.binary} — ${note}`;
  return { engine, binary: found.binary, version, ok, text };
}

/** Each selected engine described (describeEngine); throws, as `require` does, for a missing one. */
export function describeEngines(engines = selectedEngines()) {
  return engines.map((engine) => describeEngine(engine, require(engine)));
}

/**
 * Prints each selected engine's line (only the ones too old to run, when `quiet`), and throws an
 * Error naming the engines too old to run, before any of them is launched. Returns the descriptions.
 */
export function checkEngines({
  engines = selectedEngines(),
  quiet = false,
  log = console.log,
} = {}) {
  const described = describeEngines(engines);
  for (const d of described) if (!quiet || !d.ok) log(`${d.ok ? '▶' : '✗'} ${d.engine}: ${d.text}`);
  const old = described.filter((d) => !d.ok);
  if (old.length) {
    throw new Error(
      `${old.map((d) => d.engine).join(' and ')} too old for the browser tests (see above, and docs/browsers.md)`,
    );
  }
  return described;
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
  let tooOld = false;
  for (const engine of ENGINES) {
    const found = locate(engine);
    missing.push(...found.packages);
    if (process.argv.includes('--packages')) continue;
    if (found.packages.length) {
      console.log(`${engine.padEnd(9)} missing: apt-get install -y ${found.packages.join(' ')}`);
    } else {
      const { ok, text } = describeEngine(engine, found);
      tooOld ||= !ok;
      console.log(`${engine.padEnd(9)} ${text}`);
    }
  }
  if (process.argv.includes('--packages')) console.log(missing.join(' '));
  process.exitCode = missing.length || tooOld ? 1 : 0;
}

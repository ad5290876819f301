/**
 * A clean install: npm 11 runs no dependency's install script that package.json's `allowScripts`
 * does not allow, and warns on every `npm ci` about each one it names in no entry. Every package
 * of the lock with an install script is decided in `allowScripts` (CONTRIBUTING.md says how), so
 * a new one fails here instead of adding a warning line a newcomer cannot act on.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const read = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../${name}`, import.meta.url), 'utf8'));

test('every dependency with an install script is allowed or denied in allowScripts', () => {
  const lock = read('package-lock.json') as {
    packages: Record<string, { hasInstallScript?: boolean }>;
  };
  const allowScripts = (read('package.json').allowScripts ?? {}) as Record<string, boolean>;
  // An entry names a package (any version) or pins one: `esbuild` or `esbuild@0.27.7`.
  const decided = new Set(Object.keys(allowScripts).map((key) => key.replace(/(.)@.*$/, '$1')));
  const withScripts = Object.entries(lock.packages)
    .filter(([path, entry]) => path && entry.hasInstallScript)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
  assert.ok(withScripts.length > 0, 'the lock lists packages with install scripts');
  assert.deepEqual(
    [...new Set(withScripts.filter((name) => !decided.has(name)))],
    [],
    'packages with an install script that allowScripts does not decide (npm install-scripts ls)',
  );
});

test("esbuild's and workerd's install scripts run, and no other", () => {
  // Each puts its platform's native binary in place of a Node launcher: without workerd's, the
  // launcher stays between the tests and the runtime, and stopping it leaves workerd running.
  // The others only check a binding (rs-module-lexer) or download drivers no test uses
  // (edgedriver, geckodriver: Firefox is driven over WebDriver BiDi, WebKit by Debian's driver).
  const allowScripts = read('package.json').allowScripts as Record<string, boolean>;
  assert.deepEqual(
    Object.entries(allowScripts)
      .filter(([, allowed]) => allowed)
      .map(([name]) => name),
    ['esbuild', 'workerd'],
  );
});
